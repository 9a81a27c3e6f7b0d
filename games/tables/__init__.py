"""A table's life outside its moves: created, joined, left, started, cancelled, rematched (``lifecycle``), quick
play (``quickplay``), who may see a private table (``privacy``), a player's reliability (``reliability``) and what
is done to a game from outside (``interventions``: a sanction hands seats to bots, moderators' tools). Above
``play`` and ``present``; below chat, sockets and pages."""

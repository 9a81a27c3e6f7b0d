"""Bot levels (``Seat.bot_level``): how a bot seat picks its move.

- ``normal``: the engine's own policy (``Ruleset.bot_action``).
- ``strong``: a stronger policy, for rulesets that list it in ``bot_levels`` (one plans trades and building);
  elsewhere it plays as ``normal``.
- ``easy``: a random legal move. The move's kind is drawn first, then a move of that kind, so the many
  variants of one kind (every possible bid) do not crowd out the others; and an easy bot never opens a
  negotiation on its own (it still answers offers), so it does not flood people with proposals (the moves its
  ruleset declares as ``openers``).
"""

from __future__ import annotations

from games.core.rulesets import declaration


def choose(rs, state: dict, seat: int, level: str, rng) -> dict:
    if level != "easy":
        if level != "normal" and level in getattr(rs, "bot_levels", ()):
            return rs.bot_action(state, seat, rng, level=level)
        return rs.bot_action(state, seat, rng)
    openers = declaration(rs.name).openers
    legal = [a for a in rs.legal_actions(state, seat) if a.get("type") not in openers]
    if not legal:
        return rs.bot_action(state, seat, rng)
    kind = rng.choice(sorted({a["type"] for a in legal}))
    return rng.choice([a for a in legal if a["type"] == kind])

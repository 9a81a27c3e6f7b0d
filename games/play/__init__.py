"""The move path and its clocks: one way a move is made (``actions``: lock, check the version, apply, write, then
publish after commit), the rows it writes (``move_writes``), the seats' clocks (``clock``) and their deadlines
(``deadlines``, ``timers``: Celery and Redis), bots' choices (``bots``), the game-over order (``results``), turn
e-mails (``notify``), what is published to the sockets (``broadcast``, ``snapshot_wire``) and what it tells the layers
above (``hooks``). The bottom room: it imports ``games.core``, ``games.models`` and the rulesets' engines, no other
room (import-linter: ``pyproject.toml``)."""

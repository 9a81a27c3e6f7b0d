"""One of several Daphne processes serving one port (``make run``; WEB_PROCESSES sets how many).

Daphne runs Python on one core, so one process saturates long before the machine does (docs/PERFORMANCE.md:
one process near 19 moves/s, two near 39 on 2 cores). Each process binds its own listening socket with
SO_REUSEPORT and Linux spreads new connections across them, with no balancer in front; sockets of one table
may land in different processes, which the Redis channel layer already joins, at the cost of rendering each
revision in every process that holds one of them. So each process may also listen on a port of its own
(``GAME_PORT``): ``make run`` lists them in GAME_SOCKET_PORTS, and a table's page opens its socket on its game's
process's port (config/settings.py), which keeps every socket of a game in one process. Production puts nginx
in front of separate ports instead (docs/DEPLOY.md).

    python scripts/serve_web.py BIND PORT [GAME_PORT]
"""

from __future__ import annotations

import os
import socket
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def listening_socket(bind: str, port: int, shared: bool = True) -> socket.socket:
    family = socket.AF_INET6 if ":" in bind else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if shared:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((bind, port))
    sock.listen(1024)
    sock.set_inheritable(True)
    return sock


def main(argv: list[str]) -> int:
    if len(argv) not in (2, 3) or not all(a.isdigit() for a in argv[1:]):
        print(__doc__, file=sys.stderr)
        return 2
    sock = listening_socket(argv[0], int(argv[1]))
    try:
        game_sock = listening_socket(argv[0], int(argv[2]), shared=False) if len(argv) == 3 else None  # open until exec
    except OSError as exc:
        print(f"Cannot listen on the game port {argv[2]} ({exc.strerror}): set GAME_SOCKET_PORTS to free ports, one per "
              "web process, or to nothing to serve every socket on the site's port.", file=sys.stderr)
        return 1
    own = ["-e", f"fd:fileno={game_sock.fileno()}"] if game_sock else []
    daphne = str(Path(sys.executable).parent / "daphne")
    os.execv(daphne, [daphne, "--fd", str(sock.fileno()), *own, "config.asgi:application"])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""One of several Daphne processes serving one port (``make run``; WEB_PROCESSES sets how many).

Daphne runs Python on one core, so one process saturates long before the machine does (docs/PERFORMANCE.md:
one process near 19 moves/s, two near 39 on 2 cores). Each process binds its own listening socket with
SO_REUSEPORT and Linux spreads new connections across them, with no balancer in front; sockets of one table
may land in different processes, which the Redis channel layer already joins. Production puts nginx in front
of separate ports instead (docs/DEPLOY.md).

    python scripts/serve_web.py BIND PORT
"""

from __future__ import annotations

import os
import socket
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def listening_socket(bind: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in bind else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((bind, port))
    sock.listen(1024)
    sock.set_inheritable(True)
    return sock


def main(argv: list[str]) -> int:
    if len(argv) != 2 or not argv[1].isdigit():
        print(__doc__, file=sys.stderr)
        return 2
    sock = listening_socket(argv[0], int(argv[1]))
    daphne = str(Path(sys.executable).parent / "daphne")
    os.execv(daphne, [daphne, "--fd", str(sock.fileno()), "config.asgi:application"])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

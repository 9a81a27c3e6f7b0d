"""`make run`: find or start Redis, then run Daphne, a Celery worker and beat.

Redis: REDIS_URL if set; otherwise 127.0.0.1:6379 if a Redis answers there;
otherwise a private redis-server if one is installed; otherwise one clear line
saying what to install. Everything runs in the foreground under honcho, so
Ctrl-C stops all of it; the worker and beat are started again if they die.
"""

from __future__ import annotations

import os
import shlex
import shutil
import socket
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PRIVATE_REDIS_PORT = 6390


def redis_answers(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.5) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def supervised(name: str, command: str) -> str:
    """The command, started again whenever it dies (a crash, an out-of-memory kill, ``kill -9``): honcho alone
    would stop the whole site when one process exits. Ctrl-C still stops it: honcho signals the loop's whole
    process group."""
    loop = f'while :; do {command}; echo "{name} exited with status $?; starting it again in 2 s"; sleep 2; done'
    return f"sh -c {shlex.quote(loop)}"


def web_processes() -> int:
    """WEB_PROCESSES, else one Daphne process per core up to four (the channel layer joins them)."""
    value = os.environ.get("WEB_PROCESSES", "")
    if value:
        if not value.isdigit() or int(value) < 1:
            raise SystemExit(f"WEB_PROCESSES must be a whole number of 1 or more, not {value!r}")
        return int(value)
    return max(1, min(4, os.cpu_count() or 1))


def game_socket_ports(port: int, count: int) -> list[int]:
    """GAME_SOCKET_PORTS if set (empty: none, every socket on the shared port), else PORT+1 to PORT+count when
    there are several web processes."""
    value = os.environ.get("GAME_SOCKET_PORTS")
    if value is None:
        return [port + n for n in range(1, count + 1)] if count > 1 else []
    ports = [p.strip() for p in value.split(",") if p.strip()]
    if ports and (len(ports) != count or not all(p.isdigit() for p in ports)):
        raise SystemExit(f"GAME_SOCKET_PORTS must list {count} port numbers (one per web process), not {value!r}")
    return [int(p) for p in ports]


def main() -> int:
    port = os.environ.get("PORT", "8000")
    bind = os.environ.get("BIND", "127.0.0.1")
    procs: dict[str, str] = {}
    if os.environ.get("REDIS_URL"):
        redis_url = os.environ["REDIS_URL"]
    elif redis_answers("127.0.0.1", 6379):
        redis_url = "redis://127.0.0.1:6379/0"
    elif shutil.which("redis-server"):
        redis_url = f"redis://127.0.0.1:{PRIVATE_REDIS_PORT}/0"
        procs["redis"] = f"redis-server --port {PRIVATE_REDIS_PORT} --bind 127.0.0.1 --save '' --appendonly no"
    else:
        print("Tablero needs Redis: install it (Debian: apt-get install redis-server) or set REDIS_URL.", file=sys.stderr)
        return 1

    venv_bin = ROOT / ".venv" / "bin"
    # Several Daphne processes share the port (scripts/serve_web.py): one Python process holds one core. Each also
    # listens on a port of its own (PORT+1, PORT+2...; GAME_SOCKET_PORTS names others, or none when empty), where
    # the pages of its games open their sockets: a game's sockets in one process, its revisions rendered once.
    count = web_processes()
    game_ports = game_socket_ports(int(port), count)
    os.environ["GAME_SOCKET_PORTS"] = ",".join(map(str, game_ports))
    for n in range(1, count + 1):
        own = f" {game_ports[n - 1]}" if game_ports else ""
        procs[f"web{n}"] = f"{venv_bin}/python {ROOT}/scripts/serve_web.py {bind} {port}{own}"
    # The deadline sweep has its own queue and worker (config/settings.py CELERY_SWEEP_QUEUE): behind a backlog
    # on the main queue it ran minutes late. The sweep worker logs warnings only: a sweep every 5 s is noise.
    queue = os.environ.get("CELERY_QUEUE", "tablero")
    procs["worker"] = supervised("worker", f"{venv_bin}/celery -A config worker -l info --concurrency 4 -Q {queue} "
                                           f"-n tablero-{port}@%h")
    procs["sweep"] = supervised("sweep", f"{venv_bin}/celery -A config worker -l warning --concurrency 1 "
                                         f"-Q {queue}.sweep -n sweep-{port}@%h")
    # Beat keeps its schedule and its lock in Redis (celery-redbeat, config/settings.py): a beat of another node (or
    # of another `make run` on the same Redis and CELERY_QUEUE) waits for the lock and takes over when this one dies.
    procs["beat"] = supervised("beat", f"{venv_bin}/celery -A config beat -l info")

    procfile = Path(tempfile.mkdtemp(prefix="tablero-")) / "Procfile"
    procfile.write_text("".join(f"{name}: {cmd}\n" for name, cmd in procs.items()))
    os.environ["REDIS_URL"] = redis_url
    # Two glibc heaps instead of one per thread: a soak's Daphne otherwise kept memory it had freed (DEPLOY.md).
    os.environ.setdefault("MALLOC_ARENA_MAX", "2")
    # Links in e-mails point at this server unless the deployment says otherwise.
    os.environ.setdefault("SITE_URL", f"http://{'localhost' if bind in ('127.0.0.1', '0.0.0.0') else bind}:{port}")
    print(f"Redis: {redis_url}")
    print(f"Open http://{'localhost' if bind in ('127.0.0.1', '0.0.0.0') else bind}:{port}/  (Ctrl-C stops everything)")
    sys.stdout.flush()
    os.chdir(ROOT)
    os.execv(str(venv_bin / "honcho"), [str(venv_bin / "honcho"), "-f", str(procfile), "-d", str(ROOT), "start"])


if __name__ == "__main__":
    sys.exit(main())

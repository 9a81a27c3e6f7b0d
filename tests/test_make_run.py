"""`make run` serves the site with several Daphne processes on one port (and each on a game port of its own), a
Celery worker and beat; a worker that dies comes back; Ctrl-C stops it all."""

import os
import signal
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

from tests.fixtures.servers import free_port
from tests.support import ARTIFACTS, ROOT


def _get(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=3) as r:
        return r.status, r.read().decode()


def _command_name(pid: str) -> str:
    """The process's name ("" when it is gone): the supervising shell's command line matches too."""
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return ""


def _descendants(root: int) -> list[str]:
    """The pids of every process below ``root`` (honcho starts each of its processes in a group of its own)."""
    children: dict[str, list[str]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            ppid = stat.read_text().rsplit(")", 1)[1].split()[1]
        except (OSError, IndexError):
            continue
        children.setdefault(ppid, []).append(stat.parent.name)
    found, todo = [], [str(root)]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


@pytest.mark.long
@pytest.mark.timeout(300)
def test_make_run_serves_the_home_page_and_stops_on_ctrl_c(tmp_path: Path):
    port, game_ports = free_port(), [free_port(), free_port()]
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE")}
    env.update(PORT=str(port), SQLITE_PATH=str(tmp_path / "run.sqlite3"), WEB_PROCESSES="2",
               GAME_SOCKET_PORTS=",".join(map(str, game_ports)))  # free ones: PORT+1 and +2 may not be
    ARTIFACTS.mkdir(exist_ok=True)
    log = open(ARTIFACTS / "make-run.log", "wb")
    proc = subprocess.Popen(["make", "run"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + 240
        status, body = 0, ""
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                status, body = _get(f"http://127.0.0.1:{port}/")
                break
            except OSError:
                time.sleep(0.5)
        output = (ARTIFACTS / "make-run.log").read_text(errors="replace")
        assert status == 200, output[-3000:]
        assert "Tablero" in body
        assert "tablero-demo" in output  # demo accounts printed with their password
        assert f"http://localhost:{port}/" in output
        # The CSS is served too (WhiteNoise in front of Daphne).
        assert _get(f"http://127.0.0.1:{port}/static/css/site.css")[0] == 200
        # Two Daphne processes share the port, and every request is answered whichever of them takes it.
        assert [_command_name(pid) for pid in _descendants(proc.pid)].count("daphne") == 2, output[-3000:]
        assert all(_get(f"http://127.0.0.1:{port}/healthz")[0] == 200 for _ in range(10))
        # Each also serves on its own port, where the tables' pages open their sockets.
        assert all(_get(f"http://127.0.0.1:{own}/healthz")[0] == 200 for own in game_ports)
        # Wait until the worker is ready before stopping, so we see a clean shutdown of all three.
        deadline = time.monotonic() + 60
        while "ready." not in output and time.monotonic() < deadline:
            time.sleep(0.5)
            output = (ARTIFACTS / "make-run.log").read_text(errors="replace")
        assert "ready." in output, output[-3000:]
        # A worker that dies (here kill -9) is started again, and the site keeps its clocks and bots.
        worker = subprocess.run(["pgrep", "-f", f"worker .*-n tablero-{port}@"], capture_output=True, text=True)
        pids = [int(p) for p in worker.stdout.split() if _command_name(p) not in ("sh", "")]
        assert pids, output[-3000:]
        for pid in pids:
            os.kill(pid, signal.SIGKILL)
        deadline = time.monotonic() + 90
        while output.count("ready.") < 2 and time.monotonic() < deadline:
            time.sleep(0.5)
            output = (ARTIFACTS / "make-run.log").read_text(errors="replace")
        assert "worker exited with status" in output and output.count("ready.") >= 2, output[-3000:]
        assert _get(f"http://127.0.0.1:{port}/")[0] == 200
    finally:
        os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C sends to the terminal's process group
        try:
            proc.wait(60)
        finally:
            log.close()
    assert proc.returncode is not None
    with pytest.raises(OSError):
        _get(f"http://127.0.0.1:{port}/")

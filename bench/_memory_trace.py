"""``config.asgi``'s application, with what its memory holds written down every few minutes (``soak.py
--trace-memory``).

Daphne serves ``_memory_trace:application`` (with ``bench/`` on the path) instead of
``config.asgi:application``: the same application, with ``tracemalloc`` on (one frame per allocation) and a
thread that every ``MEMORY_TRACE_EVERY`` seconds (default 300) appends to ``$MEMORY_TRACE_DIR/<pid>.txt``: the
resident memory, what Python's allocations hold (traced), the sizes of the process's caches (the kept
revisions, rendered parts, described log lines, the channel layer's channels and groups), and the source lines
whose allocations grew most since the last report. Traced memory flat while the resident memory grows points
at the allocator (fragmentation), not at objects kept.
"""

import os
import threading
import time
import tracemalloc
from pathlib import Path

from config.asgi import application  # noqa: F401  (what Daphne serves)

tracemalloc.start(1)


def _rss_mb() -> float:
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS")) / 1024


def _caches() -> str:
    from channels.layers import get_channel_layer

    from games.live import snapshots
    from games.present import presenters
    from games.templatetags import tablero

    layer = get_channel_layer()
    # The pub/sub layer keeps a layer per event loop (this thread has none): read them all.
    loops = list(getattr(layer, "_layers", {}).values()) or [layer]
    channels = sum(len(getattr(each, "channels", {})) for each in loops)
    groups = {name: members for each in loops for name, members in getattr(each, "groups", {}).items()}
    return (f"kept games {len(snapshots._games)} ({snapshots.held_chars():,} chars of messages), watched "
            f"{len(snapshots.watched())}; parts {len(tablero._parts)} ({tablero._parts.held:,} chars), fixed "
            f"{len(tablero._fixed)} ({tablero._fixed.held:,} chars); described lines {len(presenters._described)};"
            f" layer channels {channels}, groups {len(groups)} holding {sum(len(g) for g in groups.values())}")


def _report(path: Path, every: float) -> None:
    began, before = time.monotonic(), None
    while True:
        time.sleep(every)
        now = tracemalloc.take_snapshot()
        lines = [f"--- {(time.monotonic() - began) / 60:.1f} min: RSS {_rss_mb():.1f} MB, traced "
                 f"{tracemalloc.get_traced_memory()[0] / 1e6:.1f} MB", _caches()]
        if before is not None:
            lines += ["grew most since the last report:"]
            lines += [f"  {stat}" for stat in now.compare_to(before, "lineno")[:15]]
        with path.open("a") as out:
            out.write("\n".join(lines) + "\n")
        before = now


threading.Thread(target=_report, args=(Path(os.environ["MEMORY_TRACE_DIR"]) / f"{os.getpid()}.txt",
                                       float(os.environ.get("MEMORY_TRACE_EVERY", "300"))),
                 daemon=True, name="memory-trace").start()

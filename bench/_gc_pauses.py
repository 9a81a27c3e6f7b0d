"""``config.asgi``'s application, with every pause of Python's cyclic garbage collector written down.

``socket_load.py`` has Daphne serve ``_gc_pauses:application`` (with ``bench/`` on the path) instead of
``config.asgi:application``: the same application, plus a callback that times each collection. Once a second
the pauses so far go to ``$GC_PAUSES_DIR/<pid>.json`` as ``[generation, milliseconds, monotonic end, CPU
milliseconds]``; the bench keeps those that ended inside its window. The CPU time (the thread's own) tells a
collection's work from the time the process waited for a core meanwhile, on a busy machine. A full collection
stops the whole process (its event loop included) for as long as it walks every tracked object, so its pauses
land in the latency's tail.
"""

import gc
import json
import os
import threading
import time
from pathlib import Path

from config.asgi import application  # noqa: F401  (what Daphne serves)

_pauses: list[tuple[int, float, float, float]] = []
_began = [0.0, 0.0]


def _time(phase: str, info: dict) -> None:
    if phase == "start":
        _began[:] = time.perf_counter(), time.thread_time()
    else:
        _pauses.append((info["generation"], (time.perf_counter() - _began[0]) * 1000, time.monotonic(),
                        (time.thread_time() - _began[1]) * 1000))


def _write(path: Path) -> None:
    while True:
        time.sleep(1)
        part = path.with_suffix(".part")
        part.write_text(json.dumps(_pauses[:]))
        part.replace(path)


gc.callbacks.append(_time)
threading.Thread(target=_write, args=(Path(os.environ["GC_PAUSES_DIR"]) / f"{os.getpid()}.json",),
                 daemon=True, name="gc-pauses").start()

if os.environ.get("TIMELINE_DIR"):  # socket_load.py --timeline: each step of a socket's move, too
    import _timeline  # noqa: F401

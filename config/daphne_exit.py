"""A Daphne process stopped with SIGTERM exits once its reactor has stopped, whatever its threads are doing.

SIGTERM stops Twisted's reactor: Daphne cancels every application instance, the reactor closes every connection
(each page sees its socket close and reconnects, to another process or node), and ``reactor.run`` returns. The
interpreter then joins every thread of its executors before exiting (``concurrent.futures.thread._python_exit``).
A request that was inside Django's synchronous middleware at that moment (its thread waits for a call the
middleware chain sends back to the event loop, ``asgiref``'s ``AsyncToSync``) waits for a loop that has stopped:
the process never exited, and systemd killed it only after ``TimeoutStopSec`` (90 s by default). In the cluster
test's rolling restart one Daphne of each node hung so under API load (``tests/test_cluster_failover.py``).

``enable()`` adds a last step to the reactor's shutdown that flushes the logs and ends the process
(``os._exit``): every connection is closed by then, so nobody waits for that request's answer (its client got
an error from the proxy and sends it again), and a transaction it held open is rolled back by PostgreSQL when the
connection drops, as when the process is killed.
"""

from __future__ import annotations

import logging
import os
import sys


def _exit() -> None:
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:  # a closed stream: nothing to flush
            pass
    os._exit(0)


def enable() -> bool:
    """Under Daphne (whose reactor is installed before it imports the application): end the process when the
    reactor's shutdown is over. False elsewhere (tests, another ASGI server)."""
    if "daphne.server" not in sys.modules or "twisted.internet.reactor" not in sys.modules:
        return False
    from twisted.internet import reactor

    reactor.addSystemEventTrigger("after", "shutdown", _exit)
    return True

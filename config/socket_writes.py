"""Daphne's TCP connections send a message at once when nothing is waiting to be sent before it.

Twisted's ``FileDescriptor.write`` never sends: it queues the bytes, asks the reactor to watch the socket for
writability (an ``epoll_ctl``), sends on the loop's next pass and stops watching (another ``epoll_ctl``). A move
at a 4-seat table with a spectator is six socket messages, so twelve system calls and six extra passes of the
event loop, each waiting for the interpreter lock: in a profile of Daphne under 50 games a second
(bench/socket_load.py, py-spy) the watch alone (``epoll_ctl``) was a fifth of the event loop's busy time.

``enable()`` makes a plain (not TLS) server connection whose queue is empty send at once with
``writeSomeData``, as ``doWrite`` would, and hand whatever the kernel did not take (a full socket buffer, an
error) to the usual queue: it is then sent, in order, or reports the lost connection, exactly as before. With
anything already queued the message joins the queue, so order is kept.
"""

from __future__ import annotations

try:  # Twisted's own write, which queues; looked up once (this runs for every message)
    from twisted.internet._newtls import ConnectionMixin

    _queued_write = ConnectionMixin.write
except ImportError:  # Daphne (and so Twisted) not installed: enable() does nothing
    _queued_write = None


def write_through(self, data: bytes) -> None:
    """``tcp.Server.write``: send now when the queue is empty, else (or for what is left) queue as before."""
    if (data and not self.TLS and self.connected and not self._writeDisconnected
            and not self.dataBuffer and not self._tempDataBuffer):
        sent = self.writeSomeData(data)
        if isinstance(sent, int) and sent > 0:
            if sent == len(data):
                return
            data = data[sent:]
    _queued_write(self, data)


def enable() -> bool:
    """Install ``write_through`` on Twisted's server connections; False when Twisted is not installed."""
    try:
        from twisted.internet import tcp
    except ImportError:
        return False
    tcp.Server.write = write_through
    return True

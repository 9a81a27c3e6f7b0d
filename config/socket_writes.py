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

# What write_through reads of Twisted's server connection, besides the buffers its own ``__init__`` makes.
_CONNECTION_NAMES = ("TLS", "connected", "_writeDisconnected", "dataBuffer", "writeSomeData", "doWrite")


def _twisted_queued_write():
    """Twisted's own write of a server connection, which queues: its private ``_newtls.ConnectionMixin.write``,
    the one ``tcp.Server`` inherits. None when Twisted is not installed; an error, at start-up, when Twisted no
    longer has what this module was written against (``tests/test_private_internals.py`` checks its source)."""
    try:
        from twisted.internet import tcp
    except ImportError:
        return None
    try:
        from twisted.internet._newtls import ConnectionMixin

        queued = vars(ConnectionMixin)["write"]  # its own, not one it would inherit
    except (ImportError, KeyError) as error:
        raise RuntimeError(f"config/socket_writes.py falls back on Twisted's private _newtls.ConnectionMixin.write, "
                           f"which this Twisted does not have ({error}): re-read the module against it") from error
    inherited = next((c.__dict__["write"] for c in tcp.Server.__mro__[1:] if "write" in c.__dict__), None)
    missing = [name for name in _CONNECTION_NAMES if not hasattr(tcp.Server, name)]
    if inherited is not queued or missing:
        raise RuntimeError(f"config/socket_writes.py replaces tcp.Server.write, which this Twisted no longer "
                           f"inherits from _newtls.ConnectionMixin (it is {inherited!r}), or whose connection lacks "
                           f"{missing}: re-read the module against it")
    return queued


_queued_write = _twisted_queued_write()  # looked up once: write_through runs for every message


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
    if _queued_write is None:
        return False
    from twisted.internet import tcp

    tcp.Server.write = write_through
    return True

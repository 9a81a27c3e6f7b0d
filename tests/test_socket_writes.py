"""Daphne's connections send at once when nothing is queued (config/socket_writes.py), on real sockets.

Each test builds Twisted's own server connection over one end of a socket pair, with a reactor that is not run:
what the kernel was given is read from the other end, and what waits for writability is the reactor's list of
writers, as Daphne's loop would see them.
"""

import socket

import pytest
from twisted.internet import tcp
from twisted.internet.protocol import Protocol
from twisted.internet.selectreactor import SelectReactor

from config import socket_writes


@pytest.fixture
def pair():
    """A Twisted server connection writing to ``peer``; both closed afterwards."""
    ours, peer = socket.socketpair()
    ours.setblocking(False)
    peer.setblocking(False)
    reactor = SelectReactor()
    connection = tcp.Server(ours, Protocol(), ("127.0.0.1", 1), None, 1, reactor)
    yield connection, peer, reactor
    ours.close()
    peer.close()
    reactor.disconnectAll()


def _received(peer: socket.socket) -> bytes:
    chunks = []
    while True:
        try:
            chunk = peer.recv(1 << 20)
        except BlockingIOError:
            return b"".join(chunks)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)


def test_enable_makes_twisteds_own_server_connections_send_at_once(pair):
    """Through the connection's own ``write`` (what Daphne calls), once enabled: in the kernel, nothing watched.
    Twisted's queued write it falls back on is its private ``_newtls.ConnectionMixin.write``: found, or this fails
    when Twisted changes under it."""
    assert socket_writes._queued_write is not None
    assert socket_writes.enable() is True
    connection, peer, reactor = pair
    connection.write(b'{"type": "sync"}')
    assert _received(peer) == b'{"type": "sync"}'
    assert connection not in reactor.getWriters()


def test_a_message_to_an_idle_connection_is_in_the_kernel_before_write_returns(pair):
    """No watch for writability, no wait for the loop's next pass: the peer can read it at once."""
    connection, peer, reactor = pair
    socket_writes.write_through(connection, b'{"type": "update"}')
    assert _received(peer) == b'{"type": "update"}'
    assert connection not in reactor.getWriters()
    assert connection.dataBuffer == b"" and connection._tempDataBuffer == []


def test_what_the_kernel_does_not_take_is_queued_and_later_messages_keep_their_order(pair):
    """A full socket buffer: the rest waits for writability, a message written meanwhile goes after it, and the
    loop's ``doWrite`` delivers everything in the order it was written."""
    connection, peer, reactor = pair
    big = bytes(range(256)) * 40_000  # 10 MB: more than a socket pair's buffers hold
    socket_writes.write_through(connection, big)
    assert connection in reactor.getWriters()
    assert connection._tempDataBuffer  # the part the kernel refused
    socket_writes.write_through(connection, b"after")
    assert connection._tempDataBuffer[-1] == b"after"
    received = _received(peer)
    while connection in reactor.getWriters():
        assert connection.doWrite() is None
        received += _received(peer)
    assert received == big + b"after"


def test_a_lost_connection_is_reported_by_the_loop_as_before(pair):
    """The peer is gone: the message is queued as Twisted always did, and the next ``doWrite`` reports the loss
    (Daphne then closes the consumer); nothing is raised into the sender."""
    connection, peer, reactor = pair
    peer.close()
    socket_writes.write_through(connection, b"x" * 10)
    assert connection in reactor.getWriters()
    assert isinstance(connection.doWrite(), Exception)


def test_nothing_is_sent_on_a_connection_already_closed_for_writing(pair):
    connection, peer, reactor = pair
    connection._writeDisconnected = True
    socket_writes.write_through(connection, b"late")
    assert _received(peer) == b"" and connection not in reactor.getWriters()

from channels.auth import AuthMiddlewareStack
from channels.routing import URLRouter
from django.urls import path

from games.live.consumers import GameConsumer, PingConsumer
from games.live.socket_cap import AnonymousSocketCap
from games.live.ws_auth import TokenAuthMiddleware
from lobby.consumers import LobbyConsumer
from lobby.tournament_consumer import TournamentConsumer

websocket_urlpatterns = [
    path("ws/ping/", PingConsumer.as_asgi()),
    path("ws/games/<int:game_id>/", GameConsumer.as_asgi()),
    path("ws/lobby/", LobbyConsumer.as_asgi()),
    path("ws/tournaments/<int:tournament_id>/", TournamentConsumer.as_asgi()),
]


def websocket_stack():
    """The sockets' application: who is there (session, or API token), then the anonymous cap per address
    (``games.live.socket_cap``), then the consumer. Served by ``config.asgi`` behind the origin check; tests run it
    in process."""
    return AuthMiddlewareStack(TokenAuthMiddleware(AnonymousSocketCap(URLRouter(websocket_urlpatterns))))

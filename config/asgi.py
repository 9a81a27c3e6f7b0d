"""ASGI entry point: HTTP through Django, websockets through Channels."""

import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from config import socket_writes, websocket_compression  # noqa: E402
from config.routing import websocket_urlpatterns  # noqa: E402
from games.ws_auth import TokenAuthMiddleware  # noqa: E402

websocket_compression.enable()
socket_writes.enable()  # a socket's message sent at once, not on the loop's next pass

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(TokenAuthMiddleware(URLRouter(websocket_urlpatterns)))),
    }
)

# What starting made (Django's apps and URL patterns, the engines' tables, the libraries: about 120,000 objects)
# lives as long as the process. Frozen, it is left out of the cyclic garbage collector's full passes, which
# walked all of it and under load stopped the event loop for 50-120 ms at a time (docs/PERFORMANCE.md).
# Objects made from now on are collected as usual.
gc.collect()
gc.freeze()

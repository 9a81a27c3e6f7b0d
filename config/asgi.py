"""ASGI entry point: HTTP through Django, websockets through Channels."""

import gc
import os
import sys
from pathlib import Path

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.conf import settings  # noqa: E402

from config import daphne_exit, socket_writes, websocket_compression  # noqa: E402
from config.routing import websocket_stack  # noqa: E402

sys.setswitchinterval(settings.ASGI_SWITCH_INTERVAL_MS / 1000)
websocket_compression.enable()
socket_writes.enable()  # a socket's message sent at once, not on the loop's next pass
daphne_exit.enable()  # SIGTERM ends the process even with a request's thread stuck (config/daphne_exit.py)

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(websocket_stack()),
    }
)


def compile_templates() -> int:
    """Compile the project's own templates now (the cached loader keeps them for the process's life), so that
    their nodes are made before the freeze below: the three boards and the table are about 40,000 objects, a
    third of what a full collection walked under load when they were compiled at the first push."""
    from django.apps import apps
    from django.template.loader import get_template

    base = Path(settings.BASE_DIR).resolve()
    ours = [app for app in apps.get_app_configs()  # the project's apps, not the libraries in a venv under it
            if Path(app.path).resolve().is_relative_to(base) and "site-packages" not in Path(app.path).parts]
    roots = [Path(d) for t in settings.TEMPLATES for d in t.get("DIRS", ())]
    roots += [Path(app.path) / "templates" for app in ours]
    names = {str(f.relative_to(root)) for root in roots if root.is_dir() for f in root.rglob("*.html")}
    for name in sorted(names):
        get_template(name)
    return len(names)


compile_templates()

# What starting made (Django's apps and URL patterns, the engines' tables, the libraries, the templates: about
# 160,000 objects) lives as long as the process. Frozen, it is left out of the cyclic garbage collector's full passes, which
# walked all of it and under load stopped the event loop for 50-120 ms at a time (docs/PERFORMANCE.md).
# Objects made from now on are collected as usual.
gc.collect()
gc.freeze()
young, middle, _ = gc.get_threshold()
gc.set_threshold(young, middle, settings.ASGI_GC_FULL_AFTER)

"""The Celery application: clocks, timeouts, bots and dice contests."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("tablero")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.on_after_configure.connect
def _redbeat_settings(sender: Celery, **kwargs: object) -> None:
    """celery-redbeat looks for its settings (``redbeat_redis_url``...) under their own names, where Django's
    ``CELERY_REDBEAT_*`` settings are not found: without this it warns and falls back to the broker's URL."""
    for key in [key for key in sender.conf if key.startswith("CELERY_REDBEAT_")]:
        sender.conf[key.removeprefix("CELERY_").lower()] = sender.conf[key]


@app.task(name="config.ping")
def ping(payload: str = "pong") -> str:
    """Round-trips through the broker and the result backend (health check)."""
    return payload

"""The Celery application: clocks, timeouts, bots and dice contests."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("tablero")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.task(name="config.ping")
def ping(payload: str = "pong") -> str:
    """Round-trips through the broker and the result backend (health check)."""
    return payload

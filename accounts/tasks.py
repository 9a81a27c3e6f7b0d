"""The accounts' Celery tasks, for the worker's autodiscovery: Web Push delivery (``accounts.push.deliver``)."""

from .push import deliver  # noqa: F401  (registers the task)

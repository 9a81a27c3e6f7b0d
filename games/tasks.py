"""The games' Celery tasks, gathered for the worker's autodiscovery (``config/celery.py`` imports each app's
``tasks``). Each task lives with what it does: the deadlines and the sweep in ``play.deadlines``, the turn e-mails
in ``play.notify``, a quick-play table's fill in ``tables.quickplay``. Each keeps the explicit name it always had
(``games.tasks.<name>``): settings route and schedule by it, and a task queued before a deploy still runs after.
"""

from celery.signals import task_postrun, task_prerun
from django.db import close_old_connections

from .play import deadlines, notify  # noqa: F401  (registers their tasks and worker hooks)
from .tables import quickplay  # noqa: F401


@task_prerun.connect
@task_postrun.connect
def _keep_connections(sender=None, **kwargs) -> None:
    """A task is a request: its PostgreSQL connection goes back to the process's pool (or is kept,
    ``DB_CONN_MAX_AGE`` without a pool) as a request's does, health-checked, dropped after an error. Celery's own Django fixup closed it before and after every task
    (unless ``CELERY_DB_REUSE_MAX``, set in settings), so each deadline paid for a new connection. Not for a
    task applied in the caller's process (``apply``, eager): that connection is the caller's, maybe mid
    transaction."""
    if sender is not None and getattr(sender.request, "is_eager", False):
        return
    close_old_connections()

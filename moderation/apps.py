from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ModerationConfig(AppConfig):
    """Moderators' tools over users and games, players' reports, and the moderation log. The top layer beside
    the lobby: it may use ``accounts`` and ``games``; nothing below imports it."""

    name = "moderation"
    verbose_name = _("Moderation")

    def ready(self):
        from django.db.models.signals import post_migrate

        from . import signals  # noqa: F401  (a game whose clock fails is paused for a moderator)
        from .users import ensure_moderator_group

        # After every app's migrate (the games app's permissions must exist too); idempotent.
        post_migrate.connect(ensure_moderator_group, dispatch_uid="tablero_moderator_group")

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "accounts"
    # allauth's app is "Accounts" too: two admin sections read "Cuentas".
    verbose_name = _("Players and moderation")

    def ready(self):
        from django.db.models.signals import post_migrate

        from . import signals  # noqa: F401  (connects the sign-up receiver)
        from .moderation import ensure_moderator_group

        # After every app's migrate (the games app's permissions must exist too); idempotent.
        post_migrate.connect(ensure_moderator_group, dispatch_uid="tablero_moderator_group")

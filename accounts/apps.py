from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "accounts"
    # allauth's app is "Accounts" too: two admin sections read "Cuentas".
    verbose_name = _("Players")

    def ready(self):
        from . import signals  # noqa: F401  (connects the sign-up receiver)

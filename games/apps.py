from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")

    def ready(self):
        from . import signals  # noqa: F401  (a sanction or a deleted token reaches the tables and sockets)

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LobbyConfig(AppConfig):
    name = "lobby"
    verbose_name = _("Lobby")

    def ready(self):
        from games.play.results import register_bot_accounts

        from . import signals  # noqa: F401  (the lobby re-renders when a game ends)
        from .results import bot_accounts

        register_bot_accounts(bot_accounts)  # the games' finishing order leaves league bots' seats unforfeited

"""What moderation does when the games below it call for a moderator."""

from django.dispatch import receiver

from accounts.signals import moderator_acted
from games.play.hooks import deadline_failed

from .games import do_pause_stuck
from .models import ModerationAction


@receiver(deadline_failed, dispatch_uid="moderation.deadline_failed")
def _pause_the_stuck_game(sender, game_id: int, seat: int, version: int, error: str, **kwargs) -> None:
    do_pause_stuck(game_id, seat, version, error)


@receiver(moderator_acted, dispatch_uid="moderation.moderator_acted")
def _log_it(sender, moderator, kind: str, reason: str, data: dict, **kwargs) -> None:
    ModerationAction.objects.create(moderator=moderator, kind=kind, reason=reason, data=data)

"""What moderation does when the games below it call for a moderator."""

from django.dispatch import receiver

from games.play.hooks import deadline_failed

from .games import do_pause_stuck


@receiver(deadline_failed, dispatch_uid="moderation.deadline_failed")
def _pause_the_stuck_game(sender, game_id: int, seat: int, version: int, error: str, **kwargs) -> None:
    do_pause_stuck(game_id, seat, version, error)

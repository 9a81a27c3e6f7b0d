"""The lobby hears of games ending without the move path knowing about it: a game whose status becomes
finished or aborted is saved, and after that commits the lobby re-renders (it lists games in play). And a
sanction (``accounts.signals.out_of_play``) takes the user out of seasons still taking registrations, and a game's
end (``games.play.hooks.game_over``) records its results."""

from __future__ import annotations

from django.db.models.signals import post_init, post_save
from django.dispatch import receiver

from accounts.signals import out_of_play
from games.models import Game
from games.play.broadcast import publish_lobby_after_commit
from games.play.hooks import game_over

from .leagues import withdraw_sanctioned

ENDED = (Game.Status.FINISHED, Game.Status.ABORTED)


@receiver(game_over, dispatch_uid="lobby.game_over")
def _record_results(sender, game_id: int, **kwargs) -> None:
    """Ratings, history and league standings (``results.reconcile``) in a Celery task: idempotent, and the
    league beat records any game whose task was lost."""
    from .tasks import game_finished

    game_finished.delay(game_id)


@receiver(out_of_play, dispatch_uid="lobby.out_of_play")
def _leave_the_seasons(sender, user, **kwargs) -> None:
    withdraw_sanctioned(user)


@receiver(post_init, sender=Game, dispatch_uid="lobby.status_loaded")
def _remember_status(sender, instance: Game, **kwargs) -> None:
    # Read from __dict__: a query that deferred the status must not load it here.
    instance._lobby_status = instance.__dict__.get("status")


@receiver(post_save, sender=Game, dispatch_uid="lobby.game_ended")
def _game_ended(sender, instance: Game, created: bool, update_fields=None, **kwargs) -> None:
    status = instance.__dict__.get("status")
    if not created and status in ENDED and getattr(instance, "_lobby_status", None) != status:
        publish_lobby_after_commit(instance)
    instance._lobby_status = status

"""The games' hooks, both ways. What the games tell the layers above, which subscribe (the games import none of
them): a game is over (``game_over``), a clock deadline could not be applied (``deadline_failed``). And what the
games do when the accounts below them change: a sanction takes the user out of play, a deleted API token closes
the sockets signed in with it (``accounts`` knows no game: it only sends)."""

from django.db import transaction
from django.db.models.signals import post_delete
from django.dispatch import Signal, receiver

from accounts.models import ApiToken
from accounts.signals import out_of_play
from games.live.ws_auth import close_sockets_after_commit
from games.tables.interventions import hand_seats_to_bots

# A game ended or its result changed (a finish, an adjudication, an annulment), sent once that has committed with
# ``game_id``: the lobby records ratings, history and league standings (``lobby.signals``). Receivers must be
# idempotent: a moderator's later change sends it again.
game_over = Signal()

# A seat's clock deadline could not be applied because the engine failed on the game's state (``games.tasks``),
# sent with ``game_id``, ``seat``, ``version`` and ``error``: moderation pauses the game for a moderator
# (``moderation.signals``) instead of every sweep trying again for ever.
deadline_failed = Signal()


def game_over_after_commit(game) -> None:
    """``game_over`` for ``game`` once the current transaction commits (at once outside one)."""
    game_id = game.pk
    transaction.on_commit(lambda: game_over.send(sender=type(game), game_id=game_id), robust=True)


@receiver(out_of_play)
def leave_the_tables(sender, user, **kwargs):
    """Bots take the user's seats in games under way, they get up from tables still gathering, and their game
    sockets close once the sanction commits."""
    hand_seats_to_bots(user)
    close_sockets_after_commit(user.pk)


@receiver(post_delete, sender=ApiToken)
def close_the_tokens_sockets(sender, instance, **kwargs):
    """However a token goes (the settings page, the admin), the sockets signed in with it close once that
    commits (``games.live.ws_auth``)."""
    close_sockets_after_commit(instance.user_id, instance.pk)

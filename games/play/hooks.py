"""What the games tell the layers above them, which subscribe (the games import none of them): a game is over
(``game_over``), a clock deadline could not be applied (``deadline_failed``)."""

from django.db import transaction
from django.dispatch import Signal

# A game ended or its result changed (a finish, an adjudication, an annulment), sent once that has committed with
# ``game_id``: the lobby records ratings, history and league standings (``lobby.signals``). Receivers must be
# idempotent: a moderator's later change sends it again.
game_over = Signal()

# A seat's clock deadline could not be applied because the engine failed on the game's state (``games.play.deadlines``),
# sent with ``game_id``, ``seat``, ``version`` and ``error``: moderation pauses the game for a moderator
# (``moderation.signals``) instead of every sweep trying again for ever.
deadline_failed = Signal()


def game_over_after_commit(game) -> None:
    """``game_over`` for ``game`` once the current transaction commits (at once outside one)."""
    game_id = game.pk
    transaction.on_commit(lambda: game_over.send(sender=type(game), game_id=game_id), robust=True)

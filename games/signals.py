"""What the games do when the accounts below them change: a sanction takes the user out of play, a deleted API
token closes the sockets signed in with it (``accounts`` knows no game: it only sends). What the games tell the
layers above is in ``games.play.hooks``."""

from django.db.models.signals import post_delete
from django.dispatch import receiver

from accounts.models import ApiToken
from accounts.signals import out_of_play
from games.live.ws_auth import close_sockets_after_commit
from games.tables.interventions import hand_seats_to_bots


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

"""A new account starts in the language its owner signed up in, so the settings page never shows a blank. And
the hook by which a sanction reaches what the layers above own: accounts knows no game."""

from allauth.account.signals import user_signed_up
from django.dispatch import Signal, receiver
from django.utils.translation import get_language

# A ban or a suspension took ``user`` out of play, sent inside the sanction's transaction. The games hand the
# user's seats to bots and close their sockets (``games.signals``), the lobby takes them out of seasons still
# taking registrations (``lobby.signals``).
out_of_play = Signal()

# A moderator acted through a tool a layer above owns (a tournament cancelled, in the lobby), sent inside that
# action's transaction with ``moderator``, ``kind``, ``reason`` and ``data``: moderation writes it to its log
# (``moderation.signals``), which the lobby may not import.
moderator_acted = Signal()


@receiver(user_signed_up)
def remember_language(request, user, **kwargs):
    if not user.language:
        user.language = (get_language() or "es")[:2]
        user.save(update_fields=["language"])


"""A new account starts in the language its owner signed up in, so the settings page never shows a blank; a
revoked API token closes the sockets it opened."""

from allauth.account.signals import user_signed_up
from django.db.models.signals import post_delete
from django.dispatch import receiver
from django.utils.translation import get_language

from .models import ApiToken


@receiver(user_signed_up)
def remember_language(request, user, **kwargs):
    if not user.language:
        user.language = (get_language() or "es")[:2]
        user.save(update_fields=["language"])


@receiver(post_delete, sender=ApiToken)
def close_the_tokens_sockets(sender, instance, **kwargs):
    """However a token goes (the settings page, the admin), the sockets signed in with it close once that
    commits (``games.ws_auth``)."""
    from games.ws_auth import close_sockets_after_commit

    close_sockets_after_commit(instance.user_id, instance.pk)

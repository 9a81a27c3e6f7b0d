"""A new account starts in the language its owner signed up in, so the settings page never shows a blank."""

from allauth.account.signals import user_signed_up
from django.dispatch import receiver
from django.utils.translation import get_language


@receiver(user_signed_up)
def remember_language(request, user, **kwargs):
    if not user.language:
        user.language = (get_language() or "es")[:2]
        user.save(update_fields=["language"])

"""django-allauth's account adapter with the site's own voice in e-mails.

allauth renders an account e-mail (address confirmation, password reset, unknown address, address taken) in the
language active for the request that caused it, and names the site by the request's host ("[localhost:8000]").
Here each e-mail is written in its recipient's preferred language and signed with the site's name
(``settings.SITE_NAME``).
"""

from __future__ import annotations

from dataclasses import dataclass

from allauth.account.adapter import DefaultAccountAdapter
from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import translation


@dataclass(frozen=True)
class NamedSite:
    """What allauth's e-mail templates read of the current site: its name and its address."""

    name: str
    domain: str


def recipient_language(email: str, context: dict) -> str:
    """The language to write to ``email`` in: its account's preferred language; with no account (or no choice
    saved) the language the request is being answered in, else the site's default."""
    user = context.get("user")
    if user is None or not getattr(user, "pk", None):
        user = get_user_model().objects.filter(email__iexact=email).exclude(language="").first()
    chosen = getattr(user, "language", "") or ""
    return chosen or translation.get_language() or settings.LANGUAGE_CODE


def site_address() -> str:
    """The site's host as written in e-mails (``SITE_URL`` without its scheme)."""
    return settings.SITE_URL.split("://", 1)[-1]


class AccountAdapter(DefaultAccountAdapter):
    def send_mail(self, template_prefix: str, email: str, context: dict) -> None:
        """Send in the recipient's language, naming the site ``SITE_NAME``."""
        context = {**context, "current_site": NamedSite(settings.SITE_NAME, site_address())}
        with translation.override(recipient_language(email, context)):
            super().send_mail(template_prefix, email, context)

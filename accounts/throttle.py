"""Login throttling for every sign-in form, the admin's included.

allauth's ``ACCOUNT_RATE_LIMITS`` cover only its own ``/accounts/login/``; ``/admin/login/`` (Django's
``AuthenticationForm``) and anything else that calls ``authenticate()`` go through
``ThrottleBackend`` instead, listed first in ``AUTHENTICATION_BACKENDS``. Failed sign-ins are counted
(from Django's ``user_login_failed`` signal) per client address and per address and account name together,
in the shared cache; past the limits (``RATE_LIMITS["login_ip"]`` and ``["login_user"]``) the backend
refuses that address before any password is checked, so even the right password does not sign in from it
until the window has passed.

Never per account alone: a count per account let anyone lock any account, the admin's included, with ten
wrong passwords. The address that guesses is the one locked; the owner signs in from theirs. (allauth's own
``login_failed`` limit is per address too, ``ACCOUNT_RATE_LIMITS`` in settings.)
"""

from __future__ import annotations

import hashlib

from django.contrib.auth.signals import user_login_failed
from django.core.exceptions import PermissionDenied
from django.dispatch import receiver

from accounts import ratelimit


def _account(credentials: dict) -> str:
    name = credentials.get("username") or credentials.get("email") or ""
    return hashlib.sha256(str(name).strip().lower().encode("utf-8", "replace")).hexdigest()[:32]


def _ip(request) -> str:
    return ratelimit.client_ip(request) if request is not None else "unknown"


def _ip_and_account(request, credentials: dict) -> str:
    return f"{_ip(request)}:{_account(credentials)}"


def locked(request, credentials: dict) -> bool:
    """This address has failed too often, over all accounts or on this one."""
    return not (ratelimit.hit("login_ip", _ip(request), count=False)
                and ratelimit.hit("login_user", _ip_and_account(request, credentials), count=False))


class ThrottleBackend:
    """Authenticates nobody; refuses every sign-in attempt from an address throttled (for the account or all).
    (No ``get_user``: it never owns a session, and ``Client.force_login`` skips it.)"""

    def authenticate(self, request, **credentials):
        if locked(request, credentials):
            raise PermissionDenied("too many failed sign-ins")  # authenticate() stops here
        return None


@receiver(user_login_failed, dispatch_uid="accounts.throttle.count_failure")
def count_failure(sender, credentials, request=None, **kwargs):
    ratelimit.hit("login_ip", _ip(request))
    ratelimit.hit("login_user", _ip_and_account(request, credentials))

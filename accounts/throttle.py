"""Login throttling for every sign-in form, the admin's included.

allauth's ``ACCOUNT_RATE_LIMITS`` cover only its own ``/accounts/login/``; ``/admin/login/`` (Django's
``AuthenticationForm``) and anything else that calls ``authenticate()`` go through
``ThrottleBackend`` instead, listed first in ``AUTHENTICATION_BACKENDS``. Failed sign-ins are counted
(from Django's ``user_login_failed`` signal) per client IP and per account name in the shared cache;
past the limits (``RATE_LIMITS["login_ip"]`` and ``["login_user"]``) the backend refuses before any
password is checked, so even the right password does not sign in until the window has passed.
"""

from __future__ import annotations

import hashlib

from django.contrib.auth.signals import user_login_failed
from django.core.exceptions import PermissionDenied
from django.dispatch import receiver

from games import ratelimit


def _account(credentials: dict) -> str:
    name = credentials.get("username") or credentials.get("email") or ""
    return hashlib.sha256(str(name).strip().lower().encode("utf-8", "replace")).hexdigest()[:32]


def _ip(request) -> str:
    return ratelimit.client_ip(request) if request is not None else "unknown"


def locked(request, credentials: dict) -> bool:
    return not (ratelimit.hit("login_ip", _ip(request), count=False)
                and ratelimit.hit("login_user", _account(credentials), count=False))


class ThrottleBackend:
    """Authenticates nobody; refuses every sign-in attempt while its IP or account is throttled.
    (No ``get_user``: it never owns a session, and ``Client.force_login`` skips it.)"""

    def authenticate(self, request, **credentials):
        if locked(request, credentials):
            raise PermissionDenied("too many failed sign-ins")  # authenticate() stops here
        return None


@receiver(user_login_failed, dispatch_uid="accounts.throttle.count_failure")
def count_failure(sender, credentials, request=None, **kwargs):
    ratelimit.hit("login_ip", _ip(request))
    ratelimit.hit("login_user", _account(credentials))

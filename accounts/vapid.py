"""The site's VAPID key pair (RFC 8292), as settings read it: no Django models here, settings import this module.

Both halves are base64url without padding, the forms browsers and ``vapid --applicationServerKey`` use: the
private key is its 32 raw bytes, the public key the 65-byte uncompressed P-256 point a page passes to
``PushManager.subscribe`` as ``applicationServerKey``.
"""

from __future__ import annotations

import base64

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.core.exceptions import ImproperlyConfigured


def b64url_decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def b64url_encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def public_key_of(private_key: str) -> str:
    """The public half (base64url uncompressed point) of a base64url raw private key."""
    raw = b64url_decode(private_key.strip())
    if len(raw) != 32:
        raise ValueError("a VAPID private key is 32 bytes")
    key = ec.derive_private_key(int.from_bytes(raw, "big"), ec.SECP256R1())
    point = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return b64url_encode(point)


def check_key_pair(private_key: str, public_key: str) -> None:
    """Refuse a malformed key, or two halves of different pairs (the browsers' subscriptions would be made with
    one key and the pushes signed with another: every push refused)."""
    try:
        derived = public_key_of(private_key)
    except ValueError as exc:  # binascii.Error is one
        raise ImproperlyConfigured(f"VAPID_PRIVATE_KEY is not a base64url P-256 private key (32 raw bytes): {exc}") \
            from None
    if derived != public_key.strip().rstrip("="):
        raise ImproperlyConfigured("VAPID_PUBLIC_KEY is not the public half of VAPID_PRIVATE_KEY (its public half "
                                   f"is {derived})")


def new_key_pair() -> tuple[str, str]:
    """A fresh (private, public) pair in the settings' forms (scripts/vapid_keys.py prints one)."""
    key = ec.generate_private_key(ec.SECP256R1())
    private = b64url_encode(key.private_numbers().private_value.to_bytes(32, "big"))
    return private, public_key_of(private)

from __future__ import annotations

import hashlib
import secrets

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    """A player. The preferred language follows them from device to device."""

    language = models.CharField(
        _("preferred language"), max_length=8, choices=settings.LANGUAGES, blank=True, default=""
    )
    # Correspondence games e-mail the player when it is their turn, at most once a day per game.
    email_turns = models.BooleanField(_("e-mail me when it is my turn in a correspondence game"), default=True)
    # Push notifications to the devices the player turned them on for (``PushSubscription``), one opt-in per kind
    # (accounts/push.py, ``KINDS``): off until chosen in the settings page.
    push_turns = models.BooleanField(_("my turn in a correspondence game"), default=False)
    push_invites = models.BooleanField(_("a table ready for me (a league's or a tournament's round)"), default=False)
    push_rematches = models.BooleanField(_("a rematch offered after a game"), default=False)
    push_reports = models.BooleanField(_("a report of mine resolved by a moderator"), default=False)

    def get_absolute_url(self) -> str:
        return reverse("lobby:profile", args=[self.username])


class Restriction(models.Model):
    """What moderation put on a user: a warning (shown until read), a chat mute or a suspension from play
    (for a period), or a ban. Lifting one keeps it on record. The moderator's private note is in the log
    (``ModerationAction.note``), never here."""

    class Kind(models.TextChoices):
        WARNING = "warning", _("warning")
        MUTE = "mute", _("chat mute")
        SUSPENSION = "suspension", _("suspension from play")
        BAN = "ban", _("ban")

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="restrictions")
    kind = models.CharField(max_length=12, choices=Kind.choices)
    reason = models.TextField(max_length=1000)  # the message to the user: their banner and standing page show it
    created_by = models.ForeignKey(User, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    ends_at = models.DateTimeField(null=True, blank=True)  # None: until lifted
    lifted_at = models.DateTimeField(null=True, blank=True)
    acknowledged_at = models.DateTimeField(null=True, blank=True)  # a warning, once the user has read it

    class Meta:
        verbose_name = _("restriction")
        verbose_name_plural = _("restrictions")
        ordering = ["-created_at"]
        # Who may restrict others (``accounts.restrictions.is_moderator``): the moderators' group has them.
        permissions = [
            ("moderate", "Can use the moderation tools"),
            ("reveal_live_game", "Can reveal a live game's hidden state, with a reason"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.user_id}"

    def is_active(self, now) -> bool:
        if self.lifted_at is not None:
            return False
        if self.kind == self.Kind.WARNING:
            return self.acknowledged_at is None
        return self.ends_at is None or self.ends_at > now


class ApiToken(models.Model):
    """A personal API token. Only its hash is stored; the key is shown once. (Kept with the accounts it
    belongs to; the table was ``games_apitoken`` until migration accounts 0004.)"""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=60)
    prefix = models.CharField(max_length=8)
    key_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")

    def __str__(self) -> str:
        return f"{self.name} (tb_{self.prefix}…)"

    @staticmethod
    def hash_key(key: str) -> str:
        return hashlib.sha256(key.encode()).hexdigest()

    @classmethod
    def issue(cls, user, name: str) -> tuple[ApiToken, str]:
        key = "tb_" + secrets.token_urlsafe(32)
        token = cls.objects.create(user=user, name=name[:60] or "token", prefix=key[3:11], key_hash=cls.hash_key(key))
        return token, key


class PushSubscription(models.Model):
    """One browser's Web Push subscription (the ``PushSubscription`` its page got from ``PushManager``): where
    to send (``endpoint``, at the browser maker's push service) and the keys a push is encrypted for. Dropped
    when the push service says it is gone (404 or 410), or when the page unsubscribes (accounts/push.py)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions")
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=100)  # the browser's public key, base64url (a 65-byte P-256 point)
    auth = models.CharField(max_length=40)  # the shared 16-byte authentication secret, base64url
    created = models.DateTimeField(auto_now_add=True)
    last_ok = models.DateTimeField(null=True, blank=True)  # the push service last took a push for it

    class Meta:
        verbose_name = _("push subscription")
        verbose_name_plural = _("push subscriptions")

    def __str__(self) -> str:
        return f"{self.user_id} {self.endpoint[:60]}"

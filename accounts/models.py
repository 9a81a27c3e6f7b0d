from __future__ import annotations

import hashlib
import secrets

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from .append_only import AppendOnly


class User(AbstractUser):
    """A player. The preferred language follows them from device to device."""

    language = models.CharField(
        _("preferred language"), max_length=8, choices=settings.LANGUAGES, blank=True, default=""
    )
    # Correspondence games e-mail the player when it is their turn, at most once a day per game.
    email_turns = models.BooleanField(_("e-mail me when it is my turn in a correspondence game"), default=True)

    def get_absolute_url(self) -> str:
        return reverse("accounts:profile", args=[self.username])


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

    def __str__(self) -> str:
        return f"{self.kind} {self.user_id}"

    def is_active(self, now) -> bool:
        if self.lifted_at is not None:
            return False
        if self.kind == self.Kind.WARNING:
            return self.acknowledged_at is None
        return self.ends_at is None or self.ends_at > now


class Report(models.Model):
    """A player's report of a user or of a chat line, with the context captured when it was made."""

    class Status(models.TextChoices):
        OPEN = "open", _("open")
        RESOLVED = "resolved", _("resolved")

    class Category(models.TextChoices):
        """What the reporter picks from a list; their own words go in ``reason`` (optional but for OTHER)."""

        ABUSE = "abuse", _("Insults or harassment")
        CHEATING = "cheating", _("Cheating or playing together against others")
        STALLING = "stalling", _("Stalling or leaving games")
        SPAM = "spam", _("Spam or advertising")
        NAME = "name", _("Offensive name")
        OTHER = "other", _("Something else")

    reporter = models.ForeignKey(User, null=True, on_delete=models.SET_NULL, related_name="reports_made")
    reported = models.ForeignKey(User, on_delete=models.CASCADE, related_name="reports_received")
    game = models.ForeignKey("games.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    message = models.ForeignKey("games.ChatMessage", null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="reports")
    category = models.CharField(max_length=12, choices=Category.choices, default=Category.OTHER)
    reason = models.TextField(max_length=1000, blank=True)  # the reporter's note
    context = models.JSONField(default=dict, blank=True)  # the chat excerpt as it was
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True)
    created_at = models.DateTimeField(auto_now_add=True)
    resolved_by = models.ForeignKey(User, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    resolved_at = models.DateTimeField(null=True, blank=True)
    resolution = models.CharField(max_length=16, blank=True, default="")
    note = models.TextField(max_length=1000, blank=True, default="")

    class Meta:
        verbose_name = _("report")
        verbose_name_plural = _("reports")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"report {self.pk} on {self.reported_id}"

    @property
    def resolution_label(self) -> str:
        return str(RESOLUTION_LABELS.get(self.resolution, self.resolution))


# What each moderation-log code reads as (``ModerationAction.kind``): the log is read in both languages, and a raw
# code ("resolve_report", "annul") is not a word. A restriction's kind is logged under its own code.
ACTION_LABELS = {
    **dict(Restriction.Kind.choices),
    "lift": _("restriction lifted"),
    "resolve_report": _("report resolved"),
    "reveal": _("hidden state revealed"),
    "abort": _("game aborted"),
    "adjudicate": _("game adjudicated"),
    "annul": _("game annulled"),
    "replace_seat": _("seat replaced"),
    "pause": _("clocks paused"),
    "resume": _("clocks resumed"),
}

# What a report's resolution (``Report.resolution``) reads as: the choices of the moderators' form.
RESOLUTION_LABELS = {
    "dismiss": _("No action"),
    "warn": _("Warn"),
    "mute": _("Mute in chat"),
    "suspend": _("Suspend from play"),
    "ban": _("Ban"),
}


class ModerationAction(AppendOnly):
    """The audit log of moderation: who did what to whom or to which game, when and why. Append-only (the
    model, its queryset and, on PostgreSQL, a trigger refuse updates and deletes)."""

    moderator = models.ForeignKey(User, null=True, on_delete=models.PROTECT, related_name="+")
    kind = models.CharField(max_length=32, db_index=True)
    user = models.ForeignKey(User, null=True, blank=True, on_delete=models.PROTECT, related_name="moderation")
    game = models.ForeignKey("games.Game", null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    # What the user was told (a restriction's ``reason``, shown in their banner) or why a game was acted on;
    # ``note`` is the moderators' own, never shown to the user.
    reason = models.TextField(max_length=1000)
    note = models.TextField(max_length=1000, blank=True, default="")
    data = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        verbose_name = _("moderation action")
        verbose_name_plural = _("moderation log")
        ordering = ["-created_at", "-pk"]
        permissions = [
            ("moderate", "Can use the moderation tools"),
            ("reveal_live_game", "Can reveal a live game's hidden state, with a reason"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} by {self.moderator_id}"

    @property
    def kind_label(self) -> str:
        """The action in words (the code itself only for a kind with no label yet)."""
        return str(ACTION_LABELS.get(self.kind, self.kind))


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

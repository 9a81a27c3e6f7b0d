"""What moderation writes: players' reports and the append-only moderation log.

Both tables were created by ``accounts`` and kept their names when the models moved here
(``migrations/0001_from_accounts``). The restrictions themselves (``accounts.Restriction``) stay in
``accounts``: every layer reads them.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from accounts.append_only import AppendOnly
from accounts.models import Restriction, User


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
        db_table = "accounts_report"  # the table it had when accounts held it: no data moved
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
    "cancel_tournament": _("tournament cancelled"),
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
        db_table = "accounts_moderationaction"  # the table it had when accounts held it: no data moved

    def __str__(self) -> str:
        return f"{self.kind} by {self.moderator_id}"

    @property
    def kind_label(self) -> str:
        """The action in words (the code itself only for a kind with no label yet)."""
        return str(ACTION_LABELS.get(self.kind, self.kind))

"""Tournaments players create (docs/LEAGUES.md, "Tournaments"): Swiss or arena, their players and their games.

Imported by ``lobby.models`` (one app, one models namespace). A tournament's standing is derived from its games'
places (``lobby.tournaments.standings``), so it can always be recomputed; only the podium of a finished tournament
is kept as it was, with the games that made it.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from games.tables.lifecycle import TIME_CONTROLS


def new_invite_token() -> str:
    return secrets.token_urlsafe(12)


class TournamentPolicy(models.Model):
    """Who may create a tournament, as the moderators set it (one row, edited in the admin): an account of at least
    ``min_account_days`` with at least ``min_rated_games`` finished rated games, and no restriction on play."""

    min_account_days = models.PositiveSmallIntegerField(_("minimum account age in days"), default=7)
    min_rated_games = models.PositiveSmallIntegerField(_("minimum rated games played"), default=5)
    max_open_per_user = models.PositiveSmallIntegerField(_("tournaments a user may have scheduled or running"),
                                                         default=3)

    class Meta:
        verbose_name = _("tournament policy")
        verbose_name_plural = _("tournament policy")

    def __str__(self) -> str:
        return str(_("tournament policy"))

    @classmethod
    def current(cls) -> TournamentPolicy:
        policy, _created = cls.objects.get_or_create(pk=1)
        return policy


class Tournament(models.Model):
    class Kind(models.TextChoices):
        SWISS = "swiss", _("Swiss")
        ARENA = "arena", _("Arena")

    class Status(models.TextChoices):
        SCHEDULED = "scheduled", _("scheduled")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")
        CANCELLED = "cancelled", _("cancelled")

    name = models.CharField(_("name"), max_length=80)
    ruleset = models.CharField(_("game"), max_length=32)
    kind = models.CharField(_("kind"), max_length=8, choices=Kind.choices)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                   related_name="tournaments_created")
    created_at = models.DateTimeField(auto_now_add=True)
    starts_at = models.DateTimeField(_("starts at"))
    # Swiss: the number of rounds; arena: the minutes it runs (a game started before the end still counts).
    rounds = models.PositiveSmallIntegerField(_("rounds"), default=0)
    minutes = models.PositiveSmallIntegerField(_("minutes"), default=0)
    time_control = models.CharField(_("time control"), max_length=16, default="live",
                                    choices=[(name, name) for name in TIME_CONTROLS])
    table_size = models.PositiveSmallIntegerField(_("players per table"), default=2)
    options = models.JSONField(_("game options"), default=dict, blank=True)
    rated = models.BooleanField(_("rated"), default=True)
    # By invitation: only people with the link may join (the creator adds bots).
    private = models.BooleanField(_("by invitation"), default=False)
    invite_token = models.CharField(max_length=32, default=new_invite_token, editable=False)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SCHEDULED, db_index=True)
    round = models.PositiveSmallIntegerField(default=0)  # Swiss: the round being played
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # The podium when it finished: [{"user": id, "name": ..., "points": n}, ...], best first.
    podium = models.JSONField(default=list, blank=True)
    # A moderator cancelled it (its games may also be annulled): who, and why (the moderation log has it too).
    cancelled_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                     related_name="+")
    cancel_reason = models.CharField(max_length=200, blank=True, default="")

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        ordering = ["-starts_at"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("lobby:tournament", args=[self.pk])

    @property
    def group_name(self) -> str:
        return f"tournament.{self.pk}"


class TournamentEntry(models.Model):
    """A player of a tournament. ``withdrawn_at``: out for good (left a Swiss, abandoned, sanctioned);
    ``paused``: an arena player who stepped away, paired again when back."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="tournament_entries")
    joined_at = models.DateTimeField(auto_now_add=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    paused = models.BooleanField(default=False)
    byes = models.PositiveSmallIntegerField(default=0)  # Swiss rounds sat out for an odd number: a middle's point

    class Meta:
        verbose_name = _("tournament player")
        verbose_name_plural = _("tournament players")
        constraints = [models.UniqueConstraint(fields=["tournament", "user"], name="one_entry_per_tournament")]

    def __str__(self) -> str:
        return f"{self.tournament} · {self.user}"


class TournamentGame(models.Model):
    """One table of a tournament: its Swiss round (0 in an arena)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="games")
    game = models.OneToOneField("games.Game", on_delete=models.PROTECT, related_name="tournament_game")
    round = models.PositiveSmallIntegerField(default=0)

    class Meta:
        verbose_name = _("tournament game")
        verbose_name_plural = _("tournament games")
        ordering = ["tournament", "round", "pk"]

    def __str__(self) -> str:
        return f"{self.tournament} · {self.game}"

"""A game, its seats and its move log. The log is the truth; the state is a snapshot."""

from __future__ import annotations

import hashlib
import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


def new_seed() -> str:
    return secrets.token_hex(32)


def commitment_of(seed: str) -> str:
    return hashlib.sha256(seed.encode()).hexdigest()


class Game(models.Model):
    class Status(models.TextChoices):
        LOBBY = "lobby", _("waiting for players")
        ACTIVE = "active", _("in play")
        PAUSED = "paused", _("paused")
        FINISHED = "finished", _("finished")
        ABORTED = "aborted", _("aborted")

    ruleset = models.CharField(max_length=32)
    options = models.JSONField(default=dict, blank=True)
    num_seats = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.LOBBY, db_index=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    # Time control: seconds a seat has for each required action, plus a reserve
    # that overruns drain. Correspondence tables use hours per move, no reserve.
    move_seconds = models.PositiveIntegerField(default=60)
    reserve_seconds = models.PositiveIntegerField(default=300)
    max_timeouts = models.PositiveSmallIntegerField(default=3)  # then a bot takes the seat
    bot_delay_ms = models.PositiveIntegerField(default=800)

    version = models.PositiveIntegerField(default=0)
    state = models.JSONField(null=True, blank=True)
    outcome = models.JSONField(null=True, blank=True)
    seed = models.CharField(max_length=128, default=new_seed, editable=False)
    seed_commitment = models.CharField(max_length=64, editable=False)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.ruleset} #{self.pk}"

    def save(self, *args, **kwargs):
        if not self.seed_commitment:
            self.seed_commitment = commitment_of(self.seed)
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("games:table", args=[self.pk])

    @property
    def seed_revealed(self) -> bool:
        return self.status in (self.Status.FINISHED, self.Status.ABORTED)

    @property
    def group_name(self) -> str:
        return f"game.{self.pk}"


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                             related_name="seats")
    is_bot = models.BooleanField(default=False)
    # The clock: when the seat became required, when it must have acted, and
    # what is left of its reserve.
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    clock_started = models.DateTimeField(null=True, blank=True)
    reserve_left = models.FloatField(default=0)
    timeouts = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["index"]
        constraints = [models.UniqueConstraint(fields=["game", "index"], name="one_seat_per_index")]

    def __str__(self) -> str:
        return self.display_name

    @property
    def display_name(self) -> str:
        if self.user_id and not self.is_bot:
            return self.user.username
        if self.user_id:
            return f"{self.user.username} (bot)"
        return f"Bot {self.index + 1}"


class Move(models.Model):
    class Source(models.TextChoices):
        UI = "ui"
        API = "api"
        SOCKET = "socket"
        BOT = "bot"
        TIMEOUT = "timeout"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves")
    seq = models.PositiveIntegerField()  # the game's version after this move
    seat = models.PositiveSmallIntegerField()
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="+")
    source = models.CharField(max_length=8, choices=Source.choices)
    action = models.JSONField()
    events = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "seq"]
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="one_move_per_version")]

    def __str__(self) -> str:
        return f"{self.game_id}:{self.seq}"


class ApiToken(models.Model):
    """A personal API token. Only its hash is stored; the key is shown once."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=60)
    prefix = models.CharField(max_length=8)
    key_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used = models.DateTimeField(null=True, blank=True)

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


class AuditEntry(models.Model):
    """Every write to a table outside the move log: created, joined, started, adjudicated..."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="audit")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="+")
    kind = models.CharField(max_length=32)
    data = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at"]

    def __str__(self) -> str:
        return f"{self.kind} {self.game_id}"

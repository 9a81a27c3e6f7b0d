"""A game, its seats and its move log. The log is the truth; the state is a snapshot."""

from __future__ import annotations

import hashlib
import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from accounts.append_only import AppendOnly
from games.core.rulesets import rules_revision

# A guided first game's seed begins so (``games.tables.lifecycle.guided_seed``); it is no secret.
GUIDED_SEED_PREFIX = "learn:"


def new_seed() -> str:
    return secrets.token_hex(32)


def commitment_of(seed: str) -> str:
    return hashlib.sha256(seed.encode()).hexdigest()


def current_rules_revision(ruleset: str) -> int:
    """The revision of the rules the engine of ``ruleset`` plays now (1 for a ruleset no longer installed)."""
    try:
        return rules_revision(ruleset)
    except KeyError:
        return 1


class Game(models.Model):
    class Status(models.TextChoices):
        LOBBY = "lobby", _("waiting for players")
        ACTIVE = "active", _("in play")
        PAUSED = "paused", _("paused")
        FINISHED = "finished", _("finished")
        ABORTED = "aborted", _("aborted")

    ruleset = models.CharField(max_length=32)
    options = models.JSONField(default=dict, blank=True)
    # The lobby's flags: a rated game feeds ratings and league standings; a private table is listed nowhere
    # and seats whoever opens its invite link (``invite_code``).
    rated = models.BooleanField(default=False)
    private = models.BooleanField(default=False)
    invite_code = models.CharField(max_length=32, blank=True, default="", db_index=True)
    time_control = models.CharField(max_length=16, default="live", db_index=True)
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
    # How long a bot "thinks" while people sit at the table; bot-only tables move at once (``clock.arm``).
    bot_delay_ms = models.PositiveIntegerField(default=1700)
    # A teaching table: "What can I do now?" stands open, bots take their time and the log says why each bot move
    # may be worth it (``games.tables.lifecycle.TEACHING_BOT_DELAY_MS``, ``presenters._describe_move``).
    teaching = models.BooleanField(default=False)

    version = models.PositiveIntegerField(default=0)  # the number of moves: the state's version
    # Bumped by every write people see (a move, a join, a seat taken over or back): what a screen shows is a
    # function of (game, rev, viewer), so pushes and render caches key on it.
    rev = models.PositiveIntegerField(default=0)
    state = models.JSONField(null=True, blank=True)
    outcome = models.JSONField(null=True, blank=True)
    # A rematch is a new table with the same players and options; the finished game points players to it.
    # Moderation: a paused game's clocks stand still from ``paused_at``; an annulled game counts for no rating
    # or league standing (its moves and result stay on record).
    paused_at = models.DateTimeField(null=True, blank=True)
    annulled_at = models.DateTimeField(null=True, blank=True)
    rematch_of = models.OneToOneField("self", null=True, blank=True, on_delete=models.SET_NULL,
                                      related_name="rematch")
    seed = models.CharField(max_length=128, default=new_seed, editable=False)
    seed_commitment = models.CharField(max_length=64, editable=False)
    # The revision of the rules the game is played under (``games.core.rulesets.Ruleset.rules_revision``): the
    # engine's current one when the row is first saved and again when the game is dealt (``tables.do_start``);
    # 1 for the games saved before revisions were recorded. Only a game of its engine's current revision can be
    # re-run from its seed and log (``present.verify``, ``present.replay``).
    rules_revision = models.PositiveSmallIntegerField(editable=False)

    class Meta:
        verbose_name = pgettext_lazy("model", "game")
        verbose_name_plural = _("games")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.ruleset} #{self.pk}"

    def save(self, *args, **kwargs):
        if not self.seed_commitment:
            self.seed_commitment = commitment_of(self.seed)
        if self.rules_revision is None:
            self.rules_revision = current_rules_revision(self.ruleset)
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("games:table", args=[self.pk])

    @property
    def rules_current(self) -> bool:
        """Whether the game was played under the rules its engine plays now, so its log can be re-run here."""
        return self.rules_revision == current_rules_revision(self.ruleset)

    @property
    def seed_revealed(self) -> bool:
        return self.status in (self.Status.FINISHED, self.Status.ABORTED)

    @property
    def group_name(self) -> str:
        return f"game.{self.pk}"

    @property
    def chance_key(self) -> str:
        """What seeds the bots' and the coach's choices (with the version and seat): the table's id, so two tables'
        bots play differently; a guided game's seed, public and the same for every learner, so that every learner
        who follows the coach meets the game its lessons were checked on (``games.core.lessons.rehearse``)."""
        return self.seed if self.teaching and self.seed.startswith(GUIDED_SEED_PREFIX) else str(self.pk)


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
    # What is left of the seat's allowance in the game's current turn (null: all of ``Game.move_seconds``): the
    # clock charges the turn, not each action (games/play/clock.py).
    turn_left = models.FloatField(null=True, blank=True)
    timeouts = models.PositiveSmallIntegerField(default=0)
    # How a bot seat plays: "easy" picks any legal move, "normal" is the engine's policy.
    bot_level = models.CharField(max_length=8, blank=True, default="normal")
    # Correspondence: when this seat was last e-mailed that it is their turn (at most once a day per game).
    turn_mailed_at = models.DateTimeField(null=True, blank=True)
    # ...and last sent a push saying so (claimed apart from the e-mail: either may be off, or fail, alone).
    turn_pushed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["index"]
        constraints = [models.UniqueConstraint(fields=["game", "index"], name="one_seat_per_index")]

    def __str__(self) -> str:
        return self.display_name

    @property
    def display_name(self) -> str:
        """The player's name: the user's, even while a bot plays for them after timeouts."""
        if self.user_id:
            return self.user.username
        if self.is_bot:
            return f"Bot {self.index + 1}"
        return ""

    @property
    def is_taken_over(self) -> bool:
        """A person's seat that a bot plays after repeated timeouts, until the person acts again."""
        return self.is_bot and self.user_id is not None

    @property
    def is_human(self) -> bool:
        return self.user_id is not None and not self.is_bot


class Move(AppendOnly):
    class Source(models.TextChoices):
        UI = "ui"
        API = "api"
        SOCKET = "socket"
        BOT = "bot"
        TIMEOUT = "timeout"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves")
    seq = models.PositiveIntegerField()  # the game's version after this move
    seat = models.PositiveSmallIntegerField()
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                              related_name="+")
    source = models.CharField(max_length=8, choices=Source.choices)
    action = models.JSONField()
    events = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("move")
        verbose_name_plural = _("moves")
        ordering = ["game", "seq"]
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="one_move_per_version")]

    def __str__(self) -> str:
        return f"{self.game_id}:{self.seq}"

    @property
    def source_label(self) -> str:
        """Where the move came from, in words (the moderators' move list showed the code)."""
        return str(MOVE_SOURCE_LABELS.get(self.source, self.source))


MOVE_SOURCE_LABELS = {
    Move.Source.UI: _("the table's page"),
    Move.Source.API: _("the API"),
    Move.Source.SOCKET: _("a socket"),
    Move.Source.BOT: _("a bot"),
    Move.Source.TIMEOUT: _("a timeout"),
}


class AuditEntry(AppendOnly):
    """Every write to a table outside the move log: created, joined, started, adjudicated...

    The move log and the audit are append-only (``accounts.append_only``; on PostgreSQL, triggers of migration
    games 0008): a row is never changed, and deleted only with its whole game. A user named in them cannot be
    deleted (``PROTECT``): deactivate the account instead."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="audit")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                             related_name="+")
    kind = models.CharField(max_length=32)
    data = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("table audit entry")
        verbose_name_plural = _("table audit")
        ordering = ["created_at"]

    def __str__(self) -> str:
        return f"{self.kind} {self.game_id}"


class ChatMessage(models.Model):
    """A line of table chat. Players talk in PLAYERS; spectators in SPECTATORS, which players do not see
    while the game runs. Moderation hides a line (``hidden_at``) rather than deleting it."""

    class Channel(models.TextChoices):
        PLAYERS = "players", _("players")
        SPECTATORS = "spectators", _("spectators")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="chat")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    seat = models.PositiveSmallIntegerField(null=True, blank=True)  # the speaker's seat when they spoke
    channel = models.CharField(max_length=12, choices=Channel.choices, default=Channel.PLAYERS)
    text = models.CharField(max_length=500)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    hidden_at = models.DateTimeField(null=True, blank=True)
    hidden_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                  related_name="+")

    class Meta:
        verbose_name = _("chat message")
        verbose_name_plural = _("chat messages")
        ordering = ["created_at", "pk"]
        indexes = [models.Index(fields=["game", "channel", "created_at"])]

    def __str__(self) -> str:
        return f"{self.game_id}:{self.channel}:{self.pk}"


class ChatMute(models.Model):
    """One person's choice not to see another's chat lines, everywhere."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="mutes")
    muted = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="muted_by")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("chat mute")
        verbose_name_plural = _("chat mutes")
        constraints = [models.UniqueConstraint(fields=["user", "muted"], name="one_mute_per_pair")]

    def __str__(self) -> str:
        return f"{self.user_id} mutes {self.muted_id}"

"""Ratings, game results and leagues (docs/LEAGUES.md).

A ``PlayerResult`` is one person's line in one finished game, written once when the game ends: the history
that profiles show and export, the rating change, and (for a league table) the points it earned. Ratings
and standings are derived from these rows, so they can always be recomputed from them.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from games.tables.lifecycle import TIME_CONTROL_LABELS, TIME_CONTROLS

from . import ratings

# Each rating pace in words (``ratings.pace_of``); blitz and correspondence are named as the time controls are.
PACE_NAMES = {
    ratings.BLITZ: _("Blitz"),
    ratings.RAPID: _("Rapid"),
    ratings.CORRESPONDENCE: _("Correspondence"),
}
PACE_CHOICES = [(pace, PACE_NAMES[pace]) for pace in ratings.PACES]


class BotAccount(models.Model):
    """A registered user whose seats a bot plays (league bots such as ``bot-easy-1``): its seats are created
    with ``is_bot=True`` and the user kept, so the table shows the account's name and results count for it."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, primary_key=True, on_delete=models.CASCADE,
                                related_name="bot_account")
    level = models.CharField(max_length=8, default="normal")  # Seat.bot_level: "easy" or "normal"

    class Meta:
        verbose_name = _("bot account")
        verbose_name_plural = _("bot accounts")

    def __str__(self) -> str:
        return f"{self.user} ({self.level})"


class RatingBook(models.Model):
    """One row per game, locked by every rating write of that game: updates, annulments and recomputations
    of one game's ratings happen one at a time, in the order they commit."""

    ruleset = models.CharField(max_length=32, primary_key=True)

    class Meta:
        verbose_name = _("rating book")
        verbose_name_plural = _("rating books")

    def __str__(self) -> str:
        return self.ruleset


class Rating(models.Model):
    """A user's OpenSkill (Plackett-Luce) rating in one game at one pace (``ratings.pace_of`` the tables' time
    control): ``mu`` and ``sigma``; shown as ``60 * mu``."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    ruleset = models.CharField(max_length=32)
    pace = models.CharField(max_length=16, choices=PACE_CHOICES, default=ratings.RAPID)
    mu = models.FloatField(default=ratings.MU)
    sigma = models.FloatField(default=ratings.SIGMA)
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    last_played_at = models.DateTimeField(null=True, blank=True, db_index=True)

    class Meta:
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        constraints = [models.UniqueConstraint(fields=["user", "ruleset", "pace"],
                                               name="one_rating_per_user_game_and_pace")]
        indexes = [models.Index(fields=["ruleset", "pace", "-mu"])]

    def __str__(self) -> str:
        return f"{self.user_id} {self.ruleset} {self.pace} {self.display}"

    @property
    def display(self) -> int:
        return ratings.display(self.mu)

    @property
    def provisional(self) -> bool:
        return self.games < ratings.PROVISIONAL_GAMES

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


class PlayerResult(models.Model):
    """A user's result in one finished game. Exactly one per (game, user): the unique constraint is the
    last guard of "exactly once" (``lobby.results.record_game`` also locks the game row)."""

    game = models.ForeignKey("games.Game", on_delete=models.PROTECT, related_name="results")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="results")
    ruleset = models.CharField(max_length=32)
    # The rating pace of the game's time control (``ratings.pace_of``), written with the row: the rating it moves.
    pace = models.CharField(max_length=16, choices=PACE_CHOICES, default=ratings.RAPID)
    finished_at = models.DateTimeField(db_index=True)
    seat = models.PositiveSmallIntegerField()
    # Finishing place among all seats (1 = won), after forfeits are moved to the bottom.
    place = models.PositiveSmallIntegerField()
    num_players = models.PositiveSmallIntegerField()
    # Lost on time or abandoned: a bot played the seat to the end after the person's timeouts.
    forfeit = models.BooleanField(default=False)
    rated = models.BooleanField(default=False)
    # A moderator annulled the game: it stays in the history but counts for no rating or standing.
    annulled = models.BooleanField(default=False)
    mu_before = models.FloatField(null=True, blank=True)
    sigma_before = models.FloatField(null=True, blank=True)
    mu_after = models.FloatField(null=True, blank=True)
    sigma_after = models.FloatField(null=True, blank=True)
    points = models.PositiveSmallIntegerField(null=True, blank=True)  # league points; None outside leagues

    class Meta:
        verbose_name = _("player result")
        verbose_name_plural = _("player results")
        ordering = ["-finished_at", "-game_id"]
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="one_result_per_game_and_user")]
        indexes = [models.Index(fields=["user", "-finished_at"]), models.Index(fields=["user", "ruleset"])]

    def __str__(self) -> str:
        return f"{self.game_id}:{self.user_id} place {self.place}"

    @property
    def won(self) -> bool:
        return self.place == 1 and not self.forfeit

    @property
    def rating_before(self) -> int | None:
        return ratings.display(self.mu_before) if self.mu_before is not None else None

    @property
    def rating_after(self) -> int | None:
        return ratings.display(self.mu_after) if self.mu_after is not None else None

    @property
    def rating_change(self) -> int | None:
        if self.mu_before is None or self.mu_after is None:
            return None
        return self.rating_after - self.rating_before


class League(models.Model):
    """A league of one game, run in seasons. Admins create leagues and seasons (``lobby.admin``)."""

    name = models.CharField(_("name"), max_length=80)
    slug = models.SlugField(unique=True)
    ruleset = models.CharField(_("game"), max_length=32)
    description = models.TextField(_("description"), blank=True, default="")
    table_size = models.PositiveSmallIntegerField(_("players per table"), default=4)
    time_control = models.CharField(_("time control"), max_length=16, default="correspondence",
                                    choices=[(name, name) for name in TIME_CONTROLS])
    options = models.JSONField(_("game options"), default=dict, blank=True)
    division_size = models.PositiveSmallIntegerField(_("players per division"), default=8)
    promote = models.PositiveSmallIntegerField(_("promoted per division"), default=2)
    relegate = models.PositiveSmallIntegerField(_("relegated per division"), default=2)
    rounds_per_season = models.PositiveSmallIntegerField(_("rounds per season"), default=3)
    round_interval = models.DurationField(_("time between rounds"), default=timedelta(days=7))
    season_break = models.DurationField(_("break between seasons"), default=timedelta(days=7))
    active = models.BooleanField(_("active"), default=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # A private league among friends (``leagues.do_create_private_league``): its creator, and the link that lets
    # people see it and register; listed only to its players. Admins' leagues are public.
    private = models.BooleanField(_("private"), default=False)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                   related_name="leagues_created")
    invite_token = models.CharField(max_length=32, blank=True, default="")

    class Meta:
        verbose_name = _("league")
        verbose_name_plural = _("leagues")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("lobby:league", args=[self.slug])

    @property
    def time_control_label(self) -> str:
        """The league's clock in words, as the new-table form names it."""
        return str(TIME_CONTROL_LABELS.get(self.time_control, self.time_control))


class Season(models.Model):
    class Status(models.TextChoices):
        REGISTRATION = "registration", _("registration open")
        RUNNING = "running", _("in play")
        FINISHED = "finished", _("finished")

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="seasons")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.REGISTRATION, db_index=True)
    starts_at = models.DateTimeField(_("starts at"))
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        ordering = ["league", "-number"]
        constraints = [models.UniqueConstraint(fields=["league", "number"], name="one_season_number_per_league")]

    def __str__(self) -> str:
        return f"{self.league} · {self.number}"

    def get_absolute_url(self) -> str:
        return reverse("lobby:season", args=[self.league.slug, self.number])


class Division(models.Model):
    """A tier of a season: 1 is the top."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="divisions")
    tier = models.PositiveSmallIntegerField()

    class Meta:
        verbose_name = _("division")
        verbose_name_plural = _("divisions")
        ordering = ["season", "tier"]
        constraints = [models.UniqueConstraint(fields=["season", "tier"], name="one_division_per_tier")]

    def __str__(self) -> str:
        return f"{self.season} · {self.tier}"


class Membership(models.Model):
    """A player registered in a season; placed in a division when the season starts (or carried over from
    the previous season, after promotion and relegation). The last two fields are the season's archive."""

    class Movement(models.TextChoices):
        NONE = "", _("stays")
        UP = "up", _("promoted")
        DOWN = "down", _("relegated")

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="members")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="league_memberships")
    division = models.ForeignKey(Division, null=True, blank=True, on_delete=models.SET_NULL, related_name="members")
    registered_at = models.DateTimeField(auto_now_add=True)
    final_position = models.PositiveSmallIntegerField(null=True, blank=True)
    movement = models.CharField(max_length=4, choices=Movement.choices, blank=True, default="")

    class Meta:
        verbose_name = _("league membership")
        verbose_name_plural = _("league memberships")
        ordering = ["season", "registered_at", "pk"]
        constraints = [models.UniqueConstraint(fields=["season", "user"], name="one_membership_per_season")]

    def __str__(self) -> str:
        return f"{self.user_id} in {self.season}"


class Round(models.Model):
    """A round of a season: opened (its tables created) by the beat once ``starts_at`` has passed and the
    previous round's games have all ended."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    starts_at = models.DateTimeField(_("starts at"))
    opened_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        ordering = ["season", "number"]
        constraints = [models.UniqueConstraint(fields=["season", "number"], name="one_round_number_per_season")]

    def __str__(self) -> str:
        return f"{self.season} · R{self.number}"


class LeagueTable(models.Model):
    """One game of a round in a division."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    division = models.ForeignKey(Division, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    game = models.OneToOneField("games.Game", on_delete=models.PROTECT, related_name="league_table")

    class Meta:
        verbose_name = _("league table")
        verbose_name_plural = _("league tables")
        ordering = ["round", "division", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "division", "number"],
                                               name="one_league_table_per_number")]

    def __str__(self) -> str:
        return f"{self.round} · {self.division.tier}.{self.number}"


# Tournaments players create: their own module, one models namespace for the app.
from .tournament_models import Tournament, TournamentEntry, TournamentGame, TournamentPolicy  # noqa: E402, F401

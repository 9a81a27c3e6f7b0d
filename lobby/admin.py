"""Admins create leagues and seasons here; the beat does the rest (lobby/schedule.py)."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from games.core.rulesets import names
from games.play.actions import MoveRejected
from games.tables.lifecycle import check_create

from .leagues import schedule_rounds
from .models import BotAccount, Division, League, LeagueTable, Membership, PlayerResult, Rating, Round, Season


class LeagueForm(forms.ModelForm):
    ruleset = forms.ChoiceField(label=_("Game"), choices=[])

    class Meta:
        model = League
        fields = ["name", "slug", "ruleset", "description", "table_size", "time_control", "options", "division_size",
                  "promote", "relegate", "rounds_per_season", "round_interval", "season_break", "active"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].choices = [(n, n.title()) for n in names()]

    def clean(self):
        data = super().clean()
        try:  # the league's tables must be creatable: the engine checks its own options
            check_create(data.get("ruleset", ""), data.get("table_size") or 0, 0, data.get("time_control", ""),
                         data.get("options") or None)
        except MoveRejected as exc:
            raise forms.ValidationError(exc.text(_)) from None
        return data


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    form = LeagueForm
    list_display = ["name", "ruleset", "table_size", "time_control", "division_size", "active"]
    prepopulated_fields = {"slug": ["name"]}


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0
    readonly_fields = ["opened_at"]


class DivisionInline(admin.TabularInline):
    model = Division
    extra = 0


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    raw_id_fields = ["user"]
    readonly_fields = ["final_position", "movement"]


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["league", "number", "status", "starts_at", "started_at", "finished_at"]
    list_filter = ["league", "status"]
    readonly_fields = ["started_at", "finished_at"]
    inlines = [RoundInline, DivisionInline, MembershipInline]

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        schedule_rounds(form.instance)  # a new season gets its rounds, one interval apart


@admin.register(LeagueTable)
class LeagueTableAdmin(admin.ModelAdmin):
    list_display = ["round", "division", "number", "game"]
    raw_id_fields = ["game"]


class ReadOnlyAdmin(admin.ModelAdmin):
    """Derived rows: written by lobby/results.py only (``manage.py recompute_ratings`` rebuilds them)."""

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Rating)
class RatingAdmin(ReadOnlyAdmin):
    list_display = ["user", "ruleset", "pace", "display", "games", "wins", "last_played_at"]
    list_filter = ["ruleset", "pace"]
    search_fields = ["user__username"]


@admin.register(PlayerResult)
class PlayerResultAdmin(ReadOnlyAdmin):
    list_display = ["game", "user", "ruleset", "pace", "place", "num_players", "forfeit", "rated", "annulled", "points"]
    list_filter = ["ruleset", "pace", "forfeit", "rated", "annulled"]
    search_fields = ["user__username"]
    raw_id_fields = ["game", "user"]


@admin.register(BotAccount)
class BotAccountAdmin(admin.ModelAdmin):
    list_display = ["user", "level"]

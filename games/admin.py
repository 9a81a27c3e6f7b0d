from django.contrib import admin

from .models import ApiToken, AuditEntry, Game, Move, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("index", "user", "is_bot", "deadline", "reserve_left", "timeouts")


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("id", "ruleset", "status", "num_seats", "version", "created_by", "created_at")
    list_filter = ("ruleset", "status")
    readonly_fields = ("seed_commitment", "version", "state", "outcome")
    exclude = ("seed",)
    inlines = [SeatInline]


@admin.register(Move)
class MoveAdmin(admin.ModelAdmin):
    list_display = ("game", "seq", "seat", "source", "created_at")
    list_filter = ("source",)
    readonly_fields = ("game", "seq", "seat", "actor", "source", "action", "events", "created_at")


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ("game", "kind", "user", "created_at")


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    list_display = ("user", "name", "prefix", "created_at", "last_used")
    readonly_fields = ("key_hash", "prefix")

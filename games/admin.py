from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from accounts.admin import ReadOnlyAdmin

from .models import AuditEntry, ChatMessage, Game, Move, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("index", "user", "is_bot", "deadline", "reserve_left", "timeouts")


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("id", "ruleset", "status", "rated", "num_seats", "version", "created_by", "created_at",
                    "moderation_link")
    list_filter = ("ruleset", "status", "rated", "private", "time_control", "rules_revision")
    search_fields = ("id", "seats__user__username", "created_by__username")
    date_hierarchy = "created_at"
    # The state holds every hidden hand and the seed: a game's secrets are shown on the moderation page, for a
    # live game only through a reasoned, logged reveal.
    readonly_fields = ("seed_commitment", "rules_revision", "version", "outcome", "annulled_at", "paused_at")
    exclude = ("seed", "state")
    inlines = [SeatInline]

    def has_delete_permission(self, request, obj=None):
        # A game's record is its move log and audit, which are append-only: the admin deletes no game (a table
        # nobody wants is cancelled or aborted, and kept).
        return False

    @admin.display(description=_("Moderation"))
    def moderation_link(self, obj):
        return format_html('<a href="{}">{}</a>', reverse("moderation:game", args=[obj.pk]), _("moderate"))


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    list_display = ("created_at", "game", "user", "channel", "text", "hidden_at")
    list_filter = ("channel",)
    search_fields = ("text", "user__username")
    readonly_fields = ("game", "user", "seat", "channel", "text", "created_at", "hidden_at", "hidden_by")


@admin.register(Move)
class MoveAdmin(ReadOnlyAdmin):
    """The move log is append-only (``accounts.append_only``): its dice and decks are verified by replaying it."""

    list_display = ("game", "seq", "seat", "source", "created_at")
    list_filter = ("source",)


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    list_display = ("game", "kind", "user", "created_at")

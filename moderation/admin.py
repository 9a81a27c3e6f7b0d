from django.contrib import admin

from accounts.admin import ReadOnlyAdmin

from .models import ModerationAction, Report


@admin.register(ModerationAction)
class ModerationActionAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "moderator", "kind", "user", "game", "reason", "note")
    list_filter = ("kind",)
    search_fields = ("user__username", "moderator__username", "reason")
    date_hierarchy = "created_at"


@admin.register(Report)
class ReportAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "reported", "reporter", "game", "status", "resolution")
    list_filter = ("status", "resolution")
    search_fields = ("reported__username", "reporter__username", "reason")

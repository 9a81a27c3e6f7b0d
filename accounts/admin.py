from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from .models import ApiToken, PushSubscription, Restriction, User


@admin.register(User)
class TableroUserAdmin(UserAdmin):
    fieldsets = UserAdmin.fieldsets + ((None, {"fields": ("language", "email_turns", "push_turns", "push_invites",
                                                          "push_rematches", "push_reports")}),)
    list_display = ("username", "email", "language", "is_active", "is_staff", "date_joined", "moderation_link")

    @admin.display(description=_("Moderation"))
    def moderation_link(self, obj):
        # Restrictions are applied from the moderation page, which asks for a reason and writes the log.
        return format_html('<a href="{}">{}</a>', reverse("moderation:user", args=[obj.username]),
                           _("moderate"))


class ReadOnlyAdmin(admin.ModelAdmin):
    """Records the admin shows and never adds, changes or deletes, for a superuser too (no bulk delete action
    either): moderation records change only through the moderation tools (which log every change); the move log
    and the table audit (``games.admin``) never change."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Restriction)
class RestrictionAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "user", "kind", "ends_at", "lifted_at", "created_by", "reason")
    list_filter = ("kind",)
    search_fields = ("user__username", "reason")


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    list_display = ("user", "name", "prefix", "created_at", "last_used")
    readonly_fields = ("key_hash", "prefix")


@admin.register(PushSubscription)
class PushSubscriptionAdmin(admin.ModelAdmin):
    """A person's devices that get push notifications (accounts/push.py): seen and deleted here, never made."""

    list_display = ("user", "created", "last_ok", "endpoint")
    search_fields = ("user__username",)
    readonly_fields = ("user", "endpoint", "p256dh", "auth", "created", "last_ok")

    def has_add_permission(self, request):
        return False

from django.contrib import admin

from .models import LogEntry, Match, Seat


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Match)
class MatchAdmin(ReadOnlyAdmin):
    list_display = ("id", "game", "status", "seq", "created_by", "updated_at")
    list_filter = ("game", "status")
    exclude = ("seed", "dice_seed", "state")


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdmin):
    list_display = ("match", "index", "user", "invited", "awaiting")


@admin.register(LogEntry)
class LogEntryAdmin(ReadOnlyAdmin):
    """The log is append-only: the admin shows it and nothing more."""

    list_display = ("match", "seq", "seat", "kind", "source", "created_at")
    list_filter = ("kind", "source")

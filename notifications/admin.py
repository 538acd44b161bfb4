from django.contrib import admin

from .models import Outbox


@admin.register(Outbox)
class OutboxAdmin(admin.ModelAdmin):
    list_display = ("id", "kind", "channel", "user", "status", "attempts", "created_at", "sent_at")
    list_filter = ("status", "channel", "kind")
    readonly_fields = [f.name for f in Outbox._meta.fields]

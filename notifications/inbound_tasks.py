"""Celery tasks for replies by email: process one stored reply, and sweep up what was missed.

Listed in CELERY_IMPORTS (config/settings.py, "Reply by email"): autodiscovery only finds
``tasks`` modules.
"""

from __future__ import annotations

from datetime import timedelta

from celery import shared_task
from django.conf import settings
from django.utils import timezone

from . import replies
from .models import InboundEmail


@shared_task(name="notifications.inbound.process", ignore_result=True)
def process_inbound(pk: int) -> str:
    return replies.process(pk)


@shared_task(name="notifications.inbound.sweep", ignore_result=True)
def sweep_inbound() -> int:
    """Queue replies still unprocessed a while after they arrived (broker down, worker killed)."""
    since = timezone.now() - timedelta(seconds=settings.STARPOST_REPLY_SWEEP_AFTER_SECONDS)
    due = list(
        InboundEmail.objects.filter(status=InboundEmail.Status.RECEIVED, received_at__lt=since)
        .order_by("pk")
        .values_list("pk", flat=True)[:500]
    )
    for pk in due:
        process_inbound.delay(pk)
    return len(due)

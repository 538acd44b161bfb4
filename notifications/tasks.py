"""Celery tasks: deliver one outbox row (claimed once), and sweep what is still pending."""

from __future__ import annotations

import logging
from datetime import timedelta

from celery import shared_task
from django.conf import settings
from django.db.models import F, Q
from django.utils import timezone

from .channels import send
from .models import Outbox, ReplyOffer

log = logging.getLogger(__name__)


def backoff(attempts: int) -> timedelta:
    """base, 2 × base, 4 × base, ... (base 30 s by default), capped at one hour."""
    base = settings.STARPOST_OUTBOX_BACKOFF_SECONDS
    return timedelta(seconds=min(base * 2 ** max(attempts - 1, 0), 3600))


def claim(pk: int) -> bool:
    """Take the row for this worker; False if someone else has it or it is done."""
    now = timezone.now()
    claimed = Outbox.objects.filter(pk=pk, status=Outbox.Status.PENDING, available_at__lte=now).update(
        status=Outbox.Status.SENDING, claimed_at=now, attempts=F("attempts") + 1
    )
    return claimed == 1


@shared_task(name="notifications.tasks.deliver", ignore_result=True)
def deliver(pk: int) -> str:
    if not claim(pk):
        return "skipped"
    row = Outbox.objects.get(pk=pk)
    try:
        send(row)
    except Exception as exc:  # any failure of the channel: retry later with backoff
        failed = row.attempts >= settings.STARPOST_OUTBOX_MAX_ATTEMPTS
        Outbox.objects.filter(pk=pk, status=Outbox.Status.SENDING).update(
            status=Outbox.Status.FAILED if failed else Outbox.Status.PENDING,
            available_at=timezone.now() + backoff(row.attempts),
            last_error=f"{type(exc).__name__}: {exc}"[:2000],
        )
        log.warning("outbox %s attempt %s failed: %s", pk, row.attempts, exc)
        return "failed" if failed else "retry"
    Outbox.objects.filter(pk=pk).update(status=Outbox.Status.SENT, sent_at=timezone.now(), last_error="")
    return "sent"


@shared_task(name="notifications.tasks.sweep_outbox", ignore_result=True)
def sweep_outbox() -> int:
    """Re-send what is due: rows never picked up (broker down) and claims that went stale;
    forget the moves offered by emails of long ago."""
    now = timezone.now()
    ReplyOffer.objects.filter(created_at__lt=now - timedelta(days=ReplyOffer.KEEP_DAYS)).delete()
    stale = now - timedelta(seconds=settings.STARPOST_OUTBOX_LEASE_SECONDS)
    Outbox.objects.filter(status=Outbox.Status.SENDING, claimed_at__lt=stale).update(
        status=Outbox.Status.PENDING, available_at=now
    )
    due = list(
        Outbox.objects.filter(Q(status=Outbox.Status.PENDING) & Q(available_at__lte=now))
        .order_by("id")
        .values_list("pk", flat=True)[:500]
    )
    for pk in due:
        deliver.delay(pk)
    return len(due)

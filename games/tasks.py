"""Celery tasks of the games app: the sweepers run by beat (never long ETAs): deadlines,
digests, turn notices left pending. The task that announces one turn notice lives with the
notices (games.notify.announce_turn, imported here so that autodiscovery registers it)."""

from __future__ import annotations

import logging
from datetime import timedelta

from celery import shared_task
from django.conf import settings
from django.utils import timezone

from . import clock, digests, notify, play
from .models import TurnNotice

log = logging.getLogger(__name__)


@shared_task(name="games.tasks.sweep_deadlines", ignore_result=True)
def sweep_deadlines() -> dict[str, int]:
    """Apply each missed deadline's policy once and send the reminders that are due."""
    now = timezone.now()
    counts: dict[str, int] = {}
    for match_id, seat, deadline in clock.seats_due(now):
        try:
            result = play.match_timeout_apply(match_id=match_id, seat_index=seat, deadline=deadline, now=now)
        except Exception:  # one broken match must not stop the sweep of the others
            log.exception("timeout of match %s seat %s failed", match_id, seat)
            result = "error"
        counts[result] = counts.get(result, 0) + 1
    for on_turn in clock.reminders_due(now):
        if play.reminder_send(on_turn):
            counts["reminded"] = counts.get("reminded", 0) + 1
    return counts


@shared_task(name="games.tasks.send_digests", ignore_result=True)
def send_digests() -> int:
    """Daily digests for the players whose local digest hour it is."""
    return digests.digests_send()


@shared_task(name="games.tasks.sweep_turn_notices", ignore_result=True)
def sweep_turn_notices() -> int:
    """Announce the notices still pending (the broker was down at the commit, or a worker
    died), and forget those announced more than a week ago."""
    now = timezone.now()
    TurnNotice.objects.filter(status=TurnNotice.Status.DONE, done_at__lt=now - timedelta(days=7)).delete()
    grace = now - timedelta(seconds=settings.STARPOST_NOTICE_GRACE_SECONDS)
    pending = list(
        TurnNotice.objects.filter(status=TurnNotice.Status.PENDING, created_at__lte=grace)
        .order_by("id")
        .values_list("pk", flat=True)[:500]
    )
    for pk in pending:
        notify.announce_turn.delay(pk)
    return len(pending)

"""Celery tasks of the games app: the deadline sweeper (run by beat, never long ETAs)."""

from __future__ import annotations

import logging

from celery import shared_task
from django.utils import timezone

from . import clock, digests

log = logging.getLogger(__name__)


@shared_task(name="games.tasks.sweep_deadlines", ignore_result=True)
def sweep_deadlines() -> dict[str, int]:
    """Apply each missed deadline's policy once and send the reminders that are due."""
    now = timezone.now()
    counts: dict[str, int] = {}
    for match_id, seat, deadline in clock.seats_due(now):
        try:
            result = clock.timeout_apply(match_id=match_id, seat_index=seat, deadline=deadline, now=now)
        except Exception:  # one broken match must not stop the sweep of the others
            log.exception("timeout of match %s seat %s failed", match_id, seat)
            result = "error"
        counts[result] = counts.get(result, 0) + 1
    for seat in clock.reminders_due(now):
        if clock.reminder_send(seat):
            counts["reminded"] = counts.get("reminded", 0) + 1
    return counts


@shared_task(name="games.tasks.send_digests", ignore_result=True)
def send_digests() -> int:
    """Daily digests for the players whose local digest hour it is."""
    return digests.digests_send()

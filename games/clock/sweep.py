"""What the deadline sweeper finds: seats past their deadline, and reminders that are due."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import cast

from django.db.models import F

from accounts.models import prefs_of

from ..models import Match, Seat

MAX_REMINDER = timedelta(hours=168)


def seats_due(now: datetime) -> list[tuple[int, int, datetime]]:
    """(match, seat, deadline) of every seat past its deadline in a match in play."""
    due = (
        Seat.objects.filter(awaiting=True, deadline__lte=now, match__status=Match.Status.ACTIVE)
        .order_by("deadline")
        .values_list("match_id", "index", "deadline")
    )
    return cast(list[tuple[int, int, datetime]], list(due))  # deadline__lte leaves out NULL


def reminders_due(now: datetime) -> list[Seat]:
    """Seats whose deadline is within their player's chosen reminder time, not yet reminded."""
    near = (
        Seat.objects.filter(
            awaiting=True,
            deadline__gt=now,
            deadline__lte=now + MAX_REMINDER,
            match__status=Match.Status.ACTIVE,
        )
        .exclude(reminded_for=F("deadline"))
        .select_related("match", "user", "user__prefs")
    )
    due = []
    for s in near:
        assert s.user is not None and s.deadline is not None  # a seat on turn in a match in play
        hours = prefs_of(s.user).reminder_hours
        if hours > 0 and s.deadline - now <= timedelta(hours=hours):
            due.append(s)
    return due

"""How fast one player may add to a match's log: moves in general, and moves that change
nothing on the board (standing orders), which are legal at any time and so could otherwise
fill a log as fast as a client can post."""

from __future__ import annotations

import math
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db.models import Count, Q, QuerySet
from django.utils import timezone

from accounts.errors import RateLimited

from .models import LogEntry, Seat

WINDOW = timedelta(minutes=1)
QUIET_KINDS = frozenset({"orders"})
"""Moves that change nothing on the board: standing orders, in every game that has them."""


def move_rate_check(*, match_id: Any, user: Any, move: Any) -> None:
    """RateLimited (429) if ``user`` already made the most moves of this sort allowed in the
    last minute in this match. Counted from the log itself, so every process agrees, by
    request: the entries one request appends (a route's moves) share its instant and count once.
    One query reads the mover's requests of the last minute (a second only to say how long
    to wait, when a limit is reached)."""
    if not isinstance(match_id, int) or user is None or not getattr(user, "is_authenticated", False):
        return  # the service refuses these with its own code
    kind = move.get("kind") if isinstance(move, Mapping) else None
    limits: list[tuple[int, str, str, Q | None]] = [
        (settings.STARPOST_MOVES_PER_MINUTE, "too_many_moves", "moves", None)
    ]
    if isinstance(kind, str) and kind in QUIET_KINDS:
        quiet = (settings.STARPOST_QUIET_MOVES_PER_MINUTE, "too_many_orders", "standing-order changes")
        limits.insert(0, (*quiet, Q(kind__in=QUIET_KINDS)))
    limits = [limit for limit in limits if limit[0] > 0]
    if not limits:
        return
    since = timezone.now() - WINDOW
    recent = LogEntry.objects.filter(match_id=match_id, user=user, created_at__gt=since)
    # requests, not entries: the distinct instants of the last minute
    made = recent.aggregate(
        **{f"n{i}": Count("created_at", distinct=True, filter=only) for i, (*_, only) in enumerate(limits)}
    )
    for i, (most, code, what, only) in enumerate(limits):
        if made[f"n{i}"] >= most:
            _refuse(recent if only is None else recent.filter(only), most, since, code, what)


def _refuse(recent: QuerySet[LogEntry], most: int, since: datetime, code: str, what: str) -> None:
    # the most-th latest request's instant: the wait until it is a minute old
    instants = recent.order_by("-created_at").values_list("created_at", flat=True).distinct()
    oldest = instants[most - 1 : most].first()
    wait = max(1, math.ceil((oldest - since).total_seconds())) if oldest is not None else 1
    raise RateLimited(
        code,
        f"You made {most} {what} in this match in the last minute, the most allowed; try again in {wait} s.",
        retry_after=wait,
    )


def invite_rate_check(*, user: Any, count: int) -> None:
    """RateLimited (429) if inviting ``count`` more players would pass the most invitations
    one player may send in a day (each one emails someone who did not ask for it)."""
    most = settings.STARPOST_INVITES_PER_DAY
    if most <= 0 or count <= 0:
        return
    since = timezone.now() - timedelta(days=1)
    sent = Seat.objects.filter(
        match__created_by=user, match__created_at__gte=since, invited__isnull=False
    ).count()
    if sent + count > most:
        raise RateLimited(
            "too_many_invitations",
            f"You invited {sent} players in the last 24 hours; at most {most} a day. Open the match "
            "without invitations: anyone may join it from the lobby.",
            retry_after=3600,
        )

"""How fast one player may add to a match's log: moves in general, and moves that change
nothing on the board (standing orders), which are legal at any time and so could otherwise
fill a log as fast as a client can post."""

from __future__ import annotations

import math
from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone

from accounts.errors import RateLimited

from .models import LogEntry, Seat

WINDOW = timedelta(minutes=1)
QUIET_KINDS = frozenset({"orders"})
"""Moves that change nothing on the board: standing orders, in every game that has them."""


def move_rate_check(*, match_id: Any, user: Any, move: Any) -> None:
    """RateLimited (429) if ``user`` already made the most moves of this sort allowed in the
    last minute in this match. Counted from the log itself, so every process agrees, by
    request: the entries one request appends (a route's moves) share its instant and count once."""
    if not isinstance(match_id, int) or user is None or not getattr(user, "is_authenticated", False):
        return  # the service refuses these with its own code
    kind = move.get("kind") if isinstance(move, Mapping) else None
    mine = LogEntry.objects.filter(match_id=match_id, user=user)
    if isinstance(kind, str) and kind in QUIET_KINDS:
        _check(
            mine.filter(kind__in=QUIET_KINDS),
            settings.STARPOST_QUIET_MOVES_PER_MINUTE,
            "too_many_orders",
            "standing-order changes",
        )
    _check(mine, settings.STARPOST_MOVES_PER_MINUTE, "too_many_moves", "moves")


def _check(entries, most: int, code: str, what: str) -> None:
    if most <= 0:
        return
    since = timezone.now() - WINDOW
    # the most-th latest request's instant in the last minute (a route's entries share
    # theirs): only that minute's entries are read, however long the log
    recent = entries.filter(created_at__gt=since)
    instants = recent.order_by("-created_at").values_list("created_at", flat=True).distinct()
    oldest = instants[most - 1 : most].first()
    if oldest is not None and oldest > since:
        wait = max(1, math.ceil((oldest - since).total_seconds()))
        raise RateLimited(
            code,
            f"You made {most} {what} in this match in the last minute, the most allowed; "
            f"try again in {wait} s.",
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

"""Who has a match open: the match page and its poll note when a seated player's browser
last asked for news, so that a player watching the page is told there, not by email
(games.selectors.watching, notifications.notices)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db.models import Q
from django.utils import timezone

from ..models import Seat

# A page polls every few seconds: one write in this many is enough to know it is open.
EVERY_SECONDS = 10


def seat_watched(*, match_id: int, user: Any) -> None:
    """Note that ``user`` has the match open now (nothing for a spectator); at most one
    UPDATE per seat every few seconds, none while the note is fresh."""
    if user is None or not getattr(user, "is_authenticated", False):
        return
    now = timezone.now()
    every = min(EVERY_SECONDS, settings.STARPOST_WATCHING_SECONDS // 2)
    Seat.objects.filter(match_id=match_id, user=user).filter(
        Q(watched_at__isnull=True) | Q(watched_at__lt=now - timedelta(seconds=every))
    ).update(watched_at=now)

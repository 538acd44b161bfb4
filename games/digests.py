"""The daily digest: one email (or push) listing every match awaiting the player.

For players whose preferences say "digest" on a channel. Beat runs ``digests_send``
often; who is due and the claim that makes it once a day are the delivery policy's
(notifications.notices ``digests_due``, ``digest_claim``); what the digest lists is here.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.urls import reverse
from django.utils import timezone

from accounts.models import NotificationPrefs
from notifications.contracts import Content, Email, Notice, Push
from notifications.notices import digest_claim, digests_due, notice_send

from .models import Match, Seat
from .notify import _url, email_context, local_time


def _item(seat: Seat) -> dict[str, Any]:
    match = seat.match
    seats = list(match.seats.select_related("user").order_by("index"))
    mine = next(s for s in seats if s.index == seat.index)
    context = email_context(match, mine, seats)
    return {
        "id": match.pk,
        "title": context["title"],
        "seat_name": context["seat_name"],
        "opponents": [s.user.username for s in seats if s.user is not None and s.index != seat.index],
        "deadline": context["deadline"],
        "last": context["log"][-1]["text"] if context["log"] else "",
        "outcome_text": context["outcome_text"],
        "url": context["url"],
    }


def digest_send(prefs: NotificationPrefs, now: datetime) -> bool:
    """Write this player's digest to the outbox; False if another beat already did."""
    if not digest_claim(prefs, now):
        return False
    user = prefs.user
    awaiting = Seat.objects.filter(
        user=user, awaiting=True, match__status=Match.Status.ACTIVE
    ).select_related("match")
    since = prefs.last_digest_at or user.date_joined
    finished = Seat.objects.filter(
        user=user, match__status=Match.Status.FINISHED, match__finished_at__gt=since
    )
    items = [_item(s) for s in awaiting.order_by("deadline")]
    done = [_item(s) for s in finished.select_related("match")]
    if not items and not done:
        return True
    day = now.astimezone(user.tz).date().isoformat()
    context: dict[str, Any] = {
        "user": {"username": user.username},
        "items": items,
        "finished": done,
        "when": local_time(now, user),
        "url": _url(reverse("home")),
    }
    push = (
        Push(
            title=f"{len(items)} match{'es' if len(items) != 1 else ''} awaiting you",
            body=", ".join(f"{i['title']} #{i['id']}" for i in items[:5]),
            url=context["url"],
            tag="digest",
        )
        if items
        else None
    )
    content = Content(email=Email("digest", context), push=push)
    notice_send(
        [
            Notice(
                user=user, kind="digest", key=f"digest:{user.pk}:{day}", content=lambda: content, digest=True
            )
        ]
    )
    return True


def digests_send(now: datetime | None = None) -> int:
    now = now or timezone.now()
    return sum(digest_send(p, now) for p in digests_due(now))

"""Which players hear about a log entry, and what each may read: outbox rows, already redacted.

Called inside the move's transaction by the services. Each row holds the email template's
name and a JSON context built from the selectors for the recipient's own seat; the worker
renders and sends it after the commit (notifications.rendering).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.conf import settings
from django.urls import reverse

from notifications.services import Message, outbox_add

from . import render
from .models import Match, Seat
from .selectors import Viewer, engine_of, legal_moves_view, match_view, recent_log

RECENT_LOG = 8


def _url(path: str) -> str:
    return f"{settings.SITE_URL}{path}"


def email_context(match: Match, seat: Seat, seats: list[Seat]) -> dict[str, Any]:
    """What the email for ``seat`` shows: its own view of the board, its own moves, the log.

    Plain JSON: it is stored in the outbox row and rendered by the worker.
    """
    viewer = Viewer.for_seat(match, seat.index)
    engine = engine_of(match)
    view = match_view(match, viewer, seats)
    board = view["view"]
    legal = legal_moves_view(match, viewer) if not match.is_over else {"notation": []}
    return {
        "match": view,
        "seat": seat.index,
        "seat_name": engine.seat_name(seat.index),
        "user": {"username": seat.user.username},
        "title": engine.title,
        "board_text": render.text_board(match.game, board) if board else "",
        "board_html": render.html_board(match.game, board) if board else "",
        "moves": [[n, text] for n, text in enumerate(legal["notation"], start=1)],
        "log": [{"seq": e["seq"], "text": e["text"]} for e in recent_log(match, viewer, RECENT_LOG)],
        "url": _url(reverse("match", args=[match.pk])),
        "outcome_text": render.outcome_text(engine, match.outcome) if match.outcome else "",
        "deadline": local_time(seat.deadline, seat.user) if seat.deadline else "",
    }


def local_time(when: Any, user: Any) -> str:
    """A moment as the player reads it: their own timezone, named."""
    local = when.astimezone(user.tz)
    return f"{local:%a %d %b %Y %H:%M} ({user.timezone})"


def _message(kind: str, match: Match, seat: Seat, seats: list[Seat]) -> Message:
    return Message(
        dedupe_key=f"{kind}:{match.pk}:{match.seq}:{seat.user_id}:email",
        user_id=seat.user_id,
        kind=kind,
        payload={"to": seat.user.email, "template": kind, "context": email_context(match, seat, seats)},
    )


def after_entry(match: Match, *, before: Sequence[int], after: Sequence[int], seats: list[Seat]) -> None:
    """A new entry is in: tell whoever's turn it became, or everyone that the match is over.

    ``seats`` are the match's seats with their users loaded (the caller has them already).
    """
    if match.is_over:
        to = [s for s in seats if s.user_id]
        kind = "match_over"
    else:
        newly = set(after) - set(before)
        to = [s for s in seats if s.index in newly and s.user_id]
        kind = "your_turn"
    outbox_add(_message(kind, match, s, seats) for s in to if s.user.email)


def clock_message(kind: str, match: Match, seat: Seat, extra: dict[str, Any]) -> None:
    """A reminder before a deadline, or news that the clock moved (vacation, extension)."""
    if not seat.user.email:
        return
    seats = list(match.seats.select_related("user").order_by("index"))
    seat = next(s for s in seats if s.index == seat.index)
    context = email_context(match, seat, seats) | extra
    outbox_add(
        [
            Message(
                dedupe_key=f"{kind}:{match.pk}:{seat.index}:{seat.deadline.isoformat() if seat.deadline else match.seq}",
                user_id=seat.user_id,
                kind=kind,
                payload={"to": seat.user.email, "template": kind, "context": context},
            )
        ]
    )


def invitations(match: Match, reserved: Mapping[int, Any]) -> None:
    engine = engine_of(match)
    messages = []
    for index, user in reserved.items():
        if not user.email:
            continue
        context = {
            "match": {"id": match.pk},
            "title": engine.title,
            "seat_name": engine.seat_name(index),
            "host": match.created_by.username,
            "user": {"username": user.username},
            "url": _url(reverse("match", args=[match.pk])),
        }
        messages.append(
            Message(
                dedupe_key=f"invite:{match.pk}:{user.pk}:email",
                user_id=user.pk,
                kind="invite",
                payload={"to": user.email, "template": "invite", "context": context},
            )
        )
    outbox_add(messages)

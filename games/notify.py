"""Which players hear about a log entry, and what each may read: outbox rows, already redacted.

Called inside the move's transaction by the services; the rows leave after the commit.
Every payload is built from the selectors for the recipient's own seat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.conf import settings
from django.template.loader import render_to_string
from django.urls import reverse

from notifications.services import Message, outbox_add

from . import render
from .models import Match, Seat
from .selectors import Viewer, engine_of, legal_moves_view, match_view, recent_log


def _url(path: str) -> str:
    return f"{settings.SITE_URL}{path}"


def _render_email(kind: str, context: dict[str, Any]) -> dict[str, str]:
    subject = render_to_string(f"emails/{kind}-subject.txt", context).strip().replace("\n", " ")
    return {
        "subject": subject,
        "text": render_to_string(f"emails/{kind}-body.txt", context),
        "html": render_to_string(f"emails/{kind}-body.html", context),
    }


def email_context(match: Match, seat: Seat, seats: list[Seat]) -> dict[str, Any]:
    """What the email for ``seat`` shows: its own view of the board, its own moves, the log."""
    viewer = Viewer.for_seat(match, seat.index)
    engine = engine_of(match)
    view = match_view(match, viewer, seats)
    board = view["view"]
    legal = legal_moves_view(match, viewer) if not match.is_over else {"notation": []}
    return {
        "match": view,
        "seat": seat.index,
        "seat_name": engine.seat_name(seat.index),
        "user": seat.user,
        "title": engine.title,
        "board_text": render.text_board(match.game, board) if board else "",
        "board_html": render.html_board(match.game, board) if board else "",
        "moves": list(enumerate(legal["notation"], start=1)),
        "log": recent_log(match, viewer, 8),
        "url": _url(reverse("match", args=[match.pk])),
        "outcome_text": render.outcome_text(engine, match.outcome) if match.outcome else "",
    }


def _message(kind: str, match: Match, seat: Seat, seats: list[Seat]) -> Message:
    context = email_context(match, seat, seats)
    payload = {"to": seat.user.email, **_render_email(kind, context)}
    return Message(
        dedupe_key=f"{kind}:{match.pk}:{match.seq}:{seat.user_id}:email",
        user_id=seat.user_id,
        kind=kind,
        payload=payload,
    )


def after_entry(match: Match, *, before: Sequence[int], after: Sequence[int]) -> None:
    """A new entry is in: tell whoever's turn it became, or everyone that the match is over."""
    seats = list(match.seats.select_related("user", "invited").order_by("index"))
    messages = []
    if match.is_over:
        messages = [_message("match_over", match, s, seats) for s in seats if s.user_id and s.user.email]
    else:
        newly = set(after) - set(before)
        messages = [
            _message("your_turn", match, s, seats)
            for s in seats
            if s.index in newly and s.user_id and s.user.email
        ]
    outbox_add(messages)


def invitations(match: Match, reserved: Mapping[int, Any]) -> None:
    engine = engine_of(match)
    messages = []
    for index, user in reserved.items():
        if not user.email:
            continue
        context = {
            "match": match,
            "title": engine.title,
            "seat_name": engine.seat_name(index),
            "host": match.created_by.username,
            "user": user,
            "url": _url(reverse("match", args=[match.pk])),
        }
        messages.append(
            Message(
                dedupe_key=f"invite:{match.pk}:{user.pk}:email",
                user_id=user.pk,
                kind="invite",
                payload={"to": user.email, **_render_email("invite", context)},
            )
        )
    outbox_add(messages)

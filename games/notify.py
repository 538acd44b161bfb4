"""What to tell whom: which players hear about a log entry, and what each may read.

A move that changes whose turn it is writes one ``TurnNotice`` in its transaction
(``turn_changed``); after the commit a worker (``announce_turn``) makes one
``notifications.contracts.Notice`` per recipient, its content built from the selectors for
the recipient's own seat, and hands them to ``notifications.notices.notice_send``, which
decides the channels and the time from the recipient's preferences and writes the outbox.
Clock news (reminders, vacation days, extensions) and invitations are handed over directly.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from datetime import datetime
from functools import partial
from typing import Any

from celery import shared_task
from django.conf import settings
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from notifications.contracts import Content, Email, Notice, OfferedMove, Push, ReplyOffer, WebhookEvent
from notifications.notices import notice_send

from .models import Match, Seat, TurnNotice
from .rows import insert_row, seats_with_players
from .selectors import (
    Viewer,
    engine_of,
    legal_moves_view,
    match_view,
    numbering,
    recent_log,
    seq_for,
    watching,
)
from .selectors import game_round as game_round_of
from .ui import boards as render

log = logging.getLogger(__name__)

RECENT_LOG = 8


def _url(path: str) -> str:
    return f"{settings.SITE_URL}{path}"


def email_context(
    match: Match, seat: Seat, seats: list[Seat], offered: Sequence[OfferedMove] | None = None
) -> dict[str, Any]:
    """What the email for ``seat`` shows: its own view of the board, its own moves (``offered``,
    when the caller has them already), the log.

    Plain JSON: it is stored in the outbox row and rendered by the worker.
    """
    viewer = Viewer.for_seat(match, seat.index)
    engine = engine_of(match)
    view = match_view(match, viewer, seats)
    board = view["view"]
    return {
        "match": view,
        "seat": seat.index,
        "seat_name": engine.seat_name(seat.index),
        "user": {"username": seat.player.username},
        "title": engine.title,
        "board_text": render.text_board(match.game, board) if board else "",
        "board_html": render.html_board(match.game, board) if board else "",
        **moves_context(offered_moves(match, viewer) if offered is None else offered),
        "log": [{"seq": e["seq"], "text": e["text"]} for e in recent_log(match, viewer, RECENT_LOG)],
        "url": _url(reverse("match", args=[match.pk])),
        "outcome_text": render.outcome_text(engine, match.outcome) if match.outcome else "",
        "deadline": local_time(seat.deadline, seat.user) if seat.deadline else "",
    }


def local_time(when: Any, user: Any) -> str:
    """A moment as the player reads it: their own timezone, named."""
    local = when.astimezone(user.tz)
    return f"{local:%a %d %b %Y %H:%M} ({user.timezone})"


# Kinds a player on the daily digest still gets at once: news about their own clock.
URGENT = frozenset({"reminder", "deadline_extended", "vacation_taken"})
# Kinds whose email lists the seat's moves: a reply to them can make a move (games/email_replies.py).
REPLYABLE = frozenset({"your_turn", "reminder"})
ORDERS = "orders"  # the move kind of standing orders in every game (engines.kit.orders)


def offered_moves(match: Match, viewer: Viewer) -> tuple[OfferedMove, ...]:
    """The seat's moves as an email lists them: the game's moves numbered 1, 2, ... in the
    engine's order; standing orders (often most of the list: every combination of settings)
    not numbered, named once by a line that says how to set them."""
    if match.is_over:
        return ()
    legal = legal_moves_view(match, viewer)
    out, n = [], 0
    for move, text in zip(legal["moves"], legal["notation"], strict=True):
        number = None
        if move.get("kind") != ORDERS:
            n += 1
            number = n
        out.append(OfferedMove(number, text, move))
    return tuple(out)


def moves_context(offered: Sequence[OfferedMove]) -> dict[str, Any]:
    """The list and the standing-orders line of an email's context."""
    orders = [m.text for m in offered if m.number is None]
    return {
        "moves": [[m.number, m.text] for m in offered if m.number is not None],
        "orders": {"count": len(orders), "example": orders[0]} if orders else None,
    }


def reply_offer(match: Match, seat: Seat, offered: Sequence[OfferedMove]) -> ReplyOffer | None:
    """What a reply to this email may do: make one of the offered moves while the seat is on turn."""
    if seat.index not in match.active_seats or not offered:
        return None
    # the seq the seat may know of (AS-SF-1.6: another's unseen steps do not count)
    seen = seq_for(match, seat.index)
    assert seat.user_id is not None  # a seat on turn has its player
    return ReplyOffer(match.pk, seat.index, seen, seat.user_id, tuple(offered))


def push_of(kind: str, context: dict[str, Any]) -> Push:
    """A short, redacted notification for a browser: built from the same context as the email."""
    match = context["match"]
    title = {
        "your_turn": f"Your turn: {context['title']} #{match['id']}",
        "match_over": f"Over: {context['title']} #{match['id']}",
        "reminder": f"Due soon: {context['title']} #{match['id']}",
        "deadline_extended": f"Extended: {context['title']} #{match['id']}",
        "vacation_taken": f"Vacation day: {context['title']} #{match['id']}",
    }.get(kind, f"{context['title']} #{match['id']}")
    if kind == "match_over":
        body = context.get("outcome_text", "")
    elif context.get("deadline"):
        body = f"Due {context['deadline']}"
    else:
        body = context["log"][-1]["text"] if context.get("log") else ""
    return Push(title=title, body=body, url=context["url"], tag=f"match-{match['id']}")


def notice_for(
    kind: str,
    match: Match,
    seat: Seat,
    seats: list[Seat],
    *,
    extra: dict[str, Any] | None = None,
    key_seq: int | None = None,
) -> Notice:
    """What one player is told about one event: the notice, its content built only if a
    channel wants it. ``key_seq`` (default: the match's seq) names the entry the notice is
    about in its key (as the seat numbers it), so that one event never gives a player two
    messages."""
    user = seat.player
    about = numbering(match, Viewer.for_seat(match, seat.index)).shown(
        match.seq if key_seq is None else key_seq
    )
    until = (extra or {}).get("until")
    key = f"{kind}:{match.pk}:{seat.index}:{until or about}:{user.pk}"

    def content() -> Content:
        offered = offered_moves(match, Viewer.for_seat(match, seat.index))
        context = email_context(match, seat, seats, offered) | (extra or {})
        offer = reply_offer(match, seat, offered) if kind in REPLYABLE else None
        return Content(email=Email(kind, context, reply=offer), push=push_of(kind, context))

    game_round = game_round_of(match) if kind == "your_turn" else None
    return Notice(
        user=user,
        kind=kind,
        key=key,
        content=content,
        urgent=kind in URGENT,
        until=datetime.fromisoformat(until) if until else None,
        round_key=None
        if game_round is None
        else f"{kind}:{match.pk}:{seat.index}:round-{game_round}:{user.pk}",
        watching=kind == "your_turn" and watching(seat),
    )


def turn_changed(match: Match, *, before: Sequence[int], after: Sequence[int]) -> None:
    """The entry just appended changed who is on turn, or ended the match: write one notice
    in the move's transaction and hand it to a worker once the move is committed. The
    recipients' outbox rows are written by ``announce``, off the request. Nothing is written
    when nobody new is on turn (a player of several finished their part)."""
    if not match.is_over and not set(after) - set(before):
        return
    notice = TurnNotice(
        match=match,
        seq=match.seq,
        kind=TurnNotice.Kind.MATCH_OVER if match.is_over else TurnNotice.Kind.YOUR_TURN,
        before=list(before),
        after=list(after),
        created_at=timezone.now(),
    )
    insert_row(notice)
    transaction.on_commit(partial(_publish_notice, notice.pk), robust=True)


def _publish_notice(pk: int) -> None:
    """The fast path after commit; if the broker is down, beat's sweep announces it later."""
    try:
        announce_turn.delay(pk)
    except Exception as exc:  # kombu raises OperationalError and friends
        log.warning("turn notice %s not queued (%s); the sweeper will announce it", pk, exc)


@shared_task(name="games.tasks.announce_turn", ignore_result=True)
def announce_turn(notice_id: int) -> bool:
    """Write the outbox rows of one turn notice (once, however often it is called)."""
    return announce(notice_id)


def announce(pk: int) -> bool:
    """Write the outbox rows of one notice, once: the claim (a conditional UPDATE) and the
    rows commit together, so a worker that dies half-way leaves the notice pending and a
    second worker finds it done. False if it was not pending."""
    with transaction.atomic():
        claimed = TurnNotice.objects.filter(pk=pk, status=TurnNotice.Status.PENDING).update(
            status=TurnNotice.Status.DONE, done_at=timezone.now()
        )
        if claimed != 1:
            return False
        notice = TurnNotice.objects.get(pk=pk)
        match = Match.objects.get(pk=notice.match_id)
        after_entry(match, notice, seats_with_players(match.pk))
    return True


def after_entry(match: Match, notice: TurnNotice, seats: list[Seat]) -> None:
    """Tell whoever's turn it became, or everyone that the match is over.

    Each message shows the match as it stands when it is written, seen from the recipient's
    seat. If the match moved on since the notice (seldom: a worker was slow), "your turn"
    goes only to those still on turn, and not at all once the match is over (its own notice
    says so)."""
    if notice.kind == TurnNotice.Kind.MATCH_OVER:
        to = [s for s in seats if s.user_id]
    else:
        if match.is_over:
            return
        newly = set(notice.after) - set(notice.before)
        if match.seq != notice.seq:
            newly &= set(match.active_seats)
        to = [s for s in seats if s.index in newly and s.user_id]
    kind = notice.kind
    notices = [notice_for(kind, match, s, seats, key_seq=notice.seq) for s in to]
    events = []
    if to:
        events.append(
            WebhookEvent(
                kind,
                webhook_event(match, to),
                tuple(s.user_id for s in to if s.user_id is not None),
                tuple(s.user_id for s in seats if s.user_id),
            )
        )
    notice_send(notices, events)


def webhook_event(match: Match, to: Sequence[Seat]) -> dict[str, Any]:
    """What a webhook may say: public facts only (a club channel is public)."""
    engine = engine_of(match)
    event: dict[str, Any] = {
        "match_id": match.pk,
        "seq": seq_for(match, None),  # as a spectator numbers the log
        "game": engine.title,
        "url": _url(reverse("match", args=[match.pk])),
    }
    if match.is_over:
        event["outcome"] = render.outcome_text(engine, match.outcome) if match.outcome else ""
    else:
        event["to_move"] = [{"seat": engine.seat_name(s.index), "username": s.player.username} for s in to]
    return event


def clock_message(kind: str, match: Match, seat: Seat, extra: dict[str, Any]) -> None:
    """A reminder before a deadline, or news that the clock moved (vacation, extension)."""
    seats = list(match.seats.select_related("user", "user__prefs").order_by("index"))
    seat = next(s for s in seats if s.index == seat.index)
    notice_send([notice_for(kind, match, seat, seats, extra=extra)])


def _invite_content(context: dict[str, Any]) -> Content:
    return Content(email=Email("invite", context))


def invitations(match: Match, reserved: Mapping[int, Any]) -> None:
    """An invitation is not urgent: only players who want email at once get one (the others
    see it on their home page), and never during their quiet hours."""
    engine = engine_of(match)
    notices = []
    for index, user in reserved.items():
        context = {
            "match": {"id": match.pk},
            "title": engine.title,
            "seat_name": engine.seat_name(index),
            "host": match.created_by.username,
            "user": {"username": user.username},
            "url": _url(reverse("match", args=[match.pk])),
        }
        notices.append(
            Notice(
                user=user,
                kind="invite",
                key=f"invite:{match.pk}:{user.pk}",
                content=partial(_invite_content, context),
            )
        )
    notice_send(notices)

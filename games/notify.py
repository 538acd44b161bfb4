"""Which players hear about a log entry, and what each may read: outbox rows, already redacted.

A move that changes whose turn it is writes one ``TurnNotice`` in its transaction
(``turn_changed``); after the commit a worker turns it into outbox rows (``announce``). Each
row holds the email template's name and a JSON context built from the selectors for the
recipient's own seat; the worker renders and sends it (notifications.rendering). Clock news
(reminders, vacation days, extensions) and invitations are written directly.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from accounts.models import NotificationPrefs, prefs_of
from notifications.models import Outbox
from notifications.replyaddr import reply_address
from notifications.services import Message, outbox_add
from notifications.webhooks import webhook_messages

from .models import Match, Seat, TurnNotice
from .rows import insert_row, seats_with_players
from .selectors import Viewer, engine_of, legal_moves_view, match_view, recent_log
from .ui import boards as render

log = logging.getLogger(__name__)

RECENT_LOG = 8
Mode = NotificationPrefs.Mode


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


# Kinds a player on the daily digest still gets at once: news about their own clock.
URGENT = frozenset({"reminder", "deadline_extended", "vacation_taken"})
# Kinds whose email lists the seat's moves: a reply to them can make a move (games/email_replies.py).
REPLYABLE = frozenset({"your_turn", "reminder"})


def push_payload(kind: str, context: dict[str, Any]) -> dict[str, Any]:
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
    return {"title": title, "body": body, "url": context["url"], "tag": f"match-{match['id']}"}


def messages_for(
    kind: str,
    match: Match,
    seat: Seat,
    seats: list[Seat],
    *,
    extra: dict[str, Any] | None = None,
    key_seq: int | None = None,
) -> list[Message]:
    """The outbox rows for one player and one event, on the channels their preferences ask
    for. ``key_seq`` (default: the match's seq) names the entry the message is about in its
    dedupe key, so that one event never gives a player two messages."""
    user = seat.user
    prefs = prefs_of(user)
    wanted = {
        channel
        for channel, mode in (("email", prefs.email), ("push", prefs.push))
        if mode == Mode.IMMEDIATE or (kind in URGENT and mode != Mode.OFF)
    }
    if not user.email:
        wanted.discard("email")
    if "push" in wanted:
        has_push = getattr(seat, "has_push", None)  # read with the seats by games.rows
        if not (user.push_subscriptions.exists() if has_push is None else has_push):
            wanted.discard("push")
    if not wanted:
        return []
    context = email_context(match, seat, seats) | (extra or {})
    about = match.seq if key_seq is None else key_seq
    key = f"{kind}:{match.pk}:{seat.index}:{extra.get('until', about) if extra else about}:{user.pk}"
    later = prefs.quiet_until(timezone.now())
    # News about a deadline that quiet hours would hold past that deadline goes out now.
    if (
        later is not None
        and kind in URGENT
        and "until" in (extra or {})
        and later >= datetime.fromisoformat(extra["until"])
    ):
        later = None
    out = []
    if "email" in wanted:
        payload = {"to": user.email, "template": kind, "context": context}
        if kind in REPLYABLE and seat.index in match.active_seats and context["moves"]:
            address = reply_address(match.pk, seat.index, match.seq, user.pk)
            if address:  # None when reply by email is off
                payload["reply_to"] = address
        out.append(Message(f"{key}:email", user.pk, kind, payload, Outbox.Channel.EMAIL, later))
    if "push" in wanted:
        out.append(
            Message(f"{key}:push", user.pk, kind, push_payload(kind, context), Outbox.Channel.PUSH, later)
        )
    return out


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
    transaction.on_commit(lambda pk=notice.pk: _publish_notice(pk), robust=True)


def _publish_notice(pk: int) -> None:
    """The fast path after commit; if the broker is down, beat's sweep announces it later."""
    from .tasks import announce_turn

    try:
        announce_turn.delay(pk)
    except Exception as exc:  # kombu raises OperationalError and friends
        log.warning("turn notice %s not queued (%s); the sweeper will announce it", pk, exc)


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
    messages = [m for s in to for m in messages_for(kind, match, s, seats, key_seq=notice.seq)]
    if to:
        messages += webhook_messages(
            [s.user_id for s in to],
            kind,
            webhook_event(match, to),
            club_user_ids=[s.user_id for s in seats if s.user_id],
        )
    outbox_add(messages)


def webhook_event(match: Match, to: Sequence[Seat]) -> dict[str, Any]:
    """What a webhook may say: public facts only (a club channel is public)."""
    engine = engine_of(match)
    event: dict[str, Any] = {
        "match_id": match.pk,
        "seq": match.seq,
        "game": engine.title,
        "url": _url(reverse("match", args=[match.pk])),
    }
    if match.is_over:
        event["outcome"] = render.outcome_text(engine, match.outcome) if match.outcome else ""
    else:
        event["to_move"] = [{"seat": engine.seat_name(s.index), "username": s.user.username} for s in to]
    return event


def clock_message(kind: str, match: Match, seat: Seat, extra: dict[str, Any]) -> None:
    """A reminder before a deadline, or news that the clock moved (vacation, extension)."""
    seats = list(match.seats.select_related("user", "user__prefs").order_by("index"))
    seat = next(s for s in seats if s.index == seat.index)
    outbox_add(messages_for(kind, match, seat, seats, extra=extra))


def invitations(match: Match, reserved: Mapping[int, Any]) -> None:
    engine = engine_of(match)
    messages = []
    for index, user in reserved.items():
        prefs = prefs_of(user)
        # An invitation is not urgent: only players who want email at once get one (the
        # others see it on their home page), and never during their quiet hours.
        if not user.email or prefs.email != Mode.IMMEDIATE:
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
                available_at=prefs.quiet_until(timezone.now()),
            )
        )
    outbox_add(messages)

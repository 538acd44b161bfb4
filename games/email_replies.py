"""Moves by email: what a reply to a "your turn" email means.

notifications.inbound receives the mail and notifications.replies, which checks nothing
about games, calls
:func:`handle` (registered at start-up in games/apps.py). The reply address names the
match, seat, move and player (notifications.replyaddr); the reply's own first lines are
moves: a number from the emailed list (first line only: the list belongs to that move)
or the engine's notation. Each goes through ``move_submit``, in order, and the first
error stops the rest. The answer is built only from the replying seat's own view.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from django.conf import settings
from django.urls import reverse

from accounts.errors import DomainError
from notifications.contracts import ReplyOffer
from notifications.notices import offer_reply
from notifications.replies import Answer, Reply, Status
from notifications.replyaddr import ReplyToken

from . import notify
from .engines.base import Invalid, Move
from .errors import Conflict
from .models import Match, Seat
from .play import check_current, services
from .selectors import Viewer, engine_of, log_view, seq_for

log = logging.getLogger(__name__)

MAX_MOVES = 10
_NUMBER = re.compile(r"^#?(\d{1,4})[.)]?$")
APPLIED, REFUSED = Status.APPLIED, Status.REFUSED

BAD_ADDRESS = (
    "This reply went to an address that Starpost did not give out, or that was changed on "
    "the way, so it cannot carry a move. Reply to the latest email about your match, or play on the web."
)
OLD_ADDRESS = (
    "This reply address is no longer valid for a move (the seat it was made for has changed). "
    "Play on the web, or reply to the next email about your match."
)
WRONG_SENDER = (
    "A reply to your email came from {sender}, not from the address the email was sent to, so no "
    "move was made. If it was you, reply from the address you play with, or play on the web."
)


def handle(reply: Reply) -> Answer:
    """Check the reply address and the sender, then submit the reply's moves in order."""
    token = reply.token
    if token is None:
        log.info("reply %s: bad reply address %r", reply.inbound_id, reply.recipient)
        return _refused("bad_reply_address", BAD_ADDRESS)
    seat = (
        Seat.objects.select_related("match", "user").filter(match_id=token.match_id, index=token.seat).first()
    )
    if seat is None or seat.user_id is None or seat.user_id != token.user_id:
        return _refused("bad_reply_address", OLD_ADDRESS)
    user = seat.player
    if not reply.sender or reply.sender != (user.email or "").strip().lower():
        # Told to the player the address was made for (never to the From): someone has it.
        log.warning("reply %s: from %r for user %s", reply.inbound_id, reply.sender, user.pk)
        sender = reply.sender or "an address we could not read"
        return _refused(
            "wrong_sender",
            WRONG_SENDER.format(sender=sender),
            result=f"from {reply.sender or '(no single From)'}",
        )
    return _play(reply, token, seat.match, seat)


def _refused(code: str, message: str, *, result: str = "") -> Answer:
    context = {"result": "refused", "error": {"code": code, "message": message}, "url": settings.SITE_URL}
    return Answer(REFUSED, code, result or message, context)


def _play(reply: Reply, token: ReplyToken, match: Match, seat: Seat) -> Answer:
    error: dict[str, str] | None
    user = seat.user
    engine = engine_of(match)
    if match.status != Match.Status.ACTIVE:
        error = _error("", "match_over", "This match is over: no more moves can be made.")
        return _answer(match, seat, token, [], error)
    # The one staleness rule: the reply still answers the turn the player is on when only
    # the others moved since and the player's moves are still the ones the email listed
    # (a phase everyone plays at once, each on their own board); its numbers then still
    # mean the same moves.
    offer = reply.offer if reply.offer is not None and reply.offer.seq == token.seq else None
    try:
        check_current(match, seat.index, token.seq, listed=offer.listed if offer else ())
    except Conflict:
        error = _error(
            "",
            "stale_reply",
            f"This email was about move {token.seq}; the match is now at move {seq_for(match, seat.index)}. "
            "Look at the match as it is now and send your move again.",
        )
        return _answer(match, seat, token, [], error)
    if not reply.lines:
        error = _error(
            "",
            "empty_reply",
            "No move was found at the top of your reply. Write a move number from the list, "
            "or one move per line, above the quoted email.",
        )
        return _answer(match, seat, token, [], error)
    applied: list[dict[str, Any]] = []
    error = None
    for i, line in enumerate(reply.lines[:MAX_MOVES]):
        move = _read(line, i, match, seat.index, engine, offer)
        if isinstance(move, Invalid):
            error = _error(line, move.code, move.message)
            break
        try:
            result = services.move_submit(
                match_id=match.pk,
                user=user,
                expected_seq=seq_for(match, seat.index),
                move=move,
                idempotency_key=f"email:{reply.inbound_id}:{i}",
                source="email",
            )
        except DomainError as exc:
            error = _error(line, exc.code, exc.message)
            break
        applied.append({"line": line, "text": _notation(engine, move), "seq": result.seq})
        match.refresh_from_db()
    ignored = len(reply.lines) - MAX_MOVES if error is None and len(reply.lines) > MAX_MOVES else 0
    return _answer(match, seat, token, applied, error, ignored=ignored)


def _read(
    line: str, i: int, match: Match, seat: int, engine: Any, offer: ReplyOffer | None
) -> dict[str, Any] | Invalid:
    """A line of the reply as a move: a number from the emailed list, or notation."""
    number = _NUMBER.match(line)
    if number:
        if i > 0:
            return Invalid(
                "bad_move_number",
                "A move number only works on the first line: the numbers belong to the list in the "
                "email you replied to. Write the moves after the first one in notation.",
            )
        n = int(number[1])
        # The list the email showed (the reply is current, so when it is unknown the list
        # the seat would be emailed now is the same one).
        offered = (
            offer.moves if offer is not None else notify.offered_moves(match, Viewer.for_seat(match, seat))
        )
        numbered = [m for m in offered if m.number is not None]
        found = next((m for m in numbered if m.number == n), None)
        if found is None:
            listed = f"1 to {len(numbered)}" if numbered else "none: you have no numbered moves now"
            return Invalid("bad_move_number", f"There is no move {n} in the list (the numbers are {listed}).")
        return dict(found.move)
    parsed = engine.parse(line, engine.load(match.state), seat)
    return parsed if isinstance(parsed, Invalid) else parsed.to_json()


def _notation(engine: Any, move: dict[str, Any]) -> str:
    """How the engine writes the move: "end" for a reply that said "2"."""
    parsed = Move.from_json(move)
    return engine.notation(parsed) if isinstance(parsed, Move) else str(move)


def _error(line: str, code: str, message: str) -> dict[str, str]:
    return {"line": line, "code": code, "message": message}


def _answer(
    match: Match,
    seat: Seat,
    token: ReplyToken,
    applied: list[dict[str, Any]],
    error: dict[str, str] | None,
    *,
    ignored: int = 0,
) -> Answer:
    """The email to the player: what went in, what did not and why, and their moves now."""
    match.refresh_from_db()
    seats = list(match.seats.select_related("user", "invited", "user__prefs").order_by("index"))
    me = next(s for s in seats if s.index == seat.index)
    viewer = Viewer.for_seat(match, seat.index)
    offered = notify.offered_moves(match, viewer)
    context = notify.email_context(match, me, seats, offered)
    on_turn = match.status == Match.Status.ACTIVE and seat.index in match.active_seats
    offer = notify.reply_offer(match, me, offered) if on_turn else None
    if not on_turn:
        context |= {"moves": [], "orders": None}
    context |= {
        "result": "refused" if not applied else "partial" if error else "applied",
        "applied": applied,
        "happened": [e["text"] for e in log_view(match, viewer, after=token.seq, limit=30)]
        if applied
        else [],
        "error": error,
        "ignored": ignored,
        "your_turn": on_turn,
        "was_seq": token.seq,
        "url": settings.SITE_URL + reverse("match", args=[match.pk]),
    }
    fresh = offer_reply(offer) if offer is not None else None
    done = "; ".join(a["text"] for a in applied)
    summary = f"applied {len(applied)}: {done}" if applied else "nothing applied"
    if error:
        summary += f"; {error['code']}" + (f" at {error['line'][:60]!r}" if error["line"] else "")
    return Answer(
        status=APPLIED if applied else REFUSED,
        code=error["code"] if error else "",
        result=summary,
        context=context,
        user_id=seat.user_id,
        reply_to=fresh,
    )

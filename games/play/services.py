"""Every write to a match goes through here: create, join, move, resign (ARCHITECTURE §3).

``move_submit`` is the ONE way a move enters a match, for the web, the API, email replies,
saved force lists, timeouts and bots. Each service locks the match row (games.play.locking),
checks (games.play.checks), writes the log entry and the cached state and the turn notice,
and commits; nothing slow happens inside the transaction (notifications leave after the
commit).
"""

from __future__ import annotations

import logging
import secrets as pysecrets
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone

from .. import clock, notify
from ..engines.base import Engine, Invalid, Move, Step
from ..engines.dice import Dice, commitment
from ..errors import BadRequest, Conflict, EngineFault, Forbidden, IllegalMove
from ..models import CLOCK, FORFEIT, RESIGN, LogEntry, Match, Seat
from ..movelimits import invite_rate_check, move_rate_check
from ..selectors import Numbering, Viewer, numbering, seq_for
from . import concessions
from .checks import cancelled, check_current, check_in_play, check_rules_version, check_seat
from .inputs import (
    engine_for,
    expected_seq_checked,
    idempotency_key_checked,
    options_validate,
    salt_checked,
)
from .locking import match_lock, match_pk
from .log import append_entry, rules_continued
from .turns import Position, position_after, settle, start

log = logging.getLogger(__name__)
User = get_user_model()

PLAYER_SOURCES = frozenset({"web", "api", "email"})
"""Moves a player sends one at a time: counted against the per-player move limits
(games.movelimits), whichever way they came in. A saved force list is one request of many
build moves; the server's own moves (timeouts, bots) are not limited."""

__all__ = [
    "MoveResult",
    "clock_note",
    "engine_for",
    "match_create",
    "match_forfeit",
    "match_join",
    "match_resign",
    "move_submit",
    "moves_submit",
    "options_validate",
]


@dataclass(frozen=True)
class MoveResult:
    seq: int
    replayed: bool = False


# -- create / join ------------------------------------------------------------------------


def match_create(
    *,
    user: Any,
    game: str,
    options: Any = None,
    seats: Any = None,
    invite: Any = (),
    seat: Any = None,
    salt: Any = "",
    time_control: Any = None,
) -> Match:
    """Open a match of ``game``; the creator takes a seat, invited players get theirs reserved."""
    engine = engine_for(game)
    clock_fields = clock.time_control_fields(clock.time_control_validate(time_control))
    n = engine.min_seats if seats is None else seats
    if not isinstance(n, int) or isinstance(n, bool) or not engine.min_seats <= n <= engine.max_seats:
        span = (
            f"{engine.min_seats}"
            if engine.min_seats == engine.max_seats
            else f"{engine.min_seats} to {engine.max_seats}"
        )
        raise BadRequest("invalid_seats", f"{engine.title} is played by {span} players.")
    opts = options_validate(engine, options)
    if invite is None:
        invite = []
    if not isinstance(invite, list | tuple) or not all(isinstance(u, str) for u in invite):
        raise BadRequest("bad_invite", "invite is a list of usernames.")
    names = [u.strip() for u in invite if u.strip()]
    if len({u.lower() for u in names}) != len(names):
        raise BadRequest("bad_invite", "A player is invited twice.")
    if len(names) > n - 1:
        raise BadRequest("too_many_invites", f"This match has {n} seats: invite at most {n - 1} players.")
    invitees = []
    for name in names:
        if name.lower() == user.username.lower():
            raise BadRequest("bad_invite", "You take a seat yourself; invite the other players.")
        found = User.objects.filter(username__iexact=name).first()
        if found is None:
            raise BadRequest("unknown_user", f"There is no player called {name!r}.")
        invitees.append(found)
    invite_rate_check(user=user, count=len(invitees))
    own = 0 if seat is None else seat
    if not isinstance(own, int) or isinstance(own, bool) or not 0 <= own < n:
        raise BadRequest("bad_seat", f"Choose a seat from 0 to {n - 1}.")
    salt = salt_checked(salt)
    seed = pysecrets.token_bytes(32)
    with transaction.atomic():
        match = Match.objects.create(
            game=engine.key,
            engine_version=engine.version,
            options=opts,
            num_seats=n,
            seed=seed,
            seed_commitment=commitment(seed),
            created_by=user,
            **clock_fields,
        )
        others = iter(i for i in range(n) if i != own)
        reserved = {next(others): invitee for invitee in invitees}
        Seat.objects.bulk_create(
            [
                Seat(
                    match=match,
                    index=i,
                    user=user if i == own else None,
                    invited=reserved.get(i),
                    salt=salt if i == own else "",
                    joined_at=timezone.now() if i == own else None,
                )
                for i in range(n)
            ]
        )
        notify.invitations(match, reserved)
        if n == 1:
            start(match, engine)
    return match


def match_join(*, user: Any, match_id: Any, seat: Any = None, salt: Any = "") -> Match:
    """Take a seat (the one reserved for you, the one asked for, or the first free one)."""
    salt = salt_checked(salt)
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
        raise BadRequest("bad_seat", "seat is a seat number.")
    with transaction.atomic():
        match = match_lock(match_id)
        if match.status == Match.Status.CANCELLED:
            raise cancelled(match)
        if match.status != Match.Status.OPEN:
            raise Conflict(
                "match_full",
                "This match has started: all its seats are taken.",
                seq=seq_for(match, _seat_of(match, user)),
            )
        seats = list(match.seats.all())
        if any(s.user_id == user.pk for s in seats):
            raise Conflict("already_seated", "You already have a seat in this match.", seq=match.seq)
        free = [s for s in seats if s.user_id is None]
        mine = [s for s in free if s.invited_id == user.pk]
        if seat is not None:
            chosen = next((s for s in seats if s.index == seat), None)
            if chosen is None:
                raise BadRequest("bad_seat", f"Choose a seat from 0 to {match.num_seats - 1}.")
            if chosen.user_id is not None:
                raise Conflict("seat_taken", f"Seat {seat} is taken.", seq=match.seq)
            if chosen.invited_id not in (None, user.pk):
                raise Forbidden("seat_reserved", f"Seat {seat} is reserved for an invited player.")
        elif mine:
            chosen = mine[0]
        else:
            open_seats = [s for s in free if s.invited_id is None]
            if not open_seats:
                raise Conflict("match_full", "No seat in this match is free for you.", seq=match.seq)
            chosen = open_seats[0]
        chosen.user = user
        chosen.salt = salt
        chosen.joined_at = timezone.now()
        chosen.save(update_fields=["user", "salt", "joined_at"])
        if all(s.user_id is not None for s in seats):
            start(match, engine_for(match.game))
        else:
            match.save(update_fields=["updated_at"])
    return match


# -- moves --------------------------------------------------------------------------------


def move_submit(
    *,
    match_id: Any,
    user: Any,
    expected_seq: Any,
    move: Any,
    idempotency_key: str | None = None,
    source: str = "api",
    system_seat: int | None = None,
) -> MoveResult:
    """Validate ``move`` for the user's seat against the match as of ``expected_seq`` and
    append it. The match row is locked for the check and the write. A repeated request
    (same idempotency key, or the identical move at the same expected_seq) returns the
    original answer instead of a second entry.

    The server itself moves for a seat (a timeout) with ``user=None, system_seat=N``.
    Conceding is a move too: ``{"kind": "resign"}`` by a player, ``{"kind": "forfeit"}`` by
    the server; they need no ``expected_seq`` (None: whatever the match is at).
    """
    concession = isinstance(move, Mapping) and move.get("kind") in concessions.KINDS
    if not (concession and expected_seq is None):
        expected_seq = expected_seq_checked(expected_seq)
    idempotency_key = idempotency_key_checked(idempotency_key)
    parsed = Move.from_json(move)
    if isinstance(parsed, Invalid):
        raise BadRequest(parsed.code, parsed.message)
    if concession:
        parsed = concessions.server_kind(parsed, system=user is None and system_seat is not None)
    try:
        return _move_submit(match_id, user, expected_seq, parsed, idempotency_key, source, system_seat)
    except IntegrityError as exc:
        # The unique keys (match, seq) and (match, seat, idempotency key) are the last line
        # of defence: a concurrent request won; the client reloads (and replays its key).
        now_at = _seq_now(match_id, user, system_seat)
        raise Conflict("stale_seq", "Another move was recorded first: reload the match.", seq=now_at) from exc


def _seq_now(match_id: Any, user: Any, system_seat: int | None) -> int | None:
    """The match's seq as the mover may read it now (outside the failed transaction)."""
    match = Match.objects.filter(pk=match_pk(match_id)).first()
    if match is None:
        return None
    seat = system_seat if user is None else _seat_of(match, user)
    return seq_for(match, seat)


def _seat_of(match: Match, user: Any) -> int | None:
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return match.seats.filter(user=user).values_list("index", flat=True).first()


def _move_submit(
    match_id: Any,
    user: Any,
    expected_seq: int | None,
    parsed: Move,
    idempotency_key: str | None,
    source: str,
    system_seat: int | None,
) -> MoveResult:
    move_json = parsed.to_json()
    with transaction.atomic():
        match = match_lock(match_id, viewer=user)
        seat = check_seat(match, user, system_seat)
        # Seqs in and out are the seat's own numbering of the log (AS-SF-1.6).
        numbers = numbering(match, Viewer.for_seat(match, seat))
        shown = numbers.shown
        if idempotency_key is not None:
            earlier = LogEntry.objects.filter(match=match, seat=seat, idempotency_key=idempotency_key).first()
            if earlier is not None:
                if earlier.move != move_json:
                    raise Conflict(
                        "idempotency_key_reused",
                        "This Idempotency-Key was already used for a different move.",
                        seq=shown(match.seq),
                    )
                return MoveResult(shown(earlier.seq), replayed=True)
        if expected_seq is not None:
            twin = check_current(match, seat, expected_seq, move=move_json, numbers=numbers)
            if twin is not None:
                return MoveResult(twin, replayed=True)
        if source in PLAYER_SOURCES:  # under the lock: two requests at once cannot both pass
            move_rate_check(match_id=match.pk, user=user, move=move_json)
        check_in_play(match)
        if parsed.kind in (RESIGN, FORFEIT):
            return MoveResult(
                shown(
                    concessions.concede(
                        match, seat, user=user, move=move_json, source=source, key=idempotency_key
                    )
                )
            )
        if parsed.kind == CLOCK:
            return MoveResult(shown(concessions.clock_note(match, seat, move_json, source)))
        engine = engine_for(match.game)
        check_rules_version(match, engine, at=shown(match.seq))
        before = list(match.active_seats)
        after = _entry_play(match, engine, seat, user, parsed, source, idempotency_key, numbers=numbers)
        settle(match, after, before)
        return MoveResult(shown(match.seq))


def _entry_play(
    match: Match,
    engine: Engine,
    seat: int,
    user: Any,
    parsed: Move,
    source: str,
    idempotency_key: str | None,
    refused: str = "",
    at: datetime | None = None,
    *,
    numbers: Numbering,
) -> Position:
    """Apply one checked move with the dice of its entry and append the entry; the caller
    holds the match lock and settles the position. ``refused`` goes before a refusal's words;
    its seq is in the mover's ``numbers``."""
    assert match.dice_seed is not None  # set when the match started (check_in_play)
    seen = numbers.shown(match.seq)
    dice = Dice(bytes(match.dice_seed), match.seq + 1)
    result, after = _engine_apply(match, engine, seat, parsed, dice, seen)
    if isinstance(result, Invalid):
        if result.code == "not_your_turn":
            raise Conflict("not_your_turn", refused + result.message, seq=seen)
        raise IllegalMove(result.code, refused + result.message, seq=seen)
    rules_continued(match, engine)
    append_entry(
        match,
        seat=seat,
        user=user,
        move=parsed.to_json(),
        step_events=result.events,
        move_audience=result.move_audience,
        draws=dice.draws,
        source=source,
        idempotency_key=idempotency_key,
        at=at,
    )
    assert after is not None  # a Step always has its position
    return after


MOST_MOVES_AT_ONCE = 40
"""Moves one request may play in a row (a unit's whole movement is well under this)."""


def moves_submit(
    *, match_id: Any, user: Any, expected_seq: Any, moves: Any, source: str = "api"
) -> MoveResult:
    """Play ``moves`` for the user's seat one after another, as ``move_submit`` plays one,
    holding the match lock once: each is its own validated entry; if any is refused nothing
    is recorded. The clocks run and the turn notice is written once, for the position after
    the last (a unit's whole movement, picked as one destination, tells the next player once)."""
    expected_seq = expected_seq_checked(expected_seq)
    if not isinstance(moves, list) or not 1 <= len(moves) <= MOST_MOVES_AT_ONCE:
        raise BadRequest("bad_moves", f"Send a list of 1 to {MOST_MOVES_AT_ONCE} moves to play in order.")
    parsed = []
    for raw in moves:
        move = Move.from_json(raw)
        if isinstance(move, Invalid):
            raise BadRequest(move.code, move.message)
        if move.kind in concessions.KINDS or move.kind == CLOCK:
            raise BadRequest("bad_moves", "Resigning is a move of its own, never one of a list of moves.")
        parsed.append(move)
    try:
        with transaction.atomic():
            match = match_lock(match_id, viewer=user)
            seat = check_seat(match, user, None)
            numbers = numbering(match, Viewer.for_seat(match, seat))  # seqs in and out: the seat's
            check_current(match, seat, expected_seq, numbers=numbers)
            if source in PLAYER_SOURCES:  # one request: counted once
                move_rate_check(match_id=match.pk, user=user, move=parsed[0].to_json())
            check_in_play(match)
            engine = engine_for(match.game)
            check_rules_version(match, engine, at=numbers.shown(match.seq))
            before = list(match.active_seats)
            after: Position | None = None
            at = timezone.now()  # one request, one instant: the move limit counts it once
            for i, move in enumerate(parsed):
                words = f"Move {i + 1} of {len(parsed)} ({engine.notation(move)}) was refused, so none was played: "
                after = _entry_play(
                    match, engine, seat, user, move, source, None, refused=words, at=at, numbers=numbers
                )
                match.state = after.state  # the next move is played on this position
            assert after is not None
            settle(match, after, before)
            return MoveResult(numbers.shown(match.seq))
    except IntegrityError as exc:
        now_at = _seq_now(match_id, user, None)
        raise Conflict("stale_seq", "Another move was recorded first: reload the match.", seq=now_at) from exc


def _engine_apply(
    match: Match, engine: Engine, seat: int, move: Move, dice: Dice, at: int
) -> tuple[Step | Invalid, Position | None]:
    """The engine's answer to the move and the position after it. An exception here is a
    bug in the engine: it is logged and the move refused with nothing written, so the
    match stays as it was and playable."""
    try:
        assert match.state is not None  # the match is in play (the caller checked)
        state = engine.load(match.state)
        result = engine.apply(state, seat, move, dice)
        return result, (None if isinstance(result, Invalid) else position_after(engine, result.state))
    except Exception as exc:
        log.exception(
            "engine fault: %s v%s, match %s at seq %s, seat %s, move %s",
            engine.key,
            engine.version,
            match.pk,
            match.seq,
            seat,
            move.to_json(),
        )
        raise EngineFault(
            "engine_fault",
            "The server could not apply this move: the rules engine failed on it. Nothing was "
            "recorded and the match is as it was; the fault is logged for the maintainers. "
            "Choose another move, or try this one again later.",
            seq=at,
        ) from exc


def match_resign(*, match_id: Any, user: Any, expected_seq: Any = None) -> MoveResult:
    """Concede: the log records it and the other players win (through ``move_submit``)."""
    return move_submit(match_id=match_id, user=user, expected_seq=expected_seq, move={"kind": RESIGN})


def match_forfeit(*, match_id: Any, seat: int, reason: str = "timeout") -> MoveResult:
    """The server ends the match against ``seat`` (its time ran out and the policy says so)."""
    return move_submit(
        match_id=match_id,
        user=None,
        system_seat=seat,
        expected_seq=None,
        move={"kind": FORFEIT, "reason": reason},
        source="timeout",
    )


def clock_note(*, match_id: Any, seat: int, action: str) -> MoveResult:
    """Log that ``seat``'s deadline passed and the server moved its clock instead of
    playing for it: its one extension (``"extend"``) or a vacation day (``"vacation"``)."""
    return move_submit(
        match_id=match_id,
        user=None,
        system_seat=seat,
        expected_seq=None,
        move={"kind": CLOCK, "action": action},
        source="timeout",
    )

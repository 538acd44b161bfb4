"""What the server does when a deadline passes or nears, and when a player's vacations change.

The beat sweeper (games.tasks.sweep_deadlines) finds the seats past due (games.clock) and
hands each to ``match_timeout_apply``, which locks the match and re-checks, so two sweepers
running at once handle each deadline once. Every entry it writes goes through
``move_submit``.
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from accounts.errors import AccountError
from accounts.services import vacation_days_left, vacation_take

from .. import clock, notify
from ..models import Match, Seat
from ..selectors import seq_for
from .inputs import engine_for
from .locking import match_lock
from .services import clock_note, match_forfeit, move_submit

log = logging.getLogger(__name__)

# A turn of many granular moves (placing dice, one fire decision per weapon group) is played
# out by default moves; this many is far more than any turn of the four games needs.
MAX_DEFAULT_MOVES = 200


def match_timeout_apply(
    *, match_id: int, seat_index: int, deadline: datetime, now: datetime | None = None
) -> str:
    """Apply the match's policy to one missed deadline; a no-op if it was handled already.

    Order: a day from the player's vacation bank if they allow it, then the match's
    policy (one extension, the game's default move, or forfeit).
    """
    now = now or timezone.now()
    with transaction.atomic():
        match = match_lock(match_id)
        seat = match.seats.select_related("user").get(index=seat_index)
        if (
            match.status != Match.Status.ACTIVE
            or not seat.awaiting
            or seat.deadline != deadline
            or deadline > now
        ):
            return "skipped"
        user = seat.user
        assert user is not None  # every seat of a match in play has its player
        if user.auto_vacation and vacation_days_left(user, deadline) > 0:
            try:
                vacation_take(user, start=deadline, days=1, auto=True)
            except AccountError as exc:  # the run of vacation days is at its limit
                log.info("no auto-vacation for %s: %s", user, exc.message)
            else:
                seat.deadline = clock.seat_deadline(match, seat)
                seat.save(update_fields=["deadline"])
                _match_deadline_store(match)
                clock_note(match_id=match.pk, seat=seat_index, action="vacation")
                match.refresh_from_db()
                if seat.deadline and seat.deadline > now:
                    notify.clock_message("vacation_taken", match, seat, {"until": seat.deadline.isoformat()})
                    return "vacation"
        if match.timeout_policy == Match.Timeout.EXTEND and not seat.extension_used:
            seat.extension_used = True
            seat.deadline = clock.due(deadline, clock.time_control_of(match), user.tz) or deadline
            seat.save(update_fields=["extension_used", "deadline"])
            _match_deadline_store(match)
            clock_note(match_id=match.pk, seat=seat_index, action="extend")
            match.refresh_from_db()
            notify.clock_message("deadline_extended", match, seat, {"until": seat.deadline.isoformat()})
            return "extended"
        if match.timeout_policy != Match.Timeout.FORFEIT and _play_defaults(match, seat_index, deadline):
            return "moved"
        match_forfeit(match_id=match.pk, seat=seat_index, reason="timeout")
        return "forfeit"


def timeout_move_for(match: Match, seat: int) -> dict[str, Any] | None:
    """The game's default move for a seat whose time ran out, if it has one now."""
    engine = engine_for(match.game)
    assert match.state is not None  # the match is in play (the caller checked)
    move = engine.timeout_move(engine.load(match.state), seat)
    return None if move is None else move.to_json()


def _play_defaults(match: Match, seat: int, deadline: datetime) -> bool:
    """Play the game's default moves for ``seat`` until it is no longer on turn; False if
    the game has none for it now (the caller forfeits). The caller holds the match lock."""
    moved = 0
    while moved < MAX_DEFAULT_MOVES and match.status == Match.Status.ACTIVE and seat in match.active_seats:
        move = timeout_move_for(match, seat)
        if move is None:
            break
        move_submit(
            match_id=match.pk,
            user=None,
            system_seat=seat,
            expected_seq=seq_for(match, seat),
            move=move,
            idempotency_key=f"timeout:{deadline.isoformat()}:{match.seq}",
            source="timeout",
        )
        moved += 1
        match.refresh_from_db()
    if moved and match.status == Match.Status.ACTIVE and seat in match.active_seats:
        log.warning("match %s seat %s still on turn after %s default moves", match.pk, seat, moved)
    return moved > 0


def _match_deadline_store(match: Match) -> None:
    """The match's deadline is the earliest of its seats' on turn (denormalised)."""
    deadlines = match.seats.filter(awaiting=True, deadline__isnull=False).values_list("deadline", flat=True)
    match.deadline = min((d for d in deadlines if d is not None), default=None)
    match.save(update_fields=["deadline"])


def reminder_send(seat: Seat) -> bool:
    """Remind a player once per deadline; the row update is the claim."""
    with transaction.atomic():
        claimed = (
            Seat.objects.filter(pk=seat.pk, awaiting=True, deadline=seat.deadline)
            .exclude(reminded_for=seat.deadline)
            .update(reminded_for=seat.deadline)
        )
        if claimed != 1:
            return False
        assert seat.deadline is not None  # the claim matched it: a seat on turn has its deadline
        notify.clock_message("reminder", seat.match, seat, {"until": seat.deadline.isoformat()})
        return True


def deadlines_recompute(user: Any) -> int:
    """After a player's vacations changed: move the deadlines of their turns (all matches)."""
    count = 0
    for seat in Seat.objects.filter(user=user, awaiting=True).select_related("match", "user"):
        with transaction.atomic():
            match = match_lock(seat.match_id)
            seat.refresh_from_db()
            if not seat.awaiting:
                continue
            seat.deadline = clock.seat_deadline(match, seat)
            seat.save(update_fields=["deadline"])
            _match_deadline_store(match)
            count += 1
    return count


def on_vacation_changed(user: Any) -> None:
    """After a player's vacations changed (accounts.services.vacations_changed, through
    STARPOST_VACATION_CHANGED): move their deadlines once the vacation is committed (never
    inside a lock another match's sweeper could be waiting on)."""
    transaction.on_commit(lambda: deadlines_recompute(user))

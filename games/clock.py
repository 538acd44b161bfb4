"""The turn clock: deadlines per seat, the sweeper's timeouts and reminders, vacations.

Deadlines are computed in each player's own timezone (games.deadlines). The beat
sweeper (games.tasks.sweep_deadlines) finds seats past due and hands each to
``timeout_apply``, which locks the match and re-checks, so two sweepers running at once
handle each deadline once. Every move it makes goes through ``services.move_submit``.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime, time, timedelta
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from accounts.errors import AccountError
from accounts.models import Vacation, prefs_of
from accounts.services import vacation_days_left, vacation_take

from . import notify
from .deadlines import TIME_CONTROL_SCHEMA, TimeControl, due
from .errors import BadRequest
from .models import Match, Seat
from .rows import update_row

log = logging.getLogger(__name__)


def time_control_validate(data: Any) -> dict[str, Any]:
    """Defaults overlaid with ``data``, checked against TIME_CONTROL_SCHEMA."""
    import jsonschema

    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise BadRequest("invalid_time_control", "time_control must be a JSON object.")
    merged = {k: v["default"] for k, v in TIME_CONTROL_SCHEMA["properties"].items()} | data
    errors = list(jsonschema.Draft202012Validator(TIME_CONTROL_SCHEMA).iter_errors(merged))
    if errors:
        err = errors[0]
        where = ".".join(str(p) for p in err.path) or "time_control"
        raise BadRequest("invalid_time_control", f"{where}: {err.message}")
    return merged


def time_control_fields(tc: dict[str, Any]) -> dict[str, Any]:
    """Match model fields from a validated time control."""
    hh_mm = tc["deadline_time"]
    return {
        "days_per_move": tc["days_per_move"],
        "deadline_time": time.fromisoformat(hh_mm) if hh_mm else None,
        "count_weekends": tc["count_weekends"],
        "max_days": tc["max_days"],
        "timeout_policy": tc["timeout"],
    }


def time_control_of(match: Match) -> TimeControl:
    return TimeControl(
        days_per_move=match.days_per_move,
        deadline_time=match.deadline_time,
        count_weekends=match.count_weekends,
        max_days=match.max_days,
    )


def _pauses(seat: Seat, after: datetime) -> list[tuple[datetime, datetime]]:
    # Seats loaded by the services carry ``has_vacation`` (any vacation not yet over):
    # most players have none, and then there is nothing to read.
    if getattr(seat, "has_vacation", True) is False:
        return []
    return [(v.start, v.end) for v in Vacation.objects.filter(user_id=seat.user_id, end__gt=after)]


def seat_deadline(match: Match, seat: Seat) -> datetime | None:
    """When ``seat``'s current turn is due, from when it began, in its player's timezone."""
    if seat.turn_started_at is None or seat.user_id is None:
        return None
    tc = time_control_of(match)
    if not tc.timed:
        return None
    return due(
        seat.turn_started_at,
        tc,
        seat.user.tz,
        used=seat.time_used,
        pauses=_pauses(seat, seat.turn_started_at),
    )


CLOCK_FIELDS = ["awaiting", "turn_started_at", "deadline", "time_used"]


def turns_changed(match: Match, seats: Sequence[Seat], active: Sequence[int], now: datetime) -> None:
    """Start the clocks of seats that must now act and stop the others'."""
    changed = []
    for s in seats:
        should = s.index in active
        if should and not s.awaiting:
            s.awaiting, s.turn_started_at = True, now
            s.deadline = seat_deadline(match, s)
        elif s.awaiting and not should:
            if s.turn_started_at is not None:
                s.time_used += now - s.turn_started_at
            s.awaiting, s.turn_started_at, s.deadline = False, None, None
        else:
            continue
        changed.append(s)
    for s in changed:  # usually two: one starts, one stops
        update_row(Seat, s.pk, {f: getattr(s, f) for f in CLOCK_FIELDS})
    deadlines = [s.deadline for s in seats if s.awaiting and s.deadline is not None]
    match.deadline = min(deadlines) if deadlines else None


def deadlines_recompute(user: Any) -> int:
    """After a player's vacations changed: move the deadlines of their turns (all matches)."""
    count = 0
    for seat in Seat.objects.filter(user=user, awaiting=True).select_related("match", "user"):
        with transaction.atomic():
            match = Match.objects.select_for_update().get(pk=seat.match_id)
            seat.refresh_from_db()
            if not seat.awaiting:
                continue
            seat.deadline = seat_deadline(match, seat)
            seat.save(update_fields=["deadline"])
            _match_deadline(match)
            count += 1
    return count


def _match_deadline(match: Match) -> None:
    deadlines = list(
        match.seats.filter(awaiting=True, deadline__isnull=False).values_list("deadline", flat=True)
    )
    match.deadline = min(deadlines) if deadlines else None
    match.save(update_fields=["deadline"])


# -- the sweeper --------------------------------------------------------------------------


def seats_due(now: datetime) -> list[tuple[int, int, datetime]]:
    """(match, seat, deadline) of every seat past its deadline in a match in play."""
    return list(
        Seat.objects.filter(awaiting=True, deadline__lte=now, match__status=Match.Status.ACTIVE)
        .order_by("deadline")
        .values_list("match_id", "index", "deadline")
    )


def timeout_apply(*, match_id: int, seat_index: int, deadline: datetime, now: datetime | None = None) -> str:
    """Apply the match's policy to one missed deadline; a no-op if it was handled already.

    Order: a day from the player's vacation bank if they allow it, then the match's
    policy (one extension, the game's default move, or forfeit).
    """
    from . import services  # the write path; imported here to keep the module graph simple

    now = now or timezone.now()
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        seat = match.seats.select_related("user").get(index=seat_index)
        if (
            match.status != Match.Status.ACTIVE
            or not seat.awaiting
            or seat.deadline != deadline
            or deadline > now
        ):
            return "skipped"
        user = seat.user
        if user.auto_vacation and vacation_days_left(user, deadline) > 0:
            try:
                vacation_take(user, start=deadline, days=1, auto=True)
            except AccountError as exc:  # the run of vacation days is at its limit
                log.info("no auto-vacation for %s: %s", user, exc.message)
            else:
                seat.deadline = seat_deadline(match, seat)
                seat.save(update_fields=["deadline"])
                _match_deadline(match)
                services.clock_note(match_id=match.pk, seat=seat_index, action="vacation")
                match.refresh_from_db()
                if seat.deadline and seat.deadline > now:
                    notify.clock_message("vacation_taken", match, seat, {"until": seat.deadline.isoformat()})
                    return "vacation"
        if match.timeout_policy == Match.Timeout.EXTEND and not seat.extension_used:
            seat.extension_used = True
            seat.deadline = due(deadline, time_control_of(match), user.tz) or deadline
            seat.save(update_fields=["extension_used", "deadline"])
            _match_deadline(match)
            services.clock_note(match_id=match.pk, seat=seat_index, action="extend")
            match.refresh_from_db()
            notify.clock_message("deadline_extended", match, seat, {"until": seat.deadline.isoformat()})
            return "extended"
        if match.timeout_policy != Match.Timeout.FORFEIT and _play_defaults(match, seat_index, deadline):
            return "moved"
        services.match_forfeit(match_id=match.pk, seat=seat_index, reason="timeout")
        return "forfeit"


# A turn of many granular moves (placing dice, one fire decision per weapon group) is played
# out by default moves; this many is far more than any turn of the four games needs.
MAX_DEFAULT_MOVES = 200


def _play_defaults(match: Match, seat: int, deadline: datetime) -> bool:
    """Play the game's default moves for ``seat`` until it is no longer on turn; False if
    the game has none for it now (the caller forfeits). The caller holds the match lock."""
    from . import services

    moved = 0
    while moved < MAX_DEFAULT_MOVES and match.status == Match.Status.ACTIVE and seat in match.active_seats:
        move = services.timeout_move_for(match, seat)
        if move is None:
            break
        services.move_submit(
            match_id=match.pk,
            user=None,
            system_seat=seat,
            expected_seq=match.seq,
            move=move,
            idempotency_key=f"timeout:{deadline.isoformat()}:{match.seq}",
            source="timeout",
        )
        moved += 1
        match.refresh_from_db()
    if moved and match.status == Match.Status.ACTIVE and seat in match.active_seats:
        log.warning("match %s seat %s still on turn after %s default moves", match.pk, seat, moved)
    return moved > 0


MAX_REMINDER = timedelta(hours=168)


def reminders_due(now: datetime) -> list[Seat]:
    """Seats whose deadline is within their player's chosen reminder time, not yet reminded."""
    near = (
        Seat.objects.filter(
            awaiting=True,
            deadline__gt=now,
            deadline__lte=now + MAX_REMINDER,
            match__status=Match.Status.ACTIVE,
        )
        .exclude(reminded_for=F("deadline"))
        .select_related("match", "user", "user__prefs")
    )
    return [
        s
        for s in near
        if prefs_of(s.user).reminder_hours > 0
        and s.deadline - now <= timedelta(hours=prefs_of(s.user).reminder_hours)
    ]


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
        notify.clock_message("reminder", seat.match, seat, {"until": seat.deadline.isoformat()})
        return True


def on_vacation_changed(sender: Any, user: Any, **kwargs: Any) -> None:
    """Move the player's deadlines once the vacation is committed (never inside a lock
    another match's sweeper could be waiting on)."""
    transaction.on_commit(lambda: deadlines_recompute(user))

"""Each seat's clock: time controls, when a turn is due, and which clocks start or stop.

Deadlines are computed in each player's own timezone (games.clock.deadlines). Nothing here
writes: the write path (games.play) stores what these functions compute.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, time
from typing import Any

import jsonschema

from accounts.models import Vacation

from ..errors import BadRequest
from ..models import Match, Seat
from .deadlines import TIME_CONTROL_SCHEMA, TimeControl, due

# The fields of a seat that its clock changes.
CLOCK_FIELDS = ["awaiting", "turn_started_at", "deadline", "time_used"]


def time_control_validate(data: Any) -> dict[str, Any]:
    """Defaults overlaid with ``data``, checked against TIME_CONTROL_SCHEMA."""
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


def _pauses(seat: Seat, user_id: int, after: datetime) -> list[tuple[datetime, datetime]]:
    # Seats loaded by the write path carry ``has_vacation`` (any vacation not yet over):
    # most players have none, and then there is nothing to read.
    if getattr(seat, "has_vacation", True) is False:
        return []
    return [(v.start, v.end) for v in Vacation.objects.filter(user_id=user_id, end__gt=after)]


def seat_deadline(match: Match, seat: Seat) -> datetime | None:
    """When ``seat``'s current turn is due, from when it began, in its player's timezone."""
    if seat.turn_started_at is None or seat.user_id is None:
        return None
    tc = time_control_of(match)
    if not tc.timed:
        return None
    user = seat.user
    assert user is not None  # its user_id is set
    return due(
        seat.turn_started_at,
        tc,
        user.tz,
        used=seat.time_used,
        pauses=_pauses(seat, seat.user_id, seat.turn_started_at),
    )


def turns_changed(match: Match, seats: Sequence[Seat], active: Sequence[int], now: datetime) -> list[Seat]:
    """Start the clocks of seats that must now act and stop the others', on the objects; set
    ``match.deadline``. Returns the seats whose CLOCK_FIELDS changed, for the caller to store."""
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
    deadlines = [s.deadline for s in seats if s.awaiting and s.deadline is not None]
    match.deadline = min(deadlines) if deadlines else None
    return changed

"""When a move is due: the match's time control applied in the player's own timezone.

Pure functions over aware datetimes. Days are added to the local calendar date, so a
deadline keeps its local wall-clock time across a daylight-saving change (a move due "in
3 days at 20:00" is due at 20:00 local, whether the clocks changed or not).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

SATURDAY = 5
UTC = ZoneInfo("UTC")

# The time control a match is created with (the API's "time_control", the new-match form).
TIME_CONTROL_SCHEMA: dict[str, Any] = {
    "type": "object",
    "title": "Time control",
    "additionalProperties": False,
    "properties": {
        "days_per_move": {
            "type": "integer",
            "minimum": 0,
            "maximum": 60,
            "default": 3,
            "title": "Days per move",
            "description": "0 for no deadline.",
        },
        "deadline_time": {
            "type": ["string", "null"],
            "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$",
            "default": None,
            "title": "Due at (local time)",
            "description": "A fixed time of day in each player's timezone, e.g. 20:00; empty: the time of the move.",
        },
        "count_weekends": {"type": "boolean", "default": True, "title": "Weekends count"},
        "max_days": {
            "type": ["integer", "null"],
            "minimum": 1,
            "maximum": 3650,
            "default": None,
            "title": "Most days per player for the whole match",
        },
        "timeout": {
            "enum": ["auto", "extend", "forfeit"],
            "default": "auto",
            "title": "When time runs out",
            "description": "auto: the game's default action (pass, standing orders), forfeit where it has none; "
            "extend: one extension per player first; forfeit: the late player loses.",
        },
    },
}


@dataclass(frozen=True)
class TimeControl:
    days_per_move: int = 3  # 0: no deadline
    deadline_time: time | None = None  # a fixed local time of day, or the time of the move
    count_weekends: bool = True
    max_days: int | None = None  # a player's total time for the whole match

    @property
    def timed(self) -> bool:
        return self.days_per_move > 0


def add_days(day: date, days: int, count_weekends: bool) -> date:
    """``days`` calendar days later, or ``days`` weekdays later when weekends do not count."""
    if count_weekends:
        return day + timedelta(days=days)
    while days > 0:
        day += timedelta(days=1)
        if day.weekday() < SATURDAY:
            days -= 1
    return day


def local_datetime(day: date, at: time, tz: ZoneInfo) -> datetime:
    """The moment (in UTC) of a local wall-clock time. A time skipped by a spring-forward
    change lands after the gap (02:30 becomes 03:30); an ambiguous one takes the first."""
    return datetime.combine(day, at).replace(tzinfo=tz, fold=0).astimezone(UTC)


def due(
    start: datetime,
    tc: TimeControl,
    tz: ZoneInfo,
    *,
    used: timedelta = timedelta(0),
    pauses: Iterable[tuple[datetime, datetime]] = (),
) -> datetime | None:
    """The deadline of a turn that began at ``start`` (None when the match is untimed).

    ``used`` is the time the player already spent on earlier turns (for ``max_days``);
    ``pauses`` are the player's vacations: the clock stops while one runs.
    """
    if not tc.timed:
        return None
    start = start.astimezone(UTC)  # all arithmetic on moments below is in UTC
    local = start.astimezone(tz)
    day = add_days(local.date(), tc.days_per_move, tc.count_weekends)
    at = tc.deadline_time or local.time().replace(tzinfo=None)
    deadline = local_datetime(day, at, tz)
    if not tc.count_weekends and deadline.astimezone(tz).weekday() >= SATURDAY:
        deadline = local_datetime(add_days(deadline.astimezone(tz).date(), 1, False), at, tz)
    if tc.max_days is not None:
        left = timedelta(days=tc.max_days) - used
        deadline = min(deadline, start + max(left, timedelta(0)))
    return extend_for_pauses(start, deadline, pauses)


def extend_for_pauses(
    start: datetime, deadline: datetime, pauses: Iterable[tuple[datetime, datetime]]
) -> datetime:
    """Push the deadline back by the part of every pause that falls after the turn began.

    A pause that starts before the (moving) deadline stops the clock for its whole length.
    """
    for p_start, p_end in sorted(pauses):
        if p_end <= start or p_start > deadline:  # a pause from the very deadline still counts
            continue
        deadline += p_end - max(p_start, start)
    return deadline

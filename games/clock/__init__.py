"""Time only: time controls, deadlines in each player's timezone, what the sweeper finds due.

The clock reads and computes; it never writes and never imports the write path
(games.play), which stores what it computes and applies the timeout policy.
"""

from .deadlines import TIME_CONTROL_SCHEMA, TimeControl, due
from .seats import (
    CLOCK_FIELDS,
    seat_deadline,
    time_control_fields,
    time_control_of,
    time_control_validate,
    turns_changed,
)
from .sweep import reminders_due, seats_due

__all__ = [
    "CLOCK_FIELDS",
    "TIME_CONTROL_SCHEMA",
    "TimeControl",
    "due",
    "reminders_due",
    "seat_deadline",
    "seats_due",
    "time_control_fields",
    "time_control_of",
    "time_control_validate",
    "turns_changed",
]

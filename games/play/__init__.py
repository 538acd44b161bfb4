"""The write path: the only code that writes matches, their seats and their logs.

``services`` (create, join, move, resign, forfeit, clock notes), ``lobby`` (decline an
invitation, cancel an open match, a rematch) and ``timeouts`` (what the server does when a
deadline passes) are the public services; ``checks`` holds the write
preconditions, among them THE staleness rule ``check_current``; ``locking`` the one way to
lock a match; ``log`` and ``hashing`` the hash-chained log; ``concessions`` the entries no
engine knows; ``turns`` what follows an entry (state, clocks, turn notice); ``presence`` who has a
match open in a browser.
"""

from .checks import check_current, check_in_play, check_seat
from .lobby import match_cancel, match_decline, match_rematch
from .presence import seat_watched
from .services import (
    MoveResult,
    clock_note,
    engine_for,
    match_create,
    match_forfeit,
    match_join,
    match_resign,
    move_submit,
    moves_submit,
    options_validate,
)
from .timeouts import deadlines_recompute, match_timeout_apply, reminder_send

__all__ = [
    "MoveResult",
    "check_current",
    "check_in_play",
    "check_seat",
    "clock_note",
    "deadlines_recompute",
    "engine_for",
    "match_cancel",
    "match_create",
    "match_decline",
    "match_forfeit",
    "match_join",
    "match_rematch",
    "match_resign",
    "match_timeout_apply",
    "move_submit",
    "moves_submit",
    "options_validate",
    "reminder_send",
    "seat_watched",
]

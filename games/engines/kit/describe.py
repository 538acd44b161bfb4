"""What every game's log lines share: who did it, as the viewer reads it."""

from __future__ import annotations

from collections.abc import Callable

from ..base import Seat

Who = Callable[[Seat | None, Seat | None], str]


def who_by(name: Callable[[Seat], str]) -> Who:
    """``who(seat, viewer)``: "You" for the viewer's own seat, ``name(seat)`` for another's,
    "The server" for an entry no seat made."""

    def who(seat: Seat | None, viewer: Seat | None) -> str:
        if seat is None:
            return "The server"
        return "You" if seat == viewer else name(seat)

    return who

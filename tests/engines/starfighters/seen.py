"""The Star Fighters histories of the non-interference tests (see ``tests/engines/reading.py``):
histories that differ only in one player's sealed Roll-phase sequence (AS-SF-1) must read
the same to every other seat and to a spectator until the reveal."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from games.engines.base import Move
from games.engines.starfighters.state import State

from ..reading import Entry as Entry
from ..reading import Reader
from .helpers import E, dice, ok

# Moves a viewer might try at any time; their refusals must not depend on another's secrets.
PROBES = (
    "roll",
    "fire",
    "hold",
    "place r1 phasers.attack",
    "place y1 cockpit",
    "pickup r1",
    "cockpit y1 phasers.attack",
    "pass",
    "lose r1",
    "steer c4",
    "activate drives with blue",
    "drive stop",
)


Faces = Callable[[dict[str, str]], bool]


def history(start: State, moves: Sequence[tuple[int, str, int | Faces]]) -> list[Entry]:
    """Play ``moves`` (seat, notation, dice seq) from ``start``; every one must be legal.

    A roll may give, instead of its dice seq, a test of the faces it must show: the first
    seq whose roll passes it is used.
    """
    out, state = [], start
    for seat, text, seq in moves:
        move = E.parse(text, state, seat)
        assert isinstance(move, Move), move
        d = dice(seq if isinstance(seq, int) else rolling(state, seat, seq))
        step = ok(state, seat, move, d)
        out.append((seat, move.to_json(), step, d.draws))
        state = step.state
    return out


def rolling(state: State, seat: int, want: Faces) -> int:
    """The first dice seq whose roll by ``seat`` shows faces that ``want``."""
    for seq in range(1, 3000):
        step = ok(state, seat, "roll", dice(seq))
        if want(dict(next(e.data["faces"] for e in step.events if e.kind == "rolled"))):
            return seq
    raise AssertionError("no dice gave the wanted roll")


seen_by = Reader(E, dice, PROBES).seen_by

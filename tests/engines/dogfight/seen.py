"""The Space Dogfight histories of the non-interference tests (see ``tests/engines/reading.py``)."""

from __future__ import annotations

from collections.abc import Sequence

from games.engines.base import Move
from games.engines.dogfight.state import State

from ..reading import Entry as Entry
from ..reading import Reader
from .helpers import E, dice, ok

# Moves a viewer might try at any time; their refusals must not depend on another's secrets.
PROBES = (
    "draw",
    "discard AP",
    "discard DEF1",
    "discard DEF2",
    "discard blank",
    "defend def1",
    "defend def2",
    "defend none",
    "repeat",
    "move c8 c7",
    "attack c8 c7",
    "attack c4 c3",
    "place A a9",
    "fleet 1A 0B 0C 0D",
)


def history(start: State, moves: Sequence[tuple[int, str, int]]) -> list[Entry]:
    """Play ``moves`` (seat, notation, dice seq) from ``start``; every one must be legal."""
    out, state = [], start
    for seat, text, seq in moves:
        move = E.parse(text, state, seat)
        assert isinstance(move, Move), move
        d = dice(seq)
        step = ok(state, seat, move, d)
        out.append((seat, move.to_json(), step, d.draws))
        state = step.state
    return out


seen_by = Reader(E, dice, PROBES).seen_by

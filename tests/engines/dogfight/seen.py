"""Everything one viewer reads of a Space Dogfight history, for non-interference tests.

Two histories that differ only in what one seat hides must read the same, entry by entry,
for every other seat and for a spectator: the move unless it is sealed, the events the
viewer may see, the log line built from just those (as ``games.selectors.entry_for`` does),
the dice draws the viewer may see, the view, the legal moves, the timeout move and the
refusals of moves the viewer might try.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from games.engines.base import Invalid, LogItem, Move, Step
from games.engines.dogfight.state import State

from .helpers import E, dice, ok

Entry = tuple[int, dict[str, Any], Step, list[dict[str, Any]]]  # seat, move, step, dice draws

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


def _dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def _probe(state: State, seat: int, text: str) -> str:
    move = E.parse(text, state, seat)
    assert isinstance(move, Move), move
    result = E.apply(state, seat, move, dice(999))
    return f"{result.code}: {result.message}" if isinstance(result, Invalid) else "accepted"


def _position(state: State, viewer: int | None) -> list[str]:
    out = [_dumps(E.view(state, viewer))]
    if viewer is not None:
        out.append(_dumps([m.to_json() for m in E.legal_moves(state, viewer)]))
        timeout = E.timeout_move(state, viewer)
        out.append(_dumps(None if timeout is None else timeout.to_json()))
        out.extend(_probe(state, viewer, text) for text in PROBES)
    return out


def seen_by(start: State, entries: list[Entry], viewer: int | None) -> list[list[str]]:
    """Per entry (the starting position first), what ``viewer`` reads."""
    out = [_position(start, viewer)]
    for seq, (seat, move, step, draws) in enumerate(entries, 1):
        sealed = step.move_audience is not None and viewer not in step.move_audience
        events = [e for e in step.events if e.visible_to(viewer)]
        item = LogItem(seq, seat, None if sealed else move, events)
        read = [
            _dumps(item.move),
            _dumps([e.to_json() for e in events]),
            E.describe(item, viewer),
            _dumps([d for d in draws if d["to"] is None or viewer in d["to"]]),
        ]
        out.append(read + _position(step.state, viewer))
    return out

"""Everything one viewer reads of a history of moves, for the non-interference tests.

Two histories that differ only in what one seat hides must read the same, entry by entry,
for every other seat and for a spectator: the move unless it is sealed, the events the
viewer may see, the log line built from just those, the dice draws the viewer may see (all
by the log's redaction rule, ``games.engines.audience``, as the server reads its log), the
view, the legal moves, the timeout move and the refusals of moves the viewer might try
(the game's probes).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from games.engines import audience
from games.engines.base import Engine, Invalid, Move, Step
from games.engines.dice import Dice
from games.engines.session import Record

Entry = tuple[int, dict[str, Any], Step, list[dict[str, Any]]]  # seat, move, step, dice draws


def _dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


@dataclass(frozen=True)
class Reader:
    engine: Engine
    dice: Callable[[int], Dice]
    probes: Sequence[str]

    def probe(self, state: Any, seat: int, text: str) -> str:
        move = self.engine.parse(text, state, seat)
        assert isinstance(move, Move), move
        result = self.engine.apply(state, seat, move, self.dice(999))
        return f"{result.code}: {result.message}" if isinstance(result, Invalid) else "accepted"

    def position(self, state: Any, viewer: int | None) -> list[str]:
        out = [_dumps(self.engine.view(state, viewer))]
        if viewer is not None:
            out.append(_dumps([m.to_json() for m in self.engine.legal_moves(state, viewer)]))
            timeout = self.engine.timeout_move(state, viewer)
            out.append(_dumps(None if timeout is None else timeout.to_json()))
            out.extend(self.probe(state, viewer, text) for text in self.probes)
        return out

    def seen_by(self, start: Any, entries: list[Entry], viewer: int | None) -> list[list[str]]:
        """Per entry (the starting position first), what ``viewer`` reads."""
        out = [self.position(start, viewer)]
        for record in records(entries):
            read = audience.read(self.engine, record, viewer)
            parts = [_dumps(read["move"]), _dumps(read["events"]), read["text"], _dumps(read["dice"])]
            out.append(parts + self.position(record.state, viewer))
        return out


def records(entries: list[Entry]) -> list[Record]:
    """The entries as the log keeps them, numbered from 1."""
    return [Record(seq, seat, move, step, draws) for seq, (seat, move, step, draws) in enumerate(entries, 1)]


def read_log(engine: Engine, entries: list[Entry], viewer: int | None) -> list[dict[str, Any]]:
    """The log of ``entries`` as the server gives it to ``viewer`` during the match (the
    selectors add only the hash chain and the time)."""
    return [audience.read(engine, record, viewer) for record in records(entries)]

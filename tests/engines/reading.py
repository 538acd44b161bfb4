"""Everything one viewer reads of a history of moves, for the non-interference tests.

Two histories that differ only in what one seat hides must read the same, entry by entry,
for every other seat and for a spectator: the move unless it is sealed, the events the
viewer may see, the log line built from just those (as ``games.selectors.entry_for`` does),
the dice draws the viewer may see, the view, the legal moves, the timeout move and the
refusals of moves the viewer might try (the game's probes).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from games.engines.base import Engine, Invalid, LogItem, Move, Step
from games.engines.dice import Dice
from games.models import LogEntry
from games.selectors import Viewer, entry_for

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
        for seq, (seat, move, step, draws) in enumerate(entries, 1):
            sealed = step.move_audience is not None and viewer not in step.move_audience
            events = [e for e in step.events if e.visible_to(viewer)]
            item = LogItem(seq, seat, None if sealed else move, events)
            read = [
                _dumps(item.move),
                _dumps([e.to_json() for e in events]),
                self.engine.describe(item, viewer),
                _dumps([d for d in draws if d["to"] is None or viewer in d["to"]]),
            ]
            out.append(read + self.position(step.state, viewer))
        return out


WHEN = datetime(2026, 1, 1, tzinfo=UTC)


def log_row(engine: Engine, seq: int, entry: Entry) -> LogEntry:
    """An unsaved log row written the way ``games.log.append`` writes one."""
    seat, move, step, draws = entry
    audience = None if step.move_audience is None else sorted(step.move_audience)
    return LogEntry(
        seq=seq,
        seat=seat,
        kind=str(move.get("kind", "")),
        move=move,
        move_audience=audience,
        events=[e.to_json() for e in step.events],
        dice=draws,
        engine_version=engine.version,
        prev_hash="",
        hash="",
        created_at=WHEN,
    )


def read_log(engine: Engine, entries: list[Entry], viewer: int | None) -> list[dict[str, Any]]:
    """The log of ``entries`` as the selector gives it to ``viewer`` during the match."""
    return [
        entry_for(engine, log_row(engine, seq, e), Viewer(viewer, False)) for seq, e in enumerate(entries, 1)
    ]

"""The log of a sealed Roll phase as ``games.selectors.entry_for`` gives it to the others.

The engine tests (``test_sealed_roll.py``) rebuild the selectors' filtering; these run the
selector itself on unsaved log rows written the way ``games.log.append`` writes them, so
the last step between the engine and a reader is covered too (AS-SF-1, decision 7).
"""

from __future__ import annotations

from typing import Any

from games.engines.starfighters.state import State

from ..reading import read_log
from .helpers import E
from .sealed import OTHER_TWO, PICKED_UP, POWERED_EARLY, TWO_PLACED, round_with, start_of
from .seen import Entry


def _read(entries: list[Entry], viewer: int | None) -> list[dict[str, Any]]:
    """The log up to the reveal as ``viewer`` reads it through the selector."""
    return read_log(E, entries[:-1], viewer)


def _without_kind(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in entry.items() if k != "kind"} for entry in log]


def _histories(start: State) -> list[list[Entry]]:
    return [
        round_with(start, PICKED_UP, "hold"),
        round_with(start, TWO_PLACED, "hold"),
        round_with(start, OTHER_TWO, "hold"),
        round_with(start, POWERED_EARLY, "fire"),
    ]


def test_as_sf1_the_selectors_log_reads_the_same_moves_events_dice_and_lines_to_the_others():
    start = start_of()
    histories = _histories(start)
    for viewer in (1, None):
        logs = [_without_kind(_read(h, viewer)) for h in histories]
        assert all(log == logs[0] for log in logs[1:])
        assert all(entry["sealed"] for log in logs for entry in log if entry["seat"] == 0)
    own = [_read(h, 0) for h in histories]
    assert all(log != own[0] for log in own[1:])


def test_as_sf1_the_selectors_log_does_not_name_the_kind_of_a_sealed_move_to_the_others():
    """A sealed entry's kind would tell the others how many dice were placed or picked up,
    and Fire from hold, before the reveal."""
    start = start_of()
    histories = _histories(start)
    for viewer in (1, None):
        kinds = [[entry["kind"] for entry in _read(h, viewer)] for h in histories]
        assert all(k == kinds[0] for k in kinds[1:])
        sealed = [e["kind"] for h in histories for e in _read(h, viewer) if e["seat"] == 0 and e["sealed"]]
        assert sealed and all(k is None for k in sealed)

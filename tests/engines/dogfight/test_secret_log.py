"""The log of hidden Space Dogfight play as the server gives it to the others.

``games.engines.audience.read`` is what ``games.selectors.entry_for`` returns of an entry
(kind, sealed, move, events, dice, text) before the hash chain, so reading the entries
through it covers the step between the engine and a reader (AS-SD-1, AS-SD-2, AS-SD-3).
"""

from __future__ import annotations

from typing import Any

from games.engines.dogfight.state import Orders, State

from ..reading import read_log
from .helpers import BLUE, RED, E, dice, ok, position
from .seen import Entry, history


def _read(entries: list[Entry], viewer: int | None) -> list[dict[str, Any]]:
    return read_log(E, entries, viewer)


def _same_to_red_and_spectators(histories: list[list[Entry]]) -> None:
    for viewer in (RED, None):
        logs = [_read(h, viewer) for h in histories]
        assert all(log == logs[0] for log in logs[1:])
    own = [_read(h, BLUE) for h in histories]
    assert all(log != own[0] for log in own[1:])


def _drawing(kind: str, start: State) -> int:
    for seq in range(1, 3000):
        if ok(start, BLUE, "draw", dice(seq)).state.hand_types(BLUE) == (kind,):
            return seq
    raise AssertionError(f"no dice drew {kind}")


def test_as_sd_2_the_selectors_log_of_a_draw_and_a_discard_reads_the_same_whatever_the_counter():
    start = position(("blue A c3", "red A c8"), hands=((), ("AP",)))
    histories = []
    for kind, label in (("AP", "AP"), ("DEF2", "DEF2"), ("BLANK", "blank")):
        seq = _drawing(kind, start)
        moves = [(BLUE, "draw", seq), (BLUE, "end", 1), (RED, "end", 1), (BLUE, f"discard {label}", 1)]
        histories.append(history(start, moves))
    _same_to_red_and_spectators(histories)


def test_as_sd_1_as_sd_3_the_selectors_log_of_sealed_fleets_and_orders_reads_the_same():
    start = E.setup({**E.default_options(), "first_player": "red"}, 2, dice()).state
    histories = [
        history(start, [(BLUE, fleet, 1), (BLUE, orders, 2), (RED, "fleet 2A 0B 0C 0D", 3)])
        for fleet, orders in (
            ("fleet 2A 1B 0C 0D", "orders lowest 15"),
            ("fleet 4A 1B 0C 1D", "orders never 0 ask"),
            ("fleet 1A 0B 1C 1D", "orders best 25"),
        )
    ]
    assert histories[1][1][2].state.orders[BLUE] == Orders("never", 0, True)
    _same_to_red_and_spectators(histories)

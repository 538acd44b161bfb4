"""A sealed fleet shows nothing but its placed ships (AS-SD-1, SETUP, SD-11).

SETUP: "the players then secretly create a space ship fleet"; placement then alternates,
revealing ships one at a time. Histories that differ only in Blue's sealed fleet must read
the same to Red and a spectator until Blue's placements make them differ.
"""

from __future__ import annotations

from games.engines.dogfight.state import PLACE, PLAY, State

from .helpers import BLUE, RED, E, dice
from .seen import history, seen_by

FLEETS = ("fleet 2A 1B 0C 0D", "fleet 1A 0B 1C 1D", "fleet 4A 1B 0C 1D")
RED_FLEET = "fleet 2A 0B 0C 0D"


def _start() -> State:
    return E.setup({**E.default_options(), "first_player": "red"}, 2, dice()).state


def _build_and_place(fleet: str):
    return history(
        _start(),
        [
            (BLUE, fleet, 1),
            (BLUE, "orders lowest 15", 2),
            (RED, RED_FLEET, 3),
            (RED, "place A c9", 4),
            (BLUE, "place A c2", 5),
            (RED, "place A d9", 6),
        ],
    )


def _build_and_place_type(ship: str):
    return history(
        _start(),
        [
            (BLUE, "fleet 1A 0B 1C 1D", 1),
            (BLUE, "orders lowest 15", 2),
            (RED, RED_FLEET, 3),
            (RED, "place A c9", 4),
            (BLUE, f"place {ship} c2", 5),
        ],
    )


def test_as_sd_1_the_opponent_reads_the_same_build_and_placement_whatever_the_sealed_fleet():
    histories = [_build_and_place(f) for f in FLEETS]
    assert all(h[2][2].state.phase == PLACE and h[-1][2].state.place_next == BLUE for h in histories)
    start = _start()
    for viewer in (RED, None):
        seen = [seen_by(start, h, viewer) for h in histories]
        assert seen[1:] == seen[:1] * 2
    mine = [seen_by(start, h, BLUE) for h in histories]
    assert mine[0] != mine[1] != mine[2] != mine[0]


def test_as_sd_1_the_sealed_fleet_reads_as_a_sealed_fleet_to_everyone_else():
    entries = _build_and_place(FLEETS[2])
    for viewer in (RED, None):
        line = seen_by(_start(), entries, viewer)[1][2]
        assert line == "Blue sealed a fleet"
    assert seen_by(_start(), entries, BLUE)[1][2].startswith("You sealed your fleet: 4A 1B 0C 1D (80 PTS)")


def test_sd11_a_fleets_size_shows_when_its_owner_has_no_ship_left_to_place():
    """SD-11: when one player has placed all ships the other places the rest; that is public."""
    one, three = _build_and_place("fleet 1A 0B 0C 0D"), _build_and_place(FLEETS[0])
    assert one[-1][2].state.phase == PLAY and three[-1][2].state.phase == PLACE
    for viewer in (RED, None):
        a, b = seen_by(_start(), one, viewer), seen_by(_start(), three, viewer)
        assert a[:-1] == b[:-1]  # everything up to Red's last placement reads the same
        assert a[-1] != b[-1] and "play begins" in a[-1][2]


def test_as_sd_1_the_type_of_a_placed_ship_is_public():
    """SETUP: placing a ship puts it on the board for both players to see."""
    entries = {t: _build_and_place_type(t) for t in ("A", "C")}
    for viewer in (RED, None):
        a, c = (seen_by(_start(), entries[t], viewer) for t in ("A", "C"))
        assert a[:5] == c[:5] and a[5] != c[5]
        assert "(type C) on c2" in c[5][2]

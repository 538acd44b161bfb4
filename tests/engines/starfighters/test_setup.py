"""Components and Setup of the rules text, with SF-01...SF-11 (the board, dice and ship boards)."""

from __future__ import annotations

from collections import Counter

import pytest

from games.engines.hexgrid import distance
from games.engines.starfighters.data import DATA, RULES, to_axial
from games.engines.starfighters.geometry import dist, neighbours
from games.engines.starfighters.state import ROLL

from .helpers import E, dice, has


def start(seats: int = 2, **options):
    return E.setup({**E.default_options(), **options}, seats, dice())


# -- the board ------------------------------------------------------------------------------------
def test_sf01_the_board_has_21_hexes_in_rows_of_3_4_7_4_3():
    rows = Counter(y for _, y in DATA.doubled.values())
    assert len(DATA.hexes) == 21
    assert [rows[y] for y in sorted(rows)] == [3, 4, 7, 4, 3]
    assert DATA.doubled["c1"] == (-6, 0) and DATA.doubled["c7"] == (6, 0)


def test_sf01_the_board_is_180_degree_symmetric():
    cells = set(DATA.doubled.values())
    assert {(-x, -y) for x, y in cells} == cells


def test_sf01_distance_is_the_doubled_coordinate_formula():
    for a, (ax, ay) in DATA.doubled.items():
        for b, (bx, by) in DATA.doubled.items():
            dx, dy = abs(ax - bx), abs(ay - by)
            assert dist(a, b) == dy + max(0, (dx - dy) // 2)


def test_sf02_each_anomaly_is_off_the_board_and_touches_exactly_two_hexes():
    assert DATA.gates == {"north": ("a1", "a2"), "south": ("e2", "e3")}
    assert to_axial(-1, -3) == DATA.anomalies["north"] and to_axial(1, 3) == DATA.anomalies["south"]
    assert all(cell not in DATA.names for cell in DATA.anomalies.values())


def test_sf03_two_players_start_on_c1_heading_east_and_c7_heading_west_six_hexes_apart():
    state = start().state
    assert [(s.hex, DATA.headings[s.heading]) for s in state.ships] == [("c1", "e"), ("c7", "w")]
    assert dist("c1", "c7") == 6


def test_sf04_three_players_start_on_c1_a3_and_e3():
    state = start(3).state
    assert [(s.hex, DATA.headings[s.heading]) for s in state.ships] == [
        ("c1", "e"),
        ("a3", "sw"),
        ("e3", "nw"),
    ]
    assert state.mode == "three"


def test_sf05_four_players_play_two_teams_seats_1_3_against_2_4():
    state = start(4).state
    assert [(s.hex, DATA.headings[s.heading], s.team) for s in state.ships] == [
        ("c1", "e", 0),
        ("c7", "w", 1),
        ("a1", "se", 0),
        ("e3", "nw", 1),
    ]
    assert state.mode == "teams"


def test_torpedoes_always_have_a_step_that_brings_them_closer_on_this_board():
    for a, ha in DATA.hexes.items():
        for b, hb in DATA.hexes.items():
            if a != b:
                assert any(distance(DATA.hexes[n], hb) < distance(ha, hb) for n in neighbours(a))


# -- components per player ---------------------------------------------------------------------------
def test_each_player_has_1_yellow_4_red_and_4_blue_dice():
    colours = Counter(c for _, c in DATA.dice)
    assert colours == {"yellow": 1, "red": 4, "blue": 4}
    assert [s.dice for s in start().state.ships] == [
        ("y1", "r1", "r2", "r3", "r4", "b1", "b2", "b3", "b4")
    ] * 2


def test_each_ship_starts_with_5_hull_3_reactors_and_2_torpedoes_in_supply():
    state = start().state
    view = E.view(state, None)
    for s, p in zip(state.ships, view["players"], strict=True):
        assert (s.hull, s.reactors) == (5, 3)
        assert p["torpedo_supply"] == RULES["torpedoes"] == 2
    assert state.torpedoes == ()


def test_sf06_side_a_shields_are_forward_3_left_3_right_3_rear_2():
    assert E.view(start().state, None)["players"][0]["shields"] == {
        "forward": 3,
        "right": 3,
        "rear": 2,
        "left": 3,
    }
    assert sum(DATA.sides["A"].shields) == 11


@pytest.mark.parametrize(
    ("colour", "faces"),
    [
        ("red", ["security"] * 3 + ["command"] * 2 + ["blank"]),
        ("blue", ["engineering"] * 3 + ["command"] * 2 + ["blank"]),
        ("yellow", ["command"] * 4 + ["blank"] * 2),
    ],
)
def test_sf10_die_faces_per_colour(colour, faces):
    assert list(DATA.faces[colour]) == faces


def test_sf11_side_a_spaces_per_system():
    groups = {g.name: (g.colour, g.count, g.reactors) for g in DATA.sides["A"].groups}
    assert groups == {
        "cockpit": ("command", 3, 0),
        "phasers.attack": ("red", 3, 0),
        "phasers.target": ("red", 2, 0),
        "phasers.overcharge": ("red", 1, 0),
        "torpedoes.launch": ("red", 3, 0),
        "shields.repair": ("blue", 6, 3),
        "drives.move": ("blue", 3, 0),
        "drives.rotate": ("blue", 2, 0),
    }


def test_setup_reactor_markers_cover_the_lower_three_shields_spaces():
    view = E.view(start().state, 0)
    repair = next(g for g in view["players"][0]["board"] if g["group"] == "shields.repair")
    assert (repair["count"], repair["covered"]) == (6, 3)


def test_sf07_there_is_no_first_player_the_roll_phase_starts_for_everybody():
    step = start(3)
    assert step.state.phase == ROLL and step.state.round == 1
    assert E.active_seats(step.state) == frozenset({0, 1, 2})
    assert has(step, "round_started", round=1)


def test_setup_uses_no_dice_and_is_the_same_every_time():
    a, b = start(4), start(4)
    assert E.dump(a.state) == E.dump(b.state)
    d = dice()
    E.setup(E.default_options(), 2, d)
    assert d.draws == []


def test_each_player_chooses_a_side_in_the_match_options():
    state = start(4, ship_1="B1", ship_2="B2", ship_3="B3", ship_4="B4").state
    assert [s.side for s in state.ships] == ["B1", "B2", "B3", "B4"]
    assert [sum(s.shields) for s in state.ships] == [12, 11, 8, 11]  # SF-50...SF-53

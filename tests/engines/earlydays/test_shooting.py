"""Shooting: the to-hit formula and its worked example (SW-30), arcs and the off-axis penalty
(SW-32), the angle table (SW-33), range bands, fire modes, dice and hits (SW-34, SW-37)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.engines.earlydays.data import DATA
from games.engines.earlydays.shooting import rapid_bonus

from .helpers import (
    IMPERIAL,
    REBEL,
    ahead,
    event,
    events,
    game_moves,
    has,
    needed,
    offset,
    ok,
    parts,
    red_vs_omega,
    refused,
    seek,
    shooting,
    unit,
)

W = DATA.weapons


# -- SW-30 and the worked example ---------------------------------------------------------------------
def test_the_worked_example_an_x_wing_flight_needs_4s_against_a_tie_flight_front_to_front():
    th = needed(red_vs_omega(), "R1a", "quad_lasers", "I1a")
    assert parts(th) == {
        "gunnery": 4,  # 7 - Gunnery 3: "it needs 4 baseline"
        "evasion": 2,  # "+2 for Evasion. 6"
        "piloting": 0,
        "angle": 0,  # "front to front which gives 0"
        "range": 0,  # "within short range"
        "rapid_fire": -2,  # "rapid firing ... pushing it back down to 4"
    }
    assert (th.needed, th.lucky) == (4, False)


def test_the_worked_example_rolls_one_die_per_fighter_hitting_on_4_or_more():
    state = replace(red_vs_omega(), fire_done=(False, True))
    step = ok(state, REBEL, "fire R1a quad_lasers I1a rapid")
    group = event(step, "fire_resolved").data["groups"][0]
    assert group["needed"] == 4 and len(group["rolls"]) == 4
    assert group["hits"] == sum(1 for r in group["rolls"] if r >= 4)


def test_past_six_only_one_die_hitting_on_a_six_is_rolled_seed():
    shaken = unit("R1a", "x_wing", "1010", "E", manoeuvre="double", panic_until=1)
    state = shooting(shaken, unit("I1a", "tie_fighter", ahead("1010", "E", 8), "W"))
    th = needed(state, "R1a", "quad_lasers", "I1a")
    assert sum(parts(th).values()) == 4 + 2 + 2 + 1 + 1 - 2  # 8: past six
    assert th.lucky and th.needed == 6
    step = ok(replace(state, fire_done=(False, True)), REBEL, "fire R1a quad_lasers I1a rapid")
    group = event(step, "fire_resolved").data["groups"][0]
    assert len(group["rolls"]) == 1 and group["hits"] == (1 if group["rolls"][0] == 6 else 0)


def test_a_1_always_misses_sw_30():
    vader = unit("I1a", "vader_squadron", "1010", "E", options=("vader",), vader=True, fighters=1)
    state = shooting(vader, unit("R1a", "y_wing", "1110", "E", stopped=True))
    assert needed(state, "I1a", "tie_lasers", "R1a", vader=True).needed == 2


# -- SW-32 arcs and the off-axis penalty ----------------------------------------------------------------
def test_guns_fire_in_a_60_degree_forward_arc_edges_included_sw_32():
    state = shooting(
        unit("R1a", "x_wing", "1010", "E"),
        unit("I1a", "tie_fighter", offset("1010", 2, -1), "W"),
        unit("I2a", "tie_fighter", offset("1010", 1, -1), "W"),
    )
    assert "fire R1a quad_lasers I1a rapid" in game_moves(state, REBEL)
    refused(state, REBEL, "fire R1a quad_lasers I2a rapid", "fire_out_of_arc")


def test_off_the_front_hex_line_guns_get_plus_2_sw_32():
    state = shooting(
        unit("R1a", "x_wing", "1010", "E"), unit("I1a", "tie_fighter", offset("1010", 2, -1), "W")
    )
    assert parts(needed(state, "R1a", "quad_lasers", "I1a"))["off_axis"] == 2


def test_vectored_guns_have_no_off_axis_penalty_seed_tie_advanced():
    vader = unit("I1a", "vader_squadron", "1010", "E", options=("vader",), vader=True)
    state = shooting(vader, unit("R1a", "x_wing", offset("1010", 2, -1), "E"))
    assert "off_axis" in parts(needed(state, "I1a", "tie_lasers", "R1a"))
    assert "off_axis" not in parts(needed(state, "I1a", "tie_lasers", "R1a", vader=True))


# -- SW-33 the angle table -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("shooter_at", "modifier"),
    [
        ("W", 0),  # in front of a target facing W
        ("NW", 2),  # front-left
        ("SW", 2),  # front-right
        ("NE", 1),  # rear-left
        ("SE", 1),  # rear-right
        ("E", -1),  # rear
    ],
)
def test_the_angle_table_front_0_front_sides_2_rear_sides_1_rear_minus_1_seed(shooter_at, modifier):
    target = "1510"
    state = shooting(
        unit("R1a", "x_wing", ahead(target, shooter_at), "E"), unit("I1a", "tie_fighter", target, "W")
    )
    assert parts(needed(state, "R1a", "manned_turret", "I1a"))["angle"] == modifier


@pytest.mark.parametrize(("dq", "dr", "modifier"), [(2, -1, 2), (-1, 2, 2), (-2, 1, 1)])
def test_exact_sector_boundaries_take_the_higher_modifier_sw_33(dq, dr, modifier):
    target = "1512"
    state = shooting(
        unit("R1a", "y_wing", offset(target, dq, dr), "E"), unit("I1a", "tie_fighter", target, "E")
    )
    assert parts(needed(state, "R1a", "manned_turret", "I1a"))["angle"] == modifier


def test_static_targets_have_angle_0_seed():
    state = shooting(unit("R1a", "x_wing", "1010", "E"), unit("I1", "outpost", "1310", "W"))
    assert "angle" not in parts(needed(state, "R1a", "quad_lasers", "I1", "linked"))


def test_a_stopped_fighter_drops_every_angle_against_it_to_0_sw_24():
    state = shooting(
        unit("R1a", "x_wing", "1010", "E"), unit("I1a", "tie_fighter", "1310", "E", stopped=True)
    )
    assert parts(needed(state, "R1a", "quad_lasers", "I1a"))["angle"] == 0
    assert parts(needed(state, "R1a", "quad_lasers", "I1a"))["evasion"] == 2


# -- ranges ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("distance", "modifier"), [(1, 0), (3, 0), (4, 1), (6, 1), (7, 2), (9, 2)])
def test_range_bands_are_three_hexes_long_seed(distance, modifier):
    state = shooting(unit("R1a", "x_wing", "0510", "E"), unit("I1", "outpost", ahead("0510", "E", distance)))
    assert parts(needed(state, "R1a", "quad_lasers", "I1", "linked"))["range"] == modifier


def test_beyond_9_hexes_is_extreme_range_lucky_shots_only_seed():
    state = shooting(unit("R1a", "x_wing", "0510", "E"), unit("I1", "outpost", ahead("0510", "E", 10)))
    th = needed(state, "R1a", "quad_lasers", "I1", "linked")
    assert (th.lucky, th.needed) == (True, 6)


# -- fire modes -------------------------------------------------------------------------------------------------
def test_rapid_fire_gives_plus_1_for_every_doubling_of_the_guns_seed():
    xw, yw = unit("R1a", "x_wing", "1010"), unit("R2a", "y_wing", "1010")
    assert rapid_bonus(W["quad_lasers"], xw) == 2
    assert rapid_bonus(W["dual_lasers"], yw) == 1
    assert rapid_bonus(replace(W["quad_lasers"], guns=3), xw) == 1  # "A B-wing with 3 guns only get +1"
    assert rapid_bonus(W["manned_turret"], yw) == 0


def test_the_locked_forward_turret_adds_1_in_rapid_fire_and_2_damage_linked_seed():
    from games.engines.earlydays.shooting import damage

    locked = unit("R1a", "y_wing", "1010", options=("y_locked_turret",))
    assert rapid_bonus(W["dual_lasers"], locked) == 2
    assert damage(W["dual_lasers"], locked, "linked") == 4


def test_linked_fire_does_the_linked_damage_to_ships_seed():
    state = shooting(
        unit("R1a", "x_wing", "1010", "E"),
        unit("I1", "corvette_imperial", "1210", "W"),
        fire_done=(False, True),
    )
    step = seek(
        state,
        REBEL,
        "fire R1a quad_lasers I1 linked",
        lambda s: bool(s.state.hits) or has(s, "damage_applied"),
    )
    hit = next(e for e in step.events if e.kind == "damage_applied")
    assert hit.data["hull"] + hit.data["shield"] == 40 - 4 * hit.data["hits"]


def test_linked_fire_is_not_offered_against_fighters_sw_36():
    refused(red_vs_omega(), REBEL, "fire R1a quad_lasers I1a linked", "linked_vs_fighter")
    assert "fire R1a quad_lasers I1a linked" not in game_moves(red_vs_omega(), REBEL)


def test_a_weapon_without_fire_modes_fires_plainly():
    state = shooting(unit("R1", "corvette_rebel", "1010", "E"), unit("I1a", "tie_fighter", "1210", "W"))
    refused(state, REBEL, "fire R1 laser_turret_1 I1a rapid", "bad_mode")


# -- dice and hits ----------------------------------------------------------------------------------------------
def test_a_flight_rolls_one_die_per_surviving_fighter_seed():
    state = shooting(
        unit("R1a", "x_wing", "1010", "E", fighters=3),
        unit("I1a", "tie_fighter", "1210", "W"),
        fire_done=(False, True),
    )
    step = ok(state, REBEL, "fire R1a quad_lasers I1a rapid")
    assert len(event(step, "fire_resolved").data["groups"][0]["rolls"]) == 3


def test_shielded_fighters_save_a_hit_on_their_shield_roll_sw_34():
    state = shooting(
        unit("R1a", "x_wing", "1010", "E"), unit("I1a", "tie_fighter", "1210", "W"), fire_done=(True, False)
    )
    step = seek(
        state,
        IMPERIAL,
        "fire I1a tie_lasers R1a rapid",
        lambda s: has(s, "damage_applied", unit="R1a") and event(s, "damage_applied").data["saved"] > 0,
    )
    data = next(e.data for e in step.events if e.kind == "damage_applied" and e.data["unit"] == "R1a")
    assert data["fighters"] == 4 - (data["hits"] - data["saved"])


def test_tie_fighters_have_no_shield_save_sw_34():
    state = replace(red_vs_omega(), fire_done=(False, True))
    step = seek(state, REBEL, "fire R1a quad_lasers I1a rapid", lambda s: has(s, "damage_applied"))
    data = event(step, "damage_applied").data
    assert data["saved"] == 0 and data["fighters"] == 4 - data["hits"]


def test_raking_rolls_one_die_for_every_fighter_in_the_target_flight_seed_sw_37():
    state = shooting(
        unit("R1", "corvette_rebel", "1010", "E"),
        unit("I1a", "tie_fighter", "1210", "W", fighters=3),
        fire_done=(False, True),
    )
    state = ok(state, REBEL, "fire R1 laser_turret_1 I1a fire").state
    step = ok(state, REBEL, "fire R1 hold turret_2")
    assert len(event(step, "fire_resolved").data["groups"][0]["rolls"]) == 3


def test_a_starship_weapon_rolls_one_die_per_mount_against_ships_sw_37():
    state = shooting(
        unit("R1", "corvette_rebel", "1010", "E"),
        unit("I1", "corvette_imperial", "1210", "W"),
        fire_done=(False, True),
    )
    state = ok(state, REBEL, "fire R1 laser_turret_1 I1 fire").state
    step = ok(state, REBEL, "fire R1 hold turret_2")
    assert len(event(step, "fire_resolved").data["groups"][0]["rolls"]) == 1


def test_starship_weapons_use_their_own_base_not_gunnery_sw_31():
    state = shooting(unit("R1", "corvette_rebel", "1010", "E"), unit("I1", "corvette_imperial", "1210", "W"))
    assert needed(state, "R1", "laser_turret_1", "I1", "fire").needed == 2
    state = shooting(unit("R1", "corvette_rebel", "1010", "E"), unit("I1a", "tie_fighter", "1210", "W"))
    assert needed(state, "R1", "laser_turret_1", "I1a", "fire").needed == 4


def test_starship_turrets_fire_all_round_without_off_axis_penalty_seed():
    state = shooting(unit("R1", "corvette_rebel", "1010", "E"), unit("I1", "corvette_imperial", "0710", "W"))
    assert "fire R1 laser_turret_1 I1 fire" in game_moves(state, REBEL)
    assert "off_axis" not in parts(needed(state, "R1", "laser_turret_1", "I1", "fire"))


def test_corvette_side_turrets_fire_on_their_side_and_ahead_never_behind_sw_40():
    corvette = unit("R1", "corvette_rebel", "1010", "E", options=("cr_side_turrets",))
    ahead_ = unit("I1", "corvette_imperial", "1410", "W")
    behind = unit("I2", "corvette_imperial", "0610", "W")
    north = unit("I3", "corvette_imperial", offset("1010", 0, -3), "W")
    state = shooting(corvette, ahead_, behind, north)
    moves = game_moves(state, REBEL)
    assert "fire R1 side_left I1 fire" in moves and "fire R1 side_right I1 fire" in moves
    assert "fire R1 side_left I3 fire" in moves
    refused(state, REBEL, "fire R1 side_right I3 fire", "fire_out_of_arc")
    refused(state, REBEL, "fire R1 side_left I2 fire", "fire_out_of_arc")
    assert needed(state, "R1", "side_left", "I1", "fire").parts[0] == ("weapon", 3)


def test_side_turrets_make_two_attacks_each_seed():
    corvette = unit("R1", "corvette_rebel", "1010", "E", options=("cr_side_turrets",))
    state = shooting(corvette, unit("I1", "corvette_imperial", "1410", "W"), fire_done=(False, True))
    state = ok(state, REBEL, "fire R1 laser_turret_1 I1 fire").state
    state = ok(state, REBEL, "fire R1 laser_turret_2 I1 fire").state
    state = ok(state, REBEL, "fire R1 side_right I1 fire").state
    step = ok(state, REBEL, "fire R1 side_left I1 fire")
    rolls = [len(e.data["groups"][0]["rolls"]) for e in events(step, "fire_resolved")]
    assert rolls == [1, 1, 2, 2]


# -- what is shot at, and by whom --------------------------------------------------------------------------
def test_ships_are_shot_at_without_evasion_piloting_or_angle_seed():
    state = shooting(unit("R1a", "x_wing", "1010", "E"), unit("I1", "corvette_imperial", "1210", "E"))
    assert set(parts(needed(state, "R1a", "quad_lasers", "I1", "linked"))) == {"gunnery", "range"}


def test_every_point_of_piloting_adds_1_to_the_evasion_of_a_fighter_shot_at_seed():
    state = shooting(unit("R1a", "x_wing", "1010", "E"), unit("I1a", "vader_squadron", "1210", "W"))
    p = parts(needed(state, "R1a", "quad_lasers", "I1a"))
    assert (p["evasion"], p["piloting"]) == (2, 1)  # elite pilots in TIE fighters


def test_red_squadron_shoots_with_imperial_grade_gunnery_seed_inconsistency_5():
    state = shooting(unit("R1a", "red_squadron", "1010", "E"), unit("I1a", "tie_fighter", "1210", "W"))
    assert parts(needed(state, "R1a", "quad_lasers", "I1a"))["gunnery"] == 7 - 4


def test_twin_imperial_lasers_read_as_rapid_fire_plus_1_or_linked_2_damage_sw_35():
    from games.engines.earlydays.shooting import damage

    tie = unit("I1a", "tie_fighter", "1010")
    assert rapid_bonus(W["tie_lasers"], tie) == 1
    assert (damage(W["tie_lasers"], tie, "rapid"), damage(W["tie_lasers"], tie, "linked")) == (1, 2)


def test_a_hit_kills_one_fighter_whatever_the_weapons_damage_sw_49():
    tl = unit("R1", "corvette_rebel", "1010", "E", options=("cr_turbolaser_1",))
    state = shooting(tl, unit("I1a", "tie_fighter", "1210", "W"), fire_done=(False, True))
    state = ok(state, REBEL, "fire R1 turbolaser_1 I1a fire").state
    step = seek(state, REBEL, "fire R1 hold turret_2", lambda s: has(s, "damage_applied"))
    data = event(step, "damage_applied").data
    assert data["hits"] >= 1 and data["fighters"] == 4 - data["hits"]  # 8 damage, one fighter each


@pytest.mark.parametrize(
    ("table", "distance", "band"),
    [
        ("turbolaser", 5, ("short", 0)),
        ("turbolaser", 6, ("medium", 1)),
        ("turbolaser", 10, ("medium", 1)),
        ("turbolaser", 15, ("long", 2)),
        ("turbolaser", 16, ("extreme", None)),
        ("medium_turbolaser", 15, ("short", 0)),
        ("medium_turbolaser", 16, ("extreme", None)),
    ],
)
def test_turbolasers_count_range_in_fives_and_medium_ones_have_no_penalty_to_15_sw_41(table, distance, band):
    from games.engines.earlydays.geometry import range_band

    assert range_band(table, distance) == band

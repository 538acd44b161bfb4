"""Sealed fire orders (AS-SW-1): hidden until both sides have given theirs, revealed and
rolled together; effects wait for the End phase; every bad order has its own code."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.engines.earlydays.data import DATA

from .helpers import (
    IMPERIAL,
    REBEL,
    E,
    event,
    events,
    ok,
    red_vs_omega,
    refused,
    shooting,
    unit,
)

W = DATA.weapons


# -- AS-SW-1 sealed fire orders ------------------------------------------------------------------------------------------
def test_a_fire_order_is_sealed_until_both_sides_have_given_theirs_as_sw_1():
    step = ok(red_vs_omega(), REBEL, "fire R1a quad_lasers I1a rapid")
    assert step.move_audience == {REBEL}
    assert event(step, "fire_ordered").audience == {REBEL}
    assert E.view(step.state, IMPERIAL)["fire"] == []
    assert E.view(step.state, REBEL)["you"]["fire_orders"][0]["target"] == "I1a"
    assert E.active_seats(step.state) == {IMPERIAL}


def test_both_sides_orders_are_revealed_and_rolled_together_as_sw_1():
    state = ok(red_vs_omega(), REBEL, "fire R1a quad_lasers I1a rapid").state
    step = ok(state, IMPERIAL, "fire I1a tie_lasers R1a rapid")
    revealed = event(step, "fire_revealed")
    assert revealed.audience is None and len(revealed.data["orders"]) == 2
    assert [e.data["unit"] for e in events(step, "fire_resolved")] == ["R1a", "I1a"]


def test_a_side_may_hold_its_fire():
    step = ok(red_vs_omega(), REBEL, "hold")
    assert step.state.fire_done == (True, False)


def test_after_sealing_no_more_orders_are_taken_fire_sealed():
    state = ok(red_vs_omega(), REBEL, "hold").state
    refused(state, REBEL, "fire R1a quad_lasers I1a rapid", "fire_sealed")


def test_a_unit_fires_each_weapon_group_once_a_turn_already_ordered():
    state = shooting(unit("R1", "corvette_rebel", "1010", "E"), unit("I1a", "tie_fighter", "1210", "W"))
    state = ok(state, REBEL, "fire R1 laser_turret_1 I1a fire").state
    refused(state, REBEL, "fire R1 laser_turret_1 I1a fire", "already_ordered")


def test_hits_take_effect_in_the_end_phase_so_a_doomed_flight_still_fires_seed():
    state = ok(
        replace(red_vs_omega(), fire_done=(False, False)), REBEL, "fire R1a quad_lasers I1a rapid"
    ).state
    step = ok(state, IMPERIAL, "fire I1a tie_lasers R1a rapid")
    resolved = events(step, "fire_resolved")
    assert len(resolved[1].data["groups"][0]["rolls"]) == 4  # all four TIEs fire


@pytest.mark.parametrize(
    ("move", "code"),
    [
        ("fire I1a tie_lasers R1a rapid", "not_your_unit"),
        ("fire R1a quad_lasers R1a rapid", "own_unit"),
        ("fire R1a quad_lasers I9a rapid", "no_target"),
        ("fire R1a dual_lasers I1a rapid", "no_such_weapon"),
    ],
)
def test_bad_fire_orders_are_refused_with_their_own_code(move, code):
    refused(red_vs_omega(), REBEL, move, code)


def test_a_neutralized_weapon_cannot_fire_seed_ion_result_5():
    from games.engines.earlydays.state import Effect

    hurt = unit("R1", "corvette_rebel", "1010", "E", effects=(Effect("weapon", 1, weapon="laser_turret_1"),))
    refused(
        shooting(hurt, unit("I1a", "tie_fighter", "1210", "W")),
        REBEL,
        "fire R1 laser_turret_1 I1a fire",
        "no_such_weapon",
    )


def test_an_inactive_ship_cannot_fire_sw_64():
    prize = unit("I1", "corvette_imperial", "1010", "E", inactive=True)
    refused(
        shooting(prize, unit("R1a", "x_wing", "1210", "W")),
        IMPERIAL,
        "fire I1 laser_turret_1 R1a fire",
        "cannot_fire",
    )


def test_the_imperials_do_not_fire_on_the_hostages_station_sw_62():
    state = shooting(
        unit("R1", "station", "1212", "E"), unit("I1a", "tie_fighter", "1012", "E"), scenario="hostage"
    )
    refused(state, IMPERIAL, "fire I1a tie_lasers R1 rapid", "target_protected")

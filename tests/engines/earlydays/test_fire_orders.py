"""Sealed fire orders (AS-SW-1): hidden until both sides have given theirs, revealed and
rolled together; effects wait for the End phase; every bad order has its own code."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.engines.earlydays.data import DATA
from games.engines.earlydays.fire_orders import owed, slots

from .helpers import (
    IMPERIAL,
    REBEL,
    E,
    event,
    events,
    has,
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


def test_a_side_may_hold_the_fire_of_a_weapon_group_as_sw_1():
    step = ok(red_vs_omega(), REBEL, "fire R1a hold main")
    assert step.move_audience == {REBEL}
    assert step.state.fire_done == (True, False)
    held = E.view(step.state, REBEL)["you"]["fire_orders"][0]
    assert (held["unit"], held["group"], held["mode"], held["target"]) == ("R1a", "main", "hold", "")


def test_after_the_last_decision_no_more_orders_are_taken_fire_sealed():
    state = ok(red_vs_omega(), REBEL, "fire R1a hold main").state
    refused(state, REBEL, "fire R1a quad_lasers I1a rapid", "fire_sealed")


def corvette_vs_ties():
    """A Rebel corvette with side turrets: four weapon groups, each with a TIE flight in reach."""
    return shooting(
        unit("R1", "corvette_rebel", "1010", "E", options=("cr_side_turrets",)),
        unit("I1a", "tie_fighter", "1308", "W"),
        unit("I2a", "tie_fighter", "1008", "W"),
    )


def test_a_side_owes_one_decision_per_unit_and_weapon_group_that_can_fire_as_sw_1():
    state = corvette_vs_ties()
    assert slots(state, REBEL) == [("R1", "turret_1"), ("R1", "turret_2"), ("R1", "side_left")]
    moves = [E.notation(m) for m in E.legal_moves(state, REBEL) if m.kind == "fire"]
    assert [m for m in moves if "hold" in m] == [
        "fire R1 hold turret_1",
        "fire R1 hold turret_2",
        "fire R1 hold side_left",
    ]
    assert E.view(state, IMPERIAL)["turn"]["fire_left"] == [3, 1]  # I2a has no target in its arc


def test_the_slots_owed_do_not_change_with_the_decisions_given_as_sw_1():
    state = corvette_vs_ties()
    before = slots(state, REBEL)
    state = ok(state, REBEL, "fire R1 laser_turret_1 I1a fire").state
    state = ok(state, REBEL, "fire R1 hold turret_2").state
    assert slots(state, REBEL) == before
    assert owed(state, REBEL) == [("R1", "side_left")]
    assert E.active_seats(state) == {REBEL, IMPERIAL}
    step = ok(state, REBEL, "fire R1 side_left I2a fire")
    assert step.state.fire_done == (True, False) and has(step, "fire_orders_sealed", seat=REBEL)


def test_a_unit_fires_each_weapon_group_once_a_turn_already_ordered():
    state = shooting(unit("R1", "corvette_rebel", "1010", "E"), unit("I1a", "tie_fighter", "1210", "W"))
    state = ok(state, REBEL, "fire R1 laser_turret_1 I1a fire").state
    refused(state, REBEL, "fire R1 laser_turret_1 I1a fire", "already_ordered")
    refused(state, REBEL, "fire R1 hold turret_1", "already_ordered")


def test_a_held_group_cannot_fire_afterwards_already_ordered():
    state = ok(corvette_vs_ties(), REBEL, "fire R1 hold turret_1").state
    refused(state, REBEL, "fire R1 laser_turret_1 I1a fire", "already_ordered")


def test_a_group_without_a_target_owes_no_decision_nothing_to_hold():
    state = corvette_vs_ties()  # no TIE on the right of the corvette
    refused(state, REBEL, "fire R1 hold side_right", "nothing_to_hold")


def test_holding_a_group_the_unit_does_not_have_is_no_such_weapon():
    refused(red_vs_omega(), REBEL, "fire R1a hold turret_1", "no_such_weapon")
    refused(red_vs_omega(), REBEL, "fire I1a hold main", "not_your_unit")


def test_the_reveal_lists_the_held_groups_beside_the_attacks_as_sw_1():
    state = ok(red_vs_omega(), REBEL, "fire R1a hold main").state
    step = ok(state, IMPERIAL, "fire I1a tie_lasers R1a rapid")
    revealed = event(step, "fire_revealed").data
    assert [o["unit"] for o in revealed["orders"]] == ["I1a"]
    assert [(h["unit"], h["group"]) for h in revealed["held"]] == [("R1a", "main")]
    assert [e.data["unit"] for e in events(step, "fire_resolved")] == ["I1a"]


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


def test_the_imperials_do_not_fire_on_the_hostages_station_target_protected_sw_h4():
    state = shooting(
        unit("R1", "station", "1212", "E"), unit("I1a", "tie_fighter", "1012", "E"), scenario="hostage"
    )
    refused(state, IMPERIAL, "fire I1a tie_lasers R1 rapid", "target_protected")

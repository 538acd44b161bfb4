"""Movement: [SEED] fighter movement and its manoeuvres, ships, SW-06, SW-07, SW-20..26, SW-46."""

from __future__ import annotations

from games.engines.earlydays.state import Effect
from games.engines.earlydays.units import min_move

from .helpers import (
    REBEL,
    ahead,
    at,
    event,
    game_moves,
    has,
    kinds,
    moving,
    ok,
    position,
    refused,
    seek,
    unit,
)

XW = unit("R1a", "x_wing", "1010", "E")
FOE = unit("I1a", "tie_fighter", "3010", "W")


def solo(*units, **kw):
    return position(*(units or (XW,)), FOE, **kw)


def walk(state, *steps, seat=REBEL, uid="R1a"):
    for s in steps:
        state = ok(state, seat, f"move {uid} {s}").state
    return state


# -- SW-20 minimum move -----------------------------------------------------------------------------
def test_fighters_move_at_least_three_hexes_or_half_their_movement_sw_20():
    assert [min_move(unit("R1a", t, "1010")) for t in ("x_wing", "y_wing", "tie_fighter")] == [3, 3, 3]
    assert min_move(unit("R1", "corvette_rebel", "1010")) == 0


def test_a_fighter_cannot_end_its_move_before_the_minimum_sw_20():
    state = walk(solo(), "F", "F")
    refused(state, REBEL, "end R1a", "minimum_move")
    state = walk(state, "F")
    assert "end R1a" in game_moves(state, REBEL)


def test_a_y_wing_moves_exactly_its_three_hexes_seed_minimum_of_3():
    state = walk(solo(unit("R1a", "y_wing", "1010", "E")), "F", "F", "F")
    assert game_moves(state, REBEL) == ["move R1a IMM", "end R1a"]


def test_a_fighter_may_not_move_past_its_movement():
    state = walk(solo(), "L", "R", "F", "F")
    assert "move R1a F" not in game_moves(state, REBEL)


# -- SW-21 normal turns --------------------------------------------------------------------------------
def test_a_turn_is_one_facing_then_one_hex_forward_sw_21():
    state = walk(solo(), "L")
    assert at(state, "R1a") == (ahead("1010", "NE"), "NE")


def test_without_a_hex_left_a_fighter_cannot_turn_sw_21():
    state = moving(solo(), "R1a", hexes=4, facings=0, straight=0)
    refused(state, REBEL, "move R1a L", "no_movement_left")


def test_the_facings_turned_in_a_turn_cannot_exceed_the_movement_seed():
    state = moving(solo(), "R1a", hexes=2, facings=4)
    refused(state, REBEL, "move R1a L", "facings_cap")


# -- SW-22 sharper turns -------------------------------------------------------------------------------
def test_a_sharper_turn_of_two_facings_needs_a_4_sw_22():
    step = seek(solo(), REBEL, "move R1a L2", lambda s: has(s, "sharper_turn", passed=True))
    assert event(step, "sharper_turn").data["needed"] == 4
    assert at(step.state, "R1a") == (ahead("1010", "NW"), "NW")
    assert step.state.moving.facings == 2


def test_each_extra_facing_adds_one_to_the_sharper_turn_roll_sw_22():
    step = seek(solo(), REBEL, "move R1a R3", lambda s: has(s, "sharper_turn", passed=True))
    assert event(step, "sharper_turn").data["needed"] == 5
    assert at(step.state, "R1a")[1] == "W"


def test_a_failed_sharper_turn_turns_one_facing_and_moves_one_forward_sw_22():
    step = seek(solo(), REBEL, "move R1a L2", lambda s: has(s, "sharper_turn", passed=False))
    assert at(step.state, "R1a") == (ahead("1010", "NE"), "NE")
    assert step.state.moving.facings == 1


def test_piloting_is_added_to_the_sharper_turn_roll_seed():
    elite = unit("I1a", "vader_squadron", "1010", "E")
    state = position(elite, unit("R9a", "x_wing", "3010", "W"), mover=1)
    step = seek(state, 1, "move I1a L2", lambda s: has(s, "sharper_turn"))
    data = event(step, "sharper_turn").data
    assert data["total"] == data["roll"] + 1


def test_sharper_turns_are_for_fighters_not_ships_sw_26():
    state = solo(unit("R1", "corvette_rebel", "1010", "E"))
    refused(state, REBEL, "move R1 L2", "ship_manoeuvre")


# -- SW-23 Immelmann -------------------------------------------------------------------------------------
def test_the_immelmann_turns_180_degrees_after_three_straight_hexes_sw_23():
    state = walk(solo(), "F", "F", "F", "IMM")
    assert at(state, "R1a") == (ahead("1010", "E", 3), "W")
    assert state.moving.facings == 3


def test_the_immelmann_needs_three_straight_hexes_first_sw_23():
    state = walk(solo(), "L", "F")
    refused(state, REBEL, "move R1a IMM", "immelmann_straight")


def test_movement_may_go_on_after_the_immelmann_sw_23():
    state = walk(solo(), "F", "F", "F", "IMM", "F")
    assert at(state, "R1a") == (ahead("1010", "E", 2), "W")


# -- SW-24 complete stop ---------------------------------------------------------------------------------
def test_a_complete_stop_uses_the_whole_move_without_moving_sw_24():
    step = ok(solo(), REBEL, "stop R1a E")
    u = step.state.unit("R1a")
    assert (u.hex, u.stopped, u.manoeuvre) == ("1010", True, "stop")
    assert "R1a" in step.state.moved


def test_the_turn_a_unit_stops_it_cannot_turn_sw_24():
    refused(solo(), REBEL, "stop R1a NE", "stop_no_turn")
    assert [m for m in game_moves(solo(), REBEL) if m.startswith("stop")] == ["stop R1a E"]


def test_a_stopped_unit_may_pivot_to_any_facing_next_turn_sw_24():
    state = solo(unit("R1a", "x_wing", "1010", "E", stopped=True))
    stops = [m for m in game_moves(state, REBEL) if m.startswith("stop")]
    assert len(stops) == 6
    assert at(ok(state, REBEL, "stop R1a SW").state, "R1a") == ("1010", "SW")


def test_a_stopped_unit_resumes_normal_movement_with_its_minimum_sw_24():
    state = walk(solo(unit("R1a", "x_wing", "1010", "E", stopped=True)), "F")
    assert not state.unit("R1a").stopped
    refused(state, REBEL, "end R1a", "minimum_move")


# -- SW-25 double move -----------------------------------------------------------------------------------
def test_a_double_move_goes_twice_the_movement_straight_ahead_sw_25():
    step = ok(solo(), REBEL, "double R1a")
    assert at(step.state, "R1a") == (ahead("1010", "E", 8), "E")
    assert step.state.unit("R1a").manoeuvre == "double"


def test_a_double_move_may_not_end_on_another_unit_sw_06():
    state = solo(unit("R1a", "x_wing", "1010", "E"), unit("R2a", "x_wing", ahead("1010", "E", 8), "E"))
    refused(state, REBEL, "double R1a", "hex_occupied")


# -- manoeuvres are declared before the first hex ----------------------------------------------------------
def test_special_manoeuvres_are_declared_before_the_first_hex():
    state = walk(solo(), "F")
    refused(state, REBEL, "double R1a", "declare_first")


def test_only_fighters_make_special_manoeuvres():
    refused(solo(unit("R1", "corvette_rebel", "1010", "E")), REBEL, "double R1", "fighters_only")


def test_an_anti_fighter_lock_on_flies_a_straight_line_sw_44():
    xw = unit("R1a", "x_wing", "1010", "E", options=("af_torpedoes",))
    state = ok(solo(xw), REBEL, "lock R1a").state
    refused(state, REBEL, "move R1a L", "lock_straight")
    assert game_moves(state, REBEL) == ["move R1a F"]


def test_a_lock_on_needs_anti_fighter_torpedoes_sw_44():
    refused(solo(), REBEL, "lock R1a", "no_torpedoes")
    spent = unit("R1a", "x_wing", "1010", "E", options=("af_torpedoes",), torpedoes=False)
    refused(solo(spent), REBEL, "lock R1a", "no_torpedoes")


def test_an_attack_run_turns_no_more_than_one_facing_seed_sw_45():
    xw = unit("R1a", "x_wing", "1010", "E", options=("proton_torpedoes",))
    state = ok(solo(xw), REBEL, "run R1a").state
    refused(state, REBEL, "move R1a L2", "attack_run_turn")
    state = walk(state, "L")
    refused(state, REBEL, "move R1a R", "attack_run_turn")


def test_an_attack_run_needs_anti_capship_torpedoes_sw_45():
    refused(solo(), REBEL, "run R1a", "no_torpedoes")
    assert "run R1a" in game_moves(solo(unit("R1a", "y_wing", "1010", "E")), REBEL)


# -- SW-26 ships -------------------------------------------------------------------------------------------
def test_a_ship_need_not_move_sw_26():
    state = solo(unit("R1", "corvette_rebel", "1010", "E"))
    assert "end R1" in game_moves(state, REBEL)
    step = ok(state, REBEL, "end R1")
    assert at(step.state, "R1") == ("1010", "E")


def test_a_ship_turns_in_place_sw_26():
    state = walk(solo(unit("R1", "corvette_rebel", "1010", "E")), "L", uid="R1")
    assert at(state, "R1") == ("1010", "NE")


def test_a_ship_turns_no_more_facings_than_its_movement_sw_26():
    state = walk(solo(unit("R1", "corvette_rebel", "1010", "E")), "L", "L", uid="R1")
    refused(state, REBEL, "move R1 L", "facings_cap")


def test_a_ship_moves_no_more_hexes_than_its_movement_sw_26():
    state = walk(solo(unit("R1", "corvette_rebel", "1010", "E")), "F", "F", uid="R1")
    refused(state, REBEL, "move R1 F", "no_movement_left")


def test_engine_damage_slows_a_ship_seed_ion_result_4():
    slowed = unit("R1", "corvette_rebel", "1010", "E", effects=(Effect("engine", 1),))
    state = walk(solo(slowed), "F", uid="R1")
    refused(state, REBEL, "move R1 F", "no_movement_left")


def test_a_ship_without_engines_or_a_station_cannot_move():
    dead = unit("R1", "corvette_rebel", "1010", "E", effects=(Effect("engine", 1), Effect("engine", 1)))
    refused(solo(dead, XW), REBEL, "move R1 F", "cannot_move")
    refused(solo(unit("R2", "outpost", "1212"), XW), REBEL, "move R2 F", "cannot_move")


def test_the_falcon_moves_as_the_light_ship_it_replaces_sw_26_sw_48():
    state = solo(unit("R1", "falcon", "1010", "E"))
    assert "end R1" in game_moves(state, REBEL)  # no minimum move
    state = walk(state, "L", "F", uid="R1")  # turns in place, then flies on
    assert at(state, "R1") == (ahead("1010", "NE"), "NE")
    refused(state, REBEL, "move R1 L2", "ship_manoeuvre")


# -- SW-02 facings ---------------------------------------------------------------------------------------
def test_a_hex_has_six_facings_and_half_a_turn_is_three_of_them_sw_02():
    from games.engines.earlydays.geometry import FACINGS, name_of, step

    assert FACINGS == ("NE", "E", "SE", "SW", "W", "NW")
    for f in range(6):
        there = name_of(step("1010", f))
        assert name_of(step(there, (f + 3) % 6)) == "1010"
    assert len({name_of(step("1010", f)) for f in range(6)}) == 6


# -- SW-06 stacking, SW-07 leaving the map ------------------------------------------------------------------
def test_units_pass_through_occupied_hexes_but_do_not_end_there_sw_06():
    friend = unit("R2a", "x_wing", ahead("1010", "E", 3), "E")
    state = walk(solo(XW, friend), "F", "F", "F")
    refused(state, REBEL, "end R1a", "hex_occupied")
    assert "move R1a F" in game_moves(state, REBEL)


def test_a_step_that_leaves_no_free_hex_to_end_in_is_refused_sw_06():
    state = moving(solo(XW, unit("R2a", "x_wing", ahead("1010", "E"), "E")), "R1a", hexes=3)
    refused(state, REBEL, "move R1a F", "no_free_hex")  # its last hex, and taken
    assert "move R1a L" in game_moves(state, REBEL)


def test_a_step_towards_a_blocked_line_is_legal_when_a_turn_later_reaches_a_free_hex_sw_06():
    blockers = [unit(f"R{n}a", "x_wing", ahead("1010", "E", n), "E") for n in (2, 3, 4)]
    state = solo(XW, *blockers)
    assert "move R1a F" in game_moves(state, REBEL)
    state = walk(state, "F", "L", "F")
    assert "end R1a" in game_moves(state, REBEL)


def test_a_sharper_turn_is_refused_when_its_failed_roll_would_end_in_a_taken_hex_sw_06_sw_22():
    state = moving(solo(XW, unit("R2a", "x_wing", ahead("1010", "NE"), "E")), "R1a", hexes=3)
    refused(state, REBEL, "move R1a L2", "no_free_hex")  # a failed roll turns one facing (NE)
    assert "move R1a R2" in game_moves(state, REBEL)


def test_a_unit_leaving_the_map_is_withdrawn_not_destroyed_sw_07():
    state = solo(unit("R1a", "x_wing", "3610", "E"))
    step = ok(state, REBEL, "move R1a F")
    assert (step.state.unit("R1a").status, step.state.unit("R1a").exit) == ("withdrawn", "east")
    assert "unit_withdrawn" in kinds(step) and "R1a" in step.state.moved


# -- one unit at a time ---------------------------------------------------------------------------------------
def test_a_unit_finishes_its_move_before_another_starts_seed():
    state = walk(solo(XW, unit("R2a", "x_wing", "1012", "E")), "F")
    refused(state, REBEL, "move R2a F", "finish_moving_unit")


def test_a_unit_moves_once_a_turn():
    state = position(XW, unit("R2a", "x_wing", "1012", "E"), FOE, moved=("R1a",))
    refused(state, REBEL, "move R1a F", "already_moved")


def test_a_side_moves_only_its_own_units():
    refused(solo(), REBEL, "move I1a F", "not_your_unit")


def test_a_move_with_nothing_else_left_ends_by_itself():
    state = walk(solo(), "L", "R", "F")
    step = ok(state, REBEL, "move R1a F")
    assert "movement_ended" in kinds(step) and "R1a" in step.state.moved and step.state.moving is None


# -- SW-46 panic -----------------------------------------------------------------------------------------------
def test_a_panicked_unit_flies_up_to_three_hexes_straight_without_a_check_sw_46():
    state = solo(unit("R1a", "x_wing", "1010", "E", panic_until=1))
    step = ok(walk(state, "F", "F"), REBEL, "move R1a F")
    assert "panic_check" not in kinds(step)


def test_a_panicked_unit_rolls_to_go_beyond_three_straight_hexes_sw_46():
    state = walk(solo(unit("R1a", "x_wing", "1010", "E", panic_until=1)), "F", "F", "F")
    step = seek(state, REBEL, "move R1a F", lambda s: has(s, "panic_check", passed=True))
    assert event(step, "panic_check").data["total"] == event(step, "panic_check").data["roll"] - 1


def test_a_panicked_unit_that_fails_its_check_flies_three_hexes_straight_sw_46():
    state = solo(unit("R1a", "x_wing", "1010", "E", panic_until=1))
    step = seek(state, REBEL, "move R1a L", lambda s: has(s, "panic_check", passed=False))
    assert at(step.state, "R1a") == (ahead("1010", "E", 3), "E")
    assert "R1a" in step.state.moved


def test_panic_ends_after_the_next_turn_sw_46():
    state = solo(unit("R1a", "x_wing", "1010", "E", panic_until=1), turn=2)
    assert "panic_check" not in kinds(ok(state, REBEL, "move R1a L"))


def test_a_lock_on_is_refused_when_the_straight_flight_has_no_free_hex_to_end_in_sw_06():
    xw = unit("R1a", "x_wing", "1010", "E", options=("af_torpedoes",))
    blockers = [unit(f"R{n}a", "x_wing", ahead("1010", "E", n), "E") for n in (1, 2, 3, 4)]
    state = solo(xw, *blockers)
    refused(state, REBEL, "lock R1a", "no_free_hex")
    assert "lock R1a" not in game_moves(state, REBEL)

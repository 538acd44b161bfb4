"""1. Roll dice: rolling, allocating by icon and colour (SF-12), picking up, Fire (SF-13),
reserved dice (SF-20), the step cap and sealed sequences (AS-SF-1, rules/README 6-7)."""

from __future__ import annotations

import json

import pytest

from games.engines.starfighters.data import DATA, RULES
from games.engines.starfighters.state import ROLL

from .helpers import POWERED, E, act, board, dice, event, ok, position, refused, rolled, roller, ship


def duel(**kw):
    return position(ship(0, "c1", "e", **kw), ship(1, "c7", "w"), phase=ROLL)


def after_roll(faces, **kw):
    return rolled(duel(**kw), 0, faces)


# -- rolling --------------------------------------------------------------------------------------------
def test_a_roll_throws_every_die_in_hand_with_the_match_dice():
    step = ok(duel(on=("y1 cockpit C",)), 0, "roll")
    r = roller(step.state, 0)
    assert r.step == 1
    assert sorted(d for d, _ in r.hand) == ["b1", "b2", "b3", "b4", "r1", "r2", "r3", "r4"]
    faces = event(step, "rolled").data["faces"]
    for die, face in faces:
        assert face in DATA.faces[DATA.colour_of(die)]


def test_as_sf1_a_roll_and_its_record_are_sealed_to_the_roller():
    d = dice(5)
    step = ok(duel(), 0, "roll", d)
    assert step.move_audience == frozenset({0})
    assert event(step, "rolled").audience == frozenset({0})
    assert d.draws and all(draw["to"] == [0] for draw in d.draws)


def test_as_sf1_placements_are_sealed_and_the_public_board_does_not_change():
    state = after_roll({"r1": "S"})
    step = ok(state, 0, "place r1 phasers.attack")
    assert step.move_audience == frozenset({0})
    assert all(e.audience == frozenset({0}) for e in step.events)
    other = json.dumps(E.view(step.state, 1))
    assert "phasers.attack" in other and '"die": "r1", "colour": "red", "face": "security"' not in other
    assert step.state.ships[0].board == ()
    assert roller(step.state, 0).board == board("r1 phasers.attack S")


def test_every_sealed_roll_phase_event_names_its_sealed_board_for_the_canary():
    # AS-SF-1 / rules/README 7: the board id is the marker of the whole sealed sequence, so a
    # placement, pick-up, Fire or hold leaking to another seat would carry it.
    state = ok(after_roll({"r1": "S", "y1": "C"}), 0, "place r1 phasers.attack").state
    steps = [ok(after_roll({"r1": "S"}), 0, "place r1 phasers.attack")]
    steps.append(ok(state, 0, "pickup r1"))
    steps.append(ok(ok(state, 0, "place y1 cockpit").state, 0, "fire"))
    steps.append(ok(state, 0, "hold"))
    sealed = [e for step in steps for e in step.events if e.audience == frozenset({0})]
    # "finished rolling" is the roller's own news too (AS-SF-1.6, SF-R5): it names only the seat
    assert {e.kind for e in sealed} == {"placed", "picked_up", "fired", "held", "roll_finished"}
    assert all(e.data["board"] == "board-1-1" for e in sealed if e.kind != "roll_finished")


# -- SF-12: which icon goes where ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("die", "face", "space"),
    [
        ("r1", "S", "phasers.attack"),  # Security on a red Security space
        ("b1", "E", "drives.move"),  # Engineering on a blue Engineering space
        ("r1", "C", "cockpit"),  # red Command in the Cockpit ...
        ("r1", "C", "torpedoes.launch"),  # ... or on any red Security space
        ("b1", "C", "cockpit"),  # blue Command in the Cockpit ...
        ("b1", "C", "shields.repair"),  # ... or on any blue Engineering space
        ("y1", "C", "cockpit"),  # yellow Command anywhere
        ("y1", "C", "phasers.target"),
        ("y1", "C", "drives.rotate"),
    ],
)
def test_sf12_an_icon_may_be_placed_on_its_spaces(die, face, space):
    step = ok(after_roll({die: face}), 0, f"place {die} {space}")
    assert (die, space, {"S": "security", "E": "engineering", "C": "command"}[face]) in roller(
        step.state, 0
    ).board


@pytest.mark.parametrize(
    ("die", "face", "space"),
    [
        ("r1", "S", "drives.move"),  # Security never on blue
        ("r1", "S", "cockpit"),  # nor in the Cockpit
        ("b1", "E", "phasers.attack"),  # Engineering never on red
        ("b1", "E", "cockpit"),
        ("r1", "C", "drives.move"),  # red Command: Cockpit or red only
        ("b1", "C", "phasers.attack"),  # blue Command: Cockpit or blue only
        ("r1", "-", "phasers.attack"),  # a blank goes nowhere
        ("y1", "-", "cockpit"),
    ],
)
def test_sf12_placing_a_die_where_its_icon_may_not_go_is_refused(die, face, space):
    bad = refused(after_roll({die: face}), 0, f"place {die} {space}")
    assert bad.code == "icon_not_allowed" and "SF-12" in bad.message


def test_a_group_of_spaces_holds_no_more_dice_than_it_has_spaces():
    state = after_roll({"r1": "S", "r2": "S"}, on=("r3 phasers.target S", "r4 phasers.target S"))
    bad = refused(state, 0, "place r1 phasers.target")
    assert bad.code == "space_full"


def test_reactor_markers_cover_three_shields_spaces():
    state = after_roll({"b4": "E"}, on=("b1 shields.repair E", "b2 shields.repair E", "b3 shields.repair E"))
    bad = refused(state, 0, "place b4 shields.repair")
    assert bad.code == "space_full" and "reactor" in bad.message


def test_a_space_that_does_not_exist_is_refused():
    assert refused(after_roll({"r1": "S"}), 0, "place r1 cloak").code == "no_such_space"


# -- allocated dice cannot move; pick up and reroll -------------------------------------------------------
def test_you_cannot_move_a_die_after_you_have_allocated_it():
    state = ok(after_roll({"y1": "C"}), 0, "place y1 cockpit").state
    bad = refused(state, 0, "place y1 phasers.attack")
    assert bad.code == "die_allocated" and "pick it up" in bad.message


def test_a_picked_up_die_has_no_face_until_it_is_rerolled():
    state = ok(after_roll({"y1": "C"}), 0, "place y1 cockpit").state
    state = ok(state, 0, "pickup y1").state
    assert ("y1", "") in roller(state, 0).hand
    assert refused(state, 0, "place y1 cockpit").code == "die_not_rolled"
    step = ok(state, 0, "roll")
    assert dict(roller(step.state, 0).hand)["y1"] in DATA.faces["yellow"]


def test_dice_allocated_in_an_earlier_round_may_be_picked_up():
    state = duel(on=("r1 phasers.attack S",))
    step = ok(state, 0, "pickup r1")
    assert roller(step.state, 0).board == ()


def test_only_allocated_dice_are_picked_up():
    assert refused(after_roll({"r1": "S"}), 0, "pickup r1").code == "not_allocated"


def test_a_die_you_do_not_have_is_refused():
    state = after_roll({"r1": "S"}, dice=("y1", "r2", "r3", "r4", "b1", "b2", "b3", "b4"))
    assert refused(state, 0, "place r1 phasers.attack").code == "no_die"


def test_before_the_first_roll_only_reserved_dice_show_a_face():
    bad = refused(duel(), 0, "place r1 phasers.attack")
    assert bad.code == "die_not_rolled" and "roll first" in bad.message


# -- SF-20: reserved dice ---------------------------------------------------------------------------------
def test_sf20_reserved_dice_may_be_allocated_before_the_first_roll_without_rerolling():
    state = duel(reserve=(("r2", "security"), ("b1", "blank")))
    step = ok(state, 0, "place r2 phasers.attack")
    assert roller(step.state, 0).board == board("r2 phasers.attack S")
    assert roller(step.state, 0).step == 0


def test_sf20_unplaced_reserved_dice_join_the_hand_and_are_rolled():
    state = duel(reserve=(("r2", "security"),))
    step = ok(state, 0, "roll")
    assert "r2" in [d for d, _ in event(step, "rolled").data["faces"]]


# -- Fire (SF-13) ---------------------------------------------------------------------------------------------
def test_sf13_fire_with_nothing_activatable_is_refused():
    state = after_roll({"r1": "S"}, on=("r2 phasers.attack S",))
    bad = refused(state, 0, "fire")
    assert bad.code == "fire_not_ready" and "SF-13" in bad.message


def test_sf13_fire_needs_a_command_die_of_a_colour_the_system_accepts():
    state = after_roll({}, on=("b1 cockpit C", "r2 phasers.attack S"))  # Phasers need red or yellow
    assert refused(state, 0, "fire").code == "fire_not_ready"


def test_sf13_fire_with_a_powered_system_ends_your_sequence():
    state = after_roll({}, on=POWERED)
    step = ok(state, 0, "fire")
    assert roller(step.state, 0).fired == 1 and roller(step.state, 0).done == "fire"
    assert E.active_seats(step.state) == frozenset({1})
    assert event(step, "roll_finished").audience == frozenset({0})  # the roller's only (SF-R5)
    assert event(step, "fired").audience == frozenset({0})


def test_sf13_the_a_side_cockpit_ability_counts_for_fire():
    # Two Command dice in the Cockpit and nothing else: moving one to ATTACK powers Phasers.
    state = after_roll({}, on=("y1 cockpit C", "r1 cockpit C"))
    assert ok(state, 0, "fire")


def test_sf13_without_the_cockpit_ability_the_same_board_cannot_fire():
    state = rolled(
        position(
            ship(0, "c1", side="B2", on=("y1 cockpit C", "r1 cockpit C")), ship(1, "c7", "w"), phase=ROLL
        ),
        0,
        {},
    )
    assert refused(state, 0, "fire").code == "fire_not_ready"


def test_hold_ends_your_sequence_without_hitting_the_button():
    step = ok(after_roll({}), 0, "hold")
    assert roller(step.state, 0).done == "hold" and roller(step.state, 0).fired is None


def test_after_fire_or_hold_no_more_roll_phase_moves_are_accepted():
    state = ok(after_roll({"r1": "S"}), 0, "hold").state
    for move in ("roll", "place r1 phasers.attack", "fire", "hold"):
        assert refused(state, 0, move).code == "roll_done"


def test_as_sf1_the_roll_count_is_capped():
    state = rolled(duel(), 0, {}, step=RULES["roll_cap"])
    bad = refused(state, 0, "roll")
    assert bad.code == "roll_cap" and "AS-SF-1" in bad.message


def test_activation_moves_are_refused_in_the_roll_phase():
    bad = refused(duel(on=POWERED), 0, "activate phasers s2 with yellow")
    assert bad.code == "wrong_phase"


def test_once_the_button_has_been_hit_no_more_dice_can_be_placed():
    state = ok(after_roll({"r1": "S"}, on=POWERED), 0, "fire").state
    state = ok(state, 1, "hold").state  # every sequence is over: the reveal
    bad = refused(state, 0, "place r1 phasers.attack")
    assert bad.code == "wrong_phase" and "Roll phase" in bad.message
    assert refused(state, 1, "roll").code == "wrong_phase"


def test_sf14_allocated_dice_stay_on_the_board_into_the_next_roll_phase():
    state = duel(on=POWERED)
    assert roller(state, 0).board == state.ships[0].board
    assert "y1" not in [d for d, _ in roller(state, 0).hand]
    assert act(state, 0, "roll")


def test_sf21_a_false_fire_is_refused_so_the_penalty_never_applies():
    state = after_roll({}, on=("r2 phasers.attack S",))
    assert refused(state, 0, "fire").code == "fire_not_ready"
    assert roller(state, 0).board == board("r2 phasers.attack S")  # nothing was removed

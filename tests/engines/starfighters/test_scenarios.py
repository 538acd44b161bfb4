"""Whole rounds of the 3-player game and of 2 v 2, phase after phase: the Roll phase under
the roll-count clock (AS-SF-1), the reveal, the turns of the Activate-systems phase, the
torpedo phase and the end of the game ("Other ways to play", SF-22, SF-31, SF-40, SF-46)."""

from __future__ import annotations

from games.engines.starfighters.state import ACTIVATE, OVER, ROLL

from .helpers import (
    E,
    board,
    event,
    events,
    has,
    ok,
    position,
    rolled,
    roller,
    seek,
    ship,
    torpedo,
)

DRIVES = ("y1 cockpit C", "b1 drives.move E")
PHASERS = ("y1 cockpit C", "r1 phasers.attack S", "r2 phasers.attack S", "r3 phasers.attack S")


def shown(reserve):
    """The reserved dice the hand-built rolls gave a face (``rolled`` leaves the rest blank)."""
    return {d: f for d, f in reserve if f}


def test_a_three_player_round_from_the_button_to_the_next_roll_phase():
    state = position(
        ship(0, "c3", "e"),
        ship(1, "c4", "w", side="B1", on=DRIVES),
        ship(2, "e2", "nw", side="B4", on=DRIVES),
        phase=ROLL,
        torpedoes=[torpedo("t3a", "d2")],
    )
    # Player 3 rolls once and holds; Player 2 is at its second roll.
    state = ok(rolled(state, 2, {"r1": "S", "b2": "E"}), 2, "hold").state
    state = rolled(rolled(state, 1, {"r1": "C", "b2": "E"}), 1, {"r1": "S"})
    # Player 1 places after its first roll and hits the button.
    state = rolled(state, 0, {"y1": "C", "r1": "S", "r2": "S"})
    state = ok(state, 0, "place y1 cockpit").state
    state = ok(state, 0, "place r1 phasers.attack").state
    step = ok(state, 0, "fire")
    state = step.state
    assert state.phase == ACTIVATE and state.hitter == 0
    assert has(step, "stopped", seat=1)  # past the Fire step: caught mid-step
    # The others are frozen as the round began, and their first roll is their roll once.
    assert state.ships[1].board == board(*DRIVES)
    assert shown(state.ships[1].reserve) == {"r1": "command", "b2": "engineering"}
    assert shown(state.ships[2].reserve) == {"r1": "security", "b2": "engineering"}
    assert state.ships[0].reserve == ()
    assert event(step, "activations_begin").data["order"] == [[0], [1], [2]]

    # Clockwise from the button hitter: Player 1, Player 2, Player 3.
    state = ok(state, 0, "activate phasers s2 with yellow").state
    assert E.active_seats(state) == frozenset({1})
    state = ok(state, 1, "activate drives with yellow").state
    step = ok(state, 1, "drive move")  # Player 1 is ahead on c3: jump over it to c2
    assert has(step, "ship_moved", seat=1, to="c2", jumped="c3")
    assert E.active_seats(step.state) == frozenset({2})
    state = ok(step.state, 2, "activate drives with yellow").state
    step = ok(state, 2, "drive stop")
    # Nobody can activate anything more: everybody passes, the torpedo moves towards the
    # nearest enemy of Player 3 (Player 1 on c3, 1 hex from d2) and hits it, then round 2.
    assert [e.data["seat"] for e in events(step, "passed")] == [0, 1, 2]
    assert has(step, "torpedo_detonated", torpedo="t3a", seat=0)
    state = step.state
    assert state.phase == ROLL and state.round == 2
    assert E.active_seats(state) == frozenset({0, 1, 2})
    # SF-20: Player 2 may allocate its reserved Command die before the first roll.
    state = ok(state, 1, "place r1 cockpit").state
    assert roller(state, 1).board == board("r1 cockpit C")


def test_a_three_player_game_ends_when_the_second_ship_is_destroyed():
    state = position(
        ship(0, "c3", on=PHASERS),
        ship(1, "c4", "w", hull=1, shields=(0, 3, 2, 3)),
        ship(2, "e3", "nw", hull=1, shields=(0, 3, 2, 3)),
        torpedoes=[torpedo("t1a", "d3")],
    )
    step = seek(state, 0, "activate phasers s2 with yellow", lambda s: has(s, "ship_destroyed"))
    # One ship down does not end it; Player 3 (next after the destroyed Player 2) has nothing
    # to activate, so the torpedo phase runs and Player 1's torpedo finishes Player 3 off.
    kinds = [(e.kind, e.data.get("seat")) for e in step.events]
    assert (
        kinds.index(("ship_destroyed", 1)) < kinds.index(("passed", 2)) < kinds.index(("ship_destroyed", 2))
    )
    assert has(step, "ship_destroyed", seat=2, by=0)
    assert step.state.phase == OVER
    assert step.state.outcome.winners == (0,) and step.state.outcome.reason == "last_ship_standing"
    assert step.state.outcome.details["destroyed"] == [1, 2]


def test_a_two_against_two_round_team_turns_from_the_button_to_the_end():
    state = position(
        ship(0, "c3", "e", team=0, on=PHASERS),
        ship(1, "c4", "w", team=1, on=DRIVES, hull=1, shields=(0, 3, 2, 3)),
        ship(2, "a1", "se", team=0, on=DRIVES),
        ship(3, "e3", "nw", team=1, on=DRIVES),
        phase=ROLL,
        torpedoes=[torpedo("t2a", "e1"), torpedo("t4a", "a3")],
    )
    for seat in (0, 1, 2):
        state = ok(rolled(state, seat, {}), seat, "hold").state
    step = ok(rolled(state, 3, {}), 3, "fire")
    state = step.state
    # The button hitter (Player 4) goes first; then the teams alternate, either member acting.
    assert state.hitter == 3
    assert event(step, "activations_begin").data["first"] == [3]
    assert event(step, "activations_begin").data["order"] == [[1, 3], [0, 2]]
    assert E.active_seats(state) == frozenset({3})
    state = ok(state, 3, "activate drives with yellow").state
    state = ok(state, 3, "drive stop").state
    assert E.active_seats(state) == frozenset({0, 2})
    state = ok(state, 2, "activate drives with yellow").state
    state = ok(state, 2, "drive stop").state
    # Team B (Players 2 and 4): Player 2 flies, and its turn is its own (SF-31); then team A shoots.
    assert E.active_seats(state) == frozenset({1, 3})
    state = ok(state, 1, "activate drives with yellow").state
    assert E.active_seats(state) == frozenset({1})
    state = ok(state, 1, "drive stop").state
    assert E.active_seats(state) == frozenset({0, 2})
    step = seek(state, 0, "activate phasers s2 with yellow", lambda s: has(s, "ship_destroyed"))
    # One ship destroyed ends the team game at once: its team loses.
    assert step.state.phase == OVER
    assert step.state.outcome.winners == (0, 2) and step.state.outcome.reason == "ship_destroyed"
    assert not events(step, "torpedo_moved")


def test_in_two_against_two_a_team_at_its_torpedo_cap_cannot_launch_until_one_is_gone():
    launch = ("r4 cockpit C", "r1 torpedoes.launch S", "r2 torpedoes.launch S", "r3 torpedoes.launch C")
    state = position(
        ship(0, "c1", "e", team=0),
        ship(1, "c7", "w", team=1, on=PHASERS),
        ship(2, "a1", "se", team=0, on=(*launch, "y1 cockpit C", "b1 drives.move E")),
        ship(3, "e3", "nw", team=1),
        torpedoes=[torpedo("t1a", "c4", face_up=False), torpedo("t3a", "c6")],
        on=1,
    )
    step = seek(
        state, 1, "activate phasers t3a red with yellow", lambda s: has(s, "torpedo_shot", destroyed=True)
    )
    state = step.state
    assert [t.id for t in state.torpedoes] == ["t1a"]
    assert "activate torpedoes b1 with red" in [E.notation(m) for m in E.legal_moves(state, 2)]
    assert ok(state, 2, "activate torpedoes b1 with red").state.torpedo("t3a") is not None

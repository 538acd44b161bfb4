"""Why a system cannot be activated now (games/engines/starfighters/whynot.py): the engine's
own refusal for it, in the rules' words, given to the page in the view."""

from __future__ import annotations

from dataclasses import replace

from games.engines.starfighters.state import ROLL, Drive
from games.engines.starfighters.whynot import drive_problems, fire_problem, why_not

from .helpers import E, position, ship


def test_phasers_out_of_range_are_explained_with_the_range_they_reach():
    state = position(
        ship(0, "c1", on=("y1 cockpit C", "r1 phasers.attack S")),
        ship(1, "c7", "w"),
    )
    reasons = why_not(state, 0)
    assert "hexes away; your Phasers reach 1" in reasons["phasers"]


def test_a_system_without_a_command_die_of_its_colour_says_which_colour_it_needs():
    state = position(ship(0, "c3", on=("r1 cockpit C", "b1 drives.move E")), ship(1, "c5", "w"))
    reasons = why_not(state, 0)
    assert reasons["drives"] == (
        "Drives requires a blue or yellow Command die in your Cockpit, and there is none (Activate systems)."
    )
    assert "phasers" in reasons  # no ATTACK die: unpowered


def test_a_system_that_can_be_activated_has_no_reason_and_the_roll_phase_has_none():
    state = position(ship(0, "c3", on=("y1 cockpit C", "r1 phasers.attack S")), ship(1, "c4", "w"))
    assert "phasers" not in why_not(state, 0)
    assert why_not(position(ship(0, "c3"), ship(1, "c4", "w"), phase=ROLL), 0) == {}


def test_the_view_gives_every_player_their_reasons():
    state = position(
        ship(0, "c1", on=("y1 cockpit C", "r1 phasers.attack S")),
        ship(1, "c7", "w"),
    )
    players = E.view(state, 1)["players"]
    assert "hexes away" in players[0]["why_not"]["phasers"]


def test_the_roll_phase_says_why_fire_is_not_offered_until_a_system_can_be_activated():
    state = position(ship(0, "c1"), ship(1, "c7", "w"), phase=ROLL)
    assert "unless you can activate at least one system" in fire_problem(state, 0)
    assert "unless you can activate" in E.view(state, 0)["you"]["roll"]["why_no_fire"]
    ready = position(
        ship(0, "c1", on=("y1 cockpit C", "r1 phasers.attack S")), ship(1, "c7", "w"), phase=ROLL
    )
    assert fire_problem(ready, 0) is None


def test_while_flying_the_drives_a_step_that_is_refused_says_why():
    state = position(ship(0, "c1", "w", on=("b1 drives.move E",)), ship(1, "c7", "w"))
    turns = replace(state.turns, drive=Drive(seat=0, moves=1, rotates=0))
    state = replace(state, turns=turns)
    why = drive_problems(state, 0)
    assert "You can only move off the edge of the hex grid to enter an anomaly" in why["move"]
    assert why["rotate-left"] == "You have no ROTATE die left to use (Drives)."
    assert E.view(state, 1)["players"][0]["why_not_drive"] == why
    assert drive_problems(state, 1) == {}

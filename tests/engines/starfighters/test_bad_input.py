"""The issue's "Bad input" list: each is refused with its own code and a message that names
the rule, the move is not among the legal moves, and the state is left as it was."""

from __future__ import annotations

import pytest

from games.engines.starfighters.state import ROLL

from .helpers import E, act, ok, position, rolled, ship

DRIVES = ("y1 cockpit C", "b1 drives.move E")
TORPEDOES = ("r4 cockpit C", "r1 torpedoes.launch S", "r2 torpedoes.launch S", "r3 torpedoes.launch C")


def rolling(*on):
    state = position(ship(0, "c1", on=on), ship(1, "c7", "w"), phase=ROLL)
    return rolled(state, 0, {"r1": "S", "b1": "E", "y1": "C"})


def placed_y1():
    return ok(rolling(), 0, "place y1 cockpit").state


def twice():
    a = ("y1 cockpit C", "b1 cockpit C", "b2 drives.move E", "r1 cockpit C", "r2 phasers.attack S")
    state = position(ship(0, "c3", on=a), ship(1, "c4", "w", on=DRIVES))
    state = ok(state, 0, "activate drives with yellow").state
    state = ok(state, 0, "drive stop").state
    return ok(state, 1, "pass").state


def jump_blocked():
    state = position(ship(0, "c3", on=DRIVES), ship(1, "c4", "w"), ship(2, "c5", "w"))
    return ok(state, 0, "activate drives with yellow").state


def passed():
    state = position(ship(0, "c3", on=DRIVES), ship(1, "c5", "w", on=DRIVES))
    return ok(state, 0, "pass").state


CASES = {
    "placing a die where its icon may not go": (
        rolling,
        "place r1 drives.move",
        "icon_not_allowed",
        "SF-12",
    ),
    "moving an allocated die": (placed_y1, "place y1 phasers.attack", "die_allocated", "Roll dice"),
    "fire with nothing activatable": (
        lambda: rolling("r2 phasers.attack S"),
        "fire",
        "fire_not_ready",
        "SF-13",
    ),
    "activating a system twice": (
        twice,
        "activate drives with blue",
        "already_activated",
        "Activate systems",
    ),
    "activating with a command die of the wrong colour": (
        lambda: position(ship(0, "c3", on=("r1 cockpit C", "b1 drives.move E")), ship(1, "c5", "w")),
        "activate drives with red",
        "wrong_command_colour",
        "Activate systems",
    ),
    "activating without that command die in the cockpit": (
        lambda: position(ship(0, "c3", on=DRIVES), ship(1, "c5", "w")),
        "activate drives with blue",
        "no_command_die",
        "Activate systems",
    ),
    "launching into the forward hex": (
        lambda: position(ship(0, "c3", on=TORPEDOES), ship(1, "c7", "w")),
        "activate torpedoes c4 with red",
        "launch_forward",
        "Torpedoes, SF-35",
    ),
    "launching into an occupied hex": (
        lambda: position(ship(0, "c3", on=TORPEDOES), ship(1, "b2", "w")),
        "activate torpedoes b2 with red",
        "launch_occupied",
        "Torpedoes, SF-35",
    ),
    "moving into a blocked jump": (jump_blocked, "drive move", "drive_blocked", "Drives, SF-36"),
    "acting after passing": (passed, "activate drives with yellow", "already_passed", "Activate systems"),
}


@pytest.mark.parametrize("case", list(CASES), ids=[c.replace(" ", "_") for c in CASES])
def test_each_bad_input_is_refused_with_its_code_and_rule_and_changes_nothing(case):
    build, move, code, rule = CASES[case]
    state = build()
    before = E.dump(state)
    seat = 0
    result = act(state, seat, move)
    assert not result, f"{move} was accepted"
    assert result.code == code
    assert rule in result.message
    assert E.dump(state) == before
    parsed = E.parse(move, state, seat)
    assert parsed not in E.legal_moves(state, seat)

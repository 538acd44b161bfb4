"""``you.why_not`` in the view: the viewer's units with nothing to do in this Movement or
Shooting phase, each with the engine's own refusal of the move a player would expect."""

from __future__ import annotations

from games.ui.earlydays.hints import HINTS
from games.ui.panel import kind_notes

from .helpers import IMPERIAL, REBEL, E, ahead, dice, position, shooting, unit


def reasons(state, seat):
    return {r["unit"]: r["code"] for r in E.view(state, seat)["you"]["why_not"]}


def test_a_unit_that_has_moved_and_a_stationary_one_say_why_they_are_not_offered():
    state = position(
        unit("I1a", "tie_fighter", "2010", "W"),
        unit("I2", "outpost", "1812", "W"),
        unit("I3a", "tie_fighter", "2014", "W"),
        unit("R1a", "x_wing", "0510", "E"),
        mover=IMPERIAL,
        moved=("I1a",),
    )
    assert reasons(state, IMPERIAL) == {"I1a": "already_moved", "I2": "cannot_move"}
    assert reasons(state, REBEL) == {}, "only the side moving now is told, of its own units"
    view = E.view(state, IMPERIAL)
    notes = kind_notes(HINTS, ["move"], view)
    assert notes and "I1a has already moved this turn" in notes[0] and "I2 cannot move" in notes[0]


def test_a_unit_with_its_target_behind_it_cannot_fire_out_of_its_arc():
    state = shooting(
        unit("R1a", "x_wing", "1010", "E"),
        unit("R2a", "x_wing", "1014", "E"),
        unit("I1a", "tie_fighter", ahead("1014", "E", 2), "W"),
    )
    assert reasons(state, REBEL) == {"R1a": "fire_out_of_arc"}
    message = E.view(state, REBEL)["you"]["why_not"][0]["message"]
    assert "outside the forward arc" in message


def test_nothing_to_explain_while_building_or_when_every_unit_may_act():
    state = position(unit("R1a", "x_wing", "1010", "E"), unit("I1a", "tie_fighter", "2010", "W"))
    assert reasons(state, REBEL) == {}
    built = E.setup({**E.default_options()}, 2, dice())
    assert E.view(built.state, REBEL)["you"]["why_not"] == []

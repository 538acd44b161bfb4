"""Taking damage: the shield by the direction of the hit (SF-43), then the hull left to right,
the die lost at the 3rd hull marker (SF-16, standing orders or "ask me"), destruction at the
5th and the immediate end of the game."""

from __future__ import annotations

import pytest

from games.engines.starfighters.damage import hit
from games.engines.starfighters.data import DATA
from games.engines.starfighters.geometry import hit_facing
from games.engines.starfighters.state import OVER, Orders

from .helpers import E, game_moves, has, ok, position, refused, ship, torpedo

HEADING = {h: i for i, h in enumerate(DATA.headings)}


@pytest.mark.parametrize(
    ("source", "facing"),
    [
        ("c5", "forward"),  # adjacent: ahead
        ("b3", "left"),  # front-left
        ("b2", "left"),  # rear-left
        ("c3", "rear"),
        ("d2", "right"),  # rear-right
        ("d3", "right"),  # front-right
        ("b4", "forward"),  # range 2, exactly 30 degrees: forward (SF-43 boundary)
        ("d4", "forward"),
        ("b1", "rear"),  # exactly 150 degrees: rear
        ("a2", "left"),  # 90 degrees
        ("e2", "right"),
    ],
)
def test_sf43_the_shield_hit_is_given_by_the_direction_of_the_attacker(source, facing):
    assert DATA.ring[hit_facing("c4", HEADING["e"], source)] == facing


def test_sf43_the_direction_is_relative_to_the_heading():
    assert DATA.ring[hit_facing("c4", HEADING["ne"], "b3")] == "forward"
    assert DATA.ring[hit_facing("c4", HEADING["ne"], "d2")] == "rear"
    assert DATA.ring[hit_facing("c4", HEADING["ne"], "c5")] == "right"


def damaged(points, facing=0, **kw):
    state = position(ship(0, "c1"), ship(1, "c7", "w", **kw))
    return hit(state, 1, facing, points, 0, "phasers")


def test_damage_removes_markers_from_that_shield_only():
    state, _ = damaged(2, facing=0)
    assert state.ships[1].shields == (1, 3, 2, 3) and state.ships[1].hull == 5


def test_when_that_shield_is_empty_the_hull_loses_markers():
    state, ev = damaged(3, facing=2, shields=(3, 3, 1, 3))
    assert state.ships[1].shields == (3, 3, 0, 3) and state.ships[1].hull == 3
    assert ev[0].data["shields_lost"] == 1 and ev[0].data["hull_lost"] == 2


def test_hull_markers_are_removed_from_left_to_right_in_the_view():
    state, _ = damaged(2, shields=(0, 3, 2, 3))
    assert E.view(state, None)["players"][1]["hull"] == 3  # the track shows 2 lost from the left


# -- the die lost at the 3rd hull marker (SF-16) -----------------------------------------------------
def test_sf16_losing_the_third_hull_marker_costs_a_die_from_beside_the_board():
    state = position(
        ship(0, "c1"),
        ship(1, "c6", "w", hull=3, shields=(0, 3, 2, 3), on=("b1 drives.move E",)),
        torpedoes=[torpedo("t1a", "c5")],
    )
    step = ok(state, 0, "pass")
    assert step.state.ships[1].hull == 2
    assert has(step, "die_lost", seat=1, die="b2", colour="blue", **{"from": "pool"})
    assert "b2" not in step.state.ships[1].dice and step.state.ships[1].lost == ("b2",)


def test_sf16_the_standing_order_names_the_colour_lost_first():
    state = position(
        ship(0, "c1"),
        ship(1, "c6", "w", hull=3, shields=(0, 3, 2, 3)),
        torpedoes=[torpedo("t1a", "c5")],
        orders=[Orders(), Orders(lose="red")],
    )
    step = ok(state, 0, "pass")
    assert has(step, "die_lost", seat=1, die="r1")


def test_sf16_with_every_die_on_the_board_the_die_comes_off_the_board():
    on = (
        "y1 cockpit C",
        "r1 phasers.attack S",
        "r2 phasers.attack S",
        "r3 phasers.attack S",
        "r4 phasers.target S",
    )
    on += ("b1 drives.move E", "b2 drives.move E", "b3 drives.move E", "b4 drives.rotate E")
    state = position(ship(0, "c1"), ship(1, "c7", "w", hull=3, shields=(0, 3, 2, 3), on=on), on=1)
    state, _ev = hit(state, 1, 0, 1, 0, "phasers")
    assert state.pending[0].options == ("b1", "b2", "b3", "b4", "r1", "r2", "r3", "r4", "y1")


def test_sf16_only_the_third_hull_marker_costs_a_die():
    state, _ = damaged(1, shields=(0, 3, 2, 3), hull=2)
    assert state.pending == ()
    state, _ = damaged(1, shields=(0, 3, 2, 3), hull=4)
    assert state.pending == ()


def test_sf16_a_player_who_asked_chooses_the_die_and_the_match_waits():
    state = position(
        ship(0, "c1"),
        ship(1, "c6", "w", hull=3, shields=(0, 3, 2, 3)),
        torpedoes=[torpedo("t1a", "c5")],
        orders=[Orders(), Orders(ask=True)],
    )
    step = ok(state, 0, "pass")
    assert E.active_seats(step.state) == frozenset({1})
    assert has(step, "decision", seat=1, kind="lose")
    assert sorted(game_moves(step.state, 1)) == sorted(f"lose {d}" for d in step.state.ships[1].dice)
    assert refused(step.state, 0, "lose y1").code == "not_your_turn"
    assert ok(step.state, 1, "orders lose red").state.pending  # orders may change; the question stays
    after = ok(step.state, 1, "lose y1")
    assert after.state.ships[1].lost == ("y1",) and after.state.round == 2


def test_a_decision_answer_with_nothing_pending_is_refused():
    state = position(ship(0, "c1"), ship(1, "c7", "w"))
    assert refused(state, 0, "lose y1").code == "no_decision"


# -- destruction and the end of the game --------------------------------------------------------------
def test_a_ship_that_loses_its_fifth_hull_marker_is_destroyed_and_the_game_ends_at_once():
    state = position(
        ship(0, "c1"),
        ship(1, "c6", "w", hull=1, shields=(0, 3, 2, 3)),
        torpedoes=[torpedo("t1a", "c5"), torpedo("t1b", "c3")],
    )
    step = ok(state, 0, "pass")
    assert step.state.phase == OVER
    assert has(step, "ship_destroyed", seat=1, by=0)
    assert step.state.torpedo("t1b").hex == "c3"  # the game ended before it moved
    outcome = E.outcome(step.state)
    assert outcome.winners == (0,) and outcome.reason == "ship_destroyed"
    assert E.active_seats(step.state) == frozenset() and E.legal_moves(step.state, 0) == []


def test_damage_after_destruction_is_not_applied():
    state, ev = damaged(4, shields=(0, 3, 2, 3), hull=2)
    assert state.ships[1].hull == 0 and state.ships[1].destroyed
    assert ev[0].data["hull_lost"] == 2


def test_the_outcome_details_tell_a_league_what_happened():
    state, _ = damaged(5, shields=(0, 3, 2, 3))
    details = state.outcome.to_json()["details"]
    assert details["mode"] == "duel" and details["destroyed"] == [1] and details["rounds"] == 1
    assert details["ships"][0] == {
        "seat": 0,
        "side": "A",
        "hull": 5,
        "shields": 11,
        "destroyed": False,
        "destroyed_by": None,
        "damage_dealt": 5,
        "damage_taken": 0,
        "dice_lost": 0,
        "kills": 1,
    }
    assert details["ships"][1]["destroyed_by"] == 0 and details["ships"][1]["damage_taken"] == 5
    assert state.outcome.scores == {0: 5, 1: 0}


def test_damage_is_an_event_anybody_may_read():
    _, ev = damaged(2)
    assert [e.kind for e in ev] == ["damage"] and ev[0].audience is None and ev[0].data["points"] == 2

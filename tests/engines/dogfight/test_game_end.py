"""GAME ENDS of the rules text, with SD-13 (checked after every action, ties) and SD-14."""

from __future__ import annotations

from games.engines.dogfight.state import OVER, Orders

from .helpers import BLUE, RED, E, event, has, ok, position, refused, seek

AP2 = (("AP", "AP"), ("AP", "AP"))


def over(state):
    assert state.phase == OVER
    assert E.active_seats(state) == frozenset()
    assert E.legal_moves(state, BLUE) == [] and E.legal_moves(state, RED) == []
    return E.outcome(state)


def test_game_ends_when_all_ships_of_a_player_are_eliminated_and_the_other_wins_at_once():
    state = position(("blue A c3", "red A c4"), hands=(("AP",) * 4, ()))
    step = seek(state, BLUE, "attack c3 c4", lambda s: has(s, "ship_eliminated", ship="red-1"))
    outcome = over(step.state)
    assert outcome.winners == (BLUE,) and not outcome.draw
    assert outcome.reason == "fleet_eliminated"
    assert dict(outcome.scores) == {BLUE: 10, RED: 0}
    assert event(step, "game_over").data == {
        "winners": [BLUE],
        "draw": False,
        "reason": "fleet_eliminated",
        "scores": [10, 0],
    }
    assert "repeat" not in [E.notation(m) for m in E.legal_moves(step.state, BLUE)]


def test_game_ends_when_every_ship_is_in_the_enemy_zone_and_the_higher_fleet_value_wins():
    state = position(("blue A c8", "red B d2"), hands=AP2)
    outcome = over(ok(state, BLUE, "move c8 c9").state)
    assert outcome.reason == "zones_reached"
    assert outcome.winners == (RED,)
    assert dict(outcome.scores) == {BLUE: 10, RED: 15}


def test_game_does_not_end_while_a_ship_is_outside_the_enemy_zone():
    state = position(("blue A c8", "blue A a9", "red B d3"), hands=AP2)
    step = ok(state, BLUE, "move c8 c9")
    assert step.state.outcome is None and E.active_seats(step.state) == {BLUE}


def test_sd13_equal_fleet_values_are_a_draw():
    state = position(("blue A c8", "red A d2"), hands=AP2)
    outcome = over(ok(state, BLUE, "move c8 c9").state)
    assert outcome.draw is True and outcome.winners == ()
    assert outcome.reason == "zones_reached"


def test_sd13_the_end_is_checked_after_every_action_even_an_asteroid_crush():
    ships = ("blue A c9", "red B d1", "red A c6")
    state = position(ships, cup=("MOVE_AST",), asteroids=("c5", "a5", "h5"))
    step = seek(state, BLUE, "draw", lambda s: has(s, "ship_eliminated", ship="red-2"))
    outcome = over(step.state)
    assert outcome.reason == "zones_reached" and outcome.winners == (RED,)


def test_sd14_after_both_players_have_taken_the_turn_cap_the_higher_fleet_value_wins():
    state = position(("blue A c3", "red B c8"), seat=RED, turn_cap=5, turns_taken=(5, 4))
    outcome = over(ok(state, RED, "end").state)
    assert outcome.reason == "turn_cap" and outcome.winners == (RED,)


def test_sd14_the_game_goes_on_until_the_second_player_has_also_reached_the_cap():
    state = position(turn_cap=5, turns_taken=(4, 4))
    state = ok(state, BLUE, "end").state
    assert state.outcome is None and state.turn.seat == RED and state.turn.number == 5


def test_sd14_a_tie_at_the_turn_cap_is_a_draw():
    state = position(("blue A c3", "red A c8"), seat=RED, turn_cap=5, turns_taken=(5, 4))
    outcome = over(ok(state, RED, "end").state)
    assert outcome.draw and outcome.reason == "turn_cap"


def test_sd_h2_the_turn_cap_defaults_to_75_turns_per_player():
    """SD-14 proposed 50; docs/HOUSE-RULES.md SD-H2 says why 75."""
    schema = E.options_schema()["properties"]["turn_cap"]
    assert schema["default"] == 75


def test_a_finished_match_refuses_every_move_as_game_over():
    state = position(("blue A c8", "red A d2"), hands=AP2)
    done = ok(state, BLUE, "move c8 c9").state
    assert refused(done, RED, "end").code == "game_over"
    assert refused(done, RED, "orders never 0").code == "game_over"
    assert E.timeout_move(done, BLUE) is None


def test_a_finished_match_reveals_every_secret_identically_to_every_seat():
    state = position(
        ("blue A c8", "red A d2"),
        hands=(("AP", "AP", "DEF1"), ("DEF2",)),
        orders=(Orders(), Orders("never", 15, True)),
    )
    done = ok(state, BLUE, "move c8 c9").state
    full = E.view(done, BLUE, reveal_all=True)
    assert full == E.view(done, RED, reveal_all=True) == E.view(done, None, reveal_all=True)
    assert full["you"] is None
    assert [c["type"] for c in full["players"][RED]["hand"]] == ["DEF2"]
    assert full["players"][RED]["orders"]["def_counter"] == "never"
    assert full["cup"] is not None and len(full["cup"]) == full["cup_size"]
    assert full["outcome"]["draw"] is True


def test_gaps_4_3_5_a_ship_eliminated_in_the_enemy_zone_stops_counting():
    ships = ("blue A c9", "blue B e7", "red A d2")
    state = position(ships, hands=(("AP",), ()), cup=("MOVE_AST",), asteroids=("c8", "a5", "h5"))
    step = seek(state, BLUE, "draw", lambda s: has(s, "ship_eliminated", ship="blue-1"))
    assert E.view(step.state, None)["players"][BLUE]["fleet_value"] == 15
    state = ok(ok(step.state, BLUE, "end").state, RED, "end").state
    outcome = over(ok(state, BLUE, "move e7 e9").state)
    assert outcome.reason == "zones_reached" and dict(outcome.scores) == {BLUE: 15, RED: 10}
    assert outcome.winners == (BLUE,)

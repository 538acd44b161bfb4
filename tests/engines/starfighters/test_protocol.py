"""The engine protocol for Star Fighters: registry, options, notation, describe, views and
secrets, timeouts, perft-style move counts and the house round limit."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from games.engines import get
from games.engines.base import Invalid, LogItem, Move
from games.engines.starfighters.state import OVER, ROLL, Orders

from .helpers import E, dice, event, game_moves, notations, ok, position, refused, rolled, ship

CANONICAL = [
    "roll",
    "fire",
    "hold",
    "pass",
    "place r2 phasers.attack",
    "pickup b3",
    "cockpit y1 drives.move",
    "activate phasers s2 with red",
    "activate phasers t2a red with yellow",
    "activate phasers t3b with yellow",
    "activate torpedoes b2 with red",
    "activate shields with blue",
    "activate shields forward with blue",
    "activate shields forward left with yellow",
    "activate drives with blue",
    "activate drives 2 with blue",
    "drive move",
    "drive move e2 nw",
    "drive rotate-left",
    "drive rotate-right",
    "drive stop",
    "lose b3",
    "steer c4",
    "reroll r1 r3",
    "reroll none",
    "orders lose red",
    "orders ask on",
    "orders ask off",
]


def test_the_engine_is_registered_under_its_stable_key():
    engine = get("star-fighters")
    assert engine is E
    assert (engine.title, engine.version, engine.min_seats, engine.max_seats) == (
        "Star Fighters: Rapid Fire",
        "6",
        2,
        4,
    )


def test_options_choose_each_players_side_the_3_player_rule_and_the_round_limit():
    schema = E.options_schema()
    props = schema["properties"]
    assert schema["additionalProperties"] is False
    assert set(props) == {"ship_1", "ship_2", "ship_3", "ship_4", "three_player_victory", "round_limit"}
    assert props["ship_1"]["enum"] == ["A", "B1", "B2", "B3", "B4"] and props["ship_1"]["default"] == "A"
    assert props["three_player_victory"]["enum"] == ["last", "first"]
    assert props["three_player_victory"]["default"] == "last"  # rules/README decision 2
    assert (props["round_limit"]["default"], props["round_limit"]["minimum"]) == (30, 0)
    for spec in props.values():
        assert "default" in spec and spec["title"] and spec["description"]


@pytest.mark.parametrize("text", CANONICAL)
def test_every_move_kind_has_a_notation_that_reads_back(text):
    state = position(ship(0, "c1"), ship(1, "c7", "w"))
    move = E.parse(text, state, 0)
    assert isinstance(move, Move), move
    assert E.notation(move) == text
    assert E.parse(text.upper(), state, 0) == move


def test_notation_is_forgiving_about_spaces_and_aliases():
    state = position(ship(0, "c1"), ship(1, "c7", "w"))
    assert E.parse("  Pick up   R2 ", state, 0) == E.parse("pickup r2", state, 0)
    assert E.parse("drive left", state, 0) == E.parse("drive rotate-left", state, 0)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "fly",
        "place r2",
        "activate phasers s2",
        "activate lasers s2 with red",
        "orders lose pink",
        "drive sideways",
    ],
)
def test_unreadable_notation_is_invalid_with_help(text):
    bad = E.parse(text, position(ship(0, "c1"), ship(1, "c7", "w")), 0)
    assert isinstance(bad, Invalid) and bad.code == "bad_notation" and "roll" in bad.message


@pytest.mark.parametrize(
    ("move", "code"),
    [
        ({"kind": "warp"}, "unknown_move"),
        ({"kind": "place", "die": "r1"}, "bad_move"),
        ({"kind": "place", "die": 3, "space": "cockpit"}, "bad_move"),
        ({"kind": "activate", "system": "lasers", "command": "red"}, "bad_move"),
        ({"kind": "activate", "system": "drives", "command": "green"}, "bad_move"),
        ({"kind": "drive", "step": "jump"}, "bad_move"),
        ({"kind": "orders", "lose": "red", "ask": True}, "bad_move"),
        ({"kind": "roll", "twice": True}, "bad_move"),
    ],
)
def test_malformed_moves_are_refused_with_a_stable_code(move, code):
    assert refused(position(ship(0, "c1"), ship(1, "c7", "w"), phase=ROLL), 0, move).code == code


# -- perft-style counts from known positions ------------------------------------------------------------
def test_perft_the_opening_position_offers_roll_hold_and_three_order_changes():
    state = E.setup(E.default_options(), 2, dice()).state
    assert notations(state, 0) == ["roll", "hold", "orders lose yellow", "orders lose red", "orders ask on"]


def test_perft_after_a_known_roll_every_placement_is_listed():
    state = position(ship(0, "c1"), ship(1, "c7", "w"), phase=ROLL)
    state = rolled(
        state,
        0,
        {"y1": "C", "r1": "S", "r2": "C", "r3": "-", "r4": "S", "b1": "E", "b2": "C", "b3": "-", "b4": "E"},
    )
    moves = game_moves(state, 0)
    places = [m for m in moves if m.startswith("place")]
    # y1 8 spaces, r1 4, r2 5, r4 4, b1 3, b2 4, b4 3; blanks none (SF-12)
    assert len(places) == 31
    assert sorted(set(moves) - set(places)) == ["hold", "roll"]


def test_perft_an_activation_position():
    on = ("y1 cockpit C", "r1 cockpit C", "r2 phasers.attack S", "b1 drives.move E")
    state = position(ship(0, "c3", on=on), ship(1, "c4", "w"))
    moves = game_moves(state, 0)
    assert len(moves) == 15  # pass, phasers x2 Command colours, drives, 11 Cockpit-ability moves
    assert [m for m in moves if m.startswith("activate")] == [
        "activate phasers s2 with red",
        "activate phasers s2 with yellow",
        "activate drives with yellow",
    ]
    drive = ok(state, 0, "activate drives with yellow").state
    assert game_moves(drive, 0) == ["drive move", "drive stop"]


# -- views and secrets --------------------------------------------------------------------------------------
def test_the_view_shows_your_own_sealed_roll_and_only_the_public_board_of_others():
    state = position(ship(0, "c1"), ship(1, "c7", "w"), phase=ROLL)
    state = ok(state, 0, "roll", dice(3)).state
    mine, theirs, spectator = E.view(state, 0), E.view(state, 1), E.view(state, None)
    assert mine["you"]["roll"]["step"] == 1 and mine["you"]["roll"]["rolls"][0]["id"] == "roll-1-1-1"
    assert theirs["you"]["roll"]["step"] == 0 and spectator["you"] is None
    for v in (theirs, spectator):
        assert "roll-1-1-1" not in json.dumps(v) and "board-1-1" not in json.dumps(v)
    assert theirs["players"][0]["rolling"] is True


def test_every_seat_sees_the_same_board_and_only_its_own_sealed_part_differs():
    # A random match of each size: at every position the views differ only under "you".
    rng = random.Random(7)
    for seats in (2, 3, 4):
        state = E.setup(E.default_options(), seats, dice()).state
        for n in range(300):
            views = [E.view(state, v) for v in (None, *range(seats))]
            public = [{k: v for k, v in view.items() if k != "you"} for view in views]
            if state.phase == ROLL:  # whether one has finished rolling is one's own (SF-R5)
                for seat in range(seats):
                    own = public[seat + 1]["players"][seat] = dict(public[seat + 1]["players"][seat])
                    own["rolling"] = own["active"] = state.rollers[seat] is not None
            assert all(p == public[0] for p in public)
            for seat in range(seats):
                assert views[seat + 1]["you"]["seat"] == seat
            active = sorted(E.active_seats(state))
            if not active:
                break
            seat = rng.choice(active)
            state = ok(state, seat, rng.choice(E.legal_moves(state, seat)), dice(n + 2)).state


def test_secrets_are_the_orders_and_the_sealed_roll_sequence():
    state = position(ship(0, "c1"), ship(1, "c7", "w"), phase=ROLL)
    state = ok(state, 0, "roll", dice(3)).state
    assert E.secrets(state) == {0: {"orders-1", "board-1-1", "roll-1-1-1"}, 1: {"orders-2", "board-1-2"}}


def test_a_finished_match_shows_everybody_the_same_full_view():
    state = replace(position(ship(0, "c1"), ship(1, "c7", "w")), phase=OVER)
    full = E.view(state, 0, reveal_all=True)
    assert full == E.view(state, 1, reveal_all=True)
    assert full["you"] is None and full["players"][1]["orders"] == {
        "id": "orders-2",
        "lose": "blue",
        "ask": False,
    }


def test_standing_orders_are_a_sealed_move():
    step = ok(position(ship(0, "c1"), ship(1, "c7", "w")), 1, "orders ask on")
    assert step.move_audience == frozenset({1})
    assert step.state.orders[1] == Orders(ask=True)
    assert refused(step.state, 1, "orders ask on").code == "orders_unchanged"


def test_describe_tells_the_author_their_sealed_move_and_others_only_that_one_was_made():
    state = position(ship(0, "c1"), ship(1, "c7", "w"), phase=ROLL)
    step = ok(state, 0, "roll", dice(3))
    own = E.describe(LogItem(5, 0, {"kind": "roll"}, list(step.events)), 0)
    other = E.describe(LogItem(5, 0, None, [e for e in step.events if e.visible_to(1)]), 1)
    assert own.startswith("You rolled (roll 1, roll-1-1-1)")
    assert other == "Player 1 made a sealed move"


def test_describe_covers_the_public_story():
    state = position(ship(0, "c3", on=("y1 cockpit C", "b1 drives.move E")), ship(1, "c7", "w"))
    step = ok(state, 0, "activate drives with yellow")
    text = E.describe(LogItem(6, 0, {"kind": "activate"}, list(step.events)), 1)
    assert text == "Player 1 activated drives with y1"


# -- timeouts -------------------------------------------------------------------------------------------------
def test_timeout_moves_hold_in_the_roll_phase_pass_or_stop_in_activations():
    roll = position(ship(0, "c1"), ship(1, "c7", "w"), phase=ROLL)
    assert E.timeout_move(roll, 0) == Move.of("hold")
    act_state = position(ship(0, "c3", on=("y1 cockpit C", "b1 drives.move E")), ship(1, "c7", "w"))
    assert E.timeout_move(act_state, 0) == Move.of("pass")
    assert E.timeout_move(act_state, 1) is None
    flying = ok(act_state, 0, "activate drives with yellow").state
    assert E.timeout_move(flying, 0) == Move.of("drive", step="stop")
    for state, seat in ((roll, 0), (act_state, 0), (flying, 0)):
        assert ok(state, seat, E.timeout_move(state, seat))


# -- the house round limit ------------------------------------------------------------------------------------
def test_the_round_limit_ends_the_match_most_hull_then_most_shields_wins():
    state = position(ship(0, "c1", hull=4), ship(1, "c7", "w", hull=3), round_no=30)
    step = ok(state, 0, "pass")
    assert step.state.phase == OVER
    assert step.state.outcome.winners == (0,) and step.state.outcome.reason == "round_limit"
    level = position(ship(0, "c1", shields=(1, 1, 1, 1)), ship(1, "c7", "w"), round_no=30)
    assert ok(level, 0, "pass").state.outcome.winners == (1,)
    draw = position(ship(0, "c1"), ship(1, "c7", "w"), round_no=30)
    outcome = ok(draw, 0, "pass").state.outcome
    assert outcome.draw and outcome.winners == ()
    assert event(ok(draw, 0, "pass"), "game_over").data["reason"] == "round_limit"


def test_a_round_limit_of_zero_means_no_limit():
    state = replace(position(ship(0, "c1"), ship(1, "c7", "w"), round_no=300), round_limit=0)
    assert ok(state, 0, "pass").state.phase == ROLL

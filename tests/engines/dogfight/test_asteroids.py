"""The MOVE AST counter ([2a]) with SD-05, SD-06, SD-07 and SD-15."""

from __future__ import annotations

from games.engines.dogfight.data import DATA
from games.engines.dogfight.state import DRAWING

from .helpers import BLUE, RED, E, dice, event, has, kinds, ok, position, seek

MOVE_AST = ("MOVE_AST",)
VECTORS = {"north": (0, 1), "east": (1, 0), "south": (0, -1), "west": (-1, 0)}


def vector(frm, to):
    return (ord(to[0]) - ord(frm[0]), int(to[1:]) - int(frm[1:]))


def test_move_ast_is_revealed_at_once_resolved_and_put_back_into_the_cup():
    state = position(cup=MOVE_AST)
    d = dice()
    step = E.apply(state, BLUE, E.parse("draw", state, BLUE), d)
    assert event(step, "move_ast_drawn").audience is None
    assert "asteroid_moved" in kinds(step)
    assert step.state.hands[BLUE] == ()
    assert step.state.cup == state.cup
    assert [dr["to"] for dr in d.draws][1:] == [None] * (len(d.draws) - 1)  # public dice


def test_move_ast_counts_towards_the_three_draws():
    state = position(cup=MOVE_AST, stage=DRAWING, draws=2)
    step = ok(state, BLUE, "draw")
    assert event(step, "turn_ended").data["auto"] is True
    assert step.state.turn.seat == RED


def test_move_ast_after_it_the_player_may_keep_drawing():
    step = ok(position(cup=MOVE_AST), BLUE, "draw")
    assert step.state.turn.seat == BLUE and step.state.turn.draws == 1
    assert "draw" in [E.notation(m) for m in E.legal_moves(step.state, BLUE)]


def test_sd05_the_selection_die_picks_asteroid_1_on_1_2_asteroid_2_on_3_4_asteroid_3_on_5_6():
    state = position(cup=MOVE_AST)
    seen = set()
    for seq in range(1, 60):
        step = ok(state, BLUE, "draw", dice(seq))
        sel = event(step, "asteroid_selected").data
        assert sel["n"] == (sel["roll"] + 1) // 2
        moved = event(step, "asteroid_moved").data
        assert moved["from"] == state.asteroids[moved["n"] - 1]
        assert step.state.asteroids[moved["n"] - 1] == moved["to"]
        seen.add(moved["n"])
    assert seen == {1, 2, 3}


def test_sd06_direction_die_1_north_2_east_3_south_4_west_5_and_6_throw_again():
    state = position(cup=MOVE_AST)
    rerolled = False
    for seq in range(1, 80):
        step = ok(state, BLUE, "draw", dice(seq))
        moved = event(step, "asteroid_moved").data
        assert moved["direction"] == ["north", "east", "south", "west"][moved["roll"] - 1]
        assert vector(moved["from"], moved["to"]) == VECTORS[moved["direction"]]
        for blocked in (e.data for e in step.events if e.kind == "asteroid_blocked"):
            assert blocked["roll"] in (5, 6) and blocked["direction"] == "reroll"
            rerolled = True
    assert rerolled


def test_move_ast_an_asteroid_never_leaves_the_board_nor_enters_another_asteroid():
    state = position(cup=MOVE_AST, asteroids=("a10", "b10", "h1"))
    for seq in range(1, 80):
        step = ok(state, BLUE, "draw", dice(seq))
        moved = event(step, "asteroid_moved").data
        if moved["n"] == 1:  # a10: north and west are off the board, b10 is asteroid 2
            assert moved["to"] == "a9"
            for blocked in (e.data for e in step.events if e.kind == "asteroid_blocked"):
                assert blocked["direction"] in ("north", "west", "east", "reroll")


def test_sd07_a_boxed_in_asteroid_is_replaced_by_another_selection():
    state = position(cup=MOVE_AST, asteroids=("a1", "a2", "b1"))
    step = seek(state, BLUE, "draw", lambda s: has(s, "asteroid_selected", n=1, can_move=False))
    assert [e.data["n"] for e in step.events if e.kind == "asteroid_selected"][-1] != 1
    assert event(step, "asteroid_moved").data["n"] in (2, 3)
    assert step.state.asteroids[0] == "a1"


def test_sd07_when_no_asteroid_can_move_the_move_ast_has_no_effect():
    everywhere = [f"{f}{r}" for r in range(1, 11) for f in "abcdefgh"]
    state = position((), cup=MOVE_AST, asteroids=everywhere)
    step = ok(state, BLUE, "draw")
    assert "asteroid_stuck" in kinds(step)
    assert "asteroid_moved" not in kinds(step)
    assert step.state.asteroids == state.asteroids


def test_sd15_an_asteroid_moving_into_a_ship_eliminates_it_whatever_its_colour():
    ships = ("blue A c6", "red A b5", "blue B h3", "red B h8")
    state = position(ships, cup=MOVE_AST, asteroids=("c5", "a9", "h1"))
    for victim, square in (("blue-1", "c6"), ("red-1", "b5")):
        step = seek(state, BLUE, "draw", lambda s, v=victim: has(s, "ship_eliminated", ship=v))
        assert event(step, "ship_eliminated").data["cause"] == "asteroid"
        assert step.state.asteroids[0] == square
        assert step.state.ship(victim) is None
        assert step.state.ship_at(square) is None


def test_move_ast_crushing_the_last_ship_ends_the_game_at_once():
    state = position(("blue A c6", "red A h8"), cup=MOVE_AST, asteroids=("c5", "a9", "h1"))
    step = seek(state, BLUE, "draw", lambda s: has(s, "ship_eliminated", ship="blue-1"))
    assert step.state.outcome.winners == (RED,)
    assert E.active_seats(step.state) == frozenset()


def test_sd04_there_are_two_move_ast_counters_in_the_box():
    assert sum(1 for _, kind in DATA.counter_box if kind == "MOVE_AST") == 2

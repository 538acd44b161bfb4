"""The Space Dogfight bots: a whole game ends, the evaluation is registered, and the
player's choices try to win (attack when a kill is on, finish a won game, build a full
fleet, never touch standing orders)."""

from __future__ import annotations

import random

from games.bots.base import GreedyBot, evaluator, play_match
from games.bots.dogfight import DogfightBot, evaluate, kill_chance, position, score
from games.engines.dogfight import ENGINE as E

from ..engines.dogfight.helpers import BLUE, RED, dice
from ..engines.dogfight.helpers import position as board


def test_two_bots_play_a_whole_game_to_its_end():
    result = play_match(E, [DogfightBot(), DogfightBot()], seed=b"bot-game-1")
    assert result.outcome is not None
    assert result.outcome.reason in ("fleet_eliminated", "all_eliminated", "zones_reached", "turn_cap")


def test_the_evaluation_is_registered_for_the_greedy_bot():
    assert evaluator("space-dogfight") is evaluate
    state = board(("blue A c3", "red A c8"), hands=(("AP", "AP"), ()))
    move = GreedyBot(evaluate, explore=0.0).choose(E, state, BLUE, random.Random(1))
    assert move in E.legal_moves(state, BLUE)


def test_the_bot_attacks_an_adjacent_ship_it_can_kill():
    state = board(("blue B c4", "red A c5", "red A h9"), hands=(("AP", "AP", "AP"), ("AP",)))
    move = DogfightBot(explore=0.0).choose(E, state, BLUE, random.Random(2))
    assert move.kind == "attack" and (move["from"], move["to"]) == ("c4", "c5")


def test_a_bot_ahead_with_nothing_left_to_fight_finishes_the_game_in_the_zone():
    """Ships never move back: once past each other only the end is left, and the side
    ahead (here blue, 25 against 10) takes it."""
    state = board(("blue D c7", "red A c1", "blue A a10"), hands=(("AP",), ()))
    move = DogfightBot(explore=0.0).choose(E, state, BLUE, random.Random(3))
    assert move.kind == "move" and move["from"] == "c7" and move["to"] in ("c9", "c10")
    after = E.apply(state, BLUE, move, dice()).state
    assert after.outcome is not None and after.outcome.winners == (BLUE,)


def test_a_bot_behind_with_nothing_left_to_fight_ends_the_game_rather_than_stall():
    state = board(("red A c7", "blue D c10", "red A a2"), hands=((), ("AP",)), seat=RED)
    assert score(position(state, RED)) < -500  # lost whatever it does
    move = DogfightBot(explore=0.0).choose(E, state, RED, random.Random(4))
    assert move.kind == "move" and move["from"] == "c7"


def test_the_bot_builds_a_fleet_of_the_whole_points_limit():
    state = E.setup({}, 2, dice()).state
    move = DogfightBot().choose(E, state, BLUE, random.Random(5))
    assert move.kind == "fleet"
    from games.engines.dogfight.data import DATA

    pts = sum(DATA.ship_types[t].pts * n for t, n in dict(move["ships"]).items())
    assert 70 <= pts <= 80


def test_the_bot_never_changes_its_standing_orders():
    rng = random.Random(6)
    result = play_match(E, [DogfightBot(), DogfightBot()], seed=b"bot-game-2", rng=rng)
    assert all(o == type(o)() for o in result.state.orders)


def test_kill_chances_follow_the_combat_rules():
    assert kill_chance("A", "A", support=False) == 3 / 6 * 5 / 6  # [SEED] ATT 3, DEF 1
    assert kill_chance("A", "A", support=True) == 4 / 6 * 5 / 6  # SD-16: +1 once
    p = 3 / 6 * 5 / 6
    assert kill_chance("A", "A", support=False, repeat=True) == p + (1 - p) * p

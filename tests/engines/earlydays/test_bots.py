"""The "early days" bots: every scenario plays to its end, the forces they buy are legal
and suited to the scenario, they fire where it is worth most, and the commandos head for
what they came for."""

from __future__ import annotations

import random

import pytest

from games.bots.base import GreedyBot, evaluator, play_match
from games.bots.earlydays import EarlyDaysBot, evaluate, plan_force
from games.engines.earlydays import validate_force

from .helpers import IMPERIAL, REBEL, E, dice, shooting, unit

SCENARIOS = ["fighter_clash", "convoy_raid", "outpost_assault", "hostage", "steal_starship"]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_two_bots_play_a_whole_game_of_each_scenario_to_its_end(scenario):
    options = {"scenario": scenario, "points": 60, "turn_limit": 6}
    result = play_match(E, [EarlyDaysBot(), EarlyDaysBot()], seed=f"bot-{scenario}".encode(), options=options)
    assert result.outcome is not None
    assert result.outcome.details["ended_by"] in ("scenario", "nothing_left", "turn_limit")
    assert all(o == type(o)() for o in result.state.orders)  # standing orders left alone


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("points", [60, 100, 150])
def test_the_forces_bots_plan_are_legal_for_both_sides(scenario, points):
    state = E.setup({"scenario": scenario, "points": points}, 2, dice()).state
    for seat in (REBEL, IMPERIAL):
        if state.sealed[seat]:
            continue  # a fixed force (SW-64)
        for n in range(5):
            force = plan_force(state, seat, random.Random(n))
            units = [{"type": x.type, "flights": x.flights, "options": list(x.options)} for x in force]
            assert validate_force(scenario, points, seat, {"units": units}) == [], force


def test_the_bots_buy_for_the_scenario_torpedoes_against_the_outpost():
    state = E.setup({"scenario": "outpost_assault", "points": 100}, 2, dice()).state
    rebels = plan_force(state, REBEL, random.Random(1))
    assert any(x.type == "y_wing" or "proton_torpedoes" in x.options for x in rebels)
    assert any(x.type == "outpost" for x in plan_force(state, IMPERIAL, random.Random(1)))


def test_a_bot_builds_seals_and_deploys_by_legal_moves():
    state = E.setup({"scenario": "fighter_clash", "points": 100}, 2, dice()).state
    bot, rng, seq = EarlyDaysBot(), random.Random(2), 2
    while state.phase == "build":
        seat = min(E.active_seats(state))
        move = bot.choose(E, state, seat, rng)
        assert move in E.legal_moves(state, seat)
        state = E.apply(state, seat, move, dice(seq)).state
        seq += 1
    assert all(state.sealed) and state.forces[REBEL] and state.forces[IMPERIAL]


def test_the_bot_fires_at_the_target_worth_most_and_holds_when_nothing_is():
    near = unit("I1a", "tie_fighter", "1310", "W")
    far = unit("I2a", "tie_fighter", "1910", "W")
    state = shooting(unit("R1a", "x_wing", "1010", "E"), near, far, fire_done=(False, True))
    move = EarlyDaysBot().choose(E, state, REBEL, random.Random(3))
    assert move.kind == "fire" and move["target"] == "I1a" and move["mode"] == "rapid"
    prize = unit("I6", "corvette_imperial", "1110", "E", role="prize", inactive=True, value=0)
    state = shooting(
        unit("R1a", "x_wing", "1010", "E"), prize, fire_done=(False, True), scenario="steal_starship"
    )
    move = EarlyDaysBot().choose(E, state, REBEL, random.Random(3))
    assert move.get("hold") == "main"  # the corvette is to be captured, not shot


def test_the_commandos_fly_to_the_corvette_they_came_to_capture():
    transport = unit("R8", "light_freighter", "1012", "E", role="transport", value=0)
    prize = unit("I6", "corvette_imperial", "1912", "E", role="prize", inactive=True, value=0)
    from .helpers import position

    state = position(transport, prize, unit("I1a", "tie_fighter", "3001", "W"), scenario="steal_starship")
    bot, rng, seq = EarlyDaysBot(), random.Random(4), 1
    from games.engines.earlydays.geometry import hex_distance

    before = hex_distance("1012", "1912")
    while (
        state.mover == REBEL and state.step == "move" and (state.moving is None or state.moving.unit == "R8")
    ):
        move = bot.choose(E, state, REBEL, rng)
        state = E.apply(state, REBEL, move, dice(seq)).state
        seq += 1
        if "R8" in state.moved:
            break
    assert hex_distance(state.unit("R8").hex, "1912") == before - 2  # its whole move of 2


def test_the_evaluation_is_registered_for_the_greedy_bot():
    assert evaluator("early-days") is evaluate
    state = shooting(
        unit("R1a", "x_wing", "1010", "E"), unit("I1a", "tie_fighter", "1310", "W"), fire_done=(False, True)
    )
    move = GreedyBot(evaluate, explore=0.0).choose(E, state, REBEL, random.Random(5))
    assert move in E.legal_moves(state, REBEL)

"""The automatic players of Star Fighters (games/bots/starfighters.py): an evaluation for the
kit's GreedyBot and a faster player that plans its round, both only ever playing a move the
engine lists and reading only what their seat may see."""

from __future__ import annotations

import random
from dataclasses import replace

from games.bots.base import GreedyBot, evaluator, greedy_for, play_match
from games.bots.starfighters import StarFightersBot, evaluate, gap
from games.engines.starfighters.state import ROLL

from .helpers import E, dice, position, rolled, ship


def test_the_evaluation_is_registered_for_the_kits_greedy_bot():
    assert evaluator(E.key) is evaluate
    assert isinstance(greedy_for(E.key), GreedyBot)


def test_the_evaluation_counts_hull_and_shields_both_ways():
    whole = position(ship(0, "c3"), ship(1, "c5", "w"))
    hurt = position(ship(0, "c3"), ship(1, "c5", "w", hull=3, shields=(1, 3, 2, 3)))
    assert evaluate(E, hurt, 0) > evaluate(E, whole, 0)
    assert evaluate(E, hurt, 1) < evaluate(E, whole, 1)


def test_a_greedy_bot_on_the_evaluation_shoots_the_enemy_in_range_rather_than_pass():
    s = position(ship(0, "c3", on=("y1 cockpit C", "r1 phasers.attack S")), ship(1, "c4", "w"))
    move = greedy_for(E.key, explore=0.0).choose(E, s, 0, random.Random(1))
    assert move.kind == "activate" and move["system"] == "phasers" and move["target"] == "s2"


def test_the_bot_shoots_the_weakest_enemy_in_reach():
    s = position(
        ship(0, "c4", on=("y1 cockpit C", "r1 phasers.attack S", "r2 phasers.target S")),
        ship(1, "c5", "w", team=1),
        ship(2, "c3", team=0),
        ship(3, "b3", "sw", team=1, hull=2),
    )
    move = StarFightersBot(explore=0.0).choose(E, s, 0, random.Random(2))
    assert move.kind == "activate" and move["target"] == "s4"


def test_the_bot_flies_towards_the_enemy_and_stops_beside_it():
    s = position(
        ship(0, "c1", on=("y1 cockpit C", "b1 drives.move E", "b2 drives.move E", "b3 drives.move E")),
        ship(1, "c4", "w"),
    )
    bot, rng = StarFightersBot(explore=0.0), random.Random(3)
    move = bot.choose(E, s, 0, rng)
    assert move.kind == "activate" and move["system"] == "drives"
    s = E.apply(s, 0, move, dice()).state
    gaps = [gap(E.view(s, 0), 0)]
    while s.turns is not None and s.turns.drive is not None:
        move = bot.choose(E, s, 0, rng)
        s = E.apply(s, 0, move, dice()).state
        gaps.append(gap(E.view(s, 0), 0))
    assert move.to_json() == {"kind": "drive", "step": "stop"} and gaps[-1] == 1
    assert gaps == [3, 2, 1, 1]


def test_the_bot_fills_its_cockpit_and_phasers_then_fires_when_it_can_shoot():
    s = position(ship(0, "c3"), ship(1, "c4", "w"), phase=ROLL)
    s = rolled(s, 0, {"r1": "S", "r2": "C", "y1": "C", "b1": "E"})
    bot, rng = StarFightersBot(explore=0.0), random.Random(4)
    seen = []
    for _ in range(10):
        move = bot.choose(E, s, 0, rng)
        seen.append(move.to_json())
        if move.kind in ("fire", "roll"):
            break
        s = E.apply(s, 0, move, dice()).state
    assert seen[-1] == {"kind": "fire"}
    placed = {(m["die"], m["space"]) for m in seen if m["kind"] == "place"}
    assert ("r1", "phasers.attack") in placed and any(sp == "cockpit" for _, sp in placed)


def test_the_bot_reads_only_what_its_seat_may_see():
    """AS-SF-1: the other player's sealed roll (steps, faces, placements) changes nothing."""
    s = position(ship(0, "c3"), ship(1, "c5", "w"), phase=ROLL)
    other = rolled(s, 1, {"r1": "S", "y1": "C"})
    r = other.rollers[1]
    other = replace(other, rollers=(other.rollers[0], replace(r, step=7, actions=3)))
    for seed in range(5):
        a = StarFightersBot().choose(E, rolled(s, 0, {"r1": "S"}), 0, random.Random(seed))
        b = StarFightersBot().choose(E, rolled(other, 0, {"r1": "S"}), 0, random.Random(seed))
        assert a == b


def test_bots_play_whole_games_to_an_end_by_the_rules_with_listed_moves_only():
    """play_match refuses any move the engine does not list; 2, 3 and 4 players."""
    for seats in (2, 3, 4):
        result = play_match(E, [StarFightersBot() for _ in range(seats)], seed=f"sf-bots-{seats}".encode())
        assert result.outcome is not None and result.outcome.reason != "round_limit"

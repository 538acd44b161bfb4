"""The automatic players of Battleship Galaxies (games/bots/galaxies.py): an evaluation for the
kit's GreedyBot and a faster player that plays by the same measures, both only ever playing a
move the engine lists."""

from __future__ import annotations

import random

from games.bots.base import GreedyBot, evaluator, greedy_for, play_match
from games.bots.galaxies import GalaxiesBot, evaluate
from games.engines.galaxies.geometry import geometry
from games.engines.galaxies.state import ACTION, DEPLOY

from .helpers import ISN, WRETCH, E, activating, hidden, ok, position, ship


def test_the_evaluation_is_registered_for_the_kits_greedy_bot():
    assert evaluator(E.key) is evaluate
    assert isinstance(greedy_for(E.key), GreedyBot)


def test_the_evaluation_counts_fleet_value_destroyed_both_ways():
    base = [ship("ba", ISN, ("c10", "c11")), ship("sb", WRETCH, ("h2", "h3")), ship("ck", WRETCH, "m3")]
    lost = [
        ship("ba", ISN, ("c10", "c11")),
        ship("sb", WRETCH, ("h2", "h3")),
        ship("ck", WRETCH, "m3", damage=1),
    ]
    assert evaluate(E, position(lost), ISN) > evaluate(E, position(base), ISN)
    assert evaluate(E, position(lost), WRETCH) < evaluate(E, position(base), WRETCH)


def test_the_evaluation_knows_a_side_with_no_ship_out_after_its_first_turn_is_in_danger():
    """BG-18: ending the second turn with no ship on the battlefield loses at once."""
    behind = [hidden("ba", ISN), ship("sb", WRETCH, ("h2", "h3"))]
    out = [ship("ba", ISN, ("c12", "d12")), ship("sb", WRETCH, ("h2", "h3"))]
    assert (
        evaluate(E, position(out, turns=(1, 1)), ISN) - evaluate(E, position(behind, turns=(1, 1)), ISN) > 50
    )


def test_a_greedy_bot_on_the_evaluation_fires_at_an_enemy_in_range_rather_than_ending_its_turn():
    s = activating(position([ship("ba", ISN, ("c10", "c11")), ship("ck", WRETCH, "c6")]), "ba")
    move = greedy_for(E.key, explore=0.0).choose(E, s, ISN, random.Random(1))
    assert move.kind == "fire" and move["target"] == "ck"


def test_the_bot_launches_its_most_valuable_ship_when_it_has_none_out():
    s = position(
        [hidden("ev", ISN), hidden("rk", ISN), ship("sb", WRETCH, ("h2", "h3"))], phase=DEPLOY, turns=(1, 1)
    )
    move = GalaxiesBot().choose(E, s, ISN, random.Random(1))
    assert move.to_json() == {"kind": "launch", "ship": "ev"}


def test_the_bot_moves_into_range_then_fires_and_keeps_out_of_ecm_reach():
    """[SEED] page 7: moving adjacent to an enemy risks ECM damage; range 4 needs no more."""
    s = activating(position([ship("rk", ISN, "c11"), ship("ck", WRETCH, "c2")], phase=ACTION), "rk")
    bot, rng = GalaxiesBot(), random.Random(1)
    for _ in range(12):
        move = bot.choose(E, s, ISN, rng)
        if move.kind != "step":
            break
        s = ok(s, ISN, E.notation(move)).state
    assert move.kind == "fire" and move["target"] == "ck"
    gap = geometry(1).gap(s.piece("rk")[1].hexes, ("c2",))
    assert 2 <= gap <= 4


def test_bots_play_a_whole_mission_to_an_end_with_listed_moves_only():
    """play_match refuses any move the engine does not list; the game ends by the rules."""
    result = play_match(
        E, [GalaxiesBot(), GalaxiesBot()], seed=b"bots-1", options={"mission": "mission-1", "rounds": 40}
    )
    assert result.outcome is not None and result.outcome.reason != "round_limit_points"
    assert all(result.outcome.details["sides"][side]["seats"] for side in ("isn", "wretch"))

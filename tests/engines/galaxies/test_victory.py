"""Victory per mission (BG-18, [SOURCED] page 12, the house round limit) and the result a
league or campaign reads (Outcome.details)."""

from __future__ import annotations

from dataclasses import replace

from games.engines.galaxies.state import DESTROYED, OVER, Card

from .helpers import ISN, WRETCH, E, activating, has, hidden, ok, position, seek, ship


def hit(step):
    return has(step, "attack_rolled", result="hit")


def test_a_side_with_no_ship_on_the_battlefield_at_the_end_of_its_second_turn_loses():
    """BG-18 ([SOURCED] page 12: no ships left on the battlefield after...)."""
    s = position([hidden("ba", ISN), ship("sb", WRETCH, ("h2", "h3"))], turns=(1, 1))
    step = ok(s, ISN, "end")
    o = step.state.outcome
    assert o is not None and o.winners == (WRETCH,) and o.reason == "no_ships_on_battlefield"
    assert step.state.phase == OVER and E.active_seats(step.state) == frozenset()


def test_the_first_turn_may_end_with_nothing_launched():
    """BG-18: from its second turn on."""
    s = position([hidden("ba", ISN), ship("sb", WRETCH, ("h2", "h3"))], turns=(0, 0))
    assert ok(s, ISN, "end").state.outcome is None


def test_the_view_warns_the_player_on_turn_while_ending_it_would_lose_the_match():
    """BG-18 told before the end: the view's turn says when ending it now loses at once, and
    says so no longer once a ship is on the battlefield, nor in the first turn."""
    stranded = position([hidden("ba", ISN), ship("sb", WRETCH, ("h2", "h3"))], turns=(1, 1))
    assert E.view(stranded, ISN)["turn"]["end_loses"] is True
    assert E.view(stranded, WRETCH)["turn"]["end_loses"] is True  # a public fact of the board
    assert ok(stranded, ISN, "end").state.outcome.reason == "no_ships_on_battlefield"
    first = position([hidden("ba", ISN), ship("sb", WRETCH, ("h2", "h3"))], turns=(0, 0))
    assert E.view(first, ISN)["turn"]["end_loses"] is False
    launched = position([ship("ba", ISN, ("c10", "c11")), ship("sb", WRETCH, ("h2", "h3"))], turns=(1, 1))
    assert E.view(launched, ISN)["turn"]["end_loses"] is False
    assert ok(launched, ISN, "end").state.outcome is None


def test_a_side_with_no_ships_left_at_all_loses_at_once():
    """BG-18: or when it has no ships left at all."""
    s = activating(
        position([ship("ba", ISN, ("c10", "c11")), ship("ck", WRETCH, "c5", shields=0, damage=1)]), "ba"
    )
    step = seek(s, ISN, "fire ba main ck", hit)
    o = step.state.outcome
    assert o.winners == (ISN,) and o.reason == "fleet_destroyed"
    assert has(step, "game_over", reason="fleet_destroyed")
    assert E.legal_moves(step.state, ISN) == [] and E.legal_moves(step.state, WRETCH) == []


def _destroyed(code: str, owner: int, version: str = "standard") -> Card:
    return Card(code, version, owner, DESTROYED)


def test_at_the_round_limit_the_enemy_ship_points_destroyed_decide():
    """BG-H2: the point cost (BG-05) of enemy cards destroyed."""
    cards = [ship("ba", ISN, ("c10", "c11")), ship("sb", WRETCH, ("h2", "h3")), _destroyed("ck", WRETCH)]
    s = position(cards, seat=WRETCH, turns=(10, 9), rounds=10)
    o = ok(s, WRETCH, "end").state.outcome
    assert o.winners == (ISN,) and o.reason == "round_limit_points" and o.scores == {ISN: 6, WRETCH: 0}


def test_equal_points_at_the_round_limit_are_a_draw():
    cards = [ship("ba", ISN, ("c10", "c11")), ship("sb", WRETCH, ("h2", "h3"))]
    o = ok(position(cards, seat=WRETCH, turns=(10, 9), rounds=10), WRETCH, "end").state.outcome
    assert o.draw and o.winners == ()


def test_in_mission_1_the_side_ahead_at_the_round_limit_wins_not_always_the_wretch():
    """BG-H2 replaces the old time-out rule of mission 1 (the Wretch won whenever time ran out)."""
    cards = [ship("ba", ISN, ("c10", "c11")), ship("sb", WRETCH, ("h2", "h3")), _destroyed("ck", WRETCH)]
    s = position(cards, seat=WRETCH, turns=(10, 9), rounds=10, mission="mission-1")
    o = ok(s, WRETCH, "end").state.outcome
    assert o.winners == (ISN,) and o.reason == "round_limit_points" and o.scores == {ISN: 6, WRETCH: 0}
    behind = [ship("ba", ISN, ("c10", "c11")), ship("sb", WRETCH, ("h2", "h3")), _destroyed("rk", ISN)]
    s = position(behind, seat=WRETCH, turns=(10, 9), rounds=10, mission="mission-1")
    assert ok(s, WRETCH, "end").state.outcome.winners == (WRETCH,)


def test_a_squadron_ship_destroyed_counts_its_share_of_the_card_at_the_round_limit():
    """BG-H2: fleet value destroyed, a squadron ship a third of its card (rounded down)."""
    squadron = ship("tg", WRETCH, "h2", "j2", version="seasoned")  # 14 points, 1 of 3 ships lost
    squadron = replace(squadron, lost=("tg3",))
    cards = [ship("ba", ISN, ("c10", "c11")), squadron]
    o = ok(position(cards, seat=WRETCH, turns=(10, 9), rounds=10), WRETCH, "end").state.outcome
    assert o.winners == (ISN,) and o.scores == {ISN: 14 // 3, WRETCH: 0}
    assert o.details["sides"]["isn"]["points_scored"] == 4


def test_a_team_wins_together():
    cards = [ship("ba", ISN, ("c10", "c11")), ship("sb", 2, ("h2", "h3")), _destroyed("ev", ISN)]
    s = position(cards, seat=2, energy=(10, 10, 10), turns=(12, 12, 11), rounds=12, mission="pan-base")
    o = ok(s, 2, "end").state.outcome
    assert o.winners == (1, 2) and o.scores == {0: 0, 1: 16, 2: 16}


def test_the_outcome_details_tell_a_league_what_each_side_lost_and_kept():
    cards = [
        ship("ba", ISN, ("c10", "c11")),
        hidden("rk", ISN, "veteran"),
        ship("sb", WRETCH, ("h2", "h3")),
        _destroyed("ck", WRETCH, "seasoned"),
    ]
    o = ok(position(cards, seat=WRETCH, turns=(10, 9), rounds=10), WRETCH, "end").state.outcome
    d = o.details
    assert d["mission"] == "skirmish" and d["reason"] == "round_limit_points" and d["winner_side"] == "isn"
    assert d["rounds"] == 10 and d["turns"] == 7
    assert d["sides"]["isn"]["seats"] == [ISN] and d["sides"]["isn"]["points_scored"] == 8
    assert d["sides"]["wretch"]["ships_lost"] == [
        {"ship": "ck", "name": "Chosh Ka", "version": "seasoned", "points": 8}
    ]
    assert {e["ship"] for e in d["sides"]["isn"]["ships_left"]} == {"ba", "rk"}
    assert o.to_json()["details"] == d


def test_a_finished_match_shows_everything_to_everyone():
    cards = [ship("ba", ISN, ("c10", "c11")), hidden("rk", ISN, "veteran"), ship("sb", WRETCH, ("h2", "h3"))]
    s = ok(position(cards, seat=WRETCH, turns=(10, 9), rounds=10), WRETCH, "end").state
    full = E.view(s, None, reveal_all=True)
    assert full["players"][ISN]["screen"][0]["ship"] == "rk"
    assert E.view(s, WRETCH, reveal_all=True) == full

"""COMBAT of the rules text: cost, targets, dice, support (SD-16), DEF counters (SD-17, AS-SD-3)."""

from __future__ import annotations

import json

from games.engines.dogfight.state import Orders

from .duel import DUEL, blocked, destroyed, duel, first_hit, miss, potential_hit
from .helpers import BLUE, RED, E, event, game_moves, kinds, ok, refused, seek


# -- cost and targets ------------------------------------------------------------------------------
def test_combat_costs_two_aps():
    step = ok(duel(), BLUE, "attack c3 c4")
    assert step.state.turn.ap_spent == 2
    assert step.state.hand_types(BLUE) == ("AP",)


def test_combat_with_fewer_than_two_aps_is_refused():
    state = duel(blue_hand=("AP",))
    bad = refused(state, BLUE, "attack c3 c4")
    assert bad.code == "no_ap" and "2 AP" in bad.message
    assert "attack c3 c4" not in game_moves(state, BLUE)


def test_combat_needs_an_adjacent_enemy_ship():
    state = duel(ships=("blue A c3", "red A c5"))
    assert refused(state, BLUE, "attack c3 c5").code == "not_adjacent"


def test_combat_never_diagonally():
    state = duel(ships=("blue A c3", "red A d4"))
    assert refused(state, BLUE, "attack c3 d4").code == "attack_diagonal"
    assert not [n for n in game_moves(state, BLUE) if n.startswith("attack")]


def test_combat_never_against_an_own_ship():
    state = duel(ships=("blue A c3", "blue B c4", "red A h8"))
    assert refused(state, BLUE, "attack c3 c4").code == "own_ship"


def test_combat_needs_a_ship_on_the_target_square():
    state = duel(ships=("blue A d4", "red A h8"))
    assert refused(state, BLUE, "attack d4 d3").code == "no_target"
    bad = refused(state, BLUE, "attack d4 d5")
    assert bad.code == "no_target" and "asteroid 2" in bad.message


def test_combat_needs_an_own_attacking_ship():
    assert refused(duel(), BLUE, "attack c4 c3").code == "no_ship"


# -- dice --------------------------------------------------------------------------------------------
def test_combat_an_attack_die_above_att_is_a_total_miss_and_the_combat_ends():
    step = seek(duel(), BLUE, "attack c3 c4", miss)
    assert event(step, "attack_rolled").data["roll"] > 3
    assert "defence_rolled" not in kinds(step)
    assert step.state.last_combat.result == "miss"
    assert step.state.ship("red-1") is not None


def test_combat_an_attack_die_at_or_below_att_is_a_potential_hit_and_the_defender_throws():
    step = seek(duel(), BLUE, "attack c3 c4", potential_hit)
    assert event(step, "attack_rolled").data["roll"] <= 3
    assert event(step, "defence_rolled").data["target"] == 1


def test_combat_a_defence_die_at_or_below_def_blocks_the_hit():
    step = seek(duel(), BLUE, "attack c3 c4", blocked)
    assert event(step, "defence_rolled").data["roll"] <= 1
    assert step.state.last_combat.result == "blocked"
    assert step.state.ship("red-1") is not None


def test_combat_a_failed_block_eliminates_the_defender_for_the_rest_of_the_game():
    state = duel(ships=("blue A c3", "red A c4", "red B h8"))
    step = seek(state, BLUE, "attack c3 c4", destroyed)
    assert event(step, "defence_rolled").data["roll"] > 1
    assert step.state.ship("red-1") is None
    assert [s["id"] for s in E.view(step.state, None)["lost"]] == ["red-1"]
    assert step.state.last_combat.result == "eliminated"


def test_combat_a_supporting_ship_adds_one_to_attack_sd16():
    state = duel(ships=("blue A c3", "red A c4", "blue B b4"))
    data = event(ok(state, BLUE, "attack c3 c4"), "attack_rolled").data
    assert data["support"] is True and data["target"] == 3 + 1


def test_sd16_several_supporting_ships_add_one_only_once():
    state = duel(ships=("blue A c3", "red A c4", "blue B b4", "blue C d4", "blue A c5"))
    assert event(ok(state, BLUE, "attack c3 c4"), "attack_rolled").data["target"] == 4


def test_combat_a_friend_next_to_the_attacker_or_diagonal_to_the_defender_is_no_support():
    state = duel(ships=("blue A c3", "red A c4", "blue B b3", "blue B d5"))
    data = event(ok(state, BLUE, "attack c3 c4"), "attack_rolled").data
    assert data["support"] is False and data["target"] == 3


# -- DEF counters by standing orders (AS-SD-3) -----------------------------------------------------
def defence_after_hit(state):
    step = seek(state, BLUE, "attack c3 c4", potential_hit)
    return step, event(step, "defence_rolled").data


def test_combat_a_def_plus_one_raises_defence_by_one_and_goes_back_into_the_cup():
    state = duel(red_hand=("DEF1",))
    step, defence = defence_after_hit(state)
    assert event(step, "def_counter_used").data["counter"] == "DEF1"
    assert event(step, "def_counter_used").audience is None
    assert defence["target"] == 1 + 1
    assert step.state.hands[RED] == ()
    assert len(step.state.cup) == len(state.cup) + 2 + 1  # two APs and the DEF+1


def test_combat_a_def_plus_two_raises_defence_by_two():
    _, defence = defence_after_hit(duel(red_hand=("DEF2",)))
    assert defence["target"] == 1 + 2


def test_combat_a_def_counter_is_revealed_only_on_a_potential_hit():
    step = seek(duel(red_hand=("DEF1",)), BLUE, "attack c3 c4", miss)
    assert "def_counter_used" not in kinds(step)
    assert step.state.hand_types(RED) == ("DEF1",)


def test_as_sd_3_default_orders_use_the_best_counter_held():
    step, defence = defence_after_hit(duel(red_hand=("DEF1", "DEF2")))
    assert event(step, "def_counter_used").data["counter"] == "DEF2"
    assert defence["target"] == 1 + 2
    assert step.state.hand_types(RED) == ("DEF1",)


def test_as_sd_3_lowest_orders_use_def_plus_one_first():
    step, _ = defence_after_hit(duel(("DEF1", "DEF2"), Orders("lowest")))
    assert event(step, "def_counter_used").data["counter"] == "DEF1"


def test_as_sd_3_never_orders_keep_the_counters():
    step, defence = defence_after_hit(duel(("DEF1", "DEF2"), Orders("never")))
    assert "def_counter_used" not in kinds(step)
    assert defence["target"] == 1


def test_as_sd_3_def_plus_two_is_kept_for_ships_worth_at_least_the_threshold():
    step, _ = defence_after_hit(duel(("DEF2",), Orders("best", 20)))
    assert "def_counter_used" not in kinds(step)  # red-1 is a type A, 10 PTS
    step, _ = defence_after_hit(duel(("DEF1", "DEF2"), Orders("best", 20)))
    assert event(step, "def_counter_used").data["counter"] == "DEF1"
    rich = duel(("DEF2",), Orders("best", 20), ships=("blue A c3", "red C c4"))
    step, _ = defence_after_hit(rich)
    assert event(step, "def_counter_used").data["counter"] == "DEF2"


# -- "ask me" (AS-SD-3, rules/README decision 5) ------------------------------------------------------
def test_as_sd_3_ask_me_pauses_on_every_potential_hit_even_without_a_counter():
    state = duel(red_orders=Orders(ask=True), ships=(*DUEL, "red B h8"))
    step = seek(state, BLUE, "attack c3 c4", potential_hit)
    paused = step.state
    assert "defence_rolled" not in kinds(step)
    assert event(step, "defence_asked").data == {"seat": RED, "ship": "red-1"}
    assert E.active_seats(paused) == {RED}
    assert game_moves(paused, RED) == ["defend none"]
    assert refused(paused, BLUE, "end").code == "not_your_turn"
    assert refused(paused, RED, "move c4 c5").code == "decision_pending"
    assert E.view(paused, BLUE)["pending"]["defender"] == "red-1"
    answered = ok(paused, RED, "defend none")
    assert "defence_rolled" in kinds(answered)
    assert E.active_seats(answered.state) == {BLUE}
    assert answered.state.pending is None


def test_as_sd_3_ask_me_lists_the_counters_held_and_uses_the_answer():
    state = duel(("DEF1", "DEF2"), Orders(ask=True))
    paused = seek(state, BLUE, "attack c3 c4", potential_hit).state
    assert game_moves(paused, RED) == ["defend def1", "defend def2", "defend none"]
    step = ok(paused, RED, "defend def1")
    assert event(step, "def_counter_used").data["counter"] == "DEF1"
    assert event(step, "defence_rolled").data["target"] == 2
    assert step.state.hand_types(RED) == ("DEF2",)


def test_as_sd_3_the_ask_me_pause_looks_the_same_whatever_the_defender_holds():
    def public(red_hand):
        step = seek(duel(red_hand, Orders(ask=True)), BLUE, "attack c3 c4", potential_hit)
        seen = E.view(step.state, BLUE)
        return [e.to_json() for e in step.events], seen["pending"], seen["players"][RED]["active"]

    assert public(("DEF1", "DEF2")) == public(())


def test_as_sd_3_ask_me_does_not_pause_on_a_miss():
    step = seek(duel(red_orders=Orders(ask=True)), BLUE, "attack c3 c4", miss)
    assert step.state.pending is None and E.active_seats(step.state) == {BLUE}


def test_defend_without_a_pending_decision_is_refused():
    assert refused(duel(red_hand=("DEF1",)), RED, "defend def1").code == "no_decision"


def test_defend_with_a_counter_not_held_is_refused():
    paused = seek(duel(("DEF1",), Orders(ask=True)), BLUE, "attack c3 c4", potential_hit).state
    assert refused(paused, RED, "defend def2").code == "no_counter"
    assert refused(paused, BLUE, "defend none").code == "not_your_turn"


def test_a_timed_out_decision_is_answered_defend_none():
    paused = seek(duel(("DEF1",), Orders(ask=True)), BLUE, "attack c3 c4", potential_hit).state
    assert E.notation(E.timeout_move(paused, RED)) == "defend none"
    assert E.timeout_move(paused, BLUE) is None


def test_as_sd_3_standing_orders_are_a_sealed_move_any_seat_may_make_any_time():
    state = duel()
    moves = [m for m in E.legal_moves(state, RED) if m.kind == "orders"]
    assert len(moves) == 3 * 5 * 2 - 1
    step = ok(state, RED, "orders lowest 25 ask")
    assert step.move_audience == {RED}
    assert [e.to_json() for e in step.events] == [
        {"kind": "orders_updated", "data": {"seat": RED}, "to": None}
    ]
    assert step.state.orders[RED] == Orders("lowest", 25, True)
    assert E.view(step.state, RED)["you"]["orders"]["id"] == "orders-1"
    assert "orders-1" not in json.dumps(E.view(step.state, BLUE))
    assert refused(step.state, RED, "orders lowest 25 ask").code == "orders_unchanged"


def test_combat_a_def_counter_raises_the_defence_for_that_combat_only():
    state = duel(("DEF2",))
    main = seek(state, BLUE, "attack c3 c4", lambda s: potential_hit(s) and blocked(s))
    assert event(main, "defence_rolled").data["target"] == 1 + 2
    again = seek(main.state, BLUE, "repeat", potential_hit)
    assert "def_counter_used" not in kinds(again)
    assert event(again, "defence_rolled").data["target"] == 1


def test_sd17_the_defender_chooses_among_the_counters_held_when_the_combat_started():
    state = duel(("DEF2", "AP"), Orders(ask=True), ships=(*DUEL, "red B h8"))
    paused = seek(state, BLUE, "attack c3 c4", first_hit).state
    assert game_moves(paused, RED) == ["defend def2", "defend none"]
    for move in ("draw", "discard AP", "end"):  # no counter can come in or go out meanwhile
        assert refused(paused, RED, move).code == "decision_pending"


def test_sd17_at_most_one_def_counter_per_combat():
    step, defence = defence_after_hit(duel(("DEF1", "DEF2")))
    assert kinds(step).count("def_counter_used") == 1
    assert defence["target"] == 1 + 2

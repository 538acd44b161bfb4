"""COMBAT: the repeat of a combat for 1 AP, decided after it or declared with it (AS-SD-4), and SD-10."""

from __future__ import annotations

from games.engines.dogfight.state import Orders

from .duel import (
    AP3,
    DUEL,
    blocked,
    destroyed,
    duel,
    first_eliminated,
    first_hit,
    first_missed,
    miss,
    potential_hit,
    rolls,
)
from .helpers import BLUE, RED, E, event, game_moves, kinds, ok, refused, seek


# -- the repeat (COMBAT, AS-SD-4) -----------------------------------------------------------------------
def test_combat_a_surviving_defender_allows_one_repeat_for_one_ap():
    state = seek(duel(), BLUE, "attack c3 c4", miss).state
    assert "repeat" in game_moves(state, BLUE)
    assert E.view(state, None)["turn"]["repeat_available"] is True
    step = ok(state, BLUE, "repeat")
    assert event(step, "attack_rolled").data["repeat"] is True
    assert step.state.turn.ap_spent == 3
    assert step.state.hand_types(BLUE) == ()


def test_as_sd_4_the_repeat_is_the_attackers_decision_within_the_same_turn():
    state = seek(duel(), BLUE, "attack c3 c4", blocked).state
    assert E.active_seats(state) == {BLUE}
    assert "repeat" in game_moves(state, BLUE)
    assert refused(state, RED, "repeat").code == "not_your_turn"


def test_combat_at_most_one_repeat_per_combat():
    state = seek(duel(), BLUE, "attack c3 c4", miss).state
    state = seek(state, BLUE, "repeat", miss).state
    assert refused(state, BLUE, "repeat").code == "no_repeat"


def test_combat_any_other_move_forgoes_the_repeat():
    state = duel(ships=("blue A c3", "red A c4", "blue B h3"), blue_hand=(*AP3, "AP"))
    state = seek(state, BLUE, "attack c3 c4", miss).state
    state = ok(state, BLUE, "move h3 h4").state
    assert refused(state, BLUE, "repeat").code == "no_repeat"


def test_combat_no_repeat_once_the_defender_is_eliminated():
    state = duel(ships=("blue A c3", "red A c4", "red B h8"))
    state = seek(state, BLUE, "attack c3 c4", destroyed).state
    assert refused(state, BLUE, "repeat").code == "no_repeat"


def test_combat_a_repeat_without_an_ap_left_is_refused():
    state = seek(duel(blue_hand=("AP", "AP")), BLUE, "attack c3 c4", miss).state
    assert "repeat" not in game_moves(state, BLUE)
    assert refused(state, BLUE, "repeat").code == "no_ap"


def test_combat_a_repeat_without_a_combat_is_refused():
    assert refused(duel(), BLUE, "repeat").code == "no_repeat"


def test_combat_support_still_counts_in_the_repeat():
    state = duel(ships=("blue A c3", "red A c4", "blue B b4"))
    state = seek(state, BLUE, "attack c3 c4", miss).state
    data = event(ok(state, BLUE, "repeat"), "attack_rolled").data
    assert data["support"] is True and data["target"] == 4


def test_sd17_a_def_counter_used_in_the_main_combat_is_gone_but_another_may_be_used_in_the_repeat():
    state = duel(("DEF1", "DEF2"))
    main = seek(state, BLUE, "attack c3 c4", lambda s: potential_hit(s) and blocked(s))
    assert [e.data["counter"] for e in main.events if e.kind == "def_counter_used"] == ["DEF2"]
    again = seek(main.state, BLUE, "repeat", potential_hit)
    assert [e.data["counter"] for e in again.events if e.kind == "def_counter_used"] == ["DEF1"]


# -- the repeat declared with the attack (AS-SD-4) ------------------------------------------------------
def test_as_sd_4_an_attack_may_declare_its_repeat_which_follows_at_once_if_the_defender_survives():
    state = duel(ships=(*DUEL, "red B h8"))
    step = seek(state, BLUE, "attack c3 c4 repeat", first_missed)
    first, again = rolls(step)
    assert (first["repeat"], again["repeat"]) == (False, True)
    assert event(step, "repeat_declared").data == {"seat": BLUE, "attacker": "blue-1", "defender": "red-1"}
    assert kinds(step).index("repeat_declared") < kinds(step).index("attack_rolled")
    assert step.state.turn.ap_spent == 3 and step.state.hand_types(BLUE) == ()
    assert refused(step.state, BLUE, "repeat").code == "no_repeat"  # still one repeat per combat


def test_as_sd_4_a_declared_repeat_is_not_made_when_the_defender_is_eliminated():
    state = duel(ships=(*DUEL, "red B h8"))
    step = seek(state, BLUE, "attack c3 c4 repeat", first_eliminated)
    assert len(rolls(step)) == 1
    assert step.state.turn.ap_spent == 2 and step.state.hand_types(BLUE) == ("AP",)


def test_as_sd_4_declaring_the_repeat_needs_its_ap_up_front():
    state = duel(blue_hand=("AP", "AP"))
    assert "attack c3 c4" in game_moves(state, BLUE)
    assert "attack c3 c4 repeat" not in game_moves(state, BLUE)
    bad = refused(state, BLUE, "attack c3 c4 repeat")
    assert bad.code == "no_ap" and "3 AP" in bad.message and "AS-SD-4" in bad.message
    assert "attack c3 c4 repeat" in game_moves(duel(), BLUE)


def test_as_sd_4_a_declared_repeat_follows_the_defenders_ask_me_answer_in_the_same_entry():
    state = duel(("DEF1",), Orders(ask=True))
    paused = seek(state, BLUE, "attack c3 c4 repeat", first_hit)
    assert len(rolls(paused)) == 1
    assert E.view(paused.state, BLUE)["pending"]["then_repeat"] is True
    answered = seek(paused.state, RED, "defend def1", blocked)
    assert [r["repeat"] for r in rolls(answered)] == [True]
    assert answered.state.turn.ap_spent == 3
    # the repeat may pause for the defender again; the declaration does not carry over
    assert answered.state.pending is None or answered.state.pending.then_repeat is False


def test_as_sd_4_without_a_declaration_the_attacker_decides_after_the_combat():
    step = seek(duel(), BLUE, "attack c3 c4", miss)
    assert len(rolls(step)) == 1 and "repeat_declared" not in kinds(step)
    assert "repeat" in game_moves(step.state, BLUE)


# -- SD-10: the same ship again in the same turn ---------------------------------------------------------
def test_sd10_a_ship_may_attack_and_then_move_in_the_same_turn():
    state = duel(blue_hand=(*AP3, "AP"))
    state = seek(state, BLUE, "attack c3 c4", miss).state
    assert ok(state, BLUE, "move c3 a3").state.ship("blue-1").square == "a3"


def test_sd10_the_same_ship_may_fight_a_new_combat_after_its_repeat():
    state = duel(blue_hand=(*AP3, "AP", "AP"))
    state = seek(state, BLUE, "attack c3 c4", miss).state
    state = seek(state, BLUE, "repeat", miss).state
    assert "attack c3 c4" in game_moves(state, BLUE)
    step = ok(state, BLUE, "attack c3 c4")
    assert event(step, "attack_rolled").data["repeat"] is False
    assert step.state.turn.ap_spent == 5


def test_perft_with_three_aps_an_adjacent_enemy_gives_the_attack_with_and_without_its_repeat():
    # Blue A c3 faces Red A c4; Blue holds 3 AP: draw, 5 moves, 2 attacks, end, 1 discard.
    state = duel()
    assert sorted(n for n in game_moves(state, BLUE) if n.startswith("attack")) == [
        "attack c3 c4",
        "attack c3 c4 repeat",
    ]
    assert len(game_moves(state, BLUE)) == 10

"""SEQUENCE OF PLAY: [1] discard, [2a] draw, [2b] spend APs; SD-08, SD-10, AS-SD-2."""

from __future__ import annotations

import json

from games.engines.base import LogItem
from games.engines.dogfight.state import DRAWING, SPENDING, START

from .helpers import BLUE, RED, E, dice, event, game_moves, ok, position, refused


def hand(state, seat):
    return sorted(state.hand_types(seat))


# -- game turns ---------------------------------------------------------------------------
def test_sequence_players_alternate_game_turns_starting_with_player_one():
    state = position()
    assert E.active_seats(state) == {BLUE}
    state = ok(state, BLUE, "end").state
    assert (state.turn.seat, state.turn.number) == (RED, 1)
    state = ok(state, RED, "end").state
    assert (state.turn.seat, state.turn.number) == (BLUE, 2)
    assert state.turns_taken == (1, 1)


def test_acting_out_of_turn_is_refused_as_not_your_turn():
    state = position(hands=((), ("AP",)))
    for move in ("draw", "end", "move c8 c7", "discard AP"):
        assert refused(state, RED, move).code == "not_your_turn"
    assert E.legal_moves(state, RED) and all(m.kind == "orders" for m in E.legal_moves(state, RED))


def test_sequence_spending_zero_aps_is_a_legal_2b_so_a_turn_may_just_end():
    step = ok(position(), BLUE, "end")
    assert event(step, "turn_ended").data == {"seat": BLUE, "number": 1, "auto": False}


# -- [1] discard ------------------------------------------------------------------------------
def test_discard_returns_a_counter_into_the_cup_at_the_start_of_the_turn():
    state = position(hands=(("AP", "BLANK"), ()))
    step = ok(state, BLUE, "discard BLANK")
    assert hand(step.state, BLUE) == ["AP"]
    assert len(step.state.cup) == len(state.cup) + 1
    assert step.state.turn.stage == START


def test_discard_any_number_of_counters_one_per_move():
    state = position(hands=(("AP", "DEF1", "BLANK"), ()))
    for counter in ("AP", "def+1", "blank"):
        state = ok(state, BLUE, f"discard {counter}").state
    assert hand(state, BLUE) == []
    assert E.active_seats(state) == {BLUE}


def test_discard_is_sealed_and_tells_others_only_that_a_counter_was_discarded():
    step = ok(position(hands=(("DEF2",), ())), BLUE, "discard DEF2")
    assert step.move_audience == {BLUE}
    assert [e.to_json() for e in step.events] == [
        {"kind": "counter_discarded", "data": {"seat": BLUE}, "to": None}
    ]
    theirs = LogItem(2, BLUE, None, list(step.events))
    assert E.describe(theirs, RED) == "Blue discarded a counter"
    mine = LogItem(2, BLUE, {"kind": "discard", "counter": "DEF2"}, list(step.events))
    assert E.describe(mine, BLUE) == "You discarded DEF+2"


def test_discard_after_drawing_is_refused():
    state = position(hands=(("AP",), ()), stage=DRAWING, draws=1)
    assert refused(state, BLUE, "discard AP").code == "discard_too_late"


def test_discard_after_spending_aps_is_refused():
    state = ok(position(hands=(("AP", "AP"), ())), BLUE, "move c3 c4").state
    assert refused(state, BLUE, "discard AP").code == "discard_too_late"


def test_discard_of_a_counter_not_held_is_refused():
    assert refused(position(hands=(("AP",), ())), BLUE, "discard DEF1").code == "no_counter"


# -- [2] either draw or spend ------------------------------------------------------------------
def test_sequence_a_turn_is_either_2a_or_2b_spending_after_drawing_is_refused():
    state = ok(position(hands=(("AP", "AP"), ()), cup=("BLANK",) * 3), BLUE, "draw").state
    assert state.turn.stage == DRAWING
    assert refused(state, BLUE, "move c3 c4").code == "drew_this_turn"
    assert refused(state, BLUE, "attack c3 c4").code == "drew_this_turn"
    assert game_moves(state, BLUE) == ["draw", "end"]


def test_sequence_drawing_after_spending_aps_is_refused():
    state = ok(position(hands=(("AP", "AP"), ())), BLUE, "move c3 c4").state
    assert state.turn.stage == SPENDING
    assert refused(state, BLUE, "draw").code == "draw_after_spending"


# -- [2a] draw counters ----------------------------------------------------------------------
def test_draw_a_counter_is_kept_hidden_from_the_other_player_as_sd_2():
    state = position(cup=("DEF2", "AP", "BLANK"))
    d = dice()
    step = E.apply(state, BLUE, E.parse("draw", state, BLUE), d)
    public = event(step, "counter_drawn")
    assert public.audience is None and public.data == {"seat": BLUE, "draw": 1}
    private = event(step, "counter_received")
    assert private.audience == {BLUE}
    # AS-SD-2: the die's face is a place in the sorted cup, so even the drawer does not
    # see it until the match is over; the counter itself is told by counter_received.
    assert [dr["to"] for dr in d.draws] == [[]]
    assert d.draws[0]["purpose"] == "draw a counter"
    assert private.data["counter"] == step.state.hand_types(BLUE)[0]
    cid, label = step.state.hands[BLUE][0], "ctr-101"
    assert label in json.dumps(E.view(step.state, BLUE))
    assert label not in json.dumps(E.view(step.state, RED))
    assert cid not in json.dumps([E.view(step.state, BLUE), [e.to_json() for e in step.events]])


def test_draw_takes_one_counter_at_random_out_of_the_cup():
    state = position(cup=("AP", "DEF1", "BLANK"))
    drawn = set()
    for seq in range(1, 40):
        step = ok(state, BLUE, "draw", dice(seq))
        (cid,) = step.state.hands[BLUE]
        assert cid in state.cup and cid not in step.state.cup
        assert len(step.state.cup) == len(state.cup) - 1
        drawn.add(step.state.hand_types(BLUE))
    assert drawn == {("AP",), ("DEF1",), ("BLANK",)}


def test_as_sd_2_hand_size_is_public_but_the_counters_are_not():
    state = position(hands=(("AP", "DEF1", "BLANK"), ()))
    seen = E.view(state, RED)
    assert seen["players"][BLUE]["hand_size"] == 3
    assert seen["players"][BLUE]["hand"] is None
    assert seen["you"]["hand"] == []
    assert "DEF1" not in json.dumps(seen["players"])
    assert [c["type"] for c in E.view(state, BLUE)["you"]["hand"]] == ["AP", "DEF1", "BLANK"]


def test_sd08_counters_are_drawn_one_at_a_time_and_the_player_may_stop_after_any_draw():
    state = ok(position(cup=("AP", "AP", "AP", "BLANK")), BLUE, "draw").state
    assert state.turn.draws == 1 and len(state.hands[BLUE]) == 1
    assert "end" in game_moves(state, BLUE)
    state = ok(state, BLUE, "end").state
    assert state.turn.seat == RED


def test_draw_at_most_three_counters_then_the_turn_ends_automatically():
    state = position(cup=("AP",) * 6)
    for _ in range(2):
        state = ok(state, BLUE, "draw").state
        assert state.turn.seat == BLUE
    step = ok(state, BLUE, "draw")
    assert len(step.state.hands[BLUE]) == 3
    assert event(step, "turn_ended").data == {"seat": BLUE, "number": 1, "auto": True}
    assert step.state.turn.seat == RED


def test_draw_a_fourth_draw_in_one_turn_is_refused():
    state = position(stage=DRAWING, draws=3)
    assert refused(state, BLUE, "draw").code == "draw_limit"


def test_draw_never_more_than_five_counters_in_hand_checked_before_each_draw():
    state = position(hands=(("AP",) * 5, ()))
    bad = refused(state, BLUE, "draw")
    assert bad.code == "hand_full" and "5" in bad.message
    assert "draw" not in game_moves(state, BLUE)


def test_draw_filling_the_hand_to_five_ends_the_turn_automatically():
    step = ok(position(hands=(("AP",) * 4, ()), cup=("BLANK",) * 3), BLUE, "draw")
    assert len(step.state.hands[BLUE]) == 5
    assert event(step, "turn_ended").data["auto"] is True


def test_draw_from_an_empty_cup_is_refused():
    assert refused(position(cup=()), BLUE, "draw").code == "cup_empty"


# -- [2b] spend APs -----------------------------------------------------------------------------
def test_spend_every_spent_ap_counter_goes_back_into_the_cup():
    state = position(hands=(("AP", "AP", "BLANK"), ()))
    step = ok(state, BLUE, "move c3 c5")
    assert hand(step.state, BLUE) == ["AP", "BLANK"]
    assert len(step.state.cup) == len(state.cup) + 1
    assert step.state.turn.ap_spent == 1


def test_sd10_the_same_ship_may_move_more_than_once_in_a_turn():
    state = position(hands=(("AP", "AP"), ()))
    state = ok(state, BLUE, "move c3 c4").state
    state = ok(state, BLUE, "move c4 e4").state
    assert state.ship("blue-1").square == "e4"
    assert state.turn.ap_spent == 2


def test_sd10_a_ship_may_move_and_attack_in_the_same_turn():
    state = position(("blue A c3", "red A c6"), hands=(("AP",) * 3, ()))
    state = ok(state, BLUE, "move c3 c5").state
    ok(state, BLUE, "attack c5 c6")

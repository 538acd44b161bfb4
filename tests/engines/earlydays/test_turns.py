"""The turn sequence ([SEED] Initiative, Movement, Shooting, End): SW-04, SW-05, SW-08,
AS-SW-1..3, standing orders and "ask me" (rules/README decisions 5 and 8), timeouts."""

from __future__ import annotations

from dataclasses import replace

from games.engines.base import Move
from games.engines.earlydays import sequence
from games.engines.earlydays.state import END, MOVE, SHOOT, Effect, Orders

from .helpers import IMPERIAL, REBEL, E, dice, game_moves, notations, ok, position, refused, unit

R1, R2 = unit("R1a", "x_wing", "1010", "E"), unit("R2a", "x_wing", "1014", "E")
I1 = unit("I1a", "tie_fighter", "1510", "W")


def new_turn(state, seq=1):
    return sequence.start_turn(state, dice(seq))


def rolls(events):
    return [tuple(e.data["rolls"]) for e in events if e.kind == "initiative_rolled"]


# -- SW-04 initiative ------------------------------------------------------------------------------------
def test_each_side_rolls_a_die_for_initiative_each_turn_sw_04():
    state, events = new_turn(position(R1, I1, turn=0))
    (r,) = rolls(events)[-1:]
    assert state.turn == 1 and r[0] != r[1]
    assert state.initiative == (*r, REBEL if r[0] > r[1] else IMPERIAL)


def test_initiative_ties_are_rolled_again_sw_04():
    for seq in range(1, 500):
        _state, events = new_turn(position(R1, I1, turn=0), seq)
        if len(rolls(events)) > 1:
            break
    assert rolls(events)[0][0] == rolls(events)[0][1] and rolls(events)[-1][0] != rolls(events)[-1][1]


def test_by_default_the_winner_lets_the_opponent_move_first_as_sw_3():
    state, _events = new_turn(position(R1, I1, turn=0))
    winner = state.initiative[2]
    assert state.first == 1 - winner and state.mover == 1 - winner


def test_a_standing_order_may_make_the_winner_move_first_as_sw_3():
    orders = (Orders(initiative="first"), Orders(initiative="first"))
    state, _ = new_turn(position(R1, I1, turn=0, orders=orders))
    assert state.first == state.initiative[2]


def test_with_ask_me_the_winner_is_asked_who_moves_first_every_turn_decision_5():
    orders = (Orders(ask=True), Orders(ask=True))
    state, _events = new_turn(position(R1, I1, turn=0, orders=orders))
    winner = state.initiative[2]
    assert state.pending.kind == "initiative" and E.active_seats(state) == {winner}
    assert game_moves(state, winner) == ["initiative first", "initiative second"]
    refused(state, 1 - winner, "initiative first", "no_decision")
    state = ok(state, winner, "initiative first").state
    assert state.first == winner and state.step == MOVE


# -- SW-05 alternating movement --------------------------------------------------------------------------
def test_sides_alternate_moving_one_unit_per_move_seed_as_sw_2():
    state = position(R1, R2, I1)
    state = ok(state, REBEL, "stop R1a E").state
    assert E.active_seats(state) == {IMPERIAL}
    refused(state, REBEL, "stop R2a E", "not_your_turn")
    state = ok(state, IMPERIAL, "stop I1a W").state
    assert E.active_seats(state) == {REBEL}


def test_a_side_with_no_unit_left_to_move_lets_the_other_move_the_rest_sw_05():
    state = position(R1, R2, I1, mover=IMPERIAL)
    state = ok(state, IMPERIAL, "stop I1a W").state
    state = ok(state, REBEL, "stop R1a E").state
    assert E.active_seats(state) == {REBEL}
    state = ok(state, REBEL, "stop R2a E").state
    assert state.step == SHOOT


def test_units_that_cannot_move_are_not_waited_for_decision_8():
    post = unit("I2", "outpost", "2012")
    dead = unit("I3", "corvette_imperial", "2014", "W", effects=(Effect("disabled", 0),))
    state = ok(position(R1, post, dead), REBEL, "stop R1a E").state
    assert state.step == SHOOT


def test_the_movement_phase_lists_every_unmoved_units_first_step():
    moves = game_moves(position(R1, R2, I1), REBEL)
    assert {m.split()[1] for m in moves} == {"R1a", "R2a"}
    assert len(moves) == 2 * 9  # no torpedoes, so no lock or run: double, stop E, F L R L2 R2 L3 R3


# -- shooting is simultaneous (AS-SW-1) --------------------------------------------------------------------
def test_both_sides_give_fire_orders_at_the_same_time_as_sw_1():
    state = position(R1, I1, mover=IMPERIAL, moved=("R1a",))
    state = ok(state, IMPERIAL, "stop I1a W").state
    assert state.step == SHOOT and E.active_seats(state) == {REBEL, IMPERIAL}


def test_a_side_with_nothing_to_fire_at_is_done_by_itself_decision_8():
    away = unit("I1a", "tie_fighter", "0520", "W")  # both out of each other's arcs
    state = position(R1, away, mover=IMPERIAL, moved=("R1a",))
    state = ok(state, IMPERIAL, "stop I1a W").state
    assert state.turn == 2  # nobody could fire: straight to the End phase and the next turn


def test_the_end_phase_follows_the_shooting_seed_turn_phases():
    step = ok(position(R1, I1, step=SHOOT, fire_done=(False, True)), REBEL, "fire R1a hold main")
    kinds = [e.kind for e in step.events]
    assert kinds.index("fire_revealed") < kinds.index("turn_started")


# -- phases and turns ---------------------------------------------------------------------------------------
def test_moves_outside_their_phase_are_refused_wrong_phase():
    refused(position(R1, I1), REBEL, "fire R1a quad_lasers I1a rapid", "wrong_phase")
    refused(position(R1, I1, step=SHOOT), REBEL, "move R1a F", "wrong_phase")
    refused(position(R1, I1), REBEL, "place R1a 0101", "wrong_phase")


def test_the_game_ends_after_the_turn_limit_sw_08():
    state = position(R1, I1, turn=12, turn_limit=12, step=END)
    state, _events = sequence.continue_end(state, dice())
    assert state.outcome is not None and state.phase == "over"
    assert E.active_seats(state) == frozenset() and E.legal_moves(state, REBEL) == []
    refused(state, REBEL, "fire R1a hold main", "game_over")


def test_the_game_ends_when_a_side_has_nothing_left_on_the_map_sw_08():
    gone = replace(I1, status="withdrawn")
    state, _ = sequence.continue_end(position(R1, gone, step=END), dice())
    assert state.outcome is not None


# -- standing orders (rules/README decision 5) -------------------------------------------------------------
def test_standing_orders_are_a_sealed_move_any_seat_may_make_at_any_time():
    state = position(R1, I1)
    step = ok(state, IMPERIAL, "orders initiative first")
    assert step.move_audience == {IMPERIAL}
    assert step.events[0].kind == "orders_updated" and step.events[0].data == {"seat": IMPERIAL}
    assert step.state.orders[IMPERIAL].initiative == "first"
    assert E.view(step.state, REBEL)["you"]["orders"]["initiative"] == "second"


def test_every_standing_order_change_is_listed_and_nothing_else_is():
    orders = [n for n in notations(position(R1, I1), IMPERIAL) if n.startswith("orders")]
    assert orders == [
        "orders initiative first",
        "orders ion_weapon most_dice",
        "orders repair engine_first",
        "orders repair weapon_first",
        "orders ask on",
    ]


def test_setting_an_order_to_what_it_is_is_refused_orders_unchanged():
    refused(position(R1, I1), REBEL, "orders ask off", "orders_unchanged")


def test_a_standing_order_value_must_be_one_of_its_choices():
    refused(position(R1, I1), REBEL, Move.of("orders", setting="ask", value="maybe"), "bad_move")


# -- timeouts ---------------------------------------------------------------------------------------------------
def test_on_timeout_a_moving_fighter_flies_straight_on_and_a_ship_ends():
    state = position(R1, I1)
    assert E.notation(E.timeout_move(state, REBEL)) == "move R1a F"
    ship = position(unit("R1", "corvette_rebel", "1010", "E"), I1)
    assert E.notation(E.timeout_move(ship, REBEL)) == "end R1"
    assert E.timeout_move(state, IMPERIAL) is None


def test_on_timeout_the_first_weapon_group_still_owing_a_fire_decision_holds():
    state = position(R1, I1, step=SHOOT)
    assert E.timeout_move(state, REBEL) == Move.of("fire", unit="R1a", hold="main")
    state = ok(state, REBEL, "fire R1a hold main").state
    assert E.timeout_move(state, REBEL) is None


def test_on_timeout_a_decision_is_answered_as_the_standing_orders_would():
    state, _ = new_turn(position(R1, I1, turn=0, orders=(Orders(ask=True), Orders(ask=True))))
    winner = state.initiative[2]
    assert E.timeout_move(state, winner) == Move.of("initiative", choice="second")


def test_on_timeout_a_valid_force_is_sealed_and_an_empty_one_gets_a_unit():
    state = E.setup({}, 2, dice()).state
    assert E.timeout_move(state, REBEL) == Move.of("buy", unit="x_wing")
    state = ok(state, REBEL, "buy y_wing").state
    assert E.timeout_move(state, REBEL) == Move.of("seal")


def test_on_timeout_deployment_takes_the_first_free_hex():
    state = E.setup({}, 2, dice()).state
    for seat, name in ((REBEL, "x_wing"), (IMPERIAL, "tie_fighter")):
        state = ok(state, seat, f"buy {name}").state
        state = ok(state, seat, "seal").state
    assert E.notation(E.timeout_move(state, IMPERIAL)) == "place I1a 3401"

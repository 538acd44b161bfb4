"""MOVEMENT of the rules text, with SD-01 (forward), SD-09 (move shape) and SD-13."""

from __future__ import annotations

from .helpers import BLUE, RED, E, game_moves, notations, ok, position, refused

AP2 = (("AP", "AP"), ("AP", "AP"))


def destinations(state, seat, frm):
    return sorted(n.split()[2] for n in game_moves(state, seat) if n.startswith(f"move {frm} "))


def test_movement_of_one_ship_costs_one_ap():
    step = ok(position(hands=(("AP",), ())), BLUE, "move c3 c4")
    assert step.state.hands[BLUE] == ()
    assert step.state.ship("blue-1").square == "c4"


def test_movement_without_an_ap_counter_is_refused():
    state = position(hands=(("BLANK",), ()))
    bad = refused(state, BLUE, "move c3 c4")
    assert bad.code == "no_ap" and "1 AP" in bad.message
    assert not [n for n in notations(state, BLUE) if n.startswith("move")]


def test_movement_a_ship_must_move_at_least_one_square():
    assert refused(position(hands=AP2), BLUE, "move c3 c3").code == "move_zero"


def test_movement_a_ship_moves_no_more_than_its_mov():
    state = position(("blue B c3", "red A c8"), hands=AP2)
    bad = refused(state, BLUE, "move c3 c6")
    assert bad.code == "move_too_far"
    assert bad.message == "Ship blue-1 is a type B with MOV 2; c3 to c6 is 3 squares."
    ok(state, BLUE, "move c3 c5")


def test_movement_never_diagonally():
    bad = refused(position(hands=AP2), BLUE, "move c3 d4")
    assert bad.code == "move_diagonal" and "diagonally" in bad.message


def test_movement_never_backwards():
    bad = refused(position(hands=AP2), BLUE, "move c3 c2")
    assert bad.code == "move_backwards" and "backwards" in bad.message


def test_sd01_forward_for_red_is_towards_row_1():
    state = position(hands=AP2, seat=RED)
    assert refused(state, RED, "move c8 c9").code == "move_backwards"
    assert ok(state, RED, "move c8 c6").state.ship("red-1").square == "c6"


def test_movement_sideways_is_allowed():
    assert ok(position(hands=AP2), BLUE, "move c3 a3").state.ship("blue-1").square == "a3"


def test_movement_never_out_of_the_board_edges():
    state = position(("blue A h3", "red A c8"), hands=AP2)
    assert refused(state, BLUE, "move h3 i3").code == "off_board"
    assert destinations(state, BLUE, "h3") == ["e3", "f3", "g3", "h4", "h5", "h6"]
    edge = position(("blue A c9", "red A a8"), hands=AP2)
    assert refused(edge, BLUE, "move c9 c11").code == "off_board"
    assert destinations(edge, BLUE, "c9") == ["a9", "b9", "c10", "d9", "e9", "f9"]


def test_movement_never_into_a_square_holding_a_ship():
    state = position(("blue A c3", "red A c5"), hands=AP2)
    bad = refused(state, BLUE, "move c3 c5")
    assert bad.code == "move_blocked" and "red-1" in bad.message


def test_movement_cannot_pass_through_a_ship_of_either_colour():
    own = position(("blue A c3", "blue B c4", "red A h8"), hands=AP2)
    assert refused(own, BLUE, "move c3 c5").code == "move_blocked"
    enemy = position(("blue A c3", "red A d3"), hands=AP2)
    assert refused(enemy, BLUE, "move c3 e3").code == "move_blocked"


def test_movement_cannot_pass_through_an_asteroid():
    state = position(("blue A d3", "red A h8"), hands=AP2)
    bad = refused(state, BLUE, "move d3 d6")
    assert bad.code == "move_blocked" and "asteroid 2" in bad.message
    assert destinations(state, BLUE, "d3") == ["a3", "b3", "c3", "d4", "e3", "f3", "g3"]


def test_moving_a_square_without_an_own_ship_is_refused():
    state = position(hands=AP2)
    assert refused(state, BLUE, "move d4 d5").code == "no_ship"
    assert refused(state, BLUE, "move c8 c7").code == "no_ship"


def test_squares_must_be_written_as_on_the_board():
    state = position(hands=AP2)
    assert refused(state, BLUE, {"kind": "move", "from": "C3", "to": "c4"}).code == "bad_square"
    assert refused(state, BLUE, {"kind": "move", "from": "c3", "to": "c-4"}).code == "bad_square"


def test_sd09_a_move_is_a_straight_line_forward_or_sideways():
    state = position(hands=AP2)
    assert destinations(state, BLUE, "c3") == ["a3", "b3", "c4", "c5", "c6", "d3", "e3", "f3"]


def test_sd09_path_option_mixes_forward_and_sideways_steps():
    state = position(("blue B d2", "red A h8"), hands=AP2, movement="path")
    assert destinations(state, BLUE, "d2") == ["b2", "c2", "c3", "d3", "d4", "e2", "e3", "f2"]
    assert ok(state, BLUE, "move d2 e3").state.ship("blue-1").square == "e3"


def test_sd09_path_option_enters_only_empty_squares_and_never_revisits():
    state = position(("blue B d2", "red A h8"), asteroids=("d3", "a9", "h1"), hands=AP2, movement="path")
    assert destinations(state, BLUE, "d2") == ["b2", "c2", "c3", "e2", "e3", "f2"]
    bad = refused(state, BLUE, "move d2 d4")
    assert bad.code == "move_blocked" and "SD-09" in bad.message
    assert refused(state, BLUE, "move d2 d1").code == "move_backwards"
    assert refused(state, BLUE, "move d2 g2").code == "move_too_far"


def test_sd13_ships_in_the_enemy_zone_can_only_move_sideways_or_deeper():
    state = position(("blue A c9", "red A a2"), hands=AP2)
    for sq in destinations(state, BLUE, "c9"):
        assert int(sq[1:]) in (9, 10)


def test_perft_a_play_position_has_39_legal_moves_for_blue_and_29_for_red():
    # Blue A c3 faces Red A c4; Blue holds AP, AP, DEF1: 2 discards, draw, 5 moves
    # (d3 e3 f3 b3 a3; c4 is taken), 1 attack, end, and 29 standing-orders moves.
    state = position(("blue A c3", "red A c4"), hands=(("AP", "AP", "DEF1"), ()))
    assert len(E.legal_moves(state, BLUE)) == 39
    assert len(game_moves(state, BLUE)) == 10
    assert len(E.legal_moves(state, RED)) == 29

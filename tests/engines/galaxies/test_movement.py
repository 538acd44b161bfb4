"""Activating ship cards and moving ships ([SEED] page 7, BG-07, BG-10, BG-12) - small,
medium and large ships, passing through but not ending on ships, obstacles, warp gates."""

from __future__ import annotations

from games.engines.galaxies.state import DEPLOY

from .helpers import (
    ISN,
    WRETCH,
    activating,
    event,
    has,
    of_kind,
    ok,
    piece,
    position,
    refused,
    ship,
)

FAR = ship("sb", WRETCH, ("o2", "o3"))  # an enemy out of everybody's way


def moving(*cards, code, **kw):
    return activating(position([FAR, *cards], **kw), code)


# -- activation ------------------------------------------------------------------------------
def test_activating_a_ship_card_pays_its_activation_cost():
    """[SEED] step 1: pay the activation cost (the veteran F-47 Blue Hawks cost 2)."""
    s = position([FAR, ship("bh", ISN, "c4", "d4", "e4", version="veteran")], energy=(6, 6))
    step = ok(s, ISN, "activate bh")
    assert step.state.players[ISN].energy == 4 and has(step, "activated", ship="bh", cost=2)


def test_a_ship_card_is_activated_at_most_once_per_turn():
    """[SEED] you cannot activate the same ship card more than once per turn."""
    s = position([FAR, ship("rk", ISN, "c4"), ship("ba", ISN, ("h10", "h11"))])
    s = ok(ok(s, ISN, "activate rk").state, ISN, "activate ba").state
    bad = refused(s, ISN, "activate rk")
    assert bad.code == "already_activated" and "once per turn" in bad.message
    assert "activate rk" not in of_kind(s, ISN, "activate")


def test_activation_needs_the_energy():
    bad = refused(position([FAR, ship("ev", ISN, ("h9", "h10", "i10"))], energy=(3, 3)), ISN, "activate ev")
    assert bad.code == "no_energy"


def test_activating_happens_in_the_action_phase():
    bad = refused(position([FAR, ship("rk", ISN, "c4")], phase=DEPLOY), ISN, "activate rk")
    assert bad.code == "wrong_turn_phase"


def test_only_the_ships_of_the_activated_card_move():
    """[SEED] step 2: move the ship(s) on your chosen ship card."""
    s = moving(ship("rk", ISN, "c4"), ship("ba", ISN, ("h10", "h11")), code="rk")
    assert refused(s, ISN, "step ba h10 h9").code == "not_activated"
    assert refused(s, WRETCH, "step sb o2 o1").code == "not_your_turn"


def test_after_one_card_has_attacked_the_next_card_activated_moves_and_attacks():
    """[SEED] after these 3 steps you may activate another ship card (its own steps 1-3)."""
    s = moving(ship("ba", ISN, ("c4", "c5")), ship("rk", ISN, "e4"), ship("ck", WRETCH, "c9"), code="ba")
    s = ok(s, ISN, "fire ba main ck").state
    s = ok(s, ISN, "activate rk").state
    s = ok(s, ISN, "step rk e4 e5").state
    assert refused(s, ISN, "fire ba main ck").code == "not_activated"
    assert s.turn.card == "rk" and not s.turn.attacking


# -- small ships -------------------------------------------------------------------------------
def test_a_small_ship_moves_to_any_adjacent_space_up_to_its_move_number():
    """[SEED] move 0 to 5 spaces in any direction (BG-05 small: move 5)."""
    s = moving(ship("rk", ISN, "c4"), code="rk")
    assert sorted(of_kind(s, ISN, "step")) == sorted(
        f"step rk c4 {h}" for h in ("d3", "d4", "c5", "b4", "b3", "c3")
    )
    for frm, to in (("c4", "c5"), ("c5", "c6"), ("c6", "c7"), ("c7", "c8"), ("c8", "c9")):
        s = ok(s, ISN, f"step rk {frm} {to}").state
    bad = refused(s, ISN, "step rk c9 c10")
    assert bad.code == "out_of_moves" and "5 spaces" in bad.message
    assert of_kind(s, ISN, "step") == []


def test_a_step_is_to_an_adjacent_space():
    s = moving(ship("rk", ISN, "c4"), code="rk")
    assert refused(s, ISN, "step rk c4 c6").code == "bad_step"
    assert refused(s, ISN, "step rk c5 c6").code == "bad_step"


def test_ships_stay_on_the_board_and_off_the_half_hexes():
    """[SOURCED] page 7: half hexes around the edge can never be entered."""
    s = moving(ship("rk", ISN, "b12"), code="rk")
    assert refused(s, ISN, "step rk b12 b13").code == "off_board"
    assert "step rk b12 b13" not in of_kind(s, ISN, "step")


# -- medium ships --------------------------------------------------------------------------------
def test_a_medium_ship_leads_with_either_end_and_the_trailing_end_follows():
    """[SEED] decide which end to lead with; the trailing end follows the spaces the leading end left."""
    s = moving(ship("ba", ISN, ("c4", "c5")), code="ba")
    steps = of_kind(s, ISN, "step")
    assert len(steps) == 10  # 5 new spaces for each end
    s = ok(s, ISN, "step ba c5 c6").state
    assert piece(s, "ba").hexes == ("c5", "c6")
    s = ok(s, ISN, "step ba c6 d6").state
    assert piece(s, "ba").hexes == ("c6", "d6")


def test_a_medium_ship_keeps_its_leading_end_for_the_activation():
    """BG-07: choose which end leads each activation."""
    s = ok(moving(ship("ba", ISN, ("c4", "c5")), code="ba"), ISN, "step ba c5 c6").state
    bad = refused(s, ISN, "step ba c5 c4")
    assert bad.code == "lead_fixed" and "BG-07" in bad.message
    assert all(n.split()[2] == "c6" for n in of_kind(s, ISN, "step"))


# -- large ships ---------------------------------------------------------------------------------
def test_a_large_ship_steps_onto_three_new_spaces():
    """[SEED] any movement onto 3 new spaces counts as one space (BG-07: six unrotated steps)."""
    s = moving(ship("ev", ISN, ("c9", "c10", "d9")), code="ev")
    steps = of_kind(s, ISN, "step")
    assert len(steps) == 6
    for n in steps:
        new = ok(s, ISN, n).state
        assert not set(piece(new, "ev").hexes) & {"c9", "c10", "d9"}
    assert refused(s, ISN, "step ev c9 c8").code == "bad_step"
    assert refused(s, ISN, "step ev d9 e9").code == "bad_step"


def test_a_large_ship_moves_its_move_number_of_steps():
    """[SEED] ISN Everest moves 3 spaces (BG-05 large: move 3)."""
    s = moving(ship("ev", ISN, ("c9", "c10", "d9")), code="ev")
    for _ in range(3):
        s = ok(s, ISN, of_kind(s, ISN, "step")[0]).state
    assert of_kind(s, ISN, "step") == []


def test_a_large_ship_may_not_step_with_any_of_its_three_hexes_onto_an_asteroid():
    """BG-10 with BG-07: the step that would put its third hex on e7 (a skirmish asteroid) is refused."""
    s = moving(ship("ev", ISN, ("c8", "c9", "d8")), code="ev")
    bad = refused(s, ISN, "step ev c8 d6")  # c8 c9 d8 -> d6 d7 e7
    assert bad.code == "asteroid" and "e7" in bad.message and "BG-10" in bad.message
    assert "step ev c8 d6" not in of_kind(s, ISN, "step")


def test_a_large_ship_may_not_step_with_any_of_its_hexes_off_the_board():
    """[SOURCED] page 7: half hexes at the edge can never be entered, by any hex of the ship."""
    s = moving(ship("ev", ISN, ("a11", "a12", "b11")), code="ev")
    bad = refused(s, ISN, "step ev a11 b12")  # its second hex would go to the half hex b13
    assert bad.code == "off_board" and "[SOURCED] page 7" in bad.message
    assert sorted(of_kind(s, ISN, "step")) == ["step ev a11 b9", "step ev a11 c11"]


# -- other ships, obstacles ---------------------------------------------------------------------
def test_ships_may_pass_through_other_ships():
    """[SEED] ships may pass through other ships..."""
    s = moving(ship("rk", ISN, "c4"), ship("to", ISN, ("c5", "c6")), code="rk")
    s = ok(s, ISN, "step rk c4 c5").state
    s = ok(s, ISN, "step rk c5 c6").state
    s = ok(s, ISN, "step rk c6 c7").state
    assert piece(s, "rk").hexes == ("c7",)


def test_a_ship_may_not_end_its_movement_on_another_ship():
    """[SEED] ...but may not end on another ship: while on one, it must move on."""
    s = moving(ship("rk", ISN, "c4"), ship("to", ISN, ("c5", "c6")), code="rk")
    s = ok(s, ISN, "step rk c4 c5").state
    assert refused(s, ISN, "end").code == "ends_on_ship"
    assert {n.split()[0] for n in of_kind(s, ISN, "step")} == {"step"}
    assert set(m.split()[0] for m in [n for n in of_kind(s, ISN, "end")]) == set()


def test_a_step_onto_a_ship_needs_enough_moves_left_to_get_clear():
    s = moving(ship("rk", ISN, "c4"), ship("to", ISN, ("c5", "c6")), code="rk")
    for frm, to in (("c4", "b4"), ("b4", "b3"), ("b3", "c3"), ("c3", "c4")):
        s = ok(s, ISN, f"step rk {frm} {to}").state
    bad = refused(s, ISN, "step rk c4 c5")  # one space left: it would end on TO
    assert bad.code == "ends_on_ship" and "[SEED]" in bad.message


def test_asteroid_fields_cannot_be_entered_or_passed():
    """BG-10 (the skirmish asteroids are on e6 and e7)."""
    s = moving(ship("rk", ISN, "e8"), code="rk")
    bad = refused(s, ISN, "step rk e8 e7")
    assert bad.code == "asteroid" and "BG-10" in bad.message
    assert "step rk e8 e7" not in of_kind(s, ISN, "step")


def test_entering_a_debris_field_ends_the_movement():
    """BG-10 (skirmish debris on j5, k5, j6)."""
    s = moving(ship("rk", ISN, "j7"), code="rk")
    step = ok(s, ISN, "step rk j7 j6")
    assert event(step, "moved").data["debris"] is True
    assert refused(step.state, ISN, "step rk j6 j7").code == "movement_over"


def test_a_ship_starting_on_debris_moves_off_it():
    s = moving(ship("ba", ISN, ("j6", "j7")), code="ba")
    s = ok(s, ISN, "step ba j7 j8").state
    assert piece(s, "ba").hexes == ("j7", "j8")
    ok(s, ISN, "step ba j8 j9")


def test_squadron_ships_move_one_at_a_time():
    """[SEED] move squadron ships in any order, one at a time."""
    s = moving(ship("bs", ISN, "c4", "d4", "e4"), code="bs")
    s = ok(s, ISN, "step bs1 c4 c5").state
    s = ok(s, ISN, "step bs2 d4 d5").state
    bad = refused(s, ISN, "step bs1 c5 c6")
    assert bad.code == "movement_over"
    ok(s, ISN, "step bs3 e4 e5")


def test_no_movement_after_the_card_has_attacked():
    """[SEED] pay, move, attack; BG-12: no movement after attacking."""
    s = moving(ship("ba", ISN, ("c4", "c5")), ship("ck", WRETCH, "c9"), code="ba")
    s = ok(s, ISN, "fire ba main ck").state
    bad = refused(s, ISN, "step ba c5 c6")
    assert bad.code == "moved_after_attack" and "BG-12" in bad.message


# -- the warp gate ([SOURCED] page 9; on q13 of the pan-base map) ------------------------------------
def test_a_small_ship_on_a_warp_gate_may_be_placed_on_any_empty_space_within_13():
    s = moving(ship("rk", ISN, "q13"), code="rk", mission="pan-base")
    warps = of_kind(s, ISN, "warp")
    assert "warp rk d13" in warps and "warp rk a1" not in warps
    step = ok(s, ISN, "warp rk d13")
    assert piece(step.state, "rk").hexes == ("d13",) and not has(step, "ecm")
    assert refused(step.state, ISN, "step rk d13 d14").code == "movement_over"
    assert refused(s, ISN, "warp rk a1").code == "warp_too_far"


def test_a_ship_warped_next_to_an_enemy_takes_no_ecm():
    """[SOURCED] page 7: no ECM for ships placed adjacent (a warp gate places the ship)."""
    s = moving(ship("rk", ISN, "q13"), ship("ck", WRETCH, "d12"), code="rk", mission="pan-base")
    step = ok(s, ISN, "warp rk d13")
    assert "ecm" not in [e.kind for e in step.events]
    assert step.state.piece("rk")[1].hexes == ("d13",)


def test_a_medium_ship_warps_in_two_moves():
    s = moving(ship("ba", ISN, ("q13", "q14")), code="ba", mission="pan-base")
    s = ok(s, ISN, "warp ba d13").state
    assert refused(s, ISN, "place ba q12 q13").code == "warp_hex"
    s = ok(s, ISN, "place ba d13 d14").state
    assert piece(s, "ba").hexes == ("d13", "d14")


def test_a_warp_gate_is_used_instead_of_moving():
    s = moving(ship("rk", ISN, "q12"), code="rk", mission="pan-base")
    s = ok(s, ISN, "step rk q12 q13").state
    assert refused(s, ISN, "warp rk d13").code == "warp_after_move"
    s = moving(ship("ev", ISN, ("p13", "q13", "q14")), code="ev", mission="pan-base")
    assert refused(s, ISN, "warp ev d13").code == "warp_size"
    assert refused(moving(ship("rk", ISN, "c4"), code="rk"), ISN, "warp rk c8").code == "no_warp_gate"

"""Systems: Phasers (SF-33, SF-34), Torpedoes (SF-35), Shields (SF-39), Drives (SF-36) and
the anomalies (SF-38), with ships entering a torpedo's hex (SF-37)."""

from __future__ import annotations

import pytest

from games.engines.starfighters.data import DATA

from .helpers import E, dice, event, events, game_moves, has, ok, position, refused, seek, ship, torpedo

PHASERS = ("y1 cockpit C", "r1 phasers.attack S", "r2 phasers.attack S", "r3 phasers.attack S")
TORPEDOES = ("r4 cockpit C", "r1 torpedoes.launch S", "r2 torpedoes.launch S", "r3 torpedoes.launch C")
REPAIR = ("y1 cockpit C", "b1 shields.repair E", "b2 shields.repair E", "b3 shields.repair C")
DRIVES = ("y1 cockpit C", "b1 drives.move E", "b2 drives.move E", "b3 drives.rotate E")


def at(hex0="c3", heading="e", hex1="c4", on=(), other=(), heading1="w", **kw):
    return position(ship(0, hex0, heading, on=on, **kw), ship(1, hex1, heading1, on=other))


# -- Phasers ----------------------------------------------------------------------------------------------
RANGE_BOARDS = {
    0: PHASERS,
    1: (*PHASERS, "r4 phasers.target S"),
    2: ("r4 cockpit C", "r1 phasers.attack S", "r2 phasers.target S", "r3 phasers.target S"),
}


@pytest.mark.parametrize(
    ("target_dice", "far", "in_range"),
    [(0, "c4", True), (0, "c5", False), (1, "c5", True), (1, "c6", False), (2, "c6", True), (2, "c7", False)],
)
def test_phasers_reach_1_hex_or_2_and_3_with_1_and_2_target_dice(target_dice, far, in_range):
    state = at(hex1=far, on=RANGE_BOARDS[target_dice])
    move = "activate phasers s2 with " + ("red" if target_dice == 2 else "yellow")
    if in_range:
        assert ok(state, 0, move)
    else:
        bad = refused(state, 0, move)
        assert bad.code == "out_of_range" and "reach" in bad.message


def test_sf33_phasers_fire_in_any_direction_and_ships_in_between_do_not_block():
    state = position(
        ship(0, "c3", "w", on=(*PHASERS, "r4 phasers.target S")), ship(1, "c5", "w"), ship(2, "c4", "e")
    )
    assert "activate phasers s2 with yellow" in game_moves(state, 0)


@pytest.mark.parametrize("overcharge", [False, True])
def test_an_attack_roll_does_1_damage_per_security_or_command_icon_and_2_per_command_when_overcharged(
    overcharge,
):
    on = PHASERS + (("r4 phasers.overcharge S",) if overcharge else ())
    state = at(on=on, shields=(9, 9, 9, 9))
    for seq in range(1, 25):
        step = ok(state, 0, "activate phasers s2 with yellow", dice(seq))
        rolled = event(step, "attack_rolled").data
        faces = [f for _, f in rolled["dice"]]
        per_command = 2 if overcharge else 1
        assert rolled["damage"] == faces.count("security") + per_command * faces.count("command")
        assert len(faces) == 3


def test_phaser_damage_hits_the_shield_facing_the_attacker():
    state = at(hex0="c3", hex1="c4", heading1="w", on=PHASERS)  # the target faces the attacker
    step = seek(state, 0, "activate phasers s2 with yellow", lambda s: has(s, "damage"))
    assert event(step, "damage").data["facing"] == "forward"


def test_phasers_target_an_enemy_torpedo_with_one_attack_die_and_destroy_it_on_a_hit():
    state = position(
        ship(0, "c3", on=PHASERS), ship(1, "c7", "w", on=DRIVES), torpedoes=[torpedo("t2a", "c4")]
    )
    hit = seek(
        state, 0, "activate phasers t2a red with yellow", lambda s: event(s, "torpedo_shot").data["destroyed"]
    )
    assert len(event(hit, "torpedo_shot").data["dice"]) == 1
    assert hit.state.torpedoes == ()
    assert E.view(hit.state, None)["players"][1]["torpedo_supply"] == 2  # back in its owner's supply
    assert {d for d, _, _ in hit.state.ships[0].board} == set()  # the other ATTACK dice are discarded
    miss = seek(
        state,
        0,
        "activate phasers t2a red with yellow",
        lambda s: not event(s, "torpedo_shot").data["destroyed"],
    )
    assert [t.id for t in miss.state.torpedoes] == ["t2a"]


def test_sf34_phasers_may_target_a_face_down_torpedo():
    state = position(
        ship(0, "c3", on=PHASERS), ship(1, "c7", "w"), torpedoes=[torpedo("t2a", "c4", face_up=False)]
    )
    assert "activate phasers t2a red with yellow" in game_moves(state, 0)


def test_phasers_never_target_your_own_torpedo_or_a_missing_target():
    state = position(ship(0, "c3", on=PHASERS), ship(1, "c7", "w"), torpedoes=[torpedo("t1a", "c4")])
    assert refused(state, 0, "activate phasers t1a red with yellow").code == "not_enemy"
    assert refused(state, 0, "activate phasers t2b red with yellow").code == "no_target"


def test_against_a_torpedo_you_name_the_colour_of_the_attack_die_to_roll():
    state = position(ship(0, "c3", on=PHASERS), ship(1, "c7", "w"), torpedoes=[torpedo("t2a", "c4")])
    assert refused(state, 0, "activate phasers t2a with yellow").code == "attack_die_needed"
    assert refused(state, 0, "activate phasers t2a yellow with yellow").code == "attack_die_colour"
    near = position(ship(0, "c3", on=PHASERS), ship(1, "c4", "w"))
    assert refused(near, 0, "activate phasers s2 red with yellow").code == "attack_die_not_needed"


# -- Torpedoes ----------------------------------------------------------------------------------------------
def test_sf35_a_torpedo_launches_face_down_into_an_empty_hex_left_or_right_of_the_ship():
    state = at(on=TORPEDOES, hex1="c7", other=DRIVES)  # Player 2 still has a turn: the round goes on
    launches = [n for n in game_moves(state, 0) if n.startswith("activate torpedoes")]
    assert sorted(launches) == [f"activate torpedoes {h} with red" for h in ("b1", "b2", "d1", "d2")]
    step = ok(state, 0, "activate torpedoes d2 with red")
    t = step.state.torpedoes[0]
    assert (t.id, t.owner, t.hex, t.face_up) == ("t1a", 0, "d2", False)


@pytest.mark.parametrize(
    ("hex_name", "code"),
    [
        ("c4", "launch_forward"),
        ("c2", "launch_rear"),
        ("c5", "launch_not_adjacent"),
        ("z9", "launch_off_board"),
    ],
)
def test_sf35_launching_forward_to_the_rear_far_away_or_off_the_board_is_refused(hex_name, code):
    bad = refused(at(on=TORPEDOES, hex1="c7"), 0, f"activate torpedoes {hex_name} with red")
    assert bad.code == code


def test_sf35_launching_into_a_hex_with_a_ship_or_a_torpedo_is_refused():
    state = position(ship(0, "c3", on=TORPEDOES), ship(1, "d2", "w"), torpedoes=[torpedo("t2a", "b2")])
    assert refused(state, 0, "activate torpedoes d2 with red").code == "launch_occupied"
    assert refused(state, 0, "activate torpedoes b2 with red").code == "launch_occupied"


def test_a_player_with_both_torpedoes_on_the_board_cannot_launch():
    state = position(
        ship(0, "c3", on=TORPEDOES),
        ship(1, "c7", "w"),
        torpedoes=[torpedo("t1a", "e1"), torpedo("t1b", "a3")],
    )
    assert refused(state, 0, "activate torpedoes d2 with red").code == "no_torpedo"


# -- Shields -------------------------------------------------------------------------------------------------
def test_sf39_shields_put_back_up_to_2_markers_and_remove_a_reactor():
    state = at(on=REPAIR, shields=(1, 3, 0, 3))
    step = ok(state, 0, "activate shields forward rear with yellow")
    assert step.state.ships[0].shields == (2, 3, 1, 3)
    assert step.state.ships[0].reactors == 2
    assert has(step, "shields_repaired", reactor_removed=True, reactors=2)


def test_sf39_after_a_reactor_is_removed_the_shields_need_one_more_die():
    state = at(on=REPAIR, reactors=2)
    bad = refused(state, 0, "activate shields with yellow")
    assert bad.code == "system_unpowered" and "REPAIR" in bad.message
    view = E.view(state, 0)["players"][0]["board"]
    assert next(g for g in view if g["group"] == "shields.repair")["covered"] == 2


def test_sf39_no_shield_exceeds_its_printed_spaces():
    state = at(on=REPAIR, shields=(3, 3, 1, 3))  # one empty space, on the rear shield
    assert refused(state, 0, "activate shields with yellow").code == "shields_count"
    assert refused(state, 0, "activate shields forward with yellow").code == "shields_facing_full"
    assert refused(state, 0, "activate shields rear rear with yellow").code == "shields_count"
    state = at(on=REPAIR, shields=(2, 3, 1, 3))
    assert refused(state, 0, "activate shields forward forward with yellow").code == "shields_facing_full"
    assert refused(state, 0, "activate shields rear forward with yellow").code == "facings_order"
    assert ok(state, 0, "activate shields forward rear with yellow")


def test_sf39_with_every_reactor_gone_the_shields_need_all_six_repair_dice():
    five = (*REPAIR, "b4 shields.repair E", "r1 shields.repair C")
    state = at(on=five, reactors=0, shields=(0, 3, 2, 3))
    bad = refused(state, 0, "activate shields forward forward with yellow")
    assert bad.code == "system_unpowered" and "all 6 exposed REPAIR spaces" in bad.message
    full = at(on=(*five, "r2 shields.repair C"), reactors=0, shields=(0, 3, 2, 3))
    step = ok(full, 0, "activate shields forward forward with yellow")
    assert step.state.ships[0].shields == (2, 3, 2, 3) and step.state.ships[0].reactors == 0
    assert has(step, "shields_repaired", reactor_removed=False)


def test_shields_may_be_activated_with_full_shields_and_still_lose_a_reactor():
    step = ok(at(on=REPAIR), 0, "activate shields with yellow")
    assert step.state.ships[0].reactors == 2


# -- Drives ------------------------------------------------------------------------------------------------------
def test_drives_move_forward_and_rotate_60_degrees_in_any_order_one_die_each():
    state = ok(at(on=DRIVES, hex1="c7"), 0, "activate drives with yellow").state
    state = ok(state, 0, "drive rotate-left").state
    assert DATA.headings[state.ships[0].heading] == "ne"
    state = ok(state, 0, "drive move").state
    assert state.ships[0].hex == "b2"
    assert refused(state, 0, "drive rotate-right").code == "no_drive_die"
    step = ok(state, 0, "drive move")
    assert step.state.ships[0].hex == "a2" and has(step, "drive_ended", seat=0, unused=0)


def test_unused_drive_dice_are_discarded():
    state = ok(at(on=DRIVES, hex1="c7"), 0, "activate drives with yellow").state
    step = ok(state, 0, "drive stop")
    assert has(step, "drive_ended", unused=3)
    assert step.state.ships[0].hex == "c3"


def test_sf36_a_move_into_a_ship_jumps_over_it_with_one_die():
    state = ok(at(on=DRIVES), 0, "activate drives with yellow").state
    step = ok(state, 0, "drive move")
    assert step.state.ships[0].hex == "c5" and has(step, "ship_moved", jumped="c4")


def test_sf36_a_jump_onto_a_ship_or_off_the_board_is_refused():
    three = position(ship(0, "c3", on=DRIVES), ship(1, "c4", "w"), ship(2, "c5", "w"))
    state = ok(three, 0, "activate drives with yellow").state
    assert refused(state, 0, "drive move").code == "drive_blocked"
    edge = ok(at(hex0="c6", hex1="c7", on=DRIVES), 0, "activate drives with yellow").state
    assert refused(edge, 0, "drive move").code == "drive_blocked"


def test_sf36_a_jump_that_would_land_in_an_anomaly_is_refused():
    # b1 heading ne: a1 ahead holds a ship, and beyond a1 lies the north anomaly.
    state = position(ship(0, "b1", "ne", on=DRIVES), ship(1, "a1", "w"))
    state = ok(state, 0, "activate drives with yellow").state
    bad = refused(state, 0, "drive move")
    assert bad.code == "drive_blocked" and "SF-36" in bad.message
    assert not [n for n in game_moves(state, 0) if n.startswith("drive move")]


def test_moving_off_the_edge_is_refused_except_into_an_anomaly():
    state = ok(at(hex0="c7", hex1="c1", on=DRIVES), 0, "activate drives with yellow").state
    bad = refused(state, 0, "drive move")
    assert bad.code == "drive_off_board" and "anomaly" in bad.message


def test_sf38_a_ship_heading_into_an_anomaly_jumps_to_the_other_and_chooses_hex_and_heading():
    state = ok(at(hex0="a1", heading="ne", on=DRIVES, hex1="c7"), 0, "activate drives with yellow").state
    moves = [n for n in game_moves(state, 0) if n.startswith("drive move")]
    assert moves == [f"drive move {h} {d}" for h in ("e2", "e3") for d in DATA.headings]
    step = ok(state, 0, "drive move e3 w")
    assert step.state.ships[0].hex == "e3" and DATA.headings[step.state.ships[0].heading] == "w"
    assert has(step, "ship_moved", anomaly="north")


def test_sf38_entering_an_anomaly_needs_a_free_exit_hex():
    state = ok(at(hex0="a2", heading="nw", on=DRIVES, hex1="e2"), 0, "activate drives with yellow").state
    assert refused(state, 0, "drive move").code == "anomaly_exit"
    assert refused(state, 0, "drive move e2 n" + "e").code == "anomaly_exit"
    assert ok(state, 0, "drive move e3 ne")
    full = position(ship(0, "a2", "nw", on=DRIVES), ship(1, "e2", "w"), ship(2, "e3", "w"))
    full = ok(full, 0, "activate drives with yellow").state
    assert refused(full, 0, "drive move e3 ne").code == "drive_blocked"


def test_sf38_only_a_move_into_an_anomaly_names_an_exit():
    state = ok(at(on=DRIVES, hex1="c7"), 0, "activate drives with yellow").state
    assert refused(state, 0, "drive move e2 ne").code == "not_anomaly"


def test_sf37_a_ship_moving_into_a_torpedo_sets_it_off_on_its_forward_shield():
    state = position(ship(0, "c3", on=DRIVES), ship(1, "c7", "w"), torpedoes=[torpedo("t2a", "c4")])
    state = ok(state, 0, "activate drives with yellow").state
    step = ok(state, 0, "drive move")
    assert has(step, "torpedo_detonated", torpedo="t2a", seat=0)
    assert event(step, "damage").data["facing"] == "forward"
    assert step.state.ships[0].shields == (2, 3, 2, 3)
    assert step.state.torpedoes == ()


def test_sf38_an_anomaly_exit_holding_a_torpedo_sets_it_off():
    state = position(ship(0, "a1", "ne", on=DRIVES), ship(1, "c7", "w"), torpedoes=[torpedo("t2a", "e2")])
    state = ok(state, 0, "activate drives with yellow").state
    step = ok(state, 0, "drive move e2 e")
    assert has(step, "torpedo_detonated", torpedo="t2a", seat=0)
    assert len(events(step, "damage")) == 1


def test_sf08_the_shield_marker_supply_is_unlimited():
    # Four A sides hold 44 markers though the box has 42: repairs never run out (SF-08).
    state = at(on=REPAIR, shields=(0, 3, 0, 3))
    assert ok(state, 0, "activate shields forward rear with yellow").state.ships[0].shields == (1, 3, 1, 3)


def test_you_cannot_remove_your_own_torpedo_from_the_board():
    state = position(ship(0, "c3", on=PHASERS), ship(1, "c7", "w"), torpedoes=[torpedo("t1a", "c4")])
    assert not [n for n in game_moves(state, 0) if "t1a" in n]


def test_a_ship_always_points_at_a_hex_edge():
    assert DATA.headings == ("ne", "e", "se", "sw", "w", "nw")

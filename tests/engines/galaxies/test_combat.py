"""Attacks and damage ([SEED] page 7 step 3, [SOURCED] pages 7-8, BG-09, BG-11): charging,
range and line of fire, the coordinate dice against the target's grid, shields then hull,
critical cells, squadrons, destruction with carried ships revealed."""

from __future__ import annotations

from games.engines.dice import Dice
from games.engines.galaxies.data import DATA
from games.engines.galaxies.state import DESTROYED

from .helpers import (
    ISN,
    WRETCH,
    activating,
    event,
    has,
    hidden,
    kinds,
    of_kind,
    ok,
    piece,
    position,
    refused,
    seek,
    ship,
    tac,
)


def duel(attacker, *targets, **kw):
    return activating(position([attacker, *targets], **kw), attacker.code)


def hit(step):
    return has(step, "attack_rolled", result="hit")


def miss(step):
    return has(step, "attack_rolled", result="miss")


def critical(step):
    return has(step, "attack_rolled", result="critical")


# -- range, line of fire, targets ------------------------------------------------------------
def test_range_counts_between_the_nearest_hexes_of_the_two_ships():
    """BG-09 (BG-05 medium battery: range 6)."""
    s = duel(ship("ba", ISN, ("c10", "c11")), ship("ck", WRETCH, "c4"))  # c10 to c4: 6
    ok(s, ISN, "fire ba main ck")
    s = duel(ship("ba", ISN, ("c11", "c12")), ship("ck", WRETCH, "c4"))  # 7
    bad = refused(s, ISN, "fire ba main ck")
    assert bad.code == "out_of_range" and "BG-09" in bad.message
    assert of_kind(s, ISN, "fire") == []


def test_asteroid_fields_block_the_line_of_fire():
    """BG-09: asteroid hexes block a line drawn centre to centre (skirmish asteroids e6, e7)."""
    s = duel(ship("ba", ISN, ("e9", "e10")), ship("ck", WRETCH, "e4"))
    bad = refused(s, ISN, "fire ba main ck")
    assert bad.code == "no_line_of_fire" and "BG-09" in bad.message
    ok(duel(ship("ba", ISN, ("g9", "g10")), ship("ck", WRETCH, "g4")), ISN, "fire ba main ck")


def test_ships_and_debris_fields_do_not_block_the_line_of_fire():
    """BG-09: asteroid hexes block a line of fire; nothing else does (skirmish debris j5 k5 j6)."""
    s = duel(ship("ba", ISN, ("c10", "c11")), ship("rk", ISN, "c7"), ship("ck", WRETCH, "c5"))
    ok(s, ISN, "fire ba main ck")  # through RK on c7
    s = duel(ship("ba", ISN, ("j9", "j10")), ship("ck", WRETCH, "j4"))
    ok(s, ISN, "fire ba main ck")  # through the debris on j5 and j6


def test_only_enemy_ships_on_the_battlefield_are_targets():
    s = duel(ship("ba", ISN, ("c10", "c11")), ship("rk", ISN, "c8"), ship("ck", WRETCH, "c4"))
    assert refused(s, ISN, "fire ba main rk").code == "own_ship"
    assert refused(s, ISN, "fire ba main zz").code == "no_target"
    assert refused(s, ISN, "fire ba laser ck").code == "no_such_weapon"


def test_attacks_come_after_the_card_is_activated():
    s = position([ship("ba", ISN, ("c10", "c11")), ship("ck", WRETCH, "c4")])
    assert refused(s, ISN, "fire ba main ck").code == "not_activated"


# -- charging -----------------------------------------------------------------------------------
def test_each_charge_gives_the_weapons_number_of_attacks_at_any_targets():
    """[SOURCED] page 7: pay the charge cost; each charge gives 'attacks' attacks (BG-11: may pick
    different targets)."""
    s = duel(ship("ba", ISN, ("c10", "c11")), ship("ck", WRETCH, "c5"), ship("tk", WRETCH, ("d5", "d6")))
    step = ok(s, ISN, "fire ba main ck")
    assert has(step, "charged", ship="ba", weapon="main", cost=0)
    s = step.state
    assert dict(s.turn.charges) == {"ba/main": 1}
    step = ok(s, ISN, "fire ba main tk")
    assert "charged" not in kinds(step)
    bad = refused(step.state, ISN, "fire ba main ck")
    assert bad.code == "no_attacks_left"


def test_a_weapon_with_a_charge_cost_needs_the_energy():
    """[SOURCED] page 7 charge cost; the placeholder additional weapon costs 1 (BG-14)."""
    cannon = tac(0, 1, "isn-cannon")
    s = duel(ship("ba", ISN, ("c10", "c11"), attached=[cannon]), ship("ck", WRETCH, "c7"), energy=(0, 5))
    bad = refused(s, ISN, "fire ba c0-1 ck")
    assert bad.code == "no_energy" and "Charging" in bad.message
    ok(s, ISN, "fire ba main ck")
    s = duel(ship("ba", ISN, ("c10", "c11"), attached=[cannon]), ship("ck", WRETCH, "c7"), energy=(3, 5))
    step = ok(s, ISN, "fire ba c0-1 ck")
    assert step.state.players[ISN].energy == 2


def test_squadron_ships_attack_separately_and_pay_their_charges_separately():
    """[SOURCED] page 7: all ships in the squadron attack separately, charge costs separately."""
    cannon = tac(0, 1, "isn-cannon")
    s = duel(
        ship("bs", ISN, "c8", "d8", "e9", attached=[cannon]), ship("tk", WRETCH, ("c5", "c6")), energy=(5, 5)
    )
    s = ok(s, ISN, "fire bs1 c0-1 tk").state
    s = ok(s, ISN, "fire bs2 c0-1 tk").state
    assert s.players[ISN].energy == 3
    assert dict(s.turn.charges) == {"bs1/c0-1": 0, "bs2/c0-1": 0}
    ok(s, ISN, "fire bs1 main tk")


# -- the roll ----------------------------------------------------------------------------------
def test_the_coordinate_dice_are_looked_up_on_the_targets_grid():
    """BG-11 / BG-03: roll letter + number, look the cell up on the attacked ship's grid."""
    s = duel(ship("ba", ISN, ("c10", "c11")), ship("tk", WRETCH, ("c5", "c6")))
    d = Dice(b"roll", 9)
    step = ok(s, ISN, "fire ba main tk", d)
    rolled = event(step, "attack_rolled").data
    letter, number = rolled["roll"][0], int(rolled["roll"][1:])
    cell = DATA.ships["tk"].grid["ABCDEFGHIJ".index(letter)][number - 1]
    assert rolled["result"] == {".": "miss", "x": "hit", "*": "critical"}[cell]
    assert [x["purpose"] for x in d.draws] == ["attack: letter die", "attack: number die"]
    assert all(x["to"] is None for x in d.draws)


def test_a_miss_does_nothing():
    s = duel(ship("ba", ISN, ("c10", "c11")), ship("tk", WRETCH, ("c5", "c6")))
    step = seek(s, ISN, "fire ba main tk", miss)
    assert piece(step.state, "tk") == piece(s, "tk") and "damage" not in kinds(step)


def test_a_hit_removes_shield_pegs_then_adds_hull_pegs():
    """[SOURCED] page 8: strength removes shield pegs, the rest adds red hull pegs."""
    s = duel(ship("ba", ISN, ("c10", "c11")), ship("tk", WRETCH, ("c5", "c6"), shields=1))
    step = seek(s, ISN, "fire ba main tk", hit)
    assert (piece(step.state, "tk").shields, piece(step.state, "tk").damage) == (0, 1)
    assert has(step, "damage", ship="tk", shields_lost=1, hull_damage=1)


def test_a_ship_is_destroyed_when_its_hull_pegs_reach_its_hull():
    """[SOURCED] page 8 (BG-05 medium hull 6)."""
    s = duel(ship("ba", ISN, ("c10", "c11")), ship("tk", WRETCH, ("c5", "c6"), shields=0, damage=5))
    step = seek(s, ISN, "fire ba main tk", hit)
    assert has(step, "ship_destroyed", ship="tk") and step.state.card("tk").place == DESTROYED


def test_a_critical_cell_destroys_a_ship_without_shields_outright():
    """BG-11, [SOURCED] review: the red star destroys a ship whose shields are down."""
    s = duel(ship("ba", ISN, ("c10", "c11")), ship("tk", WRETCH, ("c5", "c6"), shields=0))
    step = seek(s, ISN, "fire ba main tk", critical)
    assert has(step, "ship_destroyed", ship="tk", cause="critical")


def test_a_critical_cell_is_a_normal_hit_while_shields_are_up():
    s = duel(ship("ba", ISN, ("c10", "c11")), ship("tk", WRETCH, ("c5", "c6"), shields=4))
    step = seek(s, ISN, "fire ba main tk", critical)
    assert piece(step.state, "tk").shields == 2 and not has(step, "ship_destroyed")


# -- destruction ------------------------------------------------------------------------------
def test_a_squadron_card_is_lost_when_its_last_ship_is_destroyed():
    s = duel(ship("ba", ISN, ("c10", "c11")), ship("tg", WRETCH, "c5", "d5", shields=0, damage=1))
    step = seek(s, ISN, "fire ba main tg1", hit)
    card = step.state.card("tg")
    assert card.place != DESTROYED and [p.id for p in card.pieces] == ["tg2"] and card.lost == ("tg1",)


def test_a_destroyed_carrier_destroys_and_reveals_the_ships_it_carried():
    """[SOURCED] page 8 / AS-BG-1: carried ships are revealed and destroyed."""
    s = duel(
        ship("ba", ISN, ("c10", "c11")),
        ship("tk", WRETCH, ("c5", "c6"), shields=0, damage=5),
        hidden("ck", WRETCH, "veteran", carrier="tk"),
        hidden("vf", WRETCH),
    )
    step = seek(s, ISN, "fire ba main tk", hit)
    cargo = event(step, "cargo_destroyed")
    assert cargo.audience is None
    assert cargo.data["ships"] == [{"ship": "ck", "name": "Chosh Ka", "version": "veteran"}]
    assert step.state.card("ck").place == DESTROYED and step.state.card("vf").place == "screen"


def test_a_destroyed_ship_card_does_not_go_back_behind_the_screen():
    """[SOURCED] page 8; its attached cards go to the discard pile."""
    hull = tac(1, 1, "wr-chitin")
    s = duel(ship("ba", ISN, ("c10", "c11")), ship("ck", WRETCH, "c5", shields=0, damage=3, attached=[hull]))
    step = seek(s, ISN, "fire ba main ck", hit)  # hull 2 + 2 upgrade
    card = step.state.card("ck")
    assert card.place == DESTROYED and card.pieces == () and card.attached == ()
    assert step.state.players[WRETCH].discard == (hull,)


# -- discovery tiles ([SOURCED] page 9; pan-base map: artifact i13, observation station e17) -----
def _primary_range(state, code):
    from games.engines.galaxies.ships import weapons

    card = state.card(code)
    return weapons(state, card, card.pieces[0])["main"].range


def test_an_alien_artifact_gives_the_ship_on_it_7_more_primary_range():
    s = position(
        [ship("ba", ISN, ("i13", "i14")), ship("rk", ISN, "c20"), ship("tk", WRETCH, ("i2", "i3"))],
        mission="pan-base",
    )
    assert _primary_range(s, "ba") == 6 + 7 and _primary_range(s, "rk") == 4
    ok(activating(s, "ba"), ISN, "fire ba main tk")  # i13 to i3: 10 spaces


def test_an_observation_station_gives_all_your_ships_2_more_primary_range():
    s = position(
        [ship("rk", ISN, "e17"), ship("ba", ISN, ("c20", "c21")), ship("tk", WRETCH, ("i2", "i3"))],
        mission="pan-base",
    )
    assert _primary_range(s, "ba") == 8 and _primary_range(s, "rk") == 6
    assert _primary_range(s, "tk") == 6


# -- direct damage ([SOURCED] page 8) -----------------------------------------------------------
def test_direct_damage_is_like_normal_damage_shield_damage_stops_at_0_and_hull_damage_ignores_shields():
    """[SOURCED] page 8: direct damage as normal damage; direct shield damage stops at 0 shields;
    direct hull damage ignores shields (the damage kinds cards and powers may deal)."""
    from games.engines.galaxies.combat import damage

    s = position([ship("tk", WRETCH, ("c5", "c6"), shields=2)])
    normal, _ = damage(s, "tk", 3, "normal", "ecm")
    assert (piece(normal, "tk").shields, piece(normal, "tk").damage) == (0, 1)
    shield, _ = damage(s, "tk", 3, "shield", "card")
    assert (piece(shield, "tk").shields, piece(shield, "tk").damage) == (0, 0)
    hull_only, events = damage(s, "tk", 3, "hull", "card")
    assert (piece(hull_only, "tk").shields, piece(hull_only, "tk").damage) == (2, 3)
    assert events[0].data["shields_lost"] == 0 and events[0].data["hull_damage"] == 3

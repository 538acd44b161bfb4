"""Unique ships: the B sides, each as GAPS.md SF-50 (B1 Cruiser), SF-51 (B2 Frigate), SF-52
(B3 Fighter with the Cloaking Device) and SF-53 (B4 Gunship)."""

from __future__ import annotations

from dataclasses import replace

from games.engines.base import LogItem
from games.engines.starfighters.damage import hit
from games.engines.starfighters.data import DATA
from games.engines.starfighters.state import ACTIVATE, ROLL, Roller

from .helpers import (
    E,
    board,
    dice,
    event,
    events,
    game_moves,
    has,
    ok,
    position,
    refused,
    rolled,
    seek,
    ship,
    torpedo,
)

PHASERS = ("y1 cockpit C", "r1 phasers.attack S", "r2 phasers.attack S", "r3 phasers.attack S")
TORPEDOES = ("r4 cockpit C", "r1 torpedoes.launch S", "r2 torpedoes.launch S", "r3 torpedoes.launch C")
CLOAK = ("r1 cloak C", "b1 cloak C")


def attacks(state, move="activate phasers s2 with yellow", n=25):
    return [ok(state, 0, move, dice(seq)) for seq in range(1, n)]


# -- B1 Cruiser (SF-50) ---------------------------------------------------------------------------------
def test_sf50_b1_may_move_one_command_die_from_the_bridge_at_the_start_of_the_roll_phase():
    state = position(ship(0, "c1", side="B1", on=("y1 cockpit C",)), ship(1, "c7", "w"), phase=ROLL)
    step = ok(state, 0, "cockpit y1 phasers.attack")
    assert step.move_audience == frozenset({0}) and event(step, "bridge").audience == frozenset({0})
    assert step.state.rollers[0].board == board("y1 phasers.attack C")
    assert refused(step.state, 0, "cockpit y1 cockpit").code in ("cockpit_used", "cockpit_not_command")


def test_sf50_the_bridge_is_used_once_and_only_before_the_first_roll():
    state = position(
        ship(0, "c1", side="B1", on=("y1 cockpit C", "r1 cockpit C")), ship(1, "c7", "w"), phase=ROLL
    )
    used = ok(state, 0, "cockpit y1 phasers.attack").state
    assert refused(used, 0, "cockpit r1 phasers.attack").code == "cockpit_used"
    late = rolled(state, 0, {})
    assert refused(late, 0, "cockpit r1 phasers.attack").code == "cockpit_timing"


def test_sf50_b1_command_icons_always_deal_2_damage():
    state = position(ship(0, "c3", side="B1", on=PHASERS), ship(1, "c4", "w", shields=(9, 9, 9, 9)))
    for step in attacks(state):
        faces = [f for _, f in event(step, "attack_rolled").data["dice"]]
        assert event(step, "attack_rolled").data["damage"] == faces.count("security") + 2 * faces.count(
            "command"
        )


def test_sf50_photon_torpedoes_deal_2_damage_on_the_contact_shield():
    state = position(ship(0, "c1", side="B1"), ship(1, "c6", "w"), torpedoes=[torpedo("t1a", "c5")])
    step = ok(state, 0, "pass")
    assert event(step, "damage").data["points"] == 2 and event(step, "damage").data["facing"] == "forward"


# -- B2 Frigate (SF-51) ---------------------------------------------------------------------------------
def missed(state, move="activate phasers s2 with yellow", misses=None):
    """The first attack whose roll has misses (exactly ``misses`` of them if given)."""
    return seek(
        state,
        0,
        move,
        lambda s: (
            has(s, "decision", kind="reroll")
            and (misses is None or len(event(s, "decision").data["options"]) == misses)
        ),
    )


def test_sf51_b2_may_re_roll_any_of_the_attack_dice_that_failed_to_do_damage():
    drives = ("y1 cockpit C", "b1 drives.move E")
    state = position(
        ship(0, "c3", side="B2", on=PHASERS), ship(1, "c4", "w", shields=(9, 9, 9, 9), on=drives)
    )
    step = missed(state, misses=2)
    first = dict(event(step, "decision").data["dice"])
    a, b = event(step, "decision").data["options"]
    assert first[a] == first[b] == "blank"
    state = step.state
    assert E.active_seats(state) == frozenset({0}) and E.view(state, 1)["pending"]["kind"] == "reroll"
    assert game_moves(state, 0) == ["reroll none", f"reroll {a}", f"reroll {b}", f"reroll {a} {b}"]
    assert refused(state, 1, "pass").code == "not_your_turn"
    told = E.describe(LogItem(2, 0, None, step.events), 1)
    assert told.endswith(f"waiting for Player 1 to choose which misses to re-roll ({a}, {b})")
    hit_die = next(d for d, f in first.items() if f != "blank")
    assert refused(state, 0, f"reroll {hit_die}").code == "reroll_not_allowed"
    step = ok(state, 0, f"reroll {b}", dice(3))
    data = event(step, "attack_rolled").data
    assert [d for d, _ in data["rerolled"]] == [b]
    assert dict(data["dice"])[a] == "blank" and dict(data["dice"])[b] == dict(data["rerolled"])[b]
    faces = [f for _, f in data["dice"]]
    assert data["damage"] == faces.count("security") + faces.count("command")
    assert E.active_seats(step.state) == frozenset({1})  # the activation is over: Player 2's turn


def test_sf51_b2_may_keep_its_attack_roll():
    state = position(ship(0, "c3", side="B2", on=PHASERS), ship(1, "c4", "w", shields=(9, 9, 9, 9)))
    step = missed(state)
    first = event(step, "decision").data["dice"]
    step = ok(step.state, 0, "reroll none")
    assert event(step, "attack_rolled").data["dice"] == first
    assert event(step, "attack_rolled").data["rerolled"] == []


def test_sf51_an_attack_roll_with_no_miss_leaves_nothing_to_re_roll():
    state = position(ship(0, "c3", side="B2", on=PHASERS), ship(1, "c4", "w", shields=(9, 9, 9, 9)))
    step = seek(state, 0, "activate phasers s2 with yellow", lambda s: has(s, "attack_rolled"))
    assert all(f != "blank" for _, f in event(step, "attack_rolled").data["dice"])
    assert not step.state.pending


def test_sf51_a_b2_shot_at_a_torpedo_may_re_roll_its_one_die():
    state = position(
        ship(0, "c3", side="B2", on=PHASERS),
        ship(1, "c7", "w", on=("y1 cockpit C", "b1 drives.move E")),
        torpedoes=[torpedo("t2a", "c4")],
    )
    step = missed(state, "activate phasers t2a red with yellow")
    assert game_moves(step.state, 0) == [
        "reroll none",
        "reroll " + event(step, "decision").data["options"][0],
    ]
    step = ok(step.state, 0, E.timeout_move(step.state, 0))  # the timeout re-rolls every miss
    assert len(event(step, "torpedo_shot").data["rerolled"]) == 1


def test_sf51_low_yield_torpedoes_move_two_hexes_and_deal_1_damage():
    state = position(ship(0, "c1", side="B2"), ship(1, "c7", "w"), torpedoes=[torpedo("t1a", "c3")])
    step = ok(state, 0, "pass")
    assert [e.data["to"] for e in events(step, "torpedo_moved")] == ["c4", "c5"]
    near = position(ship(0, "c1", side="B2"), ship(1, "c7", "w"), torpedoes=[torpedo("t1a", "c6")])
    step = ok(near, 0, "pass")
    assert event(step, "damage").data["points"] == 1 and len(events(step, "torpedo_moved")) == 1


def test_sf51_the_one_drives_area_takes_five_blue_or_yellow_dice_and_no_red():
    state = position(ship(0, "c1", side="B2"), ship(1, "c7", "w"), phase=ROLL)
    state = rolled(state, 0, {"y1": "C", "b1": "E", "b2": "C", "b3": "E", "b4": "E", "r1": "C", "r2": "S"})
    assert not [g.name for g in DATA.sides["B2"].groups if g.name in ("drives.move", "drives.rotate")]
    for die in ("y1", "b1", "b2", "b3", "b4"):
        state = ok(state, 0, f"place {die} drives.thrust").state
    assert len([p for p in state.rollers[0].board if p[1] == "drives.thrust"]) == 5
    assert refused(state, 0, "place r1 drives.thrust").code == "icon_not_allowed"
    assert refused(state, 0, "place r2 drives.thrust").code == "icon_not_allowed"


def test_sf51_b2_drives_roll_their_dice_and_move_once_per_icon_plus_one():
    on = ("y1 cockpit C", "b1 drives.thrust E", "b2 drives.thrust E", "b3 drives.thrust C")
    state = position(ship(0, "c1", side="B2", on=on), ship(1, "c7", "w"))
    for seq in range(1, 12):
        step = ok(state, 0, "activate drives 3 with yellow", dice(seq))
        rolled_ = event(step, "drives_rolled").data
        assert len(rolled_["dice"]) == 3
        assert rolled_["steps"] == sum(1 for _, f in rolled_["dice"] if f != "blank") + 1
        assert step.state.turns.drive.steps == rolled_["steps"]
    drive = ok(state, 0, "activate drives 3 with yellow", dice(1)).state
    assert {"drive move", "drive rotate-left", "drive rotate-right", "drive stop"} <= set(
        game_moves(drive, 0)
    )


def test_sf51_b2_chooses_how_many_drives_dice_to_discard_and_roll_and_the_others_stay():
    on = ("y1 cockpit C", "b1 drives.thrust E", "b2 drives.thrust E", "b3 drives.thrust C")
    state = position(ship(0, "c1", side="B2", on=on), ship(1, "c7", "w"))
    drives = [n for n in game_moves(state, 0) if n.startswith("activate drives")]
    assert drives == [f"activate drives {k} with yellow" for k in (1, 2, 3)]
    bad = refused(state, 0, "activate drives with yellow")
    assert bad.code == "drives_count" and "SF-51" in bad.message
    assert refused(state, 0, "activate drives 4 with yellow").code == "drives_count"
    step = ok(state, 0, "activate drives 2 with yellow")
    assert [d for d, _ in event(step, "drives_rolled").data["dice"]] == ["b1", "b2"]
    assert step.state.ships[0].board == board("b3 drives.thrust C")  # kept for a later round


def test_sf51_only_the_b2_chooses_a_number_of_drives_dice():
    state = position(ship(0, "c1", on=("y1 cockpit C", "b1 drives.move E")), ship(1, "c7", "w"))
    assert refused(state, 0, "activate drives 1 with yellow").code == "drives_count_not_needed"


# -- B3 Fighter (SF-52) ---------------------------------------------------------------------------------
def test_sf52_disruptor_overcharge_adds_1_damage_to_every_attack_on_a_ship():
    on = ("y1 cockpit C", "r1 phasers.attack S")
    state = position(ship(0, "c3", side="B3", on=on), ship(1, "c4", "w", shields=(9, 9, 9, 9)))
    for step in attacks(state):
        data = event(step, "attack_rolled").data
        assert data["damage"] == sum(1 for _, f in data["dice"] if f != "blank") + 1


def test_sf52_front_facing_photon_torpedoes_may_launch_forward():
    state = position(
        ship(0, "c3", side="B3", on=TORPEDOES), ship(1, "c7", "w", on=("y1 cockpit C", "b1 drives.move E"))
    )
    assert "activate torpedoes c4 with red" in game_moves(state, 0)
    bad = refused(state, 0, "activate torpedoes c2 with red")
    assert bad.code == "launch_rear" and "never to the rear (SF-52)" in bad.message


def test_sf52_each_thrust_die_is_one_forward_move_or_one_rotation():
    on = ("y1 cockpit C", "b1 drives.thrust E", "b2 drives.thrust E")
    state = ok(
        position(ship(0, "c1", side="B3", on=on), ship(1, "c7", "w")), 0, "activate drives with yellow"
    ).state
    state = ok(state, 0, "drive rotate-right").state
    step = ok(state, 0, "drive rotate-right")
    assert DATA.headings[step.state.ships[0].heading] == "sw" and has(step, "drive_ended", unused=0)


def test_sf52_b3_loses_no_die_at_the_third_hull_damage():
    state = position(ship(0, "c1"), ship(1, "c7", "w", side="B3", hull=3, shields=(0, 2, 2, 2)))
    state, _ = hit(state, 1, 0, 1, 0, "phasers")
    assert state.ships[1].hull == 2 and state.pending == ()


def cloaked_fighter(attacker_board=PHASERS, **kw):
    return position(ship(0, "c3", on=attacker_board), ship(1, "c4", "w", side="B3", on=CLOAK, **kw))


def test_sf52_the_cloak_is_active_while_both_cloak_spaces_hold_a_die():
    view = E.view(cloaked_fighter(), None)
    assert view["players"][1]["cloaked"] is True and view["ships"][1]["cloaked"] is True
    half = position(ship(0, "c3"), ship(1, "c4", "w", side="B3", on=("r1 cloak C",)))
    assert E.view(half, None)["players"][1]["cloaked"] is False


def test_sf52_the_cloaking_device_spaces_take_command_icons_only():
    state = position(ship(0, "c1"), ship(1, "c7", "w", side="B3"), phase=ROLL)
    state = rolled(state, 1, {"r1": "S", "r2": "C", "b1": "C", "b2": "E"})
    assert refused(state, 1, "place r1 cloak").code == "icon_not_allowed"
    assert refused(state, 1, "place b2 cloak").code == "icon_not_allowed"
    state = ok(ok(state, 1, "place r2 cloak").state, 1, "place b1 cloak").state
    assert [g for _, g, _ in state.rollers[1].board] == ["cloak", "cloak"]


def test_sf52_the_cloak_stays_active_into_the_next_round_until_broken():
    state = position(ship(0, "c1"), ship(1, "c7", "w", side="B3", on=CLOAK))
    step = ok(state, 0, "pass")
    assert step.state.phase == ROLL and step.state.round == 2
    assert E.view(step.state, None)["players"][1]["cloaked"] is True
    assert step.state.rollers[1].board == board(*CLOAK)


def test_sf52_the_cloak_engages_at_the_reveal_when_the_roll_phase_filled_it():
    state = position(ship(0, "c1"), ship(1, "c7", "w", side="B3"), phase=ROLL)
    r1 = Roller(
        step=1,
        board=board(*CLOAK, "y1 cockpit C", "b2 drives.thrust E"),
        boards=((),),
        rolls=((),),
        done="hold",
    )
    state = replace(state, rollers=(state.rollers[0], r1))
    step = ok(state, 0, "hold")
    assert has(step, "cloak_engaged", seat=1)


def test_sf52_while_cloaked_enemy_phasers_hit_only_with_command_icons():
    state = cloaked_fighter(shields=(9, 9, 9, 9))
    for step in attacks(state):
        data = event(step, "attack_rolled").data
        assert data["damage"] == sum(1 for _, f in data["dice"] if f == "command")


def test_sf52_damage_breaks_the_cloak_and_discards_its_dice():
    state = cloaked_fighter()
    step = next(s for s in attacks(state) if event(s, "attack_rolled").data["damage"])
    assert has(step, "cloak_broken", seat=1, why="damage")
    assert not [d for d, g, _ in step.state.ships[1].board if g == "cloak"]


def test_sf52_a_torpedo_against_a_cloaked_ship_rolls_one_die_and_hurts_only_on_an_icon():
    state = position(ship(0, "c1"), ship(1, "c6", "w", side="B3", on=CLOAK), torpedoes=[torpedo("t1a", "c5")])
    seen = set()
    for seq in range(1, 30):
        step = ok(state, 0, "pass", dice(seq))
        test = event(step, "cloak_test").data
        assert test["hit"] == (test["face"] != "blank")
        assert has(step, "damage") == test["hit"]
        assert step.state.torpedoes == ()  # it detonated either way
        seen.add(test["hit"])
    assert seen == {True, False}


def test_sf52_activating_phasers_or_torpedoes_breaks_your_own_cloak():
    on = ("y1 cockpit C", "r2 phasers.attack S", *CLOAK)
    state = position(
        ship(0, "c3", side="B3", on=on), ship(1, "c4", "w", on=("r1 cockpit C", "r3 phasers.attack S"))
    )
    step = ok(state, 0, "activate phasers s2 with yellow")
    assert has(step, "cloak_broken", seat=0, why="phasers")
    assert step.state.ships[0].pool() == tuple(d for d in step.state.ships[0].dice)


# -- B4 Gunship (SF-53) ---------------------------------------------------------------------------------
def test_sf53_b4_may_roll_all_its_attack_dice_against_a_torpedo_or_one_as_usual():
    state = position(
        ship(0, "c3", side="B4", on=PHASERS),
        ship(1, "c7", "w", on=("y1 cockpit C", "b1 drives.move E")),
        torpedoes=[torpedo("t2a", "c4")],
    )
    shots = [n for n in game_moves(state, 0) if "t2a" in n]
    assert shots == ["activate phasers t2a with yellow", "activate phasers t2a red with yellow"]
    step = ok(state, 0, "activate phasers t2a with yellow")
    shot = event(step, "torpedo_shot").data
    assert len(shot["dice"]) == 3
    assert shot["destroyed"] == any(f != "blank" for _, f in shot["dice"])
    one = event(ok(state, 0, "activate phasers t2a red with yellow"), "torpedo_shot").data
    assert [d for d, _ in one["dice"]] == ["r1"]


def test_sf53_plasma_torpedoes_damage_the_contact_shield_and_both_neighbours():
    state = position(ship(0, "c1", side="B4"), ship(1, "c6", "w"), torpedoes=[torpedo("t1a", "c5")])
    step = ok(state, 0, "pass")
    assert [e.data["facing"] for e in events(step, "damage")] == ["forward", "right", "left"]
    assert step.state.ships[1].shields == (2, 2, 2, 2)
    assert step.state.phase in (ROLL, ACTIVATE)

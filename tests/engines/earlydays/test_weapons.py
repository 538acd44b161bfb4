"""Weapons: fighter turrets (SW-39), turbolasers (SW-41), torpedoes (SW-44, SW-45), the
double move, panic and Vader's Terrifying (SW-25, SW-46, SW-47), and the Falcon (SW-48)."""

from __future__ import annotations

from dataclasses import replace

from games.engines.earlydays.data import DATA

from .helpers import (
    IMPERIAL,
    REBEL,
    ahead,
    dice,
    event,
    game_moves,
    has,
    kinds,
    needed,
    offset,
    ok,
    parts,
    refused,
    seek,
    shooting,
    unit,
)

W = DATA.weapons


# -- SW-39 fighter turrets ------------------------------------------------------------------------------------
def test_a_manned_turret_fires_in_any_direction_adding_its_firing_angle_sw_39():
    state = shooting(
        unit("R1a", "y_wing", "1010", "E", options=("y_manned_turret",)),
        unit("I1a", "tie_fighter", "0810", "E"),
    )
    p = parts(needed(state, "R1a", "manned_turret", "I1a", "fire"))
    assert p["turret_angle"] == -1 and "rapid_fire" not in p and "off_axis" not in p


def test_a_manned_turret_is_an_extra_attack_seed():
    yw = unit("R1a", "y_wing", "1010", "E", options=("y_manned_turret",))
    state = ok(
        shooting(yw, unit("I1a", "tie_fighter", "1210", "W")), REBEL, "fire R1a dual_lasers I1a rapid"
    ).state
    assert "fire R1a manned_turret I1a fire" in game_moves(state, REBEL)


def test_the_pilot_turret_attacks_backwards_instead_of_the_guns_seed():
    yw = unit("R1a", "y_wing", "1010", "E", options=("y_pilot_turret",))
    wingman = unit("R2a", "y_wing", "1110", "E")
    state = shooting(
        yw, wingman, unit("I1a", "tie_fighter", "1210", "W"), unit("I2a", "tie_fighter", "0810", "E")
    )
    refused(state, REBEL, "fire R1a rear_turret I1a fire", "fire_out_of_arc")
    state = ok(state, REBEL, "fire R1a rear_turret I2a fire").state
    refused(state, REBEL, "fire R1a dual_lasers I1a rapid", "already_ordered")


# -- SW-41 turbolasers --------------------------------------------------------------------------------------------
def test_light_turbolasers_have_no_range_penalty_up_to_10_hexes_sw_41():
    tl = unit("R1", "corvette_rebel", "0510", "E", options=("cr_turbolaser_1",))
    for distance, modifier in ((10, 0), (11, 2), (15, 2)):
        state = shooting(tl, unit("I1", "corvette_imperial", ahead("0510", "E", distance), "W"))
        assert parts(needed(state, "R1", "turbolaser_1", "I1", "fire"))["range"] == modifier
    state = shooting(tl, unit("I1", "corvette_imperial", ahead("0510", "E", 16), "W"))
    assert needed(state, "R1", "turbolaser_1", "I1", "fire").lucky


def test_turbolasers_get_minus_1_to_hit_against_fighters_only_seed():
    tl = unit("R1", "corvette_rebel", "1010", "E", options=("cr_turbolaser_1",))
    assert (
        parts(
            needed(shooting(tl, unit("I1a", "tie_fighter", "1210", "W")), "R1", "turbolaser_1", "I1a", "fire")
        )["turbolaser_vs_fighter"]
        == 1
    )
    assert "turbolaser_vs_fighter" not in parts(
        needed(shooting(tl, unit("I1", "corvette_imperial", "1210", "W")), "R1", "turbolaser_1", "I1", "fire")
    )
    assert W["turbolaser_1"].damage == 8 and W["turbolaser_1"].raking


# -- torpedoes ------------------------------------------------------------------------------------------------------
def test_anti_fighter_torpedoes_need_a_lock_on_this_turn_seed_sw_44():
    xw = unit("R1a", "x_wing", "1010", "E", options=("af_torpedoes",))
    refused(
        shooting(xw, unit("I1a", "tie_fighter", "1810", "W")),
        REBEL,
        "fire R1a af_torpedoes I1a fire",
        "torpedo_no_lock",
    )


def test_anti_fighter_torpedoes_have_infinite_range_and_roll_opposed_sw_44():
    xw = unit("R1a", "x_wing", "0510", "E", options=("af_torpedoes",), manoeuvre="lock")
    state = shooting(xw, unit("I1a", "tie_fighter", "3010", "W"), fire_done=(False, True))
    step = ok(state, REBEL, "fire R1a af_torpedoes I1a fire")
    data = event(step, "fire_resolved").data
    assert len(data["duels"]) == 4
    for duel in data["duels"]:
        assert duel["hit"] == (duel["attack"] > duel["defence"])
    assert not step.state.unit("R1a").torpedoes


def test_anti_fighter_torpedoes_fire_at_fighters_only_sw_44():
    xw = unit("R1a", "x_wing", "1010", "E", options=("af_torpedoes",), manoeuvre="lock")
    refused(
        shooting(xw, unit("I1", "corvette_imperial", "1310", "W")),
        REBEL,
        "fire R1a af_torpedoes I1 fire",
        "torpedo_wrong_target",
    )


def test_anti_capship_torpedoes_reach_long_range_only_sw_45():
    yw = unit("R1a", "y_wing", "0510", "E")
    refused(
        shooting(yw, unit("I1", "corvette_imperial", ahead("0510", "E", 10), "W")),
        REBEL,
        "fire R1a bomber_torpedoes I1 fire",
        "fire_out_of_range",
    )
    assert "fire R1a bomber_torpedoes I1 fire" in game_moves(
        shooting(yw, unit("I1", "corvette_imperial", ahead("0510", "E", 9), "W")), REBEL
    )


def test_anti_capship_torpedoes_fire_at_ships_only_sw_45():
    refused(
        shooting(unit("R1a", "y_wing", "1010", "E"), unit("I1a", "tie_fighter", "1210", "W")),
        REBEL,
        "fire R1a bomber_torpedoes I1a fire",
        "torpedo_wrong_target",
    )


def test_a_snap_shot_gets_minus_1_to_hit_seed():
    state = shooting(
        unit("R1a", "x_wing", "1010", "E", options=("proton_torpedoes",)),
        unit("I1", "corvette_imperial", "1210", "W"),
    )
    assert parts(needed(state, "R1a", "proton_torpedoes", "I1", "fire"))["snap_shot"] == 1


def test_an_attack_run_is_no_penalty_for_proton_torpedoes_and_plus_1_for_dedicated_bombers_seed():
    xw = unit("R1a", "x_wing", "1010", "E", options=("proton_torpedoes",), manoeuvre="run")
    yw = unit("R2a", "y_wing", "1012", "E", manoeuvre="run")
    state = shooting(xw, yw, unit("I1", "corvette_imperial", "1311", "W"))
    assert parts(needed(state, "R1a", "proton_torpedoes", "I1", "fire"))["attack_run"] == 0
    assert parts(needed(state, "R2a", "bomber_torpedoes", "I1", "fire"))["attack_run"] == -1


def test_anti_capship_torpedoes_do_10_damage_per_fighter_hit_and_are_fired_once_seed():
    state = shooting(
        unit("R1a", "y_wing", "1010", "E"),
        unit("I1", "corvette_imperial", "1210", "W"),
        fire_done=(False, True),
    )
    step = seek(state, REBEL, "fire R1a bomber_torpedoes I1 fire", lambda s: has(s, "damage_applied"))
    data = event(step, "damage_applied").data
    assert 40 - data["shield"] - data["hull"] == 10 * data["hits"]
    assert not step.state.unit("R1a").torpedoes


def test_torpedoes_once_fired_are_gone_sw_44_sw_45():
    spent = unit("R1a", "y_wing", "1010", "E", torpedoes=False)
    refused(
        shooting(spent, unit("I1", "corvette_imperial", "1210", "W")),
        REBEL,
        "fire R1a bomber_torpedoes I1 fire",
        "no_torpedoes",
    )


# -- double move, panic, Terrifying, Vader ----------------------------------------------------------------------------
def test_after_a_double_move_a_unit_fires_at_plus_1_and_no_torpedoes_seed_sw_25():
    yw = unit("R1a", "y_wing", "1010", "E", manoeuvre="double")
    state = shooting(yw, unit("I1", "corvette_imperial", "1210", "W"))
    assert parts(needed(state, "R1a", "dual_lasers", "I1", "linked"))["double_move"] == 1
    refused(state, REBEL, "fire R1a bomber_torpedoes I1 fire", "double_move_no_special")


def test_a_panicked_unit_gets_minus_1_on_its_rolls_sw_46():
    state = shooting(
        unit("R1a", "x_wing", "1010", "E", panic_until=1), unit("I1a", "tie_fighter", "1210", "W")
    )
    assert parts(needed(state, "R1a", "quad_lasers", "I1a"))["panic"] == 1


def test_a_unit_attacked_by_vader_makes_an_immediate_will_save_seed_sw_46():
    vader = unit("I1a", "vader_squadron", "1210", "W", options=("vader",), vader=True)
    state = shooting(unit("R1a", "x_wing", "1010", "E"), vader, fire_done=(True, False))
    step = seek(state, IMPERIAL, "fire I1a tie_lasers R1a rapid", lambda s: has(s, "will_save", passed=False))
    assert kinds(step).index("will_save") < kinds(step).index("fire_resolved")
    assert event(step, "will_save").data["will"] == 3
    assert step.state.unit("R1a").panic_until == 2  # the end of the next turn


def test_a_flight_without_vader_is_not_terrifying():
    state = shooting(
        unit("R1a", "x_wing", "1010", "E"),
        unit("I1a", "vader_squadron", "1210", "W"),
        fire_done=(True, False),
    )
    assert "will_save" not in kinds(ok(state, IMPERIAL, "fire I1a tie_lasers R1a rapid"))


def test_vader_rolls_his_own_die_with_gunnery_5():
    vader = unit("I1a", "vader_squadron", "1210", "W", options=("vader",), vader=True)
    state = shooting(unit("R1a", "x_wing", "1010", "E"), vader, fire_done=(True, False))
    step = ok(state, IMPERIAL, "fire I1a tie_lasers R1a rapid")
    groups = event(step, "fire_resolved").data["groups"]
    assert [(len(g["rolls"]), g["vader"]) for g in groups] == [(3, False), (1, True)]
    assert groups[1]["parts"]["gunnery"] == 2 and groups[0]["parts"]["gunnery"] == 3


def test_at_extreme_range_the_unit_with_vader_rolls_one_die_hitting_on_6_only_seed():
    """[SEED] "10+ Extreme 1 dice with 6+ to hit only": the flight is one unit, so Vader
    and his wingmen together roll one die, not one each."""
    vader = unit("I1a", "vader_squadron", "2010", "W", options=("vader",), vader=True)
    state = shooting(unit("R1a", "x_wing", ahead("2010", "W", 10), "E"), vader, fire_done=(True, False))
    for is_vader in (False, True):
        th = needed(state, "I1a", "tie_lasers", "R1a", vader=is_vader)
        assert (th.lucky, th.needed) == (True, 6)
    for seq in range(1, 30):  # whatever the dice
        step = ok(state, IMPERIAL, "fire I1a tie_lasers R1a rapid", dice(seq))
        data = event(step, "fire_resolved").data
        rolls = [r for g in data["groups"] for r in g["rolls"]]
        assert len(rolls) == 1 and data["hits"] == (1 if rolls[0] == 6 else 0)


def test_past_six_the_unit_gets_reduced_to_one_dice_vader_keeping_his_own_seed():
    """[SEED] "if it exceeds a roll of six the unit gets reduced to one dice": the wingmen's
    dice past six make one lucky die; Vader, who still needs six or less, rolls his."""
    vader = unit("I1a", "vader_squadron", "2010", "W", options=("vader",), vader=True)
    target = unit("R1a", "x_wing", offset(ahead("2010", "W", 7), 0, -1), "E")
    state = shooting(target, vader, fire_done=(True, False))
    wingmen = needed(state, "I1a", "tie_lasers", "R1a")
    himself = needed(state, "I1a", "tie_lasers", "R1a", vader=True)
    assert wingmen.lucky and not himself.lucky
    step = ok(state, IMPERIAL, "fire I1a tie_lasers R1a rapid")
    groups = event(step, "fire_resolved").data["groups"]
    assert [(len(g["rolls"]), g["vader"], g["lucky"]) for g in groups] == [(1, False, True), (1, True, False)]


def test_vaders_wingmen_must_be_killed_before_vader_sw_47():
    vader = unit("I1a", "vader_squadron", "1210", "W", options=("vader",), vader=True, fighters=2)
    state = shooting(unit("R1a", "x_wing", "1010", "E"), vader, fire_done=(False, True))
    step = seek(state, REBEL, "fire R1a quad_lasers I1a rapid", lambda s: has(s, "damage_applied", hits=1))
    u = step.state.unit("I1a")
    assert (u.fighters, u.vader) == (1, True)


# -- SW-48 the Falcon ------------------------------------------------------------------------------------------------------
def test_the_falcon_is_shot_at_as_a_fighter_with_han_and_chewies_piloting_sw_48():
    state = shooting(unit("I1a", "tie_fighter", "1010", "E"), unit("R1", "falcon", "1210", "E"))
    p = parts(needed(state, "I1a", "tie_lasers", "R1"))
    assert (p["evasion"], p["piloting"], p["angle"]) == (0, 1, -1)


def test_each_unsaved_hit_takes_one_of_the_falcons_8_hits_sw_48():
    state = shooting(
        unit("I1a", "tie_fighter", "1010", "E"), unit("R1", "falcon", "1210", "E"), fire_done=(True, False)
    )
    step = seek(state, IMPERIAL, "fire I1a tie_lasers R1 rapid", lambda s: has(s, "damage_applied"))
    data = event(step, "damage_applied").data
    assert data["falcon_hits"] == 8 - (data["hits"] - data["saved"])


def test_the_falcon_fires_as_a_starship_all_round_with_raking_sw_48():
    state = shooting(
        unit("R1", "falcon", "1010", "E"), unit("I1a", "tie_fighter", "0810", "W"), fire_done=(False, True)
    )
    assert needed(state, "R1", "falcon_turret", "I1a", "fire").parts[0] == ("weapon", 2)
    step = ok(state, REBEL, "fire R1 falcon_turret I1a fire")
    assert len(event(step, "fire_resolved").data["groups"][0]["rolls"]) == 4


def test_anti_fighter_torpedo_hits_get_no_shield_save_sw_44():
    from games.engines.earlydays.state import Hit

    from .helpers import end_of

    falcon = unit("I1", "falcon", "1210", "W")
    for seq in range(1, 40):
        _state, _, evs = end_of(
            shooting(unit("R1a", "y_wing", "1010", "E"), falcon),
            [Hit("I1", "R1a", REBEL, "af_torpedoes", "kill")],
            seq,
        )
        applied = next(e.data for e in evs if e.kind == "damage_applied")
        assert (applied["saved"], applied["falcon_hits"]) == (0, 7)


def test_a_laser_hit_on_the_falcon_gets_its_3_plus_save_where_a_torpedo_hit_does_not_sw_34_sw_48():
    from games.engines.earlydays.state import Hit

    from .helpers import find

    state = shooting(unit("R1a", "y_wing", "1010", "E"), unit("I1", "falcon", "1210", "W"))
    _, _, evs = find(
        state,
        [Hit("I1", "R1a", REBEL, "dual_lasers", "kill")],
        lambda s, k, e: next(x.data for x in e if x.kind == "damage_applied")["saved"] == 1,
    )
    assert next(x.data for x in evs if x.kind == "damage_applied")["falcon_hits"] == 8


def test_a_stopped_target_gets_no_evasion_against_anti_fighter_torpedoes_seed_sw_44():
    xw = unit("R1a", "x_wing", "0510", "E", options=("af_torpedoes",), manoeuvre="lock")
    for stopped, evasion in ((False, 2), (True, 0)):
        tie = unit("I1a", "tie_fighter", "1510", "W", stopped=stopped)
        step = ok(shooting(xw, tie, fire_done=(False, True)), REBEL, "fire R1a af_torpedoes I1a fire")
        bonuses = event(step, "fire_resolved").data["bonuses"]
        assert (bonuses["gunnery"], bonuses["evasion"], bonuses["defence"]) == (3, evasion, evasion)


def test_the_opposed_torpedo_roll_adds_the_targets_piloting_to_its_evasion_seed_sw_44():
    xw = unit("R1a", "x_wing", "0510", "E", options=("af_torpedoes",), manoeuvre="lock")
    elite = unit("I1a", "vader_squadron", "1510", "W")
    step = ok(shooting(xw, elite, fire_done=(False, True)), REBEL, "fire R1a af_torpedoes I1a fire")
    assert event(step, "fire_resolved").data["bonuses"]["defence"] == 2 + 1


def test_an_attack_run_target_must_be_in_the_forward_arc_sw_45():
    yw = unit("R1a", "y_wing", "1010", "E", manoeuvre="run")
    refused(
        shooting(yw, unit("I1", "corvette_imperial", "0710", "W")),
        REBEL,
        "fire R1a bomber_torpedoes I1 fire",
        "fire_out_of_arc",
    )


def test_the_tie_bomber_is_a_dedicated_bomber_on_an_attack_run_seed():
    bomber = unit("I1a", "tie_bomber", "1210", "W", manoeuvre="run")
    state = shooting(bomber, unit("R1", "corvette_rebel", "1010", "E"))
    assert parts(needed(state, "I1a", "bomber_torpedoes", "R1", "fire"))["attack_run"] == -1


def test_a_y_wing_may_exchange_its_anticap_torpedoes_for_anti_fighter_ones_seed():
    from games.engines.earlydays.units import weapons_of

    keys = [w.key for w in weapons_of(unit("R1a", "y_wing", "1010", options=("y_af_torpedoes",)))]
    assert keys == ["dual_lasers", "af_torpedoes"]


# -- ion cannons ([SEED], SW-42) ---------------------------------------------------------------------------------------
def test_ion_cannons_get_no_bonus_for_doubling_the_guns_seed():
    yw = unit("R1a", "y_wing", "1010", "E", options=("y_dual_ion",))
    state = shooting(yw, unit("I1", "corvette_imperial", "1210", "W"))
    assert "rapid_fire" not in parts(needed(state, "R1a", "dual_ion", "I1", "fire"))
    refused(state, REBEL, "fire R1a dual_ion I1 rapid", "bad_mode")


def test_ion_cannons_roll_on_the_ion_table_per_attack_not_per_barrel_seed():
    yw = unit("R1a", "y_wing", "1010", "E", options=("y_dual_ion",))
    state = shooting(yw, unit("I1", "corvette_imperial", "1210", "W", shield=0), fire_done=(False, True))
    step = seek(
        state,
        REBEL,
        "fire R1a dual_ion I1 fire",
        lambda s: event(s, "fire_resolved").data["hits"] >= 2,
    )
    resolved = event(step, "fire_resolved").data
    assert len(resolved["groups"][0]["rolls"]) == 4  # one attack per Y-wing
    assert len([e for e in step.events if e.kind == "ion_result"]) == resolved["hits"]


# -- control systems scrambled and Will ------------------------------------------------------------------------------
def test_control_scrambled_results_stack_on_a_ships_shots_to_a_max_of_6_seed():
    from games.engines.earlydays.state import Effect

    scrambled = Effect("scrambled", since=1, until=2)
    corvette = unit("R1", "corvette_rebel", "1010", "E", effects=(scrambled, scrambled))
    state = shooting(corvette, unit("I1", "corvette_imperial", "1210", "W"), turn=2)
    th = needed(state, "R1", "laser_turret_1", "I1", "fire")
    assert parts(th)["control_scrambled"] == 2 and th.needed == 4
    thrice = replace(corvette, effects=(scrambled,) * 3)
    state = shooting(thrice, unit("I1a", "tie_fighter", "1210", "W"), turn=2)
    th = needed(state, "R1", "laser_turret_1", "I1a", "fire")  # 4 against a TIE flight, +3: max 6
    assert (th.needed, th.lucky, parts(th)["control_scrambled"]) == (6, False, 2)


def test_a_scrambled_ship_gets_minus_1_on_its_will_save_too_seed():
    from games.engines.earlydays.state import Effect

    scrambled = unit("R1", "corvette_rebel", "1010", "E", effects=(Effect("scrambled", since=1, until=2),))
    vader = unit("I1a", "vader_squadron", "1210", "W", options=("vader",), vader=True)
    state = shooting(scrambled, vader, turn=2, fire_done=(True, False))
    save = event(ok(state, IMPERIAL, "fire I1a tie_lasers R1 linked"), "will_save").data
    assert save["total"] == save["roll"] + 1 and save["will"] == 3


def test_ships_make_will_saves_with_their_crews_will_seed():
    vader = unit("I1a", "vader_squadron", "1210", "W", options=("vader",), vader=True)
    freighter = unit("R1", "light_freighter", "1010", "E")
    state = shooting(freighter, vader, fire_done=(True, False))
    save = event(ok(state, IMPERIAL, "fire I1a tie_lasers R1 linked"), "will_save").data
    assert save["will"] == 2  # civilian crew


def test_paying_han_and_chewie_2_points_extra_gives_them_will_4_seed():
    from games.engines.earlydays.units import crew

    assert crew(unit("R1", "falcon", "1010")).will == 3
    assert crew(unit("R1", "falcon", "1010", options=("falcon_paid",))).will == 4

"""The End phase in the SW-11 order: repairs (SW-43), damage (SW-38), the ion table (SW-42),
shield regeneration, expiry of "following turn" results, and the "ask me" pauses."""

from __future__ import annotations

from dataclasses import replace

from games.engines.earlydays import endphase
from games.engines.earlydays.state import Effect, Hit, Orders
from games.engines.earlydays.units import has_effect, is_disabled

from .helpers import IMPERIAL, REBEL, E, end_of, find, ok, position, refused, unit

CORVETTE = unit("I1", "corvette_imperial", "1210", "W")
XW = unit("R1a", "x_wing", "1010", "E")


def ion(target="I1", seat=REBEL, damage=2, weapon="dual_ion"):
    return Hit(target, "R1a", seat, weapon, "ion", damage)


def damage(target="I1", amount=4):
    return Hit(target, "R1a", REBEL, "quad_lasers", "damage", amount)


def data(events, kind):
    return next(e.data for e in events if e.kind == kind)


# -- SW-38 damage ------------------------------------------------------------------------------------------
def test_damage_goes_to_the_shields_first_then_the_hull_sw_38():
    _state, _, events = end_of(
        position(XW, replace(CORVETTE, shield=6)), [damage(amount=4), damage(amount=4)]
    )
    assert (data(events, "damage_applied")["shield"], data(events, "damage_applied")["hull"]) == (0, 8)


def test_a_ship_whose_hull_is_gone_is_destroyed_in_the_end_phase_sw_38():
    state, kinds, _ = end_of(position(XW, replace(CORVETTE, shield=0, hull=4)), [damage(amount=4)])
    assert "unit_destroyed" in kinds and state.unit("I1").status == "destroyed"


def test_a_flight_whose_last_fighter_is_killed_is_destroyed():
    tie = unit("I1a", "tie_fighter", "1210", "W", fighters=1)
    state, kinds, _ = end_of(position(XW, tie), [Hit("I1a", "R1a", REBEL, "quad_lasers", "kill")])
    assert state.unit("I1a").status == "destroyed" and "unit_destroyed" in kinds


# -- SW-11 order ---------------------------------------------------------------------------------------------
def test_repairs_come_before_this_turns_shots_sw_11():
    hurt = replace(CORVETTE, effects=(Effect("engine", since=1),))
    _, kinds, _ = end_of(position(XW, hurt, turn=2), [damage()])
    assert kinds.index("repair_roll") < kinds.index("damage_applied")


def test_shields_regenerate_after_the_shots_up_to_their_maximum_sw_11_sw_38():
    state, _, _ = end_of(position(XW, CORVETTE), [damage(amount=4)] * 3)
    assert state.unit("I1").shield == 28  # 30 - 12 + 10
    state, _, _ = end_of(position(XW, CORVETTE), [damage(amount=4)])
    assert state.unit("I1").shield == 30


def test_following_turn_results_expire_at_the_end_of_that_turn_sw_42():
    lasting = replace(CORVETTE, effects=(Effect("targeting", since=1, until=2),))
    assert has_effect(lasting, "targeting", 2) and not has_effect(lasting, "targeting", 1)
    state, _, _ = end_of(position(XW, lasting, turn=2))
    assert state.unit("I1").effects == ()


def test_panic_ends_with_the_next_turns_end_phase_sw_46():
    state, _, _ = end_of(position(replace(XW, panic_until=2), CORVETTE, turn=2))
    assert state.unit("R1a").panic_until == 0


def test_after_the_end_phase_a_new_turn_begins_with_initiative_sw_04():
    state, kinds, _ = end_of(position(XW, CORVETTE))
    assert state.turn == 2 and "initiative_rolled" in kinds


# -- SW-42 ion cannons ---------------------------------------------------------------------------------------
def test_ion_cannons_do_double_damage_to_shields_and_none_to_the_hull_seed():
    state, kinds, _ = end_of(position(XW, CORVETTE), [ion(damage=2)])
    assert "ion_shields" in kinds and "ion_result" not in kinds
    assert state.unit("I1").hull == 10 and state.unit("I1").ion_hits == 1
    assert state.unit("I1").shield == 30  # 26 after the hit, +10 regeneration, capped


def test_once_the_shields_are_down_ion_hits_roll_on_the_ion_table_seed():
    _, kinds, events = end_of(position(XW, replace(CORVETTE, shield=0)), [ion()])
    assert "ion_result" in kinds
    assert data(events, "ion_result")["total"] == data(events, "ion_result")["roll"]


def test_every_five_ion_hits_taken_add_one_to_the_ion_table_seed():
    _, _, events = end_of(position(XW, replace(CORVETTE, shield=0, ion_hits=10)), [ion()])
    d = data(events, "ion_result")
    assert d["total"] == min(6, d["roll"] + 2)


def test_disabled_ships_get_plus_1_on_the_ion_table_and_results_above_6_count_as_6_seed_sw_42():
    disabled = replace(CORVETTE, shield=0, effects=(Effect("disabled", since=1),))
    _, _, events = find(
        position(XW, disabled, turn=1), [ion()], lambda s, k, e: data(e, "ion_result")["roll"] == 6
    )
    assert data(events, "ion_result")["total"] == 6


def _ion_result(result):
    return lambda s, k, e: "ion_result" in k and data(e, "ion_result")["result"] == result


def test_ion_result_2_disrupts_targeting_for_the_following_turn_seed():
    state, _, _ = find(position(XW, replace(CORVETTE, shield=0)), [ion()], _ion_result("targeting"))
    assert has_effect(state.unit("I1"), "targeting", 2)


def test_a_second_targeting_result_does_not_stack_seed():
    already = replace(CORVETTE, effects=(Effect("targeting", since=1, until=2),))
    assert endphase._ion_effect(position(already), already, "targeting") is None


def test_control_scrambled_results_stack_seed():
    already = replace(CORVETTE, effects=(Effect("scrambled", since=1, until=2),))
    assert endphase._ion_effect(position(already), already, "scrambled") == Effect(
        "scrambled", since=1, until=2
    )


def test_ion_result_4_damages_the_engine_permanently_seed():
    state, _, _ = find(position(XW, replace(CORVETTE, shield=0)), [ion()], _ion_result("engine"))
    assert [e.kind for e in state.unit("I1").effects] == ["engine"]


def test_ion_result_5_neutralizes_the_largest_weapon_by_standing_order_gaps_2_6():
    armed = replace(CORVETTE, shield=0, options=("cr_turbolaser_2",))
    state, _, _ = find(position(XW, armed), [ion()], _ion_result("weapon"))
    assert [(e.kind, e.weapon) for e in state.unit("I1").effects] == [("weapon", "turbolaser_2")]


def test_ion_result_5_may_pick_the_weapon_with_most_dice_instead():
    armed = replace(CORVETTE, shield=0, options=("cr_side_turrets",))
    orders = (Orders(ion_weapon="most_dice"), Orders())
    state, _, _ = find(position(XW, armed, orders=orders), [ion()], _ion_result("weapon"))
    assert state.unit("I1").effects[0].weapon in ("side_left", "side_right")


def test_ion_result_6_disables_the_ship_and_does_not_stack_seed():
    state, _, _ = find(position(XW, replace(CORVETTE, shield=0)), [ion()], _ion_result("disabled"))
    assert is_disabled(state.unit("I1"))
    twice = replace(CORVETTE, effects=(Effect("disabled", since=1),))
    assert endphase._ion_effect(position(twice), twice, "disabled") is None


def test_a_ship_with_all_weapons_and_movement_neutralized_counts_as_disabled_seed():
    gone = (Effect("weapon", 1, weapon="laser_turret_1"), Effect("weapon", 1, weapon="laser_turret_2"))
    assert not is_disabled(replace(CORVETTE, effects=gone))
    assert is_disabled(replace(CORVETTE, effects=(*gone, Effect("engine", 1), Effect("engine", 1))))


def test_ships_that_count_as_disabled_get_plus_1_on_the_ion_table_seed():
    """[SEED] "Ships with all weapons and movement neutralized count as disabled ...
    Disabled ships get a +1 to all rolls on the Ion table": no result 6 needed."""
    gone = (
        Effect("weapon", 1, weapon="laser_turret_1"),
        Effect("weapon", 1, weapon="laser_turret_2"),
        Effect("engine", 1),
        Effect("engine", 1),
    )
    neutralized = replace(CORVETTE, shield=0, effects=gone)
    assert is_disabled(neutralized) and not any(e.kind == "disabled" for e in gone)
    for roll in (1, 3):
        _, _, events = find(
            position(XW, neutralized, turn=1),
            [ion()],
            lambda s, k, e, r=roll: data(e, "ion_result")["roll"] == r,
        )
        assert data(events, "ion_result")["total"] == roll + 1
    _, _, events = find(
        position(XW, replace(neutralized, effects=gone[1:]), turn=1),
        [ion()],
        lambda s, k, e: data(e, "ion_result")["roll"] == 3,
    )
    assert data(events, "ion_result")["total"] == 3  # one weapon left: not disabled, no +1


def test_an_ion_hit_on_a_fighter_kills_it_seed():
    from games.engines.earlydays.data import DATA
    from games.engines.earlydays.shooting import _hit

    yw, tie = unit("R1a", "y_wing", "1010", options=("y_dual_ion",)), unit("I1a", "tie_fighter", "1210")
    order = type("O", (), {"seat": REBEL, "mode": "fire"})()
    assert _hit(yw, DATA.weapons["dual_ion"], tie, order, False).kind == "kill"


# -- SW-43 repairs -------------------------------------------------------------------------------------------
def _repaired(state, kinds, events):
    return "repaired" in kinds


def test_a_repair_roll_of_4_nulls_one_permanent_result_disabled_first_sw_43():
    hurt = replace(CORVETTE, effects=(Effect("engine", since=1), Effect("disabled", since=1)))
    state, _, events = find(position(XW, hurt, turn=2), [], _repaired)
    assert data(events, "repair_roll")["roll"] >= 4
    assert [e.kind for e in state.unit("I1").effects if e.kind != "scrambled"] == ["engine"]


def test_a_repaired_disabled_ship_is_control_scrambled_next_turn_seed():
    hurt = replace(CORVETTE, effects=(Effect("disabled", since=1),))
    state, _, _ = find(position(XW, hurt, turn=2), [], _repaired)
    assert has_effect(state.unit("I1"), "scrambled", 3)


def test_a_failed_repair_roll_changes_nothing_sw_43():
    hurt = replace(CORVETTE, effects=(Effect("engine", since=1),))
    state, _, _ = find(
        position(XW, hurt, turn=2), [], lambda s, k, e: "repair_roll" in k and "repaired" not in k
    )
    assert [e.kind for e in state.unit("I1").effects] == ["engine"]


def test_results_of_this_turn_are_not_repaired_until_the_next_end_phase_sw_11():
    fresh = replace(CORVETTE, effects=(Effect("engine", since=2),))
    _, kinds, _ = end_of(position(XW, fresh, turn=2))
    assert "repair_roll" not in kinds


def test_the_repair_standing_order_may_put_the_engine_first():
    hurt = replace(CORVETTE, effects=(Effect("disabled", since=1), Effect("engine", since=1)))
    orders = (Orders(), Orders(repair="engine_first"))
    state, _, _ = find(position(XW, hurt, turn=2, orders=orders), [], _repaired)
    assert [e.kind for e in state.unit("I1").effects] == ["disabled"]


# -- "ask me" (rules/README decision 5) -----------------------------------------------------------------------
def test_with_ask_me_the_attacker_picks_the_neutralized_weapon_itself():
    orders = (Orders(ask=True), Orders())
    state, kinds, _ = find(
        position(XW, replace(CORVETTE, shield=0), orders=orders), [ion()], _ion_result("weapon")
    )
    assert state.pending.kind == "ion_weapon" and E.active_seats(state) == {REBEL}
    assert state.turn == 1 and "turn_started" not in kinds
    refused(state, IMPERIAL, "fire I1 hold turret_1", "decision_pending")
    step = ok(state, REBEL, "pick laser_turret_2")
    assert step.state.unit("I1").effects[0].weapon == "laser_turret_2"
    assert step.state.turn == 2  # the End phase went on; the new turn asks about initiative
    assert step.state.pending is None or step.state.pending.kind == "initiative"


def test_with_ask_me_the_owner_chooses_what_a_repair_nulls():
    hurt = replace(CORVETTE, effects=(Effect("disabled", since=1), Effect("engine", since=1)))
    orders = (Orders(), Orders(ask=True))
    state, _, _ = find(position(XW, hurt, turn=2, orders=orders), [], lambda s, k, e: s.pending is not None)
    assert state.pending.choices == ("disabled", "engine")
    refused(state, IMPERIAL, "repair laser_turret_1", "bad_choice")
    refused(state, IMPERIAL, "pick laser_turret_1", "no_decision")
    state = ok(state, IMPERIAL, "repair engine").state
    assert [e.kind for e in state.unit("I1").effects] == ["disabled"]


def test_ask_me_pauses_on_a_success_even_with_a_single_choice_decision_5():
    hurt = replace(CORVETTE, effects=(Effect("engine", since=1),))
    orders = (Orders(), Orders(ask=True))
    state, _, _ = find(
        position(XW, hurt, turn=2, orders=orders),
        [],
        lambda s, k, e: "repair_roll" in k and data(e, "repair_roll")["success"],
    )
    assert state.pending is not None and state.pending.choices == ("engine",)


def test_each_control_scrambled_result_makes_the_repair_roll_1_harder_to_a_max_of_6_seed():
    scrambled = Effect("scrambled", since=1, until=2)
    hurt = replace(CORVETTE, effects=(Effect("engine", since=1), scrambled, scrambled))
    _, _, events = end_of(position(XW, hurt, turn=2))
    assert data(events, "repair_roll")["needed"] == 6
    hurt = replace(hurt, effects=(*hurt.effects, scrambled))
    _, _, events = end_of(position(XW, hurt, turn=2))
    assert data(events, "repair_roll")["needed"] == 6


def test_a_panicked_scrambled_ship_suffers_both_penalties_on_its_repair_roll_seed_sw_46():
    scrambled = Effect("scrambled", since=1, until=2)
    hurt = replace(CORVETTE, effects=(Effect("engine", since=1), scrambled), panic_until=2)
    _, _, events = end_of(position(XW, hurt, turn=2))
    assert data(events, "repair_roll")["needed"] == 6

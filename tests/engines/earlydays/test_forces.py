"""Force building ([SEED] points and restrictions, SW-09, SW-10, GAPS 2.5): the public
validate_force / force_cost functions and the granular sealed build moves."""

from __future__ import annotations

import pytest

from games.engines.base import Move, Step
from games.engines.earlydays import force_cost, validate_force
from games.engines.earlydays.forces import build_moves
from games.engines.earlydays.state import BUILD, DEPLOY

from .helpers import IMPERIAL, REBEL, E, dice, game_moves, ok, refused


def force(*lines):
    """Force JSON from (type, flights, options...) tuples or bare type names."""
    units = []
    for line in lines:
        if isinstance(line, str):
            line = (line,)
        t, *rest = line
        flights = rest[0] if rest and isinstance(rest[0], int) else 1
        opts = [o for o in rest if isinstance(o, str) and o != "transport"]
        units.append({"type": t, "flights": flights, "options": opts, "transport": "transport" in rest})
    return {"units": units}


def codes(scenario, points, side, f):
    return [p.code for p in validate_force(scenario, points, side, f)]


def start(scenario="fighter_clash", points=100):
    return E.setup({"scenario": scenario, "points": points}, 2, dice()).state


# -- force_cost -------------------------------------------------------------------------------------
def test_force_cost_counts_flights_and_options_per_flight_sw_09():
    assert force_cost(force(("x_wing", 3, "proton_torpedoes"))) == 3 * (10 + 4)


def test_force_cost_counts_vader_once_on_his_squadron():
    assert force_cost(force(("vader_squadron", 2, "vader"))) == 2 * 16 + 20


def test_force_cost_counts_ship_upgrades_once_per_ship():
    cost = force_cost(force(("corvette_rebel", "cr_turbolaser_1", "cr_turbolaser_2", "cr_side_turrets")))
    assert cost == 30 + 2 + 2 + 2


def test_force_cost_of_malformed_json_is_zero():
    assert force_cost({"units": "lots"}) == 0


# -- validate_force: one Invalid per broken rule ----------------------------------------------------
def test_a_legal_force_list_has_no_problems():
    f = force(("x_wing", 2, "proton_torpedoes"), ("y_wing", 1, "y_manned_turret"), "corvette_rebel")
    assert validate_force("fighter_clash", 100, "rebels", f) == []


def test_a_force_over_the_budget_is_refused_over_budget():
    assert codes("fighter_clash", 50, 0, force(("x_wing", 3), ("y_wing", 3))) == ["over_budget"]


def test_a_unit_of_the_other_side_is_refused_unit_not_available():
    assert codes("fighter_clash", 100, REBEL, force("tie_fighter")) == ["unit_not_available"]


def test_an_outpost_outside_the_outpost_assault_is_refused_unit_not_available():
    assert codes("fighter_clash", 100, IMPERIAL, force("outpost")) == ["unit_not_available"]


def test_a_squadron_has_at_most_three_flights_seed_sw_10():
    assert codes("fighter_clash", 100, REBEL, force(("x_wing", 4))) == ["too_many_flights"]


def test_a_ship_is_not_bought_in_flights():
    assert codes("fighter_clash", 100, REBEL, force(("corvette_rebel", 2))) == ["not_a_squadron"]


def test_an_option_of_another_unit_is_refused_option_unknown():
    assert codes("fighter_clash", 100, REBEL, force(("x_wing", 1, "y_dual_ion"))) == ["option_unknown"]


def messages(scenario, points, side, f):
    return [p.message for p in validate_force(scenario, points, side, f)]


def test_a_fighter_carries_one_torpedo_load_option_conflict_sw_h8():
    for t in ("x_wing", "red_squadron"):
        f = force((t, 1, "af_torpedoes", "proton_torpedoes"))
        assert codes("fighter_clash", 100, REBEL, f) == ["option_conflict"]
        assert "SW-H8" in messages("fighter_clash", 100, REBEL, f)[0]


def test_a_y_wing_has_one_turret_position_option_conflict_sw_h9():
    turrets = ("y_manned_turret", "y_pilot_turret", "y_locked_turret", "y_ion_turret")
    for a, b in [(a, b) for i, a in enumerate(turrets) for b in turrets[i + 1 :]]:
        f = force(("y_wing", 1, a, b))
        assert codes("fighter_clash", 100, REBEL, f) == ["option_conflict"]
        assert "SW-H9" in messages("fighter_clash", 100, REBEL, f)[0]
    assert codes("fighter_clash", 100, REBEL, force(("y_wing", 1, "y_ion_turret", "y_dual_ion"))) == []


def test_an_option_taken_twice_is_refused_option_twice():
    assert codes("fighter_clash", 100, REBEL, force(("x_wing", 1, "af_torpedoes", "af_torpedoes"))) == [
        "option_twice"
    ]


def test_red_squadron_and_vaders_squadron_are_one_squadron_per_force_unique_unit_sw_h7():
    f = force("red_squadron", "red_squadron")
    assert codes("fighter_clash", 100, REBEL, f) == ["unique_unit"]
    assert "SW-H7" in messages("fighter_clash", 100, REBEL, f)[0]
    assert codes("fighter_clash", 200, IMPERIAL, force("vader_squadron", "vader_squadron")) == ["unique_unit"]
    assert codes("fighter_clash", 100, REBEL, force(("red_squadron", 3))) == []


def test_there_is_one_millennium_falcon_per_force_unique_unit_seed():
    found = validate_force("hostage", 100, REBEL, force("falcon", "falcon"))
    assert "unique_unit" in [p.code for p in found]
    assert "[SEED]" in next(p.message for p in found if p.code == "unique_unit")


def test_vaders_squadron_needs_a_game_of_100_points_or_more_seed():
    assert codes("fighter_clash", 99, IMPERIAL, force("vader_squadron")) == ["needs_points"]
    assert codes("fighter_clash", 100, IMPERIAL, force(("vader_squadron", 1, "vader"))) == []


def test_the_falcon_only_replaces_a_transport_falcon_needs_transport():
    found = codes("fighter_clash", 100, REBEL, force("falcon"))
    assert "falcon_needs_transport" in found


def test_the_defender_may_replace_its_civilian_transport_with_the_falcon_seed():
    """[SEED] "the defender may elect to replace one of them with the falcon": in the
    Hostage situation the Rebels hold the station and defend their transport."""
    assert codes("hostage", 100, REBEL, force(("falcon", 1, "falcon_paid"))) == []


def test_the_falcon_is_the_defenders_so_the_raiders_of_steal_starship_may_not_field_it_seed():
    found = codes("steal_starship", 100, REBEL, force("y_wing", "falcon"))
    assert "falcon_needs_transport" in found and "unit_not_available" in found


def test_the_falcon_replaces_a_civilian_transport_so_an_imperial_convoy_may_not_field_it_seed():
    found = validate_force("convoy_raid", 100, IMPERIAL, force(("falcon", 1, "falcon_paid")))
    assert {"falcon_needs_transport", "unit_not_available"} <= {p.code for p in found}
    assert "defender" in next(p.message for p in found if p.code == "falcon_needs_transport")


def test_only_the_defender_is_offered_the_falcon_to_buy_seed():
    def offered(scenario, seat):
        return "buy falcon" in game_moves(start(scenario), seat)

    assert offered("hostage", REBEL)
    assert not offered("steal_starship", REBEL)
    assert not offered("convoy_raid", IMPERIAL)


def test_rebels_take_at_most_one_light_ship_in_the_convoy_raid_seed_sw_60():
    f = force("corvette_rebel", "corvette_rebel", "x_wing")
    assert codes("convoy_raid", 100, REBEL, f) == ["too_many_light_ships"]


def test_outpost_assault_imperials_field_at_most_one_ship_seed():
    f = force("outpost", "corvette_imperial", "corvette_imperial")
    assert codes("outpost_assault", 200, IMPERIAL, f) == ["too_many_ships"]


def test_outpost_assault_imperials_field_at_most_one_outpost_seed():
    assert codes("outpost_assault", 100, IMPERIAL, force("outpost", "outpost")) == ["too_many_outposts"]


def test_outpost_assault_imperials_field_at_most_three_squadrons_seed():
    f = force("outpost", "tie_fighter", "tie_fighter", "tie_fighter", "tie_bomber")
    assert codes("outpost_assault", 100, IMPERIAL, f) == ["too_many_squadrons"]


def test_outpost_assault_imperials_must_field_their_outpost_sw_61():
    assert codes("outpost_assault", 100, IMPERIAL, force("tie_fighter")) == ["needs_outpost"]


def test_steal_starship_rebels_need_a_y_wing_section_seed_sw_64():
    assert codes("steal_starship", 100, REBEL, force("x_wing")) == ["needs_y_wing"]
    assert codes("steal_starship", 100, REBEL, force("y_wing")) == []


def test_steal_starship_rebels_match_the_imperial_fixed_force_sw_64():
    assert codes("steal_starship", 300, REBEL, force(("y_wing", 3), ("x_wing", 3))) == ["over_budget"]
    assert codes("steal_starship", 20, REBEL, force(("y_wing", 3), ("x_wing", 2))) == []


def test_steal_starship_the_shipyard_counts_its_outpost_value_in_the_rebel_budget_sw_h10():
    from games.engines.earlydays.data import DATA

    assert DATA.units["shipyard"].cost == DATA.units["outpost"].cost == 25
    assert E.budget(start("steal_starship"), REBEL) == 3 * 10 + 25  # three TIE flights and the yard


def test_steal_starship_imperials_cannot_buy_their_fixed_force():
    assert codes("steal_starship", 100, IMPERIAL, force("tie_fighter")) == ["force_fixed"]


def test_an_empty_force_is_refused_force_empty_sw_h6():
    assert codes("fighter_clash", 100, REBEL, force()) == ["force_empty"]
    assert "SW-H6" in messages("fighter_clash", 100, REBEL, force())[0]


def test_a_side_given_scenario_units_may_buy_nothing():
    assert codes("convoy_raid", 100, IMPERIAL, force()) == []
    assert codes("hostage", 100, REBEL, force()) == []


def test_only_a_light_ship_may_be_declared_the_transport():
    f = force(("x_wing", 1, "transport"))
    assert codes("hostage", 100, REBEL, f) == ["transport_not_light_ship"]


def test_a_transport_is_declared_only_where_the_scenario_has_one():
    assert codes("fighter_clash", 100, REBEL, force(("corvette_rebel", 1, "transport"))) == [
        "transport_not_allowed"
    ]


def test_only_one_transport_is_declared_transport_twice():
    f = force(("corvette_rebel", 1, "transport"), "falcon")
    assert "transport_twice" in codes("hostage", 100, REBEL, f)


def test_every_broken_rule_is_reported_at_once():
    f = force(("x_wing", 4), "tie_fighter", "red_squadron", "red_squadron")
    assert set(codes("fighter_clash", 20, REBEL, f)) == {
        "too_many_flights",
        "unit_not_available",
        "unique_unit",
        "over_budget",
    }


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (("no_such", 100, 0, {"units": []}), "unknown_scenario"),
        (("fighter_clash", 100, "droids", {"units": []}), "bad_side"),
        (("fighter_clash", 100, 0, {"units": [{"flights": 2}]}), "bad_force"),
        (("fighter_clash", 100, 0, {"units": [{"type": "x_wing", "flights": "2"}]}), "bad_force"),
        (("fighter_clash", 100, 0, []), "bad_force"),
    ],
)
def test_malformed_requests_get_their_own_code(args, code):
    assert [p.code for p in validate_force(*args)] == [code]


def test_every_message_names_the_rule():
    f = force(("x_wing", 4), "tie_fighter")
    for p in validate_force("convoy_raid", 5, REBEL, f):
        assert "[SEED]" in p.message or "SW-" in p.message


# -- granular sealed build moves -------------------------------------------------------------------
def test_building_starts_with_both_sides_active_and_the_buys_they_can_afford():
    state = start()
    assert E.active_seats(state) == {REBEL, IMPERIAL}
    assert game_moves(state, REBEL) == ["buy x_wing", "buy y_wing", "buy red_squadron", "buy corvette_rebel"]


def test_a_buy_is_sealed_and_its_entry_seen_by_its_author_only():
    step = ok(start(), REBEL, "buy x_wing")
    assert step.move_audience == {REBEL}
    assert [e.id for e in step.state.drafts[REBEL]] == ["R1"]
    private = [e for e in step.events if e.audience is not None]
    assert private and all(e.audience == {REBEL} for e in private)
    assert E.view(step.state, IMPERIAL)["sides"][REBEL]["force"] is None
    assert [e["id"] for e in E.view(step.state, REBEL)["you"]["draft"]] == ["R1"]


def test_a_buy_that_breaks_the_budget_is_refused_over_budget():
    state = start(points=20)
    state = ok(state, REBEL, "buy x_wing").state
    state = ok(state, REBEL, "buy x_wing").state
    refused(state, REBEL, "buy x_wing", "over_budget")
    assert "buy x_wing" not in game_moves(state, REBEL)


def test_flights_options_transport_and_drop_edit_the_draft():
    state = ok(start("hostage"), REBEL, "buy x_wing").state
    state = ok(state, REBEL, "flights R1 3").state
    state = ok(state, REBEL, "option R1 af_torpedoes").state
    state = ok(state, REBEL, "option R1 proton_torpedoes").state  # replaces its group-mate
    assert state.drafts[REBEL][0].flights == 3
    assert state.drafts[REBEL][0].options == ("proton_torpedoes",)
    state = ok(state, REBEL, "buy corvette_rebel").state
    state = ok(state, REBEL, "transport R2").state
    assert state.drafts[REBEL][1].transport
    state = ok(state, REBEL, "drop R1").state
    assert [e.id for e in state.drafts[REBEL]] == ["R2"]


def test_an_option_toggled_twice_is_off_again():
    state = ok(start(), REBEL, "buy x_wing").state
    state = ok(state, REBEL, "option R1 af_torpedoes").state
    state = ok(state, REBEL, "option R1 af_torpedoes").state
    assert state.drafts[REBEL][0].options == ()


def test_setting_the_same_flights_again_is_refused_flights_unchanged():
    state = ok(start(), REBEL, "buy x_wing").state
    refused(state, REBEL, "flights R1 1", "flights_unchanged")


def test_a_missing_entry_is_refused_without_naming_it():
    state = ok(start(), IMPERIAL, "buy tie_fighter").state
    bad = refused(state, REBEL, "drop I1", "no_such_entry")
    assert "I1" not in bad.message


def test_vader_is_offered_only_in_games_of_100_points():
    assert "buy vader_squadron" in game_moves(start(points=100), IMPERIAL)
    assert "buy vader_squadron" not in game_moves(start(points=99), IMPERIAL)
    refused(start(points=99), IMPERIAL, "buy vader_squadron", "needs_points")


def test_a_force_that_cannot_be_sealed_yet_is_refused_with_its_rule():
    state = start("outpost_assault")
    state = ok(state, IMPERIAL, "buy tie_fighter").state
    refused(state, IMPERIAL, "seal", "needs_outpost")
    assert "seal" not in game_moves(state, IMPERIAL)


def test_a_sealed_force_cannot_be_edited_already_sealed():
    state = ok(start(), REBEL, "buy x_wing").state
    state = ok(state, REBEL, "seal").state
    refused(state, REBEL, "buy x_wing", "already_sealed")
    assert E.active_seats(state) == {IMPERIAL}


def test_both_lists_are_revealed_together_when_both_are_sealed_gaps_2_5():
    state = ok(start(), REBEL, "buy x_wing").state
    state = ok(state, REBEL, "seal").state
    assert E.view(state, IMPERIAL)["sides"][REBEL]["force"] is None
    state = ok(state, IMPERIAL, "buy tie_fighter").state
    step = ok(state, IMPERIAL, "seal")
    assert step.state.phase == DEPLOY
    revealed = [e for e in step.events if e.kind == "forces_revealed"]
    assert revealed and revealed[0].audience is None
    assert E.view(step.state, IMPERIAL)["sides"][REBEL]["force"][0]["type"] == "x_wing"
    assert [u.id for u in step.state.units] == ["R1a", "I1a"]


def test_a_squadron_becomes_one_unit_per_flight_sw_10():
    state = ok(start(), REBEL, "buy y_wing").state
    state = ok(state, REBEL, "flights R1 3").state
    state = ok(state, REBEL, "seal").state
    state = ok(state, IMPERIAL, "buy tie_fighter").state
    state = ok(state, IMPERIAL, "seal").state
    assert [u.id for u in state.side(REBEL)] == ["R1a", "R1b", "R1c"]
    assert all(u.fighters == 4 for u in state.side(REBEL))


def test_vader_flies_in_the_first_flight_of_his_squadron():
    state = ok(start(points=100), IMPERIAL, "buy vader_squadron").state
    state = ok(state, IMPERIAL, "flights I1 2").state
    state = ok(state, IMPERIAL, "option I1 vader").state
    state = ok(state, IMPERIAL, "seal").state
    state = ok(state, REBEL, "buy x_wing").state
    state = ok(state, REBEL, "seal").state
    a, b = state.unit("I1a"), state.unit("I1b")
    assert a.vader and not b.vader
    assert (a.value, a.hero_value, b.value) == (16, 20, 16)


def test_a_saved_force_list_becomes_the_build_moves_that_seal_it():
    state = ok(start(), REBEL, "buy y_wing").state
    saved = force(("x_wing", 2, "proton_torpedoes"), "corvette_rebel")
    moves = E.force_moves(state, REBEL, saved)
    assert [E.notation(m) for m in moves] == [
        "drop R1",
        "buy x_wing",
        "flights R2 2",
        "option R2 proton_torpedoes",
        "buy corvette_rebel",
        "seal",
    ]
    for m in moves:
        state = ok(state, REBEL, m).state
    assert state.sealed[REBEL]
    assert [(e.type, e.flights, e.options) for e in state.drafts[REBEL]] == [
        ("x_wing", 2, ("proton_torpedoes",)),
        ("corvette_rebel", 1, ()),
    ]


def test_build_moves_of_malformed_json_is_bad_force():
    got = build_moves((), 1, REBEL, {"units": None})
    assert not isinstance(got, list) and got.code == "bad_force"


def test_steal_starship_imperials_start_sealed_with_their_fixed_force():
    state = start("steal_starship")
    assert state.sealed == (False, True)
    assert [(e.id, e.type, e.flights) for e in state.drafts[IMPERIAL]] == [("I1", "tie_fighter", 3)]
    assert E.active_seats(state) == {REBEL}
    refused(state, IMPERIAL, "buy tie_fighter", "force_fixed")


def test_build_moves_are_refused_after_the_build_wrong_phase():
    state = ok(start(), REBEL, "buy x_wing").state
    state = ok(state, REBEL, "seal").state
    state = ok(state, IMPERIAL, "buy tie_fighter").state
    state = ok(state, IMPERIAL, "seal").state
    assert state.phase != BUILD
    refused(state, REBEL, Move.of("buy", unit="x_wing"), "wrong_phase")


def test_the_listed_build_moves_are_exactly_the_accepted_ones():
    state = ok(start("hostage"), REBEL, "buy corvette_rebel").state
    state = ok(state, REBEL, "buy y_wing").state
    for m in E.legal_moves(state, REBEL):
        assert isinstance(E.apply(state, REBEL, m, dice()), Step)

"""Set-up: match options, scenario units and their placement (SW-60..64), the secret
Hostage D6 (SW-62), and deployment in the zones of SW-01."""

from __future__ import annotations

from games.engines.earlydays.data import DATA
from games.engines.earlydays.geometry import adjacent, centre, hex_distance, hex_of, zone
from games.engines.earlydays.state import ACTIVE, CONVOY, DEPLOY, OBJECTIVE, PRIZE, RESERVE, TRANSPORT, TURN

from .helpers import IMPERIAL, REBEL, E, dice, game_moves, ok, refused


def setup(scenario="fighter_clash", points=100, **opts):
    return E.setup({"scenario": scenario, "points": points, **opts}, 2, dice())


def built(scenario="fighter_clash", points=100, rebel=("x_wing",), imperial=("tie_fighter",)):
    """Both forces bought (one entry per type name) and sealed."""
    state = setup(scenario, points).state
    for seat, names in ((REBEL, rebel), (IMPERIAL, imperial)):
        if state.sealed[seat]:
            continue
        for name in names:
            state = ok(state, seat, f"buy {name}").state
        state = ok(state, seat, "seal").state
    return state


def test_every_option_has_a_default_so_an_empty_options_object_is_a_standard_game():
    assert E.default_options() == {"scenario": "fighter_clash", "points": 100, "turn_limit": 20}
    state = E.setup({}, 2, dice()).state
    assert (state.scenario, state.points, state.turn_limit) == ("fighter_clash", 100, 20)


def test_the_options_schema_offers_all_five_scenarios():
    props = E.options_schema()["properties"]
    assert props["scenario"]["enum"] == [
        "fighter_clash",
        "convoy_raid",
        "outpost_assault",
        "hostage",
        "steal_starship",
    ]
    assert (props["points"]["minimum"], props["points"]["maximum"]) == (20, 300)
    assert (props["turn_limit"]["minimum"], props["turn_limit"]["maximum"]) == (1, 30)
    assert E.options_schema()["additionalProperties"] is False


def test_set_up_announces_scenario_points_and_budgets():
    step = setup("steal_starship", 100)
    data = step.events[0].data
    assert data["scenario"] == "steal_starship" and data["budgets"] == [55, 100]


def test_the_hostage_d6_is_rolled_at_set_up_for_the_rebels_eyes_only_sw_62():
    d = dice()
    step = E.setup({"scenario": "hostage", "points": 100}, 2, d)
    assert 1 <= step.state.dock_turn <= 6
    assert [x["to"] for x in d.draws] == [[REBEL]]
    secret = [e for e in step.events if e.kind == "dock_turn_rolled"]
    assert secret and secret[0].audience == {REBEL}
    assert E.view(step.state, IMPERIAL)["dock_turn"] is None
    assert E.view(step.state, IMPERIAL)["you"]["dock_turn"] is None
    assert E.view(step.state, REBEL)["you"]["dock_turn"]["turn"] == step.state.dock_turn
    assert E.view(step.state, None)["dock_turn"] is None


def test_other_scenarios_roll_no_dice_at_set_up():
    d = dice()
    E.setup({"scenario": "convoy_raid"}, 2, d)
    assert d.draws == []


# -- scenario units ----------------------------------------------------------------------------------
def test_the_convoy_has_two_light_and_one_heavy_freighter_per_20_points_sw_60():
    state = built("convoy_raid", 100)
    convoy = [u for u in state.units if u.role == CONVOY]
    assert sorted(u.type for u in convoy).count("light_freighter") == 10
    assert sorted(u.type for u in convoy).count("heavy_freighter") == 5
    assert all(u.seat == IMPERIAL and u.value == 0 for u in convoy)


def test_the_convoy_starts_at_the_centre_of_the_imperial_edge_sw_60():
    state = built("convoy_raid", 40)
    convoy = [u for u in state.units if u.role == CONVOY]
    assert all(u.status == ACTIVE and u.hex in zone(IMPERIAL) for u in convoy)
    assert max(hex_distance(u.hex, "3612") for u in convoy) <= 2


def test_the_outpost_stands_at_the_map_centre_sw_61():
    state = built("outpost_assault", 100, imperial=("outpost",))
    post = next(u for u in state.units if u.type == "outpost")
    assert (post.hex, post.status, post.role) == (centre(), ACTIVE, OBJECTIVE)


def test_the_hostage_station_is_rebel_held_at_the_centre_and_the_transport_is_free_sw_62():
    state = built("hostage", 100)
    station = next(u for u in state.units if u.type == "station")
    transport = next(u for u in state.units if u.role == TRANSPORT)
    assert (station.seat, station.hex, station.value) == (REBEL, centre(), 0)
    assert (transport.type, transport.seat, transport.status, transport.value) == (
        "light_freighter",
        REBEL,
        RESERVE,
        0,
    )


def test_a_declared_light_ship_is_the_hostage_transport_instead_of_a_freighter():
    state = setup("hostage").state
    state = ok(state, REBEL, "buy corvette_rebel").state
    state = ok(state, REBEL, "transport R1").state
    state = ok(state, REBEL, "seal").state
    state = ok(state, IMPERIAL, "buy tie_fighter").state
    state = ok(state, IMPERIAL, "seal").state
    assert [u.type for u in state.units if u.role == TRANSPORT] == ["corvette_rebel"]
    assert not any(u.type == "light_freighter" for u in state.units)


def test_the_falcon_is_the_transport_it_replaces():
    state = built("hostage", 100, rebel=("falcon",))
    assert [u.type for u in state.units if u.role == TRANSPORT] == ["falcon"]


def test_steal_starship_puts_the_shipyard_at_the_centre_and_the_inactive_corvette_beside_it_sw_64():
    state = built("steal_starship", rebel=("y_wing",))
    yard = next(u for u in state.units if u.type == "shipyard")
    prize = next(u for u in state.units if u.role == PRIZE)
    assert (yard.seat, yard.hex) == (IMPERIAL, centre())
    assert prize.type == "corvette_imperial" and prize.inactive and adjacent(prize.hex, yard.hex)
    assert [u.id for u in state.side(IMPERIAL) if u.type == "tie_fighter"] == ["I1a", "I1b", "I1c"]
    assert next(u for u in state.units if u.role == TRANSPORT).type == "light_freighter"


# -- deployment (SW-01) -------------------------------------------------------------------------------
def test_deployment_zones_lie_within_3_hexes_of_each_sides_short_edge_sw_01():
    assert {h[:2] for h in zone(REBEL)} == {"01", "02", "03"}
    assert {h[:2] for h in zone(IMPERIAL)} == {"34", "35", "36"}
    assert len(zone(REBEL)) == 3 * 24


def test_the_imperials_deploy_first_then_the_sides_alternate_sw_h5():
    state = built(rebel=("x_wing", "y_wing"), imperial=("tie_fighter",))
    assert (state.phase, E.active_seats(state)) == (DEPLOY, {IMPERIAL})
    state = ok(state, IMPERIAL, "place I1a 3510").state
    assert E.active_seats(state) == {REBEL}
    state = ok(state, REBEL, "place R1a 0210").state
    assert E.active_seats(state) == {REBEL}  # the Imperials have placed everything
    state = ok(state, REBEL, "place R2a 0212").state
    assert state.phase == TURN and state.turn == 1


def test_units_deploy_facing_the_enemy_edge_sw_01():
    state = built()
    state = ok(state, IMPERIAL, "place I1a 3510").state
    state = ok(state, REBEL, "place R1a 0210").state
    assert state.unit("R1a").facing == 1 and state.unit("I1a").facing == 4


def test_every_free_hex_of_the_zone_is_offered_for_the_next_unit():
    state = built()
    moves = game_moves(state, IMPERIAL)
    assert len(moves) == 72 and moves[0] == "place I1a 3401"


def test_a_unit_placed_outside_its_zone_is_refused_outside_zone():
    refused(built(), IMPERIAL, "place I1a 3010", "outside_zone")


def test_units_are_placed_in_force_list_order_sw_h5():
    state = built(imperial=("tie_fighter", "tie_bomber"))
    assert "SW-H5" in refused(state, IMPERIAL, "place I2a 3510", "place_in_order").message


def test_a_hex_that_is_not_on_the_map_is_refused_bad_hex():
    refused(built(), IMPERIAL, "place I1a 3799", "bad_hex")


def test_a_unit_is_not_placed_on_another_sw_06():
    state = built("convoy_raid", 20, imperial=("tie_fighter",))
    taken = next(u.hex for u in state.units if u.role == CONVOY)
    refused(state, IMPERIAL, f"place I1a {taken}", "hex_occupied")


def test_the_other_side_cannot_place_out_of_turn():
    refused(built(), REBEL, "place R1a 0210", "not_your_turn")


def test_hex_names_run_from_0101_to_3624():
    assert hex_of("0101") is not None and hex_of("3624") is not None
    assert hex_of("0001") is None and hex_of("3725") is None and hex_of("12") is None
    assert DATA.map["columns"] == 36

"""The five scenarios' victory conditions (SW-60..64) and the result the campaign layer
reads from ``Outcome.details``."""

from __future__ import annotations

import json
from dataclasses import replace

from games.engines.earlydays import scenarios, sequence
from games.engines.earlydays.state import CONVOY, END, OBJECTIVE, PRIZE, TRANSPORT, Effect

from .helpers import IMPERIAL, REBEL, E, dice, hold_all, ok, position, unit


def flights(prefix, n, type_="x_wing", **kw):
    return [unit(f"{prefix}{i}a", type_, f"{10 + i:02d}05", "E", **kw) for i in range(1, n + 1)]


def freighters(n, **kw):
    return [
        unit(f"I{10 + i}", "light_freighter", f"{30:02d}{i:02d}", "W", role=CONVOY, value=0, **kw)
        for i in range(1, n + 1)
    ]


def dead(u):
    return replace(u, status="destroyed", fighters=0)


def away(u, edge="west"):
    return replace(u, status="withdrawn", hex="", exit=edge)


def judge(*units, scenario, final=False, **kw):
    turn = 12 if final else 3
    return scenarios.check(position(*units, scenario=scenario, turn=turn, **kw))


TIES = flights("I", 1, "tie_fighter")


# -- SW-60 convoy raid ---------------------------------------------------------------------------------------
def test_convoy_rebels_win_destroying_75_percent_and_losing_at_most_half_sw_60():
    rebels, convoy = flights("R", 4), freighters(4)
    got = judge(
        dead(rebels[0]),
        dead(rebels[1]),
        *rebels[2:],
        *map(dead, convoy[:3]),
        convoy[3],
        *TIES,
        scenario="convoy_raid",
        final=True,
    )
    assert (got.winners, got.reason) == ((REBEL,), "convoy_destroyed")


def test_convoy_a_rebel_win_comes_as_soon_as_no_freighter_is_left_on_the_map_sw_60():
    rebels, convoy = flights("R", 2), freighters(4)
    got = judge(*rebels, *map(dead, convoy[:3]), away(convoy[3]), *TIES, scenario="convoy_raid")
    assert got.winners == (REBEL,)


def test_convoy_imperials_win_by_destroying_more_than_half_the_rebel_units_sw_60():
    rebels = flights("R", 4)
    got = judge(*map(dead, rebels[:3]), rebels[3], *freighters(4), *TIES, scenario="convoy_raid")
    assert (got.winners, got.reason) == ((IMPERIAL,), "rebel_losses")


def test_convoy_imperials_win_once_too_many_freighters_escaped_sw_60():
    convoy = freighters(4)
    got = judge(*flights("R", 2), *map(away, convoy[:2]), *convoy[2:], *TIES, scenario="convoy_raid")
    assert (got.winners, got.reason) == ((IMPERIAL,), "convoy_saved")


def test_convoy_the_imperials_win_at_the_end_if_the_convoy_survived_sw_60():
    got = judge(*flights("R", 2), *freighters(4), *TIES, scenario="convoy_raid", final=True)
    assert (got.winners, got.reason) == ((IMPERIAL,), "convoy_saved")


def test_convoy_an_undecided_raid_plays_on():
    assert judge(*flights("R", 2), *freighters(4), *TIES, scenario="convoy_raid") is None


# -- SW-61 outpost assault -------------------------------------------------------------------------------------
POST = unit("I1", "outpost", "1812", role=OBJECTIVE, value=25)


def test_outpost_rebels_win_destroying_it_with_less_than_75_percent_losses_sw_61():
    rebels = flights("R", 4)
    got = judge(dead(rebels[0]), *rebels[1:], dead(POST), *TIES, scenario="outpost_assault")
    assert (got.winners, got.reason) == ((REBEL,), "outpost_destroyed")


def test_outpost_destroyed_at_75_percent_losses_or_more_is_a_draw_seed():
    rebels = flights("R", 4)
    got = judge(*map(dead, rebels[:3]), rebels[3], dead(POST), *TIES, scenario="outpost_assault")
    assert got.draw and got.reason == "outpost_destroyed_at_great_cost"


def test_outpost_losses_are_counted_in_points_so_half_a_flight_is_half_its_value():
    rebels = flights("R", 2)
    hurt = [replace(r, fighters=1) for r in rebels]  # 75% of 20 points lost
    got = judge(*hurt, dead(POST), *TIES, scenario="outpost_assault")
    assert got.draw
    assert got.details["sides"]["rebels"]["points_lost"] == 15


def test_outpost_imperials_win_by_holding_it_to_the_end_sw_61():
    got = judge(*flights("R", 2), POST, *TIES, scenario="outpost_assault", final=True)
    assert (got.winners, got.reason) == ((IMPERIAL,), "outpost_held")


# -- SW-62 hostage situation -------------------------------------------------------------------------------------
STATION = unit("R9", "station", "1812", role=OBJECTIVE, value=0)
FREIGHTER = unit("R8", "light_freighter", "1612", "E", role=TRANSPORT, value=0)


def test_hostage_rebels_win_once_the_specialists_are_retrieved_sw_62():
    got = judge(*flights("R", 1), STATION, FREIGHTER, *TIES, scenario="hostage", retrieved=True)
    assert (got.winners, got.reason) == ((REBEL,), "hostages_retrieved")


def test_hostage_imperials_win_destroying_the_transport_and_half_the_rebel_points_sw_62():
    rebels = flights("R", 2)
    got = judge(dead(rebels[0]), rebels[1], STATION, dead(FREIGHTER), *TIES, scenario="hostage")
    assert (got.winners, got.reason) == ((IMPERIAL,), "transport_destroyed")


def test_hostage_the_transport_alone_is_not_enough_for_the_imperials_seed():
    rebels = flights("R", 3)
    assert judge(*rebels, STATION, dead(FREIGHTER), *TIES, scenario="hostage") is None
    got = judge(*rebels, STATION, dead(FREIGHTER), *TIES, scenario="hostage", final=True)
    assert got.draw and got.reason == "no_decision"


def test_hostage_an_uncontested_transport_wins_when_the_imperials_leave_sw_h2():
    got = judge(*flights("R", 1), STATION, FREIGHTER, away(TIES[0]), scenario="hostage")
    assert (got.winners, got.reason) == ((REBEL,), "uncontested")


def _hostage(turn, dock_turn):
    tie = unit("I1a", "tie_fighter", "3020", "W")
    transport = unit("R8", "light_freighter", "1612", "E", role=TRANSPORT, value=0)
    return position(
        *flights("R", 1),
        STATION,
        transport,
        tie,
        scenario="hostage",
        turn=turn,
        dock_turn=dock_turn,
        dock_revealed=True,
        moved=("R1a",),
    )


def test_hostage_the_transport_docks_ending_its_move_next_to_the_station_from_the_d6_turn_sw_62():
    state = ok(_hostage(turn=3, dock_turn=3), REBEL, "move R8 F").state
    state = ok(state, REBEL, "end R8").state
    assert state.unit("R8").docked == "R9"
    early = ok(ok(_hostage(turn=2, dock_turn=3), REBEL, "move R8 F").state, REBEL, "end R8").state
    assert early.unit("R8").docked == ""


def test_hostage_a_transport_docked_through_an_end_phase_retrieves_them_sw_62():
    state = ok(_hostage(turn=3, dock_turn=3), REBEL, "move R8 F").state
    state = ok(state, REBEL, "end R8").state
    state = ok(state, IMPERIAL, "stop I1a W").state
    for seat in sorted(E.active_seats(state)):
        state = hold_all(state, seat).state
    assert state.retrieved and state.outcome.winners == (REBEL,)


def test_hostage_the_d6_is_revealed_to_all_when_its_turn_begins_sw_62():
    state = position(*flights("R", 1), STATION, FREIGHTER, *TIES, scenario="hostage", turn=2, dock_turn=3)
    state, evs = sequence.start_turn(state, dice())
    revealed = [e for e in evs if e.kind == "dock_turn_revealed"]
    assert revealed and revealed[0].audience is None and state.dock_revealed
    assert E.view(state, IMPERIAL)["dock_turn"] == 3


# -- SW-63 fighter clash -------------------------------------------------------------------------------------------
def test_clash_the_side_that_destroyed_more_points_wins_sw_63():
    rebels, ties = flights("R", 2), flights("I", 2, "tie_fighter")
    got = judge(dead(rebels[0]), rebels[1], *map(dead, ties), scenario="fighter_clash")
    assert (got.winners, got.reason) == ((REBEL,), "more_destroyed")


def test_clash_equal_losses_are_a_draw_sw_63():
    rebels, ties = flights("R", 2), flights("I", 2, "tie_fighter")
    got = judge(dead(rebels[0]), rebels[1], dead(ties[0]), ties[1], scenario="fighter_clash", final=True)
    assert got.draw and got.reason == "even_losses"


def test_clash_is_decided_only_at_the_end():
    rebels, ties = flights("R", 2), flights("I", 2, "tie_fighter")
    assert judge(dead(rebels[0]), rebels[1], *ties, scenario="fighter_clash") is None


def test_withdrawn_units_are_not_lost_sw_07():
    rebels, ties = flights("R", 2), flights("I", 2, "tie_fighter")
    got = judge(*map(away, rebels), dead(ties[0]), ties[1], scenario="fighter_clash")
    assert got.winners == (REBEL,)
    assert got.details["sides"]["rebels"]["units_withdrawn"] == ["R1a", "R2a"]


# -- SW-64 steal starship -----------------------------------------------------------------------------------------
YARD = unit("I5", "shipyard", "1812", role=OBJECTIVE, value=25)
PRIZE_SHIP = unit("I6", "corvette_imperial", "1912", "E", role=PRIZE, inactive=True, value=0)
COMMANDOS = unit("R8", "light_freighter", "1612", "E", role=TRANSPORT, value=0)


def _steal(**kw):
    ties = flights("I", 1, "tie_fighter")
    return position(
        *flights("R", 1, "y_wing"), COMMANDOS, YARD, PRIZE_SHIP, *ties, scenario="steal_starship", **kw
    )


def test_steal_the_transport_docked_with_the_corvette_through_an_end_phase_captures_it_sw_64():
    docked = replace(COMMANDOS, hex="2012", docked="I6")
    state = replace(_steal(), units=tuple(docked if u.id == "R8" else u for u in _steal().units))
    state, evs = sequence.continue_end(replace(state, step=END, end_queue=("dock",)), dice())
    prize = state.unit("I6")
    assert state.captured and (prize.seat, prize.inactive) == (REBEL, False)
    assert any(e.kind == "starship_captured" for e in evs)


def test_steal_imperials_win_destroying_the_transport_and_half_the_raiders_sw_64():
    state = _steal()
    units = [dead(u) if u.id in ("R8", "R1a") else u for u in state.units]
    got = scenarios.check(replace(state, units=tuple(units)))
    assert (got.winners, got.reason) == ((IMPERIAL,), "raiders_driven_off")


def test_steal_capturing_the_patrol_ship_the_primary_objective_wins_at_once_seed():
    """[SEED] "Rebel Primary Objective: Capture the Patrol Ship": the game ends with it, in
    any turn, whatever the TIEs still on the map."""
    state = _steal(turn=3, captured=True)
    prize = replace(PRIZE_SHIP, seat=REBEL, inactive=False)
    got = scenarios.check(replace(state, units=tuple(prize if u.id == "I6" else u for u in state.units)))
    assert (got.winners, got.reason) == ((REBEL,), "starship_captured")
    assert got.details["objectives"]["starship_captured"]


def test_steal_the_game_goes_on_while_the_corvette_can_still_be_captured_with_no_tie_left_seed():
    """Destroying the garrison is only a secondary objective: with the TIEs gone the
    commandos still have the corvette to capture, and the game goes on until the capture is
    made or cannot be made (the turn limit, SW-H3)."""
    state = _steal(turn=3)
    no_ties = replace(state, units=tuple(dead(u) if u.id == "I1a" else u for u in state.units))
    assert scenarios.check(no_ties) is None
    gone = replace(no_ties, units=tuple(away(u, "east") if u.id == "I1a" else u for u in no_ties.units))
    assert scenarios.check(gone) is None
    got = scenarios.check(replace(no_ties, turn=12))
    assert got.draw and got.reason == "no_decision"
    assert not got.details["objectives"]["starship_captured"]


def test_steal_a_game_without_ties_ends_with_the_capture_seed():
    """Played through: the last TIE flight dies, the commandos dock and capture."""
    commandos = replace(COMMANDOS, hex="2012", docked="I6")
    state = _steal(turn=3)
    units = tuple(commandos if u.id == "R8" else dead(u) if u.id == "I1a" else u for u in state.units)
    state, _ = sequence.continue_end(replace(state, units=units, step=END, end_queue=()), dice())
    assert state.outcome is None and state.turn == 4  # no TIE left, the game goes on
    state, _ = sequence.continue_end(replace(state, step=END, end_queue=("dock",)), dice())
    assert (state.outcome.winners, state.outcome.reason) == ((REBEL,), "starship_captured")


def test_steal_a_transport_that_left_the_map_cannot_capture_a_draw_at_once_sw_07_sw_h3():
    state = _steal(turn=3)
    got = scenarios.check(replace(state, units=tuple(away(u) if u.id == "R8" else u for u in state.units)))
    assert got.draw and got.reason == "no_decision"


def test_steal_with_the_transport_destroyed_the_imperials_may_still_drive_the_raiders_off_seed():
    """The capture can no longer be made, but the Imperial objective can still be met."""
    ys = flights("R", 2, "y_wing")
    state = position(*ys, dead(COMMANDOS), YARD, PRIZE_SHIP, *TIES, scenario="steal_starship", turn=3)
    assert scenarios.check(state) is None
    no_ties = replace(state, units=tuple(dead(u) if u.id == "I1a" else u for u in state.units))
    got = scenarios.check(no_ties)  # nothing left to drive them off with
    assert got.draw and got.reason == "no_decision"


def test_steal_the_transport_is_not_one_of_the_raiders_seed():
    """[SEED] "Destroy at least 50% of the Rebel Raiders and the Transport": the transport
    (here the declared corvette) counts apart, not towards the raiders' 50%."""
    ys = flights("R", 2, "y_wing")
    ship = replace(COMMANDOS, type="corvette_rebel", value=30)
    base = dict(scenario="steal_starship", turn=3)
    one_of_two = position(dead(ys[0]), ys[1], dead(ship), YARD, PRIZE_SHIP, *TIES, **base)
    assert (scenarios.check(one_of_two).winners, scenarios.check(one_of_two).reason) == (
        (IMPERIAL,),
        "raiders_driven_off",
    )
    three = flights("R", 3, "y_wing")
    one_of_three = position(dead(three[0]), *three[1:], dead(ship), YARD, PRIZE_SHIP, *TIES, **base)
    assert scenarios.check(one_of_three) is None  # 10 of 30 raider points, the ship apart


def test_steal_no_capture_and_no_drive_off_is_a_draw_at_the_turn_limit_sw_h3():
    assert scenarios.check(_steal(turn=11)) is None
    got = scenarios.check(_steal(turn=12))
    assert got.draw and got.reason == "no_decision"


def test_hostage_neither_retrieval_nor_rebel_losses_is_a_draw_at_the_turn_limit_sw_h3():
    rebels = flights("R", 2)
    assert judge(*rebels, STATION, FREIGHTER, *TIES, scenario="hostage") is None
    got = judge(*rebels, STATION, FREIGHTER, *TIES, scenario="hostage", final=True)
    assert got.draw and got.reason == "no_decision"


def test_steal_secondary_objectives_are_reported_seed():
    state = _steal(turn=12)
    units = [dead(u) if u.id in ("I5", "I1a") else u for u in state.units]
    details = scenarios.check(replace(state, units=tuple(units))).details
    assert details["objectives"] == {
        "starship_captured": False,
        "garrison_destroyed": True,
        "shipyard_disabled_or_destroyed": True,
    }


def test_steal_a_disabled_shipyard_counts_for_the_secondary_objective():
    yard = replace(YARD, effects=(Effect("disabled", 1),))
    state = _steal(turn=12)
    details = scenarios.check(
        replace(state, units=tuple(yard if u.id == "I5" else u for u in state.units))
    ).details
    assert details["objectives"]["shipyard_disabled_or_destroyed"]


# -- the result for the campaign layer -------------------------------------------------------------------------------
def test_the_outcome_details_report_winner_points_lost_and_units_per_side():
    rebels, ties = flights("R", 2), flights("I", 2, "tie_fighter")
    got = judge(
        replace(rebels[0], fighters=2),
        rebels[1],
        dead(ties[0]),
        away(ties[1]),
        scenario="fighter_clash",
        final=True,
    )
    d = got.details
    assert json.loads(json.dumps(d)) == d
    assert (d["scenario"], d["result"], d["winner"], d["turns"]) == ("fighter_clash", "rebels", REBEL, 12)
    reb, imp = d["sides"]["rebels"], d["sides"]["imperials"]
    assert (reb["force_points"], reb["points_lost"], reb["units_lost"]) == (20, 5, 0)
    assert reb["units_surviving"] == ["R1a", "R2a"]
    assert (imp["points_lost"], imp["units_destroyed"], imp["units_withdrawn"]) == (10, ["I1a"], ["I2a"])
    assert reb["units"][0] == {
        "id": "R1a",
        "type": "x_wing",
        "role": "",
        "status": "active",
        "fighters": 2,
        "start_fighters": 4,
        "vader": False,
        "value": 10,
        "points_lost": 5,
    }
    assert got.scores == {REBEL: 10, IMPERIAL: 5}


def test_the_result_says_what_ended_the_game_the_turn_limit_sw_08():
    rebels, ties = flights("R", 2), flights("I", 2, "tie_fighter")
    limit = judge(rebels[0], rebels[1], dead(ties[0]), ties[1], scenario="fighter_clash", final=True)
    assert limit.details["ended_by"] == "turn_limit" and limit.details["turn_limit"] == 12
    wiped = judge(*rebels, *map(dead, ties), scenario="fighter_clash")
    assert wiped.details["ended_by"] == "nothing_left" and wiped.details["turns"] == 3
    post = unit("I5", "outpost", "1812", status="destroyed", hull=0, value=25)
    won = judge(*rebels, post, *ties, scenario="outpost_assault")
    assert (won.reason, won.details["ended_by"]) == ("outpost_destroyed", "scenario")
    held = judge(
        *rebels, replace(post, status="active", hull=20), *ties, scenario="outpost_assault", final=True
    )
    assert (held.reason, held.details["ended_by"]) == ("outpost_held", "turn_limit")


def test_the_game_over_event_and_the_outcome_agree():
    state = position(*flights("R", 1), *TIES, turn=12, step=END)
    state, evs = sequence.continue_end(replace(state, end_queue=()), dice())
    over = next(e for e in evs if e.kind == "game_over")
    assert over.data["draw"] == state.outcome.draw and over.data["reason"] == state.outcome.reason
    assert E.outcome(state) is state.outcome


def test_convoy_freighters_leaving_by_another_edge_are_stopped_sw_h1():
    convoy = freighters(4)
    back = [replace(u, status="withdrawn", hex="", exit="east") for u in convoy[:3]]
    got = judge(*flights("R", 2), *back, convoy[3], *TIES, scenario="convoy_raid", final=True)
    assert got.winners == (REBEL,)
    assert got.details["objectives"]["convoy_turned_back"] == 3


def test_convoy_freighters_leaving_by_the_rebel_edge_are_saved_sw_60():
    convoy = freighters(4)
    through = [replace(u, status="withdrawn", hex="", exit="west") for u in convoy[:2]]
    got = judge(*flights("R", 2), *through, *convoy[2:], *TIES, scenario="convoy_raid")
    assert (got.winners, got.details["objectives"]["convoy_escaped"]) == ((IMPERIAL,), 2)


def test_steal_the_commandos_dock_by_ending_their_move_beside_the_corvette_sw_64():
    commandos = replace(COMMANDOS, hex="2112", facing=4)  # two hexes east of the corvette, facing W
    state = _steal(moved=("R1a",))
    state = replace(state, units=tuple(commandos if u.id == "R8" else u for u in state.units))
    state = ok(state, REBEL, "move R8 F").state
    state = ok(state, REBEL, "end R8").state
    assert state.unit("R8").docked == "I6"
    state = ok(state, IMPERIAL, "stop I1a E").state
    for seat in sorted(E.active_seats(state)):
        state = hold_all(state, seat).state
    assert state.captured and state.unit("I6").seat == REBEL
    assert state.outcome.winners == (REBEL,) and state.turn == 1

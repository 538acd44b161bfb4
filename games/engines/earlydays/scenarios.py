"""The five scenarios: the units they add and place (SW-60..64), docking, victory, and the
result the campaign layer reads (``Outcome.details``)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from ..base import Event, Outcome
from .data import DATA, FALCON, IMPERIAL, REBEL, SHIP, SIDES, STATION, Scenario, side_name
from .forces import entry_id, flight_value
from .geometry import (
    adjacent,
    centre,
    deploy_facing,
    edge_centre,
    hex_distance,
    name_of,
    own_edge,
    step,
    zone,
)
from .state import (
    ACTIVE,
    CONVOY,
    DESTROYED,
    OBJECTIVE,
    PRIZE,
    RESERVE,
    TRANSPORT,
    WITHDRAWN,
    Entry,
    State,
    Unit,
    with_unit,
)
from .units import is_disabled, lost_value

LETTERS = "abc"


# -- units at the reveal -----------------------------------------------------------------------------
def units_of(e: Entry, seat: int) -> list[Unit]:
    t = DATA.units[e.type]
    if t.flights:
        vader = "vader" in e.options
        return [
            Unit(
                f"{e.id}{LETTERS[i]}",
                seat,
                e.type,
                e.id,
                e.options,
                fighters=t.fighters,
                vader=vader and i == 0,
                value=flight_value(e, False),
                hero_value=flight_value(e, True) - flight_value(e, False) if vader and i == 0 else 0,
            )
            for i in range(e.flights)
        ]
    return [
        _ship(e.id, seat, e.type, e.id, e.options, flight_value(e, False), TRANSPORT if e.transport else "")
    ]


def _ship(
    uid: str, seat: int, type_: str, entry: str, options: tuple[str, ...], value: int, role: str
) -> Unit:
    t = DATA.units[type_]
    return Unit(
        uid, seat, type_, entry, options, role=role, hull=t.hull, shield=t.shield, hits=t.hits, value=value
    )


def reveal(state: State) -> tuple[State, list[Event]]:
    """Both force lists are sealed: reveal them together and put the units in play."""
    sc = DATA.scenarios[state.scenario]
    units: list[Unit] = [
        u for seat in (REBEL, IMPERIAL) for e in state.drafts[seat] for u in units_of(e, seat)
    ]
    nxt = list(state.next_entry)

    def new_id(seat: int) -> str:
        nxt[seat] += 1
        return entry_id(seat, nxt[seat] - 1)

    for seat in (REBEL, IMPERIAL):
        rules = sc.sides[seat]
        falcon = next((u for u in units if u.seat == seat and u.kind.cls == FALCON), None)
        if rules.transport:  # SW-62, SW-64: a free transport unless declared or the Falcon
            declared = next((u for u in units if u.seat == seat and u.role == TRANSPORT), None)
            if falcon is not None:
                units = [replace(u, role=TRANSPORT) if u is falcon else u for u in units]
            elif declared is None:
                units.append(_ship(new_id(seat), seat, rules.transport, "", (), 0, TRANSPORT))
    if sc.get("convoy_points"):  # [SEED] SW-60: per 20 points, 2 light and 1 heavy freighter
        groups = state.points // sc.get("convoy_points")
        light = groups * sc.get("convoy_light")
        kinds = ["heavy_freighter"] * groups * sc.get("convoy_heavy") + ["light_freighter"] * light
        units += [_ship(new_id(IMPERIAL), IMPERIAL, k, "", (), 0, CONVOY) for k in kinds]
    station = sc.get("station")
    if station:  # SW-62 hostages' station, SW-64 shipyard
        seat = REBEL if sc.get("station_side") == "rebel" else IMPERIAL
        units.append(_ship(new_id(seat), seat, station, "", (), DATA.units[station].cost, OBJECTIVE))
    if sc.get("prize"):  # SW-64: the inactive corvette, not paid for
        units.append(
            replace(_ship(new_id(IMPERIAL), IMPERIAL, sc.get("prize"), "", (), 0, PRIZE), inactive=True)
        )
    units = [replace(u, role=OBJECTIVE) if u.kind.cls == STATION and not u.role else u for u in units]
    state = replace(state, forces=state.drafts, units=tuple(units), next_entry=tuple(nxt))
    state = _place_scenario_units(state)
    return state, [Event("forces_revealed", {"forces": [_force_json(state, s) for s in (REBEL, IMPERIAL)]})]


def _force_json(state: State, seat: int) -> dict[str, Any]:
    from .forces import entry_cost, to_json

    return {
        "seat": seat,
        "cost": sum(entry_cost(e) for e in state.drafts[seat]),
        **to_json(state.drafts[seat]),
    }


def _place_scenario_units(state: State) -> State:
    """SW-60..64: stations at the centre, the prize beside them, the convoy at its edge."""
    mid = centre()
    convoy_hexes = iter(sorted(zone(IMPERIAL), key=lambda h: (hex_distance(h, edge_centre(IMPERIAL)), h)))
    for u in state.units:
        if u.role == OBJECTIVE:
            state = with_unit(state, replace(u, hex=mid, facing=deploy_facing(u.seat), status=ACTIVE))
        elif u.role == PRIZE:
            state = with_unit(state, replace(u, hex=name_of(step(mid, 1)), facing=0, status=ACTIVE))
        elif u.role == CONVOY:
            place = next(h for h in convoy_hexes if state.at(h) is None)
            state = with_unit(state, replace(u, hex=place, facing=deploy_facing(u.seat), status=ACTIVE))
    return state


# -- docking (SW-62, SW-64) ---------------------------------------------------------------------------
def dock_target(state: State, u: Unit) -> str:
    """What the transport is docked with at the end of its movement, if anything."""
    if u.role != TRANSPORT or u.status != ACTIVE:
        return ""
    for t in state.units:
        if t.status != ACTIVE or not adjacent(u.hex, t.hex):
            continue
        if state.scenario == "hostage" and t.role == OBJECTIVE and state.turn >= state.dock_turn:
            return t.id
        if state.scenario == "steal_starship" and t.role == PRIZE and t.seat == IMPERIAL:
            return t.id
    return ""


def dock_end(state: State) -> tuple[State, list[Event]]:
    """A transport still docked after this End phase's shots has done its job."""
    events = []
    for u in state.units:
        t = state.unit(u.docked) if u.docked else None
        if u.status != ACTIVE or t is None or t.status != ACTIVE or not adjacent(u.hex, t.hex):
            continue
        if state.scenario == "hostage":
            state = replace(state, retrieved=True)
            events.append(Event("hostages_retrieved", {"transport": u.id, "station": t.id}))
        elif state.scenario == "steal_starship" and t.seat == IMPERIAL:
            state = with_unit(state, replace(t, seat=REBEL, inactive=False))
            state = replace(with_unit(state, replace(u, docked="")), captured=True)
            events.append(Event("starship_captured", {"transport": u.id, "ship": t.id}))
    return state, events


# -- victory -----------------------------------------------------------------------------------------
def fighting(state: State, seat: int) -> list[Unit]:
    """Units that still count as "something left on the map" (SW-08)."""
    return [
        u for u in state.on_map(seat) if not u.inactive and not (u.kind.cls == STATION and not u.kind.weapons)
    ]


def value(state: State, seat: int) -> int:
    return sum(u.value + u.hero_value for u in state.side(seat))


def lost(state: State, seat: int) -> Fraction:
    return sum((lost_value(u) for u in state.side(seat)), Fraction(0))


def check(state: State) -> Outcome | None:
    """SW-11 step 5 and SW-08: the scenario's victory conditions, or None to play on.

    The result says what ended the game (``details["ended_by"]``): the scenario's own
    conditions, a side with nothing left on the map, or the turn limit (SW-08)."""
    nothing_left = not fighting(state, REBEL) or not fighting(state, IMPERIAL)
    final = state.turn >= state.turn_limit or nothing_left
    judge = JUDGES[state.scenario]
    got = judge(state, final)
    if got is None:
        return None
    if not final or judge(state, False) is not None:
        ended_by = "scenario"
    else:
        ended_by = "nothing_left" if nothing_left else "turn_limit"
    winner, reason = got
    return outcome(state, winner, reason, ended_by)


def _pct(part: Fraction | int, whole: int, at_least: int) -> bool:
    return whole > 0 and part * 100 >= at_least * whole


def _stopped_convoy(u: Unit) -> bool:
    """SW-60: a freighter is saved by leaving the opposite (Rebel) edge. SW-H1: one that
    leaves by any other edge did not get through either, so the escort cannot save the
    convoy by flying it back off its own edge (SW-07 alone would count it as not lost)."""
    if u.status == DESTROYED:
        return True
    elsewhere = u.status == WITHDRAWN and u.exit != own_edge(REBEL)
    return elsewhere and bool(DATA.scenarios["convoy_raid"].get("stopped_off_other_edges"))


def _convoy(state: State, final: bool) -> tuple[int | None, str] | None:
    sc = DATA.scenarios["convoy_raid"]
    convoy = [u for u in state.units if u.role == CONVOY]
    destroyed = sum(1 for u in convoy if _stopped_convoy(u))
    left = sum(1 for u in convoy if u.status == ACTIVE)
    rebels = state.side(REBEL)
    lost_units = sum(1 for u in rebels if u.status == DESTROYED)
    if lost_units * 100 > sc.get("rebel_losses_max") * len(rebels):
        return IMPERIAL, "rebel_losses"
    if (destroyed + left) * 100 < sc.get("destroyed_to_win") * len(convoy):
        return IMPERIAL, "convoy_saved"
    if destroyed * 100 >= sc.get("destroyed_to_win") * len(convoy) and (final or left == 0):
        return REBEL, "convoy_destroyed"
    return (IMPERIAL, "convoy_saved") if final else None


def _outpost(state: State, final: bool) -> tuple[int | None, str] | None:
    post = next((u for u in state.units if u.type == "outpost"), None)
    if post is not None and post.status == DESTROYED:
        if _pct(
            lost(state, REBEL), value(state, REBEL), DATA.scenarios["outpost_assault"].get("losses_for_draw")
        ):
            return None, "outpost_destroyed_at_great_cost"
        return REBEL, "outpost_destroyed"
    return (IMPERIAL, "outpost_held") if final else None


def _hostage(state: State, final: bool) -> tuple[int | None, str] | None:
    if state.retrieved:
        return REBEL, "hostages_retrieved"
    transport = next((u for u in state.side(REBEL) if u.role == TRANSPORT), None)
    gone = transport is None or transport.status == DESTROYED
    whole = value(state, REBEL)
    if gone and (
        whole == 0 or _pct(lost(state, REBEL), whole, DATA.scenarios["hostage"].get("imperial_destroy"))
    ):
        return IMPERIAL, "transport_destroyed"
    if not final:
        return None
    sc = DATA.scenarios["hostage"]
    unopposed = transport is not None and transport.status == ACTIVE and not fighting(state, IMPERIAL)
    if unopposed and sc.get("uncontested_transport"):  # SW-H2
        return REBEL, "uncontested"
    return at_turn_limit(sc)


def _clash(state: State, final: bool) -> tuple[int | None, str] | None:
    if not final:
        return None
    by_rebels, by_imperials = lost(state, IMPERIAL), lost(state, REBEL)
    if by_rebels == by_imperials:
        return None, "even_losses"
    return (REBEL if by_rebels > by_imperials else IMPERIAL), "more_destroyed"


def _steal(state: State, final: bool) -> tuple[int | None, str] | None:
    """SW-64 clause by clause. The Rebels' primary objective, the capture, wins at once;
    the Imperials win by destroying the transport and half the raiders (in points, the
    transport not among them). The game goes on while the capture can still be made,
    even with no TIE left, and, once it cannot, while the Imperials can still drive the
    raiders off; then it ends (SW-H3: a draw). The secondary objectives are reported."""
    if state.captured:
        return REBEL, "starship_captured"
    sc = DATA.scenarios["steal_starship"]
    transport = next((u for u in state.side(REBEL) if u.role == TRANSPORT), None)
    raiders = [u for u in state.side(REBEL) if u is not transport]
    raiders_lost = sum((lost_value(u) for u in raiders), Fraction(0))
    raiders_value = sum(u.value + u.hero_value for u in raiders)
    gone = transport is None or transport.status == DESTROYED
    if gone and _pct(raiders_lost, raiders_value, sc.get("imperial_destroy")):
        return IMPERIAL, "raiders_driven_off"
    at_limit = state.turn >= state.turn_limit
    prize = next((u for u in state.units if u.role == PRIZE), None)
    capturable = (
        transport is not None
        and transport.status == ACTIVE
        and prize is not None
        and prize.status == ACTIVE
        and prize.seat == IMPERIAL
    )
    if capturable and not at_limit:
        return None
    withdrawn = transport is not None and transport.status == WITHDRAWN  # it cannot be destroyed now
    if not final and not withdrawn:
        return None
    return at_turn_limit(sc)


def at_turn_limit(sc: Scenario) -> tuple[int | None, str]:
    """SW-H3: the game is over (SW-08) and no side has won: the scenario's default result."""
    result = sc.get("at_turn_limit", "draw")
    if result in SIDES:
        return SIDES.index(result), "turn_limit"
    return None, "no_decision"


JUDGES = {
    "convoy_raid": _convoy,
    "outpost_assault": _outpost,
    "hostage": _hostage,
    "fighter_clash": _clash,
    "steal_starship": _steal,
}


# -- the result ----------------------------------------------------------------------------------------
def _num(x: Fraction) -> int | float:
    return int(x) if x.denominator == 1 else round(float(x), 2)


def _side(state: State, seat: int) -> dict[str, Any]:
    units = state.side(seat)
    return {
        "seat": seat,
        "name": side_name(seat),
        "force_points": value(state, seat),
        "points_lost": _num(lost(state, seat)),
        "units_lost": sum(1 for u in units if u.status == DESTROYED),
        "units_destroyed": [u.id for u in units if u.status == DESTROYED],
        "units_withdrawn": [u.id for u in units if u.status == WITHDRAWN],
        "units_surviving": [u.id for u in units if u.status in (ACTIVE, RESERVE)],
        "units": [
            {
                "id": u.id,
                "type": u.type,
                "role": u.role,
                "status": u.status,
                "fighters": u.fighters,
                "start_fighters": u.kind.fighters if u.is_flight else 0,
                "vader": u.vader,
                "value": u.value + u.hero_value,
                "points_lost": _num(lost_value(u)),
            }
            for u in units
        ],
    }


def objectives(state: State) -> dict[str, Any]:
    sc = DATA.scenarios[state.scenario]
    out: dict[str, Any] = {}
    if state.scenario == "convoy_raid":
        convoy = [u for u in state.units if u.role == CONVOY]
        out = {
            "convoy": len(convoy),
            "convoy_destroyed": sum(1 for u in convoy if u.status == DESTROYED),
            "convoy_turned_back": sum(1 for u in convoy if u.status == WITHDRAWN and _stopped_convoy(u)),
            "convoy_escaped": sum(1 for u in convoy if u.status == WITHDRAWN and not _stopped_convoy(u)),
        }
    elif state.scenario == "outpost_assault":
        post = next((u for u in state.units if u.type == "outpost"), None)
        out = {"outpost_destroyed": post is not None and post.status == DESTROYED}
    elif state.scenario == "hostage":
        out = {"dock_turn": state.dock_turn, "hostages_retrieved": state.retrieved}
    elif state.scenario == "steal_starship":
        yard = next((u for u in state.units if u.role == OBJECTIVE), None)
        out = {
            "starship_captured": state.captured,
            "garrison_destroyed": _pct(
                lost(state, IMPERIAL), value(state, IMPERIAL), sc.get("garrison_destroy")
            ),
            "shipyard_disabled_or_destroyed": yard is not None
            and (yard.status == DESTROYED or is_disabled(yard)),
        }
    return out


def outcome(state: State, winner: int | None, reason: str, ended_by: str = "scenario") -> Outcome:
    details = {
        "scenario": state.scenario,
        "scenario_name": DATA.scenarios[state.scenario].name,
        "result": "draw" if winner is None else ("rebels", "imperials")[winner],
        "winner": winner,
        "reason": reason,
        "ended_by": ended_by,
        "turns": state.turn,
        "turn_limit": state.turn_limit,
        "points": state.points,
        "sides": {"rebels": _side(state, REBEL), "imperials": _side(state, IMPERIAL)},
        "objectives": objectives(state),
    }
    scores = {REBEL: int(lost(state, IMPERIAL)), IMPERIAL: int(lost(state, REBEL))}
    if winner is None:
        return Outcome((), draw=True, reason=reason, scores=scores, details=details)
    return Outcome((winner,), reason=reason, scores=scores, details=details)


__all__ = ["SHIP", "check", "dock_end", "dock_target", "outcome", "reveal"]

"""Force lists: cost, validation against the budget and the scenario, and draft editing.

A force list is JSON: ``{"units": [{"type": "x_wing", "flights": 2, "options":
["proton_torpedoes"], "transport": false}, ...]}``. ``validate_force`` and ``force_cost``
are pure and public: the saved "force list" model of the server calls them. In a match the
list is built with granular sealed moves (buy, flights, option, transport, drop, seal),
each of which keeps the draft valid; ``build_moves`` turns a saved list into those moves.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any, TypeGuard

from ..base import Invalid, Move
from .data import DATA, FALCON, IMPERIAL, REBEL, RULES, SHIP, SIDES, STATION, Scenario, side_name
from .state import Entry

LETTERS = ("R", "I")
SIDE_NAMES = {"rebel": REBEL, "rebels": REBEL, "imperial": IMPERIAL, "imperials": IMPERIAL}


def seat_of(side: int | str) -> int | None:
    if isinstance(side, bool):
        return None
    if isinstance(side, int):
        return side if side in (REBEL, IMPERIAL) else None
    return SIDE_NAMES.get(str(side).lower())


def budget(scenario: Scenario, points: int, seat: int) -> int:
    """The points a side may spend: the match's points; in Steal Starship the Rebels match
    the Imperial fixed force with the shipyard valued as an outpost ([SEED], SW-64)."""
    fixed = scenario.sides[IMPERIAL].fixed
    if seat == REBEL and fixed:
        value = sum(DATA.units[t].cost * n for t, n in fixed)
        return value + DATA.units[scenario.get("station")].cost
    return points


def entry_cost(entry: Entry) -> int:
    """[SEED] costs: per flight for fighters (SW-09), options per flight unless "once"."""
    t = DATA.units.get(entry.type)
    if t is None:
        return 0
    n = entry.flights if t.flights else 1
    opts = sum(
        DATA.options[o].cost * (1 if DATA.options[o].once else n) for o in entry.options if o in DATA.options
    )
    return t.cost * n + opts


def flight_value(entry: Entry, vader: bool) -> int:
    """What one flight (or the ship) of an entry is worth, for points lost (SW-61..63)."""
    t = DATA.units[entry.type]
    per = t.cost + sum(DATA.options[o].cost for o in entry.options if not DATA.options[o].once)
    return per + (sum(DATA.options[o].cost for o in entry.options if DATA.options[o].once) if vader else 0)


def force_cost(force: Mapping[str, Any] | Sequence[Entry]) -> int:
    """Total points of a force list (JSON or entries); malformed lines count 0."""
    entries = force if _is_entries(force) else parse_force(force)
    if isinstance(entries, Invalid):
        return 0
    return sum(entry_cost(e) for e in entries)


def _is_entries(force: Any) -> TypeGuard[Sequence[Entry]]:
    return isinstance(force, tuple | list) and all(isinstance(e, Entry) for e in force)


def parse_force(force: Any) -> tuple[Entry, ...] | Invalid:
    """JSON force list -> entries numbered 1, 2, ...; malformed JSON is ``bad_force``."""
    if not isinstance(force, Mapping) or not isinstance(force.get("units"), list):
        return Invalid(
            "bad_force", 'A force list is {"units": [{"type": ..., "flights": ..., "options": [...]}]}.'
        )
    out = []
    for i, raw in enumerate(force["units"], 1):
        if not isinstance(raw, Mapping) or not isinstance(raw.get("type"), str):
            return Invalid("bad_force", f'Force line {i} needs a unit "type".')
        flights, options = raw.get("flights", 1), raw.get("options", [])
        transport = raw.get("transport", False)
        if not isinstance(flights, int) or isinstance(flights, bool):
            return Invalid("bad_force", f'Force line {i}: "flights" must be a whole number.')
        if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
            return Invalid("bad_force", f'Force line {i}: "options" must be a list of option names.')
        if not isinstance(transport, bool):
            return Invalid("bad_force", f'Force line {i}: "transport" must be true or false.')
        out.append(Entry(str(i), raw["type"], flights, tuple(options), transport))
    return tuple(out)


def to_json(entries: Iterable[Entry]) -> dict[str, Any]:
    return {
        "units": [
            {"type": e.type, "flights": e.flights, "options": list(e.options), "transport": e.transport}
            for e in entries
        ]
    }


def validate_force(scenario: str, points: int, side: int | str, force: Any) -> list[Invalid]:
    """Every broken rule of a complete force list, one Invalid each; [] when it may be sealed."""
    seat = seat_of(side)
    if scenario not in DATA.scenarios:
        return [
            Invalid(
                "unknown_scenario", f"There is no scenario {scenario!r}; see {', '.join(DATA.scenarios)}."
            )
        ]
    if seat is None:
        return [Invalid("bad_side", "The side is 0 / rebels or 1 / imperials.")]
    entries = parse_force(force)
    if isinstance(entries, Invalid):
        return [entries]
    return problems(DATA.scenarios[scenario], points, seat, entries, final=True)


# -- the rules --------------------------------------------------------------------------------
def _name(key: str) -> str:
    t = DATA.units.get(key)
    return t.name if t else key


def _entry_problems(sc: Scenario, seat: int, e: Entry) -> list[Invalid]:
    out: list[Invalid] = []
    rules = sc.sides[seat]
    t = DATA.units.get(e.type)
    if t is None:
        return [Invalid("unit_unknown", f"There is no unit {e.type!r}; units: {', '.join(DATA.units)}.")]
    if rules.fixed:
        return [
            Invalid(
                "force_fixed", f"In {sc.name} the {side_name(seat)} field a fixed force ([SEED], {sc.rule})."
            )
        ]
    if e.type not in rules.buy:
        can = ", ".join(rules.buy)
        out.append(
            Invalid(
                "unit_not_available",
                f"The {side_name(seat)} cannot field a {t.name} in {sc.name}; they may buy {can} ({sc.rule}).",
            )
        )
    if t.flights and not 1 <= e.flights <= t.max_flights:
        out.append(
            Invalid(
                "too_many_flights",
                f"A squadron has 1 to {t.max_flights} flights, not {e.flights} ([SEED] unit organization, SW-10).",
            )
        )
    if not t.flights and e.flights != 1:
        out.append(Invalid("not_a_squadron", f"A {t.name} is a single ship; it has no flights (SW-10)."))
    seen: dict[str, str] = {}
    for o in e.options:
        opt = DATA.options.get(o)
        if opt is None or o not in t.options:
            have = ", ".join(t.options) or "none"
            out.append(
                Invalid(
                    "option_unknown", f"{t.name} has no option {o!r}; its options: {have} ([SEED] ship list)."
                )
            )
            continue
        if o in seen:
            out.append(Invalid("option_twice", f"Option {o} is taken twice on the same {t.name} ([SEED])."))
        group = opt.group or o
        if group in seen and seen[group] != o:
            out.append(
                Invalid(
                    "option_conflict",
                    f"{t.name}: options {seen[group]} and {o} exclude each other (one {group} per craft, {DATA.option_groups[group]}).",
                )
            )
        seen[group] = o
        seen[o] = o
    if e.transport and (t.cls != SHIP or not t.light):
        out.append(
            Invalid(
                "transport_not_light_ship",
                f"Only a light ship may be declared the transport, not a {t.name} ([SEED], SW-62).",
            )
        )
    if e.transport and rules.transport is None:
        out.append(
            Invalid(
                "transport_not_allowed",
                f"{sc.name} has no transport for the {side_name(seat)} to declare ({sc.rule}).",
            )
        )
    return out


def problems(sc: Scenario, points: int, seat: int, entries: Sequence[Entry], final: bool) -> list[Invalid]:
    """All broken rules of ``entries``; ``final`` adds what only a sealed list must have."""
    out = [p for e in entries for p in _entry_problems(sc, seat, e)]
    rules = sc.sides[seat]
    known = [e for e in entries if e.type in DATA.units]
    types = [DATA.units[e.type] for e in known]
    for t in {t.key: t for t in types if t.unique}.values():
        n = sum(1 for x in types if x.key == t.key)
        if n > 1:
            why = '[SEED] "replace one of them with the falcon"' if t.cls == FALCON else "SW-H7"
            out.append(Invalid("unique_unit", f"{t.name} is unique: one per force, not {n} ({why})."))
    for t in {t.key: t for t in types if t.min_points}.values():
        if points < t.min_points:
            out.append(
                Invalid(
                    "needs_points",
                    f"{t.name} can be used in games of at least {t.min_points} points; this one is {points} ([SEED]).",
                )
            )
    falcons = [e for e in known if DATA.units[e.type].cls == FALCON]
    if falcons and rules.falcon_replaces is None:
        out.append(
            Invalid(
                "falcon_needs_transport",
                f'The Millennium Falcon only replaces a civilian transport of the defender, and the {side_name(seat)} have none in {sc.name} ([SEED] "the defender may elect to replace one of them with the falcon").',
            )
        )
    declared = [e for e in known if e.transport]
    if len(declared) + (1 if falcons and rules.transport else 0) > 1:
        out.append(
            Invalid(
                "transport_twice",
                "Only one transport may be declared; the Falcon replacing it counts as one ([SEED], SW-62).",
            )
        )
    light = [t for t in types if t.light]
    if rules.max_light_ships is not None and len(light) > rules.max_light_ships:
        out.append(
            Invalid(
                "too_many_light_ships",
                f"In {sc.name} the {side_name(seat)} take no more than {rules.max_light_ships} light ship; this list has {len(light)} ([SEED], {sc.rule}).",
            )
        )
    counts = {
        "ships": (rules.max_ships, sum(1 for t in types if t.cls in (SHIP, FALCON)), "ship"),
        "outposts": (rules.max_stations, sum(1 for t in types if t.cls == STATION), "outpost"),
        "squadrons": (rules.max_squadrons, sum(1 for t in types if t.flights), "squadron"),
    }
    for what, (limit, n, word) in counts.items():
        if limit is not None and n > limit:
            out.append(
                Invalid(
                    f"too_many_{what}",
                    f"In {sc.name} the {side_name(seat)} field at most {limit} {word}(s), not {n} ([SEED], {sc.rule}).",
                )
            )
    cost, most = sum(entry_cost(e) for e in known), budget(sc, points, seat)
    if cost > most:
        out.append(
            Invalid(
                "over_budget",
                f"That force costs {cost} points; the {side_name(seat)} may spend {most} ([SEED] points, {sc.rule}).",
            )
        )
    if final:
        out += _final_problems(sc, seat, known, types)
    return out


def _final_problems(sc: Scenario, seat: int, known: list[Entry], types: list[Any]) -> list[Invalid]:
    out = []
    rules = sc.sides[seat]
    stations = sum(1 for t in types if t.cls == STATION)
    if stations < rules.min_stations:
        out.append(
            Invalid(
                "needs_outpost",
                f"In {sc.name} the {side_name(seat)} must field the outpost they defend ({sc.rule}).",
            )
        )
    y_flights = sum(e.flights for e in known if e.type == "y_wing")
    if y_flights < rules.min_y_wing:
        out.append(
            Invalid(
                "needs_y_wing",
                f"In {sc.name} the {side_name(seat)} need at least {rules.min_y_wing} Y-wing section ([SEED], {sc.rule}).",
            )
        )
    provided = rules.transport or rules.fixed or (seat == IMPERIAL and sc.get("convoy_points"))
    least = RULES["forces"]["min_units"]
    if len(known) < least and not provided:
        out.append(
            Invalid(
                "force_empty",
                f"A force needs at least {least} unit; an empty one would lose at once (SW-H6).",
            )
        )
    return out


# -- granular editing of a draft ---------------------------------------------------------------
def edit(entries: tuple[Entry, ...], move: Move, next_id: str) -> tuple[Entry, ...] | None:
    """The draft after a build move, or None when the move names no entry of the draft."""
    if move.kind == "buy":
        return (*entries, Entry(next_id, move["unit"]))
    target = next((e for e in entries if e.id == move.get("entry")), None)
    if target is None:
        return None
    if move.kind == "drop":
        return tuple(e for e in entries if e.id != target.id)
    if move.kind == "flights":
        changed = replace(target, flights=move["n"])
    elif move.kind == "option":
        changed = replace(target, options=_toggle(target.options, move["option"]))
    elif move.kind == "transport":
        changed = replace(target, transport=not target.transport)
    else:
        raise ValueError(move.kind)
    return tuple(changed if e.id == target.id else e for e in entries)


def _toggle(options: tuple[str, ...], option: str) -> tuple[str, ...]:
    """Switch an option off, or on in place of another of its group ([SEED] either/or)."""
    if option in options:
        return tuple(o for o in options if o != option)
    spec = DATA.options.get(option)
    group = spec.group if spec else None
    kept = tuple(o for o in options if group is None or DATA.options[o].group != group)
    return (*kept, option)


def entry_id(seat: int, n: int) -> str:
    return f"{LETTERS[seat]}{n}"


def build_moves(draft: Sequence[Entry], next_n: int, seat: int, force: Any) -> list[Move] | Invalid:
    """The build moves that replace ``draft`` by the saved ``force`` and seal it."""
    entries = parse_force(force)
    if isinstance(entries, Invalid):
        return entries
    out = [Move.of("drop", entry=e.id) for e in draft]
    n = next_n
    for e in entries:
        eid = entry_id(seat, n)
        n += 1
        out.append(Move.of("buy", unit=e.type))
        if e.flights != 1:
            out.append(Move.of("flights", entry=eid, n=e.flights))
        out += [Move.of("option", entry=eid, option=o) for o in e.options]
        if e.transport:
            out.append(Move.of("transport", entry=eid))
    out.append(Move.of("seal"))
    return out


__all__ = ["SIDES", "budget", "build_moves", "entry_cost", "force_cost", "validate_force"]

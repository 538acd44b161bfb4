"""What a viewer may see: JSON-ready data a renderer can draw without knowing the rules.

Keys (stable; new keys may be added, none renamed):

- ``game``: "early-days"; ``phase``: "build" | "deploy" | "turn" | "over".
- ``scenario``: {"key", "name", "rule"}; ``points``, ``turn_limit``: the match options.
- ``map``: {"columns", "rows", "facings" (["NE", ...], facing 0..5), "zones" ({"rebel":
  [hexes], "imperial": [hexes]}), "centre", "layout": "pointy-odd-r"}.
- ``turn``: None before turn 1, else {"number", "step" ("initiative" | "move" | "shoot" |
  "end" | ""), "initiative" ({"rolls": [rebel, imperial], "winner"} or None), "first",
  "mover" (seat moving a unit now or None), "moving" (None or {"unit", "hexes", "facings",
  "straight"}), "moved" ([unit ids]), "fire_sealed" ([bool, bool]), "fire_left" ([rebel,
  imperial]: the sealed fire decisions each side still owes, one per fire slot, AS-SW-1)}.
- ``sides``: per seat {"seat", "side" ("rebel" | "imperial"), "name", "active", "sealed",
  "budget", "force" (the force sheet: [{"id", "type", "name", "flights", "options",
  "transport", "cost"}] once revealed, else None), "cost" (None until revealed),
  "orders" (None unless ``reveal_all``)}.
- ``units``: every unit in play, [{"id", "seat", "side", "type", "name", "class", "role",
  "status" ("reserve" | "active" | "destroyed" | "withdrawn"), "hex", "facing" (name),
  "fighters", "start_fighters", "vader", "falcon_hits", "hull", "shield", "max_hull",
  "max_shield", "move", "evasion", "save", "crew" ({"name", "gunnery", "piloting",
  "will"}), "torpedoes", "stopped", "panicked", "inactive", "docked", "manoeuvre",
  "steps" (where each movement step would take the unit now, as planned: {step: {"hex"
  ("" off the map), "facing", "edge"}}; the legal moves say which steps it may take),
  "effects" ([{"kind", "until", "weapon"}]), "disabled", "value", "weapons" ([{"key",
  "name", "kind", "mount", "group", "range", "working"}])}].
- ``fire``: the last revealed fire orders, [{"id", "seat", "unit", "weapon", "target",
  "mode"}]; ``hits_waiting``: {unit id: hits due in this End phase}.
- ``pending``: None or {"kind", "seat", "unit", "choices"} (an "ask me" decision).
- ``dock_turn``: the Hostage turn from which the transport may dock, once revealed
  (None before and in other scenarios); ``captured``, ``retrieved``: SW-64 / SW-62.
- ``you``: None for spectators and under ``reveal_all``, else {"seat", "side", "draft"
  (your force list while building, entries as in ``sides.force``), "draft_cost",
  "fire_orders" (your sealed decisions this turn: [{"id", "unit", "group", "weapon",
  "target", "mode"}], mode "hold" with weapon and target "" for a held group),
  "fire_slots" (the [unit, group] pairs still owing a decision), "why_not" (your units on
  the map with nothing to do in this Movement or Shooting phase, each with the refusal
  of the move you would expect of it: [{"unit", "code", "message"}]), "orders" ({"id", "initiative",
  "ion_weapon", "repair", "ask"}), "dock_turn" (Rebels in Hostage: {"id", "turn"} while
  secret, else None)}.
- ``secrets``: None unless ``reveal_all``; then per seat what ``you`` would hold.
- ``unit_types`` / ``options``: the buyable catalogue for force building;
  ``range_bands``: {table: [[up to hexes, modifier], ...]} (beyond the last: extreme).
- ``outcome``: None or the Outcome JSON (with ``details``, see scenarios.outcome).
"""

from __future__ import annotations

from typing import Any

from . import fire_orders
from .data import DATA, SIDES, side_name
from .forces import budget, entry_cost
from .geometry import FACINGS, centre, zone
from .legal import active
from .movement import destinations
from .rules import DOCK_MARKER
from .state import BUILD, SHOOT, TURN, Entry, State, Unit
from .units import crew, is_disabled, move_allowance, panicked, weapons_of, working_weapons
from .whynot import why_not


def _entry(e: Entry) -> dict[str, Any]:
    return {
        "id": e.id,
        "type": e.type,
        "name": DATA.units[e.type].name,
        "flights": e.flights,
        "options": list(e.options),
        "transport": e.transport,
        "cost": entry_cost(e),
    }


def _unit(state: State, u: Unit) -> dict[str, Any]:
    t, g = u.kind, crew(u)
    working = {w.key for w in working_weapons(u)}
    return {
        "id": u.id,
        "seat": u.seat,
        "side": SIDES[u.seat],
        "type": u.type,
        "name": t.name,
        "class": t.cls,
        "role": u.role,
        "status": u.status,
        "hex": u.hex,
        "facing": FACINGS[u.facing],
        "fighters": u.fighters,
        "start_fighters": t.fighters if u.is_flight else 0,
        "vader": u.vader,
        "falcon_hits": u.hits,
        "hull": u.hull,
        "shield": u.shield,
        "max_hull": t.hull,
        "max_shield": t.shield,
        "move": move_allowance(u),
        "evasion": t.evasion,
        "save": t.save,
        "crew": {"name": g.name, "gunnery": g.gunnery, "piloting": g.piloting, "will": g.will},
        "torpedoes": u.torpedoes and any(w.torpedo for w in weapons_of(u)),
        "stopped": u.stopped,
        "panicked": panicked(state, u),
        "inactive": u.inactive,
        "docked": u.docked,
        "manoeuvre": u.manoeuvre,
        "steps": destinations(state, u),
        "effects": [{"kind": e.kind, "until": e.until, "weapon": e.weapon} for e in u.effects],
        "disabled": is_disabled(u),
        "value": u.value + u.hero_value,
        "weapons": [
            {
                "key": w.key,
                "name": w.name,
                "kind": w.kind,
                "mount": w.mount,
                "group": w.group,
                "range": w.range,
                "max_range": w.max_range,
                "working": w.key in working,
            }
            for w in weapons_of(u)
        ],
    }


def _secrets(state: State, seat: int) -> dict[str, Any]:
    o = state.orders[seat]
    owed = fire_orders.owed(state, seat) if shooting_now(state, seat) else []
    draft = state.drafts[seat] if state.phase == BUILD else ()
    dock = None
    if seat == 0 and state.dock_turn and not state.dock_revealed:
        dock = {"id": DOCK_MARKER, "turn": state.dock_turn}
    return {
        "seat": seat,
        "side": SIDES[seat],
        "draft": [_entry(e) for e in draft],
        "draft_cost": sum(entry_cost(e) for e in draft),
        "fire_orders": [
            {
                "id": f.id,
                "unit": f.unit,
                "group": f.group,
                "weapon": f.weapon,
                "target": f.target,
                "mode": f.mode,
            }
            for f in state.fire
            if f.seat == seat
        ],
        "fire_slots": [list(s) for s in owed],
        "why_not": why_not(state, seat),
        "orders": {
            "id": f"orders-{seat}",
            "initiative": o.initiative,
            "ion_weapon": o.ion_weapon,
            "repair": o.repair,
            "ask": o.ask,
        },
        "dock_turn": dock,
    }


def _turn(state: State) -> dict[str, Any] | None:
    if not state.turn:
        return None
    ini = None
    if state.initiative:
        ini = {"rolls": list(state.initiative[:2]), "winner": state.initiative[2]}
    m = state.moving
    return {
        "number": state.turn,
        "step": state.step,
        "initiative": ini,
        "first": state.first,
        "mover": state.mover if state.step == "move" else None,
        "moving": None
        if m is None
        else {"unit": m.unit, "hexes": m.hexes, "facings": m.facings, "straight": m.straight},
        "moved": list(state.moved),
        "fire_sealed": list(state.fire_done),
        "fire_left": [len(fire_orders.owed(state, s)) if shooting_now(state, s) else 0 for s in (0, 1)],
    }


def shooting_now(state: State, seat: int) -> bool:
    return state.phase == TURN and state.step == SHOOT and not state.fire_done[seat]


def view(state: State, viewer: int | None, reveal_all: bool = False) -> dict[str, Any]:
    sc = DATA.scenarios[state.scenario]
    now = active(state)
    revealed = state.phase != BUILD
    sides = []
    for seat in (0, 1):
        fixed = bool(sc.sides[seat].fixed)
        shown = state.forces[seat] if revealed else (state.drafts[seat] if fixed or reveal_all else None)
        sides.append(
            {
                "seat": seat,
                "side": SIDES[seat],
                "name": side_name(seat),
                "active": seat in now,
                "sealed": state.sealed[seat],
                "budget": budget(sc, state.points, seat),
                "force": None if shown is None else [_entry(e) for e in shown],
                "cost": None if shown is None else sum(entry_cost(e) for e in shown),
                "orders": _secrets(state, seat)["orders"] if reveal_all else None,
            }
        )
    you = None
    if viewer in (0, 1) and not reveal_all:
        you = _secrets(state, viewer)
    p = state.pending
    waiting: dict[str, int] = {}
    for h in state.hits:
        waiting[h.target] = waiting.get(h.target, 0) + 1
    return {
        "game": "early-days",
        "phase": state.phase,
        "scenario": {"key": sc.key, "name": sc.name, "rule": sc.rule},
        "points": state.points,
        "turn_limit": state.turn_limit,
        "map": {
            "columns": DATA.map["columns"],
            "rows": DATA.map["rows"],
            "facings": list(FACINGS),
            "zones": {SIDES[s]: list(zone(s)) for s in (0, 1)},
            "centre": centre(),
            "layout": "pointy-odd-r",
        },
        "turn": _turn(state),
        "sides": sides,
        "units": [_unit(state, u) for u in state.units],
        "fire": [
            {
                "id": f.id,
                "seat": f.seat,
                "unit": f.unit,
                "weapon": f.weapon,
                "target": f.target,
                "mode": f.mode,
            }
            for f in state.last_fire
        ],
        "hits_waiting": waiting,
        "pending": None
        if p is None
        else {"kind": p.kind, "seat": p.seat, "unit": p.unit, "choices": list(p.choices)},
        "dock_turn": state.dock_turn if state.dock_revealed else None,
        "captured": state.captured,
        "retrieved": state.retrieved,
        "you": you,
        "secrets": [_secrets(state, s) for s in (0, 1)] if reveal_all else None,
        "unit_types": {
            k: {
                "name": t.name,
                "class": t.cls,
                "side": t.side,
                "cost": t.cost,
                "move": t.move,
                "evasion": t.evasion,
                "save": t.save,
                "fighters": t.fighters,
                "max_flights": t.max_flights,
                "weapons": list(t.weapons),
                "options": list(t.options),
            }
            for k, t in DATA.units.items()
        },
        "options": {k: {"name": o.name, "cost": o.cost, "group": o.group} for k, o in DATA.options.items()},
        "range_bands": {k: [list(b) for b in bands] for k, bands in DATA.ranges.items()},
        "outcome": None if state.outcome is None else state.outcome.to_json(),
    }

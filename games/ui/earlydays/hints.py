"""The early days' move panel: units are deployed by choosing one and clicking a hex of the
deployment zone, moved by clicking them and choosing a step, and fire by clicking the
shooter, then its target (or holding its weapons)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..common.hints import Hints, Kind, Pick, Routes, words
from .render import SIDE_COLOURS, facing_angle

STEPS = {
    "F": "Straight ahead",
    "L": "Turn left",
    "R": "Turn right",
    "L2": "Sharper turn left, 2 facings (a piloting roll)",
    "R2": "Sharper turn right, 2 facings (a piloting roll)",
    "L3": "Sharper turn left, 3 facings (a piloting roll)",
    "R3": "Sharper turn right, 3 facings (a piloting roll)",
    "IMM": "Immelmann (turn about)",
}
MODES = {
    "rapid": "Rapid fire (better odds to hit)",
    "linked": "Linked fire (more damage, against ships)",
    "fire": "Fire",
}


def _unit(value: Any, view: Mapping[str, Any]) -> str:
    for u in view.get("units") or []:
        if u.get("id") == value:
            return f"{value} {u.get('name', '')}".strip()
    return str(value)


def _unit_type(value: Any, view: Mapping[str, Any]) -> str:
    t = (view.get("unit_types") or {}).get(value) or {}
    name = t.get("name") or words(value)
    return f"{name} ({t['cost']} pts)" if "cost" in t else str(name)


def _weapon(value: Any, view: Mapping[str, Any]) -> str:
    for u in view.get("units") or []:
        for w in u.get("weapons") or []:
            if w.get("key") == value:
                return str(w.get("name") or words(value))
    return words(value)


def _points_left(view: Mapping[str, Any]) -> str:
    """What the viewer's force list costs so far, and what is left of the budget."""
    you = view.get("you") or {}
    side = next((s for s in view.get("sides") or [] if s.get("seat") == you.get("seat")), None)
    if not side or "budget" not in side:
        return ""
    spent = you.get("draft_cost", 0)
    return f"Your force: {spent} of {side['budget']} points; {side['budget'] - spent} left."


def _entry(value: Any, view: Mapping[str, Any]) -> str:
    """A line of the viewer's draft: "R1 X-wing" (with its flights when more than one)."""
    for e in (view.get("you") or {}).get("draft") or []:
        if e.get("id") == value:
            flights = f", {e['flights']} flights" if e.get("flights", 1) > 1 else ""
            return f"{value} {e.get('name', '')}{flights} ({e.get('cost', 0)} pts)"
    return str(value)


def _draft_entry(move: Mapping[str, Any], view: Mapping[str, Any]) -> Mapping[str, Any]:
    you = view.get("you") or {}
    return next((e for e in you.get("draft") or [] if e.get("id") == move.get("entry")), {})


def _option(move: Mapping[str, Any], view: Mapping[str, Any]) -> str:
    """An option move toggles: "Add proton torpedoes (+2 pts per flight)" or "Remove ..."."""
    key = move.get("option")
    spec = (view.get("options") or {}).get(key) or {}
    name = spec.get("name") or words(key)
    if key in (_draft_entry(move, view).get("options") or []):
        return f"Remove {name}"
    cost = spec.get("cost")
    return f"Add {name}" + (f" (+{cost} pts)" if cost else "")


def _flights(value: Any, view: Mapping[str, Any]) -> str:
    return f"{value} flight{'s' if value != 1 else ''}"


def _destination(move: Mapping[str, Any], view: Mapping[str, Any]) -> str | None:
    """The hex a step takes the unit to (the view's ``steps``); None for a turn in place or
    a step off the map, which stay buttons."""
    unit = next((u for u in view.get("units") or [] if u.get("id") == move.get("unit")), None)
    if unit is None:
        return None
    to = (unit.get("steps") or {}).get(move.get("step")) or {}
    return to.get("hex") if to.get("hex") and to.get("hex") != unit.get("hex") else None


def _step(value: Any, view: Mapping[str, Any]) -> str:
    return STEPS.get(value, str(value))


def _step_to(move: Mapping[str, Any], view: Mapping[str, Any]) -> str:
    unit: Mapping[str, Any] = next(
        (u for u in view.get("units") or [] if u.get("id") == move.get("unit")), {}
    )
    to = (unit.get("steps") or {}).get(move.get("step")) or {}
    where = f"to {to['hex']}" if to.get("hex") else f"off the {to['edge']} edge" if to.get("edge") else ""
    if to.get("hex") == unit.get("hex"):
        where = "in place"
    facing = f", facing {to['facing']}" if to.get("facing") else ""
    return f"{_step(move.get('step'), view)} {where}{facing}".replace("  ", " ").strip()


def _why_not(view: Mapping[str, Any]) -> str:
    """Your units with nothing to do now, each with the engine's reason (``you.why_not``)."""
    reasons = (view.get("you") or {}).get("why_not") or []
    return " ".join(f"Not offered: {r['message']}" for r in reasons)


UNIT = Pick("unit", on="unit", labels=_unit, prompt="Click one of your units.")
MOVER = Pick("unit", on="unit", labels=_unit, prompt="Click one of your units.", preselect=True)

HINTS = Hints(
    rules_prefix="SW",
    routes=Routes(
        piece=MOVER,
        replaces=("move",),
        angle=lambda facing, view: facing_angle(dict(view), facing),
        prompt="Click a highlighted hex (or one of its arrows, for the facing) to fly there, or choose below.",
    ),
    seat_colours=(SIDE_COLOURS["rebel"], SIDE_COLOURS["imperial"]),
    kinds={
        "buy": Kind(title="Buy", picks=(Pick("unit", labels=_unit_type),), note=_points_left),
        "option": Kind(
            title="Options",
            picks=(
                Pick("entry", labels=_entry, prompt="Choose a line of your force."),
                Pick("option", label_of=_option, prompt="Add or remove an option."),
            ),
        ),
        "flights": Kind(
            title="Flights",
            picks=(
                Pick("entry", labels=_entry, prompt="Choose a line of your force."),
                Pick("n", labels=_flights, prompt="How many flights (each one pays the full cost)."),
            ),
        ),
        "drop": Kind(title="Remove from the force", picks=(Pick("entry", labels=_entry),)),
        "seal": Kind(title="Seal", label="Seal your force list"),
        "place": Kind(
            title="Deploy a unit",
            picks=(
                Pick("unit", labels=_unit, preselect=True, prompt="Choose a unit to deploy."),
                Pick("hex", on="hex", prompt="Click a highlighted hex of your deployment zone."),
            ),
            hint="Choose a unit, then click a highlighted hex of your deployment zone.",
        ),
        "initiative": Kind(title="Initiative"),
        "route": Kind(
            title="Fly to",
            hint="Click one of your units, then a highlighted hex: it flies its whole move there, "
            "and the white arrow shows where it will face. Single steps and special manoeuvres are "
            "the buttons below.",
        ),
        "move": Kind(
            title="Move",
            picks=(
                MOVER,
                Pick(
                    "step",
                    on="hex",
                    label_of=_step_to,
                    at=_destination,
                    prompt="Click a highlighted hex to fly there (one hex a click), or choose below.",
                ),
            ),
            hint="Click a highlighted unit, then a highlighted hex next to it: one hex a click.",
            note=_why_not,
        ),
        "fire": Kind(
            title="Fire",
            picks=(
                Pick("unit", on="unit", labels=_unit, prompt="Click one of your units that may fire."),
                Pick("target", on="unit", labels=_unit, prompt="Click a target (red), or hold fire."),
                Pick("weapon", labels=_weapon, prompt="Choose the weapon."),
                Pick("mode", labels=MODES, prompt="Choose how to fire."),
                Pick("hold", labels=lambda v, _view: f"Hold fire ({words(v)} weapons)", prompt="Hold fire."),
            ),
            hint="Click one of your units, then its target (red), or hold its fire.",
            note=_why_not,
            attack=True,
        ),
        "run": Kind(title="Attack run", picks=(UNIT,)),
        "double": Kind(title="Double move", picks=(UNIT,)),
        "lock": Kind(title="Lock on (anti-fighter torpedoes)", picks=(UNIT,)),
        "stop": Kind(
            title="Stop", picks=(UNIT, Pick("facing", labels=lambda v, _view: f"Complete stop, facing {v}"))
        ),
        "end": Kind(title="End the unit's move", picks=(UNIT,)),
        "orders": Kind(title="Standing orders", standing=True),
    },
)

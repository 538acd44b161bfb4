"""The early days' move panel: units are deployed by choosing one and clicking a hex of the
deployment zone, moved by clicking them and choosing a step, and fire by clicking the
shooter, then its target (or holding its weapons)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..common.hints import Hints, Kind, Pick, words
from .render import SIDE_COLOURS

STEPS = {
    "F": "Straight ahead",
    "L": "Turn left",
    "R": "Turn right",
    "L2": "Turn left twice",
    "R2": "Turn right twice",
    "L3": "Turn left three times",
    "R3": "Turn right three times",
    "IMM": "Immelmann",
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


UNIT = Pick("unit", on="unit", labels=_unit, prompt="Click one of your units.")

HINTS = Hints(
    rules_prefix="SW",
    seat_colours=(SIDE_COLOURS["rebel"], SIDE_COLOURS["imperial"]),
    kinds={
        "buy": Kind(title="Buy", picks=(Pick("unit", labels=_unit_type),), note=_points_left),
        "option": Kind(title="Add an option"),
        "flights": Kind(title="Flights"),
        "drop": Kind(title="Remove from the force"),
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
        "move": Kind(
            title="Move",
            picks=(UNIT, Pick("step", labels=STEPS, prompt="Choose the unit's next step.")),
            hint="Click a highlighted unit, then choose its next step.",
        ),
        "fire": Kind(
            title="Fire",
            picks=(
                Pick("unit", on="unit", labels=_unit, prompt="Click one of your units that may fire."),
                Pick("target", on="unit", labels=_unit, prompt="Click a target (red), or hold fire."),
                Pick("weapon", labels=_weapon, prompt="Choose the weapon."),
                Pick("mode", prompt="Choose how to fire."),
                Pick("hold", labels=lambda v, _view: f"Hold the {words(v)} weapons", prompt="Hold fire."),
            ),
            hint="Click one of your units, then its target (red), or hold its fire.",
            attack=True,
        ),
        "run": Kind(title="Run", picks=(UNIT,)),
        "double": Kind(title="Double move", picks=(UNIT,)),
        "lock": Kind(title="Lock on", picks=(UNIT,)),
        "stop": Kind(title="Stop", picks=(UNIT, Pick("facing", labels=lambda v, _view: f"Stop facing {v}"))),
        "end": Kind(title="End the unit's move", picks=(UNIT,)),
        "orders": Kind(title="Standing orders", standing=True),
    },
)

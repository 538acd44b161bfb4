"""Space Dogfight's move panel: a ship is moved or attacks by clicking its square and then
a target square; ships are placed by type, then square; the secret fleet has a builder."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..common.hints import Builder, Hints, Kind, Pick
from .render import COLOURS


def _counts(value: Any) -> dict[str, int] | None:
    """A fleet's {"A": 4, ...}; Move.to_json gives nested objects as [key, value] pairs."""
    if isinstance(value, dict):
        return value
    if isinstance(value, list) and all(isinstance(p, list | tuple) and len(p) == 2 for p in value):
        return dict(value)
    return None


def fleet_builder(moves: list[dict[str, Any]], view: Mapping[str, Any]) -> dict[str, Any]:
    """Counts per ship type with their stats; the page script keeps the running total."""
    types = view.get("ship_types") or {}
    rows = [
        {
            "type": key,
            "pts": t.get("pts", 0),
            "mov": t.get("mov"),
            "att": t.get("att"),
            "def": t.get("def"),
            "max": max((_counts(m["ships"]) or {}).get(key, 0) for m in moves),
        }
        for key, t in types.items()
    ]
    return {"types": rows, "limit": view.get("points_limit")}


def _unplaced(ship: Any, view: Mapping[str, Any]) -> str:
    left = [h.get("type") for h in (view.get("you") or {}).get("unplaced") or []].count(ship)
    return f"{ship} ×{left}" if left > 1 else str(ship)


def _counter(kind: Any, view: Mapping[str, Any]) -> str:
    """A counter type by its printed words ("DEF +1"), from the view's counter table."""
    return str(((view.get("counter_types") or {}).get(kind) or {}).get("label") or kind)


def _why_not(view: Mapping[str, Any]) -> str:
    """What the player may expect and cannot do now, in the engine's words (the view's
    ``you.why_not``): every ship held by one reason says it once."""
    reasons = (view.get("you") or {}).get("why_not") or {}
    if not reasons:
        return ""
    return "Not possible now: " + " ".join(dict.fromkeys(str(v) for v in reasons.values()))


SHIP = Pick("from", on="square", prompt="Click one of your ships.")

HINTS = Hints(
    rules_prefix="SD",
    seat_colours=(COLOURS["blue"], COLOURS["red"]),
    kinds={
        "fleet": Kind(title="Build your secret fleet", builder=Builder("fleet.html", fleet_builder)),
        "place": Kind(
            title="Place a ship",
            picks=(
                Pick("ship", prompt="Choose a ship to place.", labels=_unplaced, preselect=True),
                Pick("to", on="square", prompt="Click a highlighted square in your starting zone."),
            ),
            hint="Choose a ship, then click a highlighted square in your starting zone.",
        ),
        "defend": Kind(title="Answer the attack", picks=(Pick("counter", labels=_counter),)),
        "discard": Kind(title="Discard a counter", picks=(Pick("counter", labels=_counter),)),
        "draw": Kind(title="Draw", label="Draw a counter"),
        "move": Kind(
            title="Move a ship",
            picks=(SHIP, Pick("to", on="square", prompt="Click a green square to move there.")),
            hint="Click one of your ships, then a highlighted square: green to move there, red to attack.",
        ),
        "attack": Kind(
            title="Attack",
            picks=(
                SHIP,
                Pick("to", on="square", prompt="Click a red square to attack the ship on it."),
                Pick("repeat", labels={True: "Attack, and repeat the combat if it survives"}),
            ),
            attack=True,
        ),
        "repeat": Kind(title="Repeat the combat", label="Repeat the combat"),
        "end": Kind(title="Finish", label="End your turn", quiet=True, note=_why_not),
        "orders": Kind(title="Standing orders", standing=True),
    },
    # Friendlier words for the standing-orders fields (AS-SD-3).
    field_labels={
        "def_counter": "On a potential hit, use a DEF counter",
        "def2_min_pts": "Keep DEF+2 for ships worth at least (PTS)",
        "ask": "Ask me each time instead (the match waits for my answer)",
    },
    value_labels={
        ("def_counter", "best"): "the best one I hold",
        ("def_counter", "lowest"): "the weakest one I hold",
        ("def_counter", "never"): "never",
        ("def2_min_pts", 0): "any ship",
    },
)

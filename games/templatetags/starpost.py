"""Template helpers for the match page: the legal moves grouped into things to click.

Everything here works on what the selectors returned for the viewer (the view dict and
``legal_moves_view``); nothing reads the match state. Each move keeps its exact JSON, so
what the page submits is always a move the engine listed.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from django import template
from django.utils.html import escape
from django.utils.safestring import mark_safe

from games import render

register = template.Library()

# Kinds played by clicking the board: they name a target square.
BOARD_FIELD = "to"
# A kind with more moves than this, all of flat fields, becomes one form with a select per
# field (standing orders: 29 combinations) instead of a wall of buttons.
MANY = 8

KIND_TITLES = {
    "defend": "Answer the attack",
    "discard": "Discard a counter",
    "draw": "Draw",
    "repeat": "Repeat the combat",
    "end": "Finish",
    "orders": "Standing orders",
}
KIND_ORDER = ("defend", "discard", "draw", "repeat", "end")
SINGLE_LABELS = {
    "draw": "Draw a counter",
    "repeat": "Repeat the combat",
    "end": "End your turn",
}
# Friendlier words for the standing-orders fields of Space Dogfight (AS-SD-3); unknown
# fields of other games fall back to their names.
FIELD_LABELS = {
    "def_counter": "On a potential hit, use a DEF counter",
    "def2_min_pts": "Keep DEF+2 for ships worth at least (PTS)",
    "ask": "Ask me each time instead (the match waits for my answer)",
}
VALUE_LABELS = {
    ("def_counter", "best"): "the best one I hold",
    ("def_counter", "lowest"): "the weakest one I hold",
    ("def_counter", "never"): "never",
    ("def2_min_pts", 0): "any ship",
}


@register.filter
def tojson(value: Any) -> str:
    """Compact JSON for an attribute value (Django's autoescape then quotes it)."""
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


@register.simple_tag
def board_svg(game: str, view: dict[str, Any] | None, selected: str | None = None) -> str:
    # The renderer escapes every value it draws from the view.
    return mark_safe(render.svg_board(game, view, selected=selected)) if view else ""  # noqa: S308


@register.filter
def isodate(value: str | None) -> datetime | None:
    """An ISO 8601 string from a selector back to a datetime, for the date filter (which
    shows it in the signed-in player's timezone)."""
    try:
        return datetime.fromisoformat(value) if value else None
    except ValueError:
        return None


@register.filter
def get(mapping: dict[str, Any] | None, key: str) -> Any:
    """``mapping[key]`` for keys a template cannot name (hyphens, the empty string)."""
    return (mapping or {}).get(key, "")


@register.filter
def code_spans(text: str) -> str:
    """Markdown's `code` spans as <code>, everything else escaped (docs/HOUSE-RULES.md cells)."""
    parts = str(text).split("`")
    return mark_safe(  # noqa: S308 - every part is escaped
        "".join(f"<code>{escape(p)}</code>" if i % 2 else escape(p) for i, p in enumerate(parts))
    )


@register.filter
def seat_of(seats: list[dict[str, Any]], index: int | None) -> dict[str, Any] | None:
    """The seat ``index`` of a match view's or summary's seats (None: no such seat)."""
    return next((s for s in seats if s["index"] == index), None) if index is not None else None


TIMEOUT_WORDS = {
    "auto": "the game's default move (a pass or standing orders; forfeit where the game has none)",
    "extend": "one extension per player, then the game's default move",
    "forfeit": "the late player forfeits",
}


@register.filter
def time_control_text(tc: dict[str, Any] | None, short: bool = False) -> str:
    """A match's time control (selectors.time_control_json) in words; ``short`` for lists."""
    if not tc:
        return ""
    days = tc.get("days_per_move") or 0
    if not days:
        return "No deadlines."
    parts = [f"{days} day{'s' if days != 1 else ''} per move"]
    if short:
        return parts[0]
    if tc.get("deadline_time"):
        parts.append(f"due at {tc['deadline_time']} in each player's own timezone")
    if not tc.get("count_weekends", True):
        parts.append("weekends do not count")
    if tc.get("max_days"):
        parts.append(f"at most {tc['max_days']} days per player for the whole match")
    policy = TIMEOUT_WORDS.get(tc.get("timeout"), str(tc.get("timeout")))
    return f"{', '.join(parts)}. When time runs out: {policy}."


@register.simple_tag
def board_text(game: str, view: dict[str, Any] | None) -> str:
    return render.text_board(game, view) if view else ""


@register.filter
def seat_name(seats: list[dict[str, Any]], index: int) -> str:
    return next((s["name"] for s in seats if s["index"] == index), f"Seat {index}")


@register.filter
def counter_label(item: dict[str, Any], view: dict[str, Any]) -> str:
    types = (view or {}).get("counter_types") or {}
    return item.get("label") or types.get(item.get("type"), {}).get("label") or str(item.get("type"))


def _flat(move: dict[str, Any]) -> bool:
    return all(not isinstance(v, dict | list) for k, v in move.items() if k != "kind")


def _value_label(field: str, value: Any) -> str:
    return VALUE_LABELS.get((field, value), str(value))


def _composite(kind: str, moves: list[dict[str, Any]], current: dict[str, Any] | None) -> dict[str, Any]:
    """One form for a kind with many flat moves: a select (or checkbox) per field."""
    fields = []
    names = [k for k in moves[0] if k != "kind"]
    for name in sorted(names):
        values = sorted(
            {m[name] for m in moves} | ({current[name]} if current and name in current else set()),
            key=lambda v: (str(type(v)), v),
        )
        chosen = current.get(name) if current else values[0]
        fields.append(
            {
                "name": name,
                "label": FIELD_LABELS.get(name, name.replace("_", " ").capitalize()),
                "boolean": set(values) <= {True, False},
                "choices": [(tojson(v).strip('"'), _value_label(name, v), v == chosen) for v in values],
                "checked": chosen is True,
            }
        )
    return {"kind": kind, "title": KIND_TITLES.get(kind, kind.capitalize()), "fields": fields}


def _counts(value: Any) -> dict[str, int] | None:
    """A fleet's {"A": 4, ...}; Move.to_json gives nested objects as [key, value] pairs."""
    if isinstance(value, dict):
        return value
    if isinstance(value, list) and all(isinstance(p, list | tuple) and len(p) == 2 for p in value):
        return dict(value)
    return None


def _fleet_builder(moves: list[dict[str, Any]], view: dict[str, Any]) -> dict[str, Any]:
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


def _place_types(moves: list[dict[str, Any]], view: dict[str, Any]) -> list[dict[str, Any]]:
    """Ship types that may be placed now, with how many of each are still unplaced."""
    types = sorted({m["ship"] for m in moves if BOARD_FIELD in m and "ship" in m and "from" not in m})
    unplaced = [h.get("type") for h in (view.get("you") or {}).get("unplaced") or []]
    return [{"type": t, "count": unplaced.count(t)} for t in types]


@register.simple_tag
def move_panel(legal: dict[str, Any], view: dict[str, Any] | None) -> dict[str, Any]:
    """Split the legal moves into: board moves (click a ship, then a square), the fleet
    builder, composite forms (many flat moves of one kind) and plain buttons by kind."""
    view = view or {}
    by_kind: dict[str, list[tuple[dict[str, Any], str]]] = {}
    for move, text in zip(legal.get("moves", []), legal.get("notation", []), strict=False):
        by_kind.setdefault(move["kind"], []).append((move, text))
    board, buttons, composites, fleet = [], [], [], None
    for kind, items in by_kind.items():
        moves = [m for m, _ in items]
        if all(BOARD_FIELD in m for m in moves):
            board.extend({"json": tojson(m), "text": t} for m, t in items)
        elif kind == "fleet" and all(_counts(m.get("ships")) is not None for m in moves):
            fleet = _fleet_builder(moves, view)
        elif len(moves) > MANY and all(_flat(m) for m in moves):
            current = ((view.get("you") or {}).get(kind)) if kind == "orders" else None
            composites.append(_composite(kind, moves, current))
        else:
            single = len(items) == 1 and kind in SINGLE_LABELS
            buttons.append(
                {
                    "kind": kind,
                    "title": KIND_TITLES.get(kind, kind.capitalize()),
                    "items": [
                        {"json": tojson(m), "text": SINGLE_LABELS[kind] if single else t} for m, t in items
                    ],
                }
            )
    rank = {k: i for i, k in enumerate(KIND_ORDER)}
    buttons.sort(key=lambda g: rank.get(g["kind"], len(rank)))
    return {
        "board": board,
        "place_types": _place_types(legal.get("moves", []), view),
        "board_moves": [m for m in legal.get("moves", []) if BOARD_FIELD in m],
        "fleet": fleet,
        "composites": composites,
        "buttons": buttons,
        "any": bool(legal.get("moves")),
    }

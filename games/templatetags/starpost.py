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

from games.catalog import entry
from games.ui import boards
from games.ui.common.hints import Hints

register = template.Library()

# A kind with more moves than this, all of flat fields, becomes one form with a select per
# field (standing orders: 29 combinations) instead of a wall of buttons.
MANY = 8
# Kinds played by clicking the board name a target square (the page script's data-square).
BOARD_FIELD = "to"


@register.filter
def tojson(value: Any) -> str:
    """Compact JSON for an attribute value (Django's autoescape then quotes it)."""
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


@register.simple_tag
def board_svg(game: str, view: dict[str, Any] | None, selected: str | None = None) -> str:
    # The renderer escapes every value it draws from the view.
    return mark_safe(boards.svg_board(game, view, selected=selected)) if view else ""  # noqa: S308


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
    return boards.text_board(game, view) if view else ""


@register.filter
def seat_name(seats: list[dict[str, Any]], index: int) -> str:
    return next((s["name"] for s in seats if s["index"] == index), f"Seat {index}")


@register.filter
def counter_label(item: dict[str, Any], view: dict[str, Any]) -> str:
    types = (view or {}).get("counter_types") or {}
    return item.get("label") or types.get(item.get("type"), {}).get("label") or str(item.get("type"))


def _flat(move: dict[str, Any]) -> bool:
    return all(not isinstance(v, dict | list) for k, v in move.items() if k != "kind")


def _composite(
    hints: Hints, kind: str, moves: list[dict[str, Any]], current: dict[str, Any] | None
) -> dict[str, Any]:
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
                "label": hints.field_labels.get(name, name.replace("_", " ").capitalize()),
                "boolean": set(values) <= {True, False},
                "choices": [
                    (tojson(v).strip('"'), hints.value_labels.get((name, v), str(v)), v == chosen)
                    for v in values
                ],
                "checked": chosen is True,
            }
        )
    return {"kind": kind, "title": hints.kind(kind).title, "fields": fields}


def _place_types(moves: list[dict[str, Any]], view: dict[str, Any]) -> list[dict[str, Any]]:
    """Ship types that may be placed now, with how many of each are still unplaced."""
    types = sorted({m["ship"] for m in moves if BOARD_FIELD in m and "ship" in m and "from" not in m})
    unplaced = [h.get("type") for h in (view.get("you") or {}).get("unplaced") or []]
    return [{"type": t, "count": unplaced.count(t)} for t in types]


@register.simple_tag
def move_panel(game: str, legal: dict[str, Any], view: dict[str, Any] | None) -> dict[str, Any]:
    """Split the legal moves into: board moves (click a ship, then a square), builders,
    composite forms (many flat moves of one kind) and plain buttons by kind."""
    view = view or {}
    found = entry(game)
    hints = found.hints if found else Hints()
    by_kind: dict[str, list[tuple[dict[str, Any], str]]] = {}
    for move, text in zip(legal.get("moves", []), legal.get("notation", []), strict=False):
        by_kind.setdefault(move["kind"], []).append((move, text))
    board, buttons, composites, builders = [], [], [], []
    board_moves = []
    for kind, items in by_kind.items():
        moves = [m for m, _ in items]
        hint = hints.kind(kind)
        if hint.on_board and all(BOARD_FIELD in m for m in moves):
            board.extend({"json": tojson(m), "text": t} for m, t in items)
            board_moves.extend(moves)
        elif hint.builder is not None and found is not None:
            builders.append(
                {
                    "template": found.template(hint.builder.template),
                    "builder": hint.builder.context(moves, view),
                }
            )
        elif len(moves) > MANY and all(_flat(m) for m in moves):
            current = ((view.get("you") or {}).get(kind)) if hint.standing else None
            composites.append(_composite(hints, kind, moves, current))
        else:
            single = len(items) == 1 and bool(hint.label)
            buttons.append(
                {
                    "kind": kind,
                    "title": hint.title,
                    "quiet": hint.quiet,
                    "items": [{"json": tojson(m), "text": hint.label if single else t} for m, t in items],
                }
            )
    buttons.sort(key=lambda g: hints.rank(g["kind"]))
    return {
        "board": board,
        "place_types": _place_types(board_moves, view),
        "board_moves": board_moves,
        "builders": builders,
        "composites": composites,
        "buttons": buttons,
        "any": bool(legal.get("moves")),
    }

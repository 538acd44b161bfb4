"""Template helpers for the match page: the legal moves grouped into things to click.

Everything here works on what the selectors returned for the viewer (the view dict and
``legal_moves_view``); nothing reads the match state. Each move keeps its exact JSON, so
what the page submits is always a move the engine listed.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django import template
from django.utils.html import escape
from django.utils.safestring import mark_safe

from games.catalog import entry
from games.ui import boards, panel

register = template.Library()


@register.filter
def tojson(value: Any) -> str:
    """Compact JSON for an attribute value (Django's autoescape then quotes it)."""
    return panel.tojson(value)


@register.simple_tag
def board_svg(game: str, view: dict[str, Any] | None, selected: str | None = None) -> str:
    # The renderer escapes every value it draws from the view.
    return mark_safe(boards.svg_board(game, view, selected=selected)) if view else ""  # noqa: S308


@register.simple_tag
def help_diagram(game: str, name: str) -> str:
    """A small board for a game's help page: a position its UI package's ``diagrams`` module
    builds by playing the engine (never drawn by hand), with its caption."""
    drawn = boards.diagram(game, name)
    if drawn is None:
        raise template.TemplateSyntaxError(f"{game} has no help diagram {name!r}")
    svg, caption = drawn
    figure = f'<figure class="help-diagram" id="diagram-{escape(name)}">{svg}<figcaption>{escape(caption)}</figcaption></figure>'
    return mark_safe(figure)  # noqa: S308  # the renderer escapes what it draws; the caption is escaped


@register.simple_tag
def help_table(game: str, name: str) -> str:
    """A table for a game's help page, read from the engine by its UI package (``TABLES``)."""
    found = entry(game)
    tables = getattr(found.diagrams, "TABLES", {}) if found and found.diagrams else {}
    if name not in tables:
        raise template.TemplateSyntaxError(f"{game} has no help table {name!r}")
    caption, headers, rows = tables[name]()
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{escape(v)}</td>" for v in row) + "</tr>" for row in rows)
    table = (
        f'<table class="help-table" id="table-{escape(name)}"><caption>{escape(caption)}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    )
    return mark_safe(table)  # noqa: S308  # every value is escaped above


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
    timeout = str(tc.get("timeout"))
    policy = TIMEOUT_WORDS.get(timeout, timeout)
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


@register.simple_tag
def move_panel(game: str, legal: dict[str, Any], view: dict[str, Any] | None) -> dict[str, Any]:
    return panel.move_panel(game, legal, view)


@register.simple_tag
def seat_colour(game: str, seat: int) -> str:
    """The colour the board draws ``seat`` in (the game's hints), or ""."""
    found = entry(game)
    return found.hints.seat_colour(seat) if found else ""


CONCEDED = {"resignation": "by resignation", "timeout": "on time: the other side forfeited"}
"""How a match ended that the game itself did not decide (games.play.concessions)."""


@register.filter
def result_text(summary: dict[str, Any]) -> str:
    """Who won a finished match and how, from its summary: "alice (Blue) won by resignation"."""
    outcome = summary.get("outcome") or {}
    reason = str(outcome.get("reason") or "")
    how = CONCEDED.get(reason) or (f"({reason.replace('_', ' ')})" if reason else "")
    if outcome.get("draw"):
        return f"Draw {how}".strip()
    seats = {s["index"]: s for s in summary.get("seats", [])}
    names = []
    for index in outcome.get("winners", []):
        seat = seats.get(int(index), {})
        who = seat.get("username") or "nobody"
        names.append(f"{who} ({seat.get('name', f'Seat {index}')})")
    if not names:
        return "Over"
    return f"{' and '.join(names)} won {how}".strip()


@register.filter
def your_result(summary: dict[str, Any]) -> str:
    """ "won", "lost", "draw" for the viewer's seat, or "" for a spectator."""
    seat, outcome = summary.get("your_seat"), summary.get("outcome") or {}
    if seat is None or not outcome:
        return ""
    if outcome.get("draw"):
        return "draw"
    return "won" if seat in [int(w) for w in outcome.get("winners", [])] else "lost"

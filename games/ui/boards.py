"""A match's board as the viewer may see it, drawn by its game's renderer (from the catalog):
SVG for pages, plain text and an HTML table for emails. Renderers see only the view dict a
selector produced for the viewer, never the state."""

from __future__ import annotations

import functools
import inspect
import json
from collections.abc import Callable
from typing import Any

from games.catalog import entry


def svg_board(game: str, view: dict[str, Any], *, selected: str | None = None) -> str:
    """The board; ``selected`` names a piece whose reach to show, where the game draws one."""
    found = entry(game)
    if found is None:
        return ""
    draw: Callable[..., str] = found.renderer.svg  # some also take ``selected``
    if selected and "selected" in inspect.signature(draw).parameters:
        return draw(view, selected=selected)
    return draw(view)


@functools.cache
def diagram(game: str, name: str) -> tuple[str, str] | None:
    """The SVG and caption of help diagram ``name`` of ``game`` (None: no such diagram)."""
    found = entry(game)
    if found is None or found.diagrams is None:
        return None
    diagrams = getattr(found.diagrams, "DIAGRAMS", {})
    if name not in diagrams:
        return None
    view, caption = diagrams[name]()
    return found.renderer.svg(view), caption


def text_board(game: str, view: dict[str, Any]) -> str:
    found = entry(game)
    return found.renderer.text(view) if found else json.dumps(view, indent=1, sort_keys=True)


def html_board(game: str, view: dict[str, Any]) -> str:
    found = entry(game)
    return found.renderer.html(view) if found else ""


def status_line(game: str, view: dict[str, Any] | None) -> str:
    """The phase and who must act, in the game's words ("Turn 4, Red on turn")."""
    found = entry(game)
    return found.renderer.status_line(view) if found and view else ""


def outcome_text(engine: Any, outcome: dict[str, Any] | None) -> str:
    """ "Blue wins (all enemy ships eliminated)", "Draw (...)"."""
    if not outcome:
        return ""
    reason = outcome.get("reason") or ""
    suffix = f" ({reason.replace('_', ' ')})" if reason else ""
    if outcome.get("draw"):
        return f"Draw{suffix}"
    winners = [engine.seat_name(int(s)) for s in outcome.get("winners", [])]
    verb = "wins" if len(winners) == 1 else "win"
    return f"{' and '.join(winners)} {verb}{suffix}"

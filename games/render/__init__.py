"""Drawing a view dict: SVG for pages, plain text and an HTML table for emails.

One module per game registers its renderers in ``RENDERERS``; they see only the view
dict a selector produced for the viewer, never the state.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import inspect
import json
from typing import Any, Protocol


class Renderer(Protocol):
    def svg(self, view: dict[str, Any]) -> str: ...
    def text(self, view: dict[str, Any]) -> str: ...
    def html(self, view: dict[str, Any]) -> str: ...


# engine key -> module of games.render that draws it
MODULES = {
    "space-dogfight": "dogfight",
    "star-fighters": "starfighters",
    "early-days": "earlydays",
    "battleship-galaxies": "galaxies",
}


@functools.cache
def _get(game: str) -> Renderer | None:
    name = MODULES.get(game)
    if name is None or importlib.util.find_spec(f"{__name__}.{name}") is None:
        return None
    return importlib.import_module(f"{__name__}.{name}")


def svg_board(game: str, view: dict[str, Any], *, selected: str | None = None) -> str:
    """The board; ``selected`` names a piece whose reach to show, where the game draws one."""
    r = _get(game)
    if r is None:
        return ""
    if selected and "selected" in inspect.signature(r.svg).parameters:
        return r.svg(view, selected=selected)
    return r.svg(view)


def text_board(game: str, view: dict[str, Any]) -> str:
    r = _get(game)
    return r.text(view) if r else json.dumps(view, indent=1, sort_keys=True)


def html_board(game: str, view: dict[str, Any]) -> str:
    r = _get(game)
    return r.html(view) if r else ""


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

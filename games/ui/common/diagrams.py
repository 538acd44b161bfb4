"""What every game's help diagrams share: a named position, reached by playing the engine,
drawn as a spectator sees it (no seat's hidden things), with its caption."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.engines import named as engine_named

Draw = Callable[[], tuple[dict[str, Any], str]]


def spectator_view(game: str, positions: Callable[[], Mapping[str, Any]], name: str, caption: str) -> Draw:
    """A diagram: position ``name`` of ``positions()`` as a spectator sees it, and its caption."""

    def draw() -> tuple[dict[str, Any], str]:
        engine = engine_named(game)
        return engine.view(positions()[name], None), caption

    return draw

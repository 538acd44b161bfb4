"""The early days' move panel: kind titles and which kinds are standing orders."""

from __future__ import annotations

from ..common.hints import Hints, Kind
from .render import SIDE_COLOURS

HINTS = Hints(
    rules_prefix="SW",
    seat_colours=(SIDE_COLOURS["rebel"], SIDE_COLOURS["imperial"]),
    kinds={
        "orders": Kind(title="Standing orders", standing=True),
    },
)

"""Star Fighters' move panel: kind titles and which kinds are standing orders."""

from __future__ import annotations

from ..common.hints import Hints, Kind
from .render import SEAT_COLOURS

HINTS = Hints(
    rules_prefix="SF",
    seat_colours=SEAT_COLOURS,
    kinds={
        "orders": Kind(title="Standing orders", standing=True),
    },
)

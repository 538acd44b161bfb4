"""Battleship Galaxies' move panel: kind titles and which kinds are standing orders."""

from __future__ import annotations

from ..common.hints import Hints, Kind
from .render import FACTION_FILL

HINTS = Hints(
    rules_prefix="BG",
    # ISN, then the Wretch (one or two players in the team mission)
    seat_colours=(FACTION_FILL["isn"], FACTION_FILL["wretch"], FACTION_FILL["wretch"]),
    kinds={
        "orders": Kind(title="Standing orders", standing=True),
    },
)

"""Star Fighters' move panel: a rolled die is placed by clicking it (its face shown) and then
a space of your ship board; a die is picked up or moved from the cockpit the same way."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..common.hints import Hints, Kind, Pick, words
from .render import SEAT_COLOURS, SYMBOLS


def _die(value: Any, view: Mapping[str, Any]) -> str:
    """A die by its colour and face, as rolled ("red ▲ security")."""
    you = view.get("you") or {}
    dice = list((you.get("roll") or {}).get("hand") or [])
    for p in view.get("players") or []:
        if p.get("seat") == you.get("seat"):
            dice += [d for g in p.get("board") or [] for d in g.get("dice") or []]
    for d in dice:
        if d.get("die") == value:
            symbols = (view.get("dice") or {}).get("symbols", SYMBOLS)
            face = d.get("face")
            return f"{value}: {d.get('colour')} {symbols.get(face, '')} {face or ''}".strip()
    return str(value)


DIE = Pick("die", on="die", labels=_die, prompt="Click a die.")
SPACE = Pick(
    "space",
    on="space",
    labels=lambda v, _view: words(v).replace(".", " "),
    prompt="Click a space of your ship board.",
)

HINTS = Hints(
    rules_prefix="SF",
    seat_colours=SEAT_COLOURS,
    kinds={
        "roll": Kind(title="Roll", label="Roll the dice in hand"),
        "place": Kind(
            title="Place a die",
            picks=(DIE, SPACE),
            hint="Click a die in your hand, then a highlighted space of your ship board.",
        ),
        "pickup": Kind(title="Pick a die up", picks=(DIE,)),
        "hold": Kind(title="Hold", label="Hold: keep the dice as they are"),
        "fire": Kind(title="Fire", label="Fire! (first to the button)"),
        "cockpit": Kind(title="Move a die from the cockpit", picks=(DIE, SPACE)),
        "activate": Kind(title="Activate a system"),
        "drive": Kind(title="Drive"),
        "pass": Kind(title="Pass", label="Pass", quiet=True),
        "orders": Kind(title="Standing orders", standing=True),
    },
)

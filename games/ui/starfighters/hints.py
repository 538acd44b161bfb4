"""Star Fighters' move panel: a rolled die is placed by clicking it (its face shown) and then
a space of your ship board; a die is picked up or moved from the cockpit the same way. A
system is activated by clicking its rows on your ship board, then its target on the map
(a ship or torpedo to fire at, a hex to launch a torpedo into)."""

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


def _target(value: Any, view: Mapping[str, Any]) -> str:
    for s in view.get("ships") or []:
        if s.get("id") == value:
            return f"Player {s['seat'] + 1}'s ship"
    return f"torpedo {value}"


SYSTEM = Pick("system", on="system", prompt="Click a system of your ship board.")
COMMAND = Pick(
    "command", labels=lambda v, _view: f"with the {v} Command die", prompt="Which Command die it uses."
)
TARGET = Pick("target", on="target", labels=_target, prompt="Click the ship or torpedo to fire at.")
HEX = Pick("hex", on="hex", prompt="Click a highlighted hex to launch the torpedo into.")
FACINGS = Pick(
    "facings",
    labels=lambda v, _view: ("repair " + ", ".join(v)) if v else "repair nothing",
    prompt="Which shields to repair.",
)
STEP = {
    "move": "Move forward",
    "rotate-left": "Turn left",
    "rotate-right": "Turn right",
    "stop": "Stop (end the drive)",
}


def why_not(view: Mapping[str, Any]) -> str:
    """Why the viewer's systems that cannot be activated now cannot (the engine's words)."""
    seat = (view.get("you") or {}).get("seat")
    for p in view.get("players") or []:
        if p.get("seat") == seat and p.get("why_not"):
            return "Not possible now: " + " ".join(p["why_not"].values())
    return ""


def no_drive(view: Mapping[str, Any]) -> str:
    """Why a step of the viewer's Drives is not offered (the engine's words)."""
    seat = (view.get("you") or {}).get("seat")
    for p in view.get("players") or []:
        if p.get("seat") == seat and p.get("why_not_drive"):
            return "Not possible now: " + " ".join(p["why_not_drive"].values())
    return ""


def no_fire(view: Mapping[str, Any]) -> str:
    """Why Fire! is not offered yet in the viewer's Roll phase (the engine's words)."""
    why = ((view.get("you") or {}).get("roll") or {}).get("why_no_fire")
    return f"Fire! is not offered yet: {why}" if why else ""


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
        "hold": Kind(title="Hold", label="Hold: keep the dice as they are", note=no_fire),
        "fire": Kind(title="Fire", label="Fire! (first to the button)"),
        "cockpit": Kind(title="Move a die from the cockpit", picks=(DIE, SPACE)),
        "activate": Kind(
            title="Activate a system",
            picks=(SYSTEM, COMMAND, TARGET, HEX, FACINGS),
            hint="Click a system on your ship board (phasers, torpedoes, shields, drives).",
            attack=True,
        ),
        "drive": Kind(
            title="Fly your drives",
            picks=(Pick("step", labels=lambda v, _view: STEP.get(v, str(v))),),
            note=no_drive,
        ),
        "lose": Kind(title="Lose a die", picks=(DIE,), hint="Click the die your ship loses."),
        "steer": Kind(title="Steer the torpedo", picks=(HEX,), hint="Click the hex the torpedo goes to."),
        "pass": Kind(title="Pass", label="Pass", quiet=True, note=why_not),
        "orders": Kind(title="Standing orders", standing=True),
    },
)

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


def _mine(view: Mapping[str, Any]) -> Mapping[str, Any]:
    """The viewer's own entry of ``players`` (empty for a spectator)."""
    seat = (view.get("you") or {}).get("seat")
    return next((p for p in view.get("players") or [] if p.get("seat") == seat), {})


def _dice_on(view: Mapping[str, Any], system: str, group: str = "") -> int:
    """How many dice the viewer has on a system's spaces (or on one group of them)."""
    return sum(
        len(g.get("dice") or [])
        for g in _mine(view).get("board") or []
        if g.get("system") == system and (not group or g.get("group") == group)
    )


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word.replace('die', 'dice')}"


def _drives_dice(value: Any, view: Mapping[str, Any]) -> str:
    """B2 Frigate (SF-51): how many of its Drives dice to discard and roll."""
    return (
        f"roll {_plural(value, 'Drives die')} of your {_dice_on(view, 'drives')} "
        "(moves: 1 + each face that is not blank)"
    )


def _is_torpedo(target: Any, view: Mapping[str, Any]) -> bool:
    return any(t.get("id") == target for t in view.get("torpedoes") or [])


def _all_attack_dice(move: Mapping[str, Any], view: Mapping[str, Any]) -> str | None:
    """B4 Gunship (SF-53): a shot at a torpedo with every ATTACK die, beside one die."""
    if move.get("system") != "phasers" or not _is_torpedo(move.get("target"), view):
        return None
    n = _dice_on(view, "phasers", "phasers.attack")
    return f"roll all {n} ATTACK dice (any ▲ or ■ destroys it)"


SYSTEM = Pick("system", on="system", prompt="Click a system of your ship board.")
ATTACK_DIE = Pick(
    "die",
    labels=lambda v, _view: f"roll one {v} ATTACK die",
    prompt="Which ATTACK dice to roll at the torpedo.",
    absent=_all_attack_dice,
)
DRIVES_DICE = Pick("dice", labels=_drives_dice, prompt="How many Drives dice to discard and roll.")
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


def _face(view: Mapping[str, Any], die: str, face: str) -> str:
    symbols = (view.get("dice") or {}).get("symbols", SYMBOLS)
    return f"{die} {symbols.get(face, '')} {face}"


def _rerolled(value: Any, view: Mapping[str, Any]) -> str:
    """A B2 re-roll choice (SF-51) in words: the dice named with the faces they show."""
    if not value:
        return "Keep the roll: re-roll nothing"
    faces = {d: f for d, f in (view.get("pending") or {}).get("dice") or []}
    return "Re-roll " + ", ".join(_face(view, d, faces.get(d, "")) for d in value)


def reroll_note(view: Mapping[str, Any]) -> str:
    """What the viewer's B2 attack rolled and which dice it may roll again (SF-51)."""
    p = view.get("pending") or {}
    if p.get("kind") != "reroll" or p.get("seat") != (view.get("you") or {}).get("seat"):
        return ""
    at = _target(p.get("target"), view)
    rolled = ", ".join(_face(view, d, f) for d, f in p.get("dice") or [])
    misses = ", ".join(p.get("options") or [])
    return (
        f"Your Phasers at {at} rolled {rolled}. {misses} did no damage: your B2 Frigate may roll "
        "any of them once more before the damage is dealt (SF-51)."
    )


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
            picks=(SYSTEM, COMMAND, TARGET, ATTACK_DIE, HEX, FACINGS, DRIVES_DICE),
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
        "reroll": Kind(
            title="Re-roll the misses",
            picks=(Pick("dice", labels=_rerolled),),
            note=reroll_note,
        ),
        "pass": Kind(title="Pass", label="Pass", quiet=True, note=why_not),
        "orders": Kind(title="Standing orders", standing=True),
    },
)

"""Battleship Galaxies' move panel: a launched ship is placed by clicking the hexes of its
footprint, moved by clicking it and then a hex, and fires by clicking it and then its
target; tactic cards are named by their titles."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..common.hints import Hints, Kind, Pick, words
from .render import FACTION_FILL


def _card(value: Any, view: Mapping[str, Any]) -> str:
    """A tactic card of the viewer's hand by its title ("Drain Tendril"), else its id."""
    for card in (view.get("you") or {}).get("hand") or []:
        if card.get("id") == value:
            cost = f", {card['cost']} energy" if card.get("cost") is not None else ""
            return f"{card.get('name', value)}{cost}"
    return "no card" if value in ("", "none") else words(value)


def _ship(value: Any, view: Mapping[str, Any]) -> str:
    """A ship by its name, from the board or the viewer's screen ("Vapor's Fate")."""
    if value in ("", None):
        return "no target"
    you = view.get("you") or {}
    for ship in [*(view.get("ships") or []), *(you.get("screen") or []), *(view.get("cards") or [])]:
        if value in (ship.get("id"), ship.get("ship"), ship.get("card"), ship.get("code")):
            return f"{ship.get('name', value)} ({str(value).upper()})"
    return str(value).upper()


def _seat(value: Any, view: Mapping[str, Any]) -> str:
    for p in view.get("players") or []:
        if p.get("seat") == value:
            return str(p.get("name"))
    return f"Player {value}"


SHIP = Pick("ship", on="ship", labels=_ship, prompt="Click one of your ships.")

HINTS = Hints(
    rules_prefix="BG",
    # ISN, then the Wretch (one or two players in the team mission)
    seat_colours=(FACTION_FILL["isn"], FACTION_FILL["wretch"], FACTION_FILL["wretch"]),
    kinds={
        "fleet": Kind(
            title="Choose your fleet",
            picks=(Pick("ship", labels=_ship), Pick("version", prompt="Choose the ship's version.")),
        ),
        "deck": Kind(
            title="Build your tactic deck",
            picks=(Pick("card"), Pick("n", labels={1: "one more", -1: "one fewer"})),
        ),
        "first": Kind(title="Who goes first", picks=(Pick("seat", labels=_seat),)),
        "ready": Kind(title="Ready", label="Ready: start the battle"),
        "reset": Kind(title="Start again", label="Start the fleet again", quiet=True),
        "launch": Kind(title="Launch a ship", picks=(Pick("ship", labels=_ship),)),
        "load": Kind(
            title="Load a ship into another's hold",
            picks=(Pick("ship", labels=_ship), Pick("into", labels=_ship, prompt="Into which ship's hold?")),
        ),
        "unload": Kind(title="Unload", picks=(Pick("ship", labels=_ship),)),
        "place": Kind(
            title="Place a ship",
            picks=(
                Pick("ship", labels=_ship, preselect=True, prompt="Choose a ship to place."),
                Pick("hexes", on="hex", prompt="Click the hexes the ship will cover."),
            ),
            hint="Click a highlighted hex for the ship, then its other hexes: the outline shows where it fits.",
        ),
        # A squadron is activated whole: by its card, which each of its ships carries.
        "activate": Kind(
            title="Activate a ship",
            picks=(Pick("ship", on="card", labels=_ship, prompt="Click one of your ships to activate it."),),
            hint="Click one of your ships (or its card) to activate it.",
        ),
        "step": Kind(
            title="Move",
            picks=(SHIP, Pick("to", on="hex", prompt="Click a green hex to move there.")),
            hint="Click the activated ship, then a green hex to move there.",
        ),
        "fire": Kind(
            title="Fire",
            picks=(
                SHIP,
                Pick("target", on="ship", labels=_ship, prompt="Click the ship to fire at."),
                Pick("weapon", prompt="Choose the weapon."),
            ),
            attack=True,
        ),
        "play": Kind(
            title="Play a tactic card", picks=(Pick("card", labels=_card), Pick("target", labels=_ship))
        ),
        "react": Kind(title="React", picks=(Pick("card", labels=_card),)),
        "discard": Kind(title="Discard a tactic card", picks=(Pick("card", labels=_card),)),
        "next": Kind(title="Next phase", label="Go on to the next phase", quiet=True),
        "end": Kind(title="Finish", label="End your turn", quiet=True),
        "orders": Kind(title="Standing orders", standing=True),
    },
)

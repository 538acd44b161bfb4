"""Battleship Galaxies' move panel: a launched ship is placed by clicking the hexes of its
footprint, moved by clicking it and then a hex, and fires by clicking it and then its
target; tactic cards are named by their titles."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..common.hints import Hints, Kind, Pick, Routes, words
from .render import FACTION_FILL


def _card(value: Any, view: Mapping[str, Any]) -> str:
    """A tactic card of the viewer's hand by its title ("Drain Tendril"), else its id."""
    for card in (view.get("you") or {}).get("hand") or []:
        if card.get("id") == value:
            cost = f", {card['cost']} energy" if card.get("cost") is not None else ""
            return f"{card.get('name', value)}{cost}"
    return "no card" if value in ("", "none") else words(value)


def _discard(value: Any, view: Mapping[str, Any]) -> str:
    """A card to discard, by its title only (what playing it would cost does not matter here)."""
    for card in (view.get("you") or {}).get("hand") or []:
        if card.get("id") == value:
            return f"Discard {card.get('name', value)}"
    return words(value)


def _ship(value: Any, view: Mapping[str, Any]) -> str:
    """A ship by its name, from the board or the viewer's screen ("Vapor's Fate")."""
    if value in ("", None):
        return "no target"
    you = view.get("you") or {}
    for ship in [*(view.get("ships") or []), *(you.get("screen") or []), *(view.get("cards") or [])]:
        if value in (ship.get("id"), ship.get("ship"), ship.get("card"), ship.get("code")):
            return f"{ship.get('name', value)} ({str(value).upper()})"
    return str(value).upper()


def _kind(value: Any, view: Mapping[str, Any]) -> str:
    """A tactic card of the catalogue by its title and cost, with how many the deck holds."""
    you = view.get("you") or {}
    card = ((you.get("catalogue") or {}).get("cards") or {}).get(value)
    if not card:
        return words(value)
    held = sum(
        c.get("count", 0) for c in (you.get("deck") or {}).get("cards") or [] if c.get("kind") == value
    )
    cost = f", {card['cost']} energy" if card.get("cost") is not None else ""
    return f"{card.get('name', value)}{cost} (in deck: {held})"


def _draft(view: Mapping[str, Any]) -> str:
    """The fleet and deck chosen so far, from the viewer's draft."""
    draft = (view.get("you") or {}).get("draft") or {}
    if not draft:
        return ""
    ships = ", ".join(
        f"{c.get('name')} ({c.get('version')})" for c in (view.get("you") or {}).get("screen") or []
    )
    return (
        f"Your fleet: {ships or 'no ship yet'}, {draft.get('points')} of {draft.get('limit')} points. "
        f"Your deck: {draft.get('deck_size')} of {draft.get('deck_target')} cards."
    )


def _seat(value: Any, view: Mapping[str, Any]) -> str:
    for p in view.get("players") or []:
        if p.get("seat") == value:
            return str(p.get("name"))
    return f"Player {value}"


NEXT_PHASE = {
    "energy": "Next: the deploy phase, where you launch ships from behind your screen and place them.",
    "deploy": "Next: the action phase, where you activate your ships to move and fire.",
}


def _next(view: Mapping[str, Any]) -> str:
    """What going on to the next phase leads to (the phase comes from the view)."""
    return NEXT_PHASE.get(str((view.get("turn") or {}).get("phase")), "")


def _end(view: Mapping[str, Any]) -> str:
    """The engine's flag that ending the turn now loses the match (BG-18), in words."""
    if (view.get("turn") or {}).get("end_loses"):
        return (
            "Ending your turn now loses the match: you have no ship on the battlefield, "
            "and from your second turn on a side that ends its turn so loses at once. "
            "Launch a ship first."
        )
    return ""


def _energy(view: Mapping[str, Any]) -> str:
    """The viewer's energy, what launching, activating and charging are paid with."""
    you = (view.get("you") or {}).get("seat")
    for p in view.get("players") or []:
        if p.get("seat") == you:
            return f"You have {p.get('energy')} energy."
    return ""


VERSIONS = {"none": "leave it out of the fleet"}


def _deck(value: Any, view: Mapping[str, Any]) -> str:
    """Barrage's computer core: the energy phase's card from one's own deck, or the mission's
    cards from the other side's deck (the numbers come from the view)."""
    core = (view.get("mission") or {}).get("core") or {}
    if value == "own" or not core:
        return "Draw from your own deck"
    return f"Draw {core.get('cards')} cards from the {str(value).upper()} deck (the computer core)"


def _why_not(view: Mapping[str, Any]) -> str:
    """What the player's ships cannot do now and why, in the engine's words (whynot.py)."""
    reasons = [w.get("why", "") for w in (view.get("you") or {}).get("why_not") or []]
    return ("Not possible now: " + " ".join(dict.fromkeys(reasons))) if reasons else ""


WINDOWS = {
    "attack": "{ship} declares an attack on your {target}; the dice are not rolled yet",
    "hit": "{ship}'s attack hits your {target}; the damage is not dealt yet",
    "ecm": "{ship} moves next to your {target}",
    "action_start": "{player}'s action phase starts",
}


def _window(view: Mapping[str, Any]) -> str:
    """The reaction window the viewer is asked to answer (AS-BG-3), from the view."""
    window = view.get("window") or {}
    if not window or window.get("seat") != (view.get("you") or {}).get("seat"):
        return ""
    what = WINDOWS.get(str(window.get("window")), "a reaction window is open")
    what = what.format(
        ship=_ship(window.get("ship"), view),
        target=_ship(window.get("target"), view),
        player=_seat((view.get("turn") or {}).get("seat"), view),
    )
    return (
        f"{what[0].upper()}{what[1:]}. You may answer with a tactic card made for this moment, if "
        "you can pay its energy, or play none; then the turn goes on (reaction window, AS-BG-3)."
    )


def _answer(value: Any, view: Mapping[str, Any]) -> str:
    """An answer to a reaction window: a card of the hand by its title, or none."""
    return "Play no card" if value in ("", "none") else f"Play {_card(value, view)}"


SHIP = Pick("ship", on="ship", labels=_ship, prompt="Click one of your ships.")

HINTS = Hints(
    rules_prefix="BG",
    routes=Routes(
        piece=SHIP,
        replaces=("step",),
        footprint=True,
        prompt="Click a green hex to move there (a larger ship: then the rest of its outline), or choose below.",
    ),
    # ISN, then the Wretch (one or two players in the team mission)
    seat_colours=(FACTION_FILL["isn"], FACTION_FILL["wretch"], FACTION_FILL["wretch"]),
    kinds={
        "fleet": Kind(
            title="Choose your fleet",
            picks=(
                Pick("ship", labels=_ship),
                Pick("version", labels=VERSIONS, prompt="Choose the ship's version."),
            ),
            note=_draft,
        ),
        "deck": Kind(
            title="Build your tactic deck",
            picks=(Pick("card", labels=_kind), Pick("n", labels={1: "one more", -1: "one fewer"})),
        ),
        "first": Kind(title="Who goes first", picks=(Pick("seat", labels=_seat),)),
        "draw": Kind(title="Draw tactic cards", picks=(Pick("deck", labels=_deck),)),
        "ready": Kind(title="Ready", label="Ready: start the battle"),
        "reset": Kind(title="Start again", label="Start the fleet again", quiet=True),
        "launch": Kind(title="Launch a ship", picks=(Pick("ship", labels=_ship),), note=_energy),
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
            note=_energy,
        ),
        "route": Kind(
            title="Move to",
            hint="Click the activated ship, then where it should go (a green hex; a larger ship's "
            "outline shows the spaces it will cover): it moves there in one go.",
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
        "react": Kind(title="React", picks=(Pick("card", labels=_answer),), note=_window),
        "discard": Kind(
            title="Discard a tactic card for energy",
            picks=(Pick("card", labels=_discard),),
            quiet=True,
        ),
        "next": Kind(title="Next phase", label="Go on to the next phase", quiet=True, note=_next),
        "end": Kind(title="Finish", label="End your turn", quiet=True, note=_why_not, warning=_end),
        "orders": Kind(title="Standing orders", standing=True),
    },
    # reaction windows (AS-BG-3): answered by the standing order unless the player asks
    field_labels={
        "react": "At a reaction window you are not asked about",
        "ask": "Ask me at every reaction window (on every one, so the pause gives nothing away)",
    },
    value_labels={
        ("react", "always"): "play the first tactic card that fits",
        ("react", "never"): "play no card",
    },
)

"""The moves of Battleship Galaxies: their JSON shapes and constructors.

Move kinds (public protocol, never renamed):
  selection:  fleet, deck, reset, ready, first
  deploy:     launch, place, load, unload
  action:     activate, step, warp, fire
  any phase of your turn: play, discard, give, next, end
  energy phase, with Barrage's computer core: draw
  any time:   orders; when a reaction window asks you: react
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..base import Invalid, Move
from .data import SIDES, VERSIONS

KINDS = (
    "fleet",
    "deck",
    "reset",
    "ready",
    "first",
    "launch",
    "place",
    "load",
    "unload",
    "activate",
    "step",
    "warp",
    "fire",
    "play",
    "discard",
    "give",
    "next",
    "end",
    "orders",
    "react",
    "draw",
)
NONE = "none"
REACT_POLICIES = ("always", "never")
DECKS = ("own", *SIDES)  # where the energy-phase card comes from ([SEED] page 11)
SEALED = frozenset({"fleet", "deck", "reset", "load", "unload", "orders"})


# -- constructors ------------------------------------------------------------------------
def fleet(ship: str, version: str) -> Move:
    return Move.of("fleet", ship=ship, version=version)


def deck(card: str, n: int) -> Move:
    return Move.of("deck", card=card, n=n)


def first(seat: int) -> Move:
    return Move.of("first", seat=seat)


def launch(ship: str) -> Move:
    return Move.of("launch", ship=ship)


def place(ship: str, hexes: tuple[str, ...]) -> Move:
    return Move.of("place", ship=ship, hexes=list(hexes))


def load(ship: str, into: str) -> Move:
    return Move.of("load", ship=ship, into=into)


def unload(ship: str) -> Move:
    return Move.of("unload", ship=ship)


def activate(ship: str) -> Move:
    return Move.of("activate", ship=ship)


def step(ship: str, frm: str, to: str) -> Move:
    return Move.of("step", ship=ship, **{"from": frm, "to": to})


def warp(ship: str, to: str) -> Move:
    return Move.of("warp", ship=ship, to=to)


def fire(ship: str, weapon: str, target: str) -> Move:
    return Move.of("fire", ship=ship, weapon=weapon, target=target)


def play(card: str, target: str = "") -> Move:
    return Move.of("play", card=card, target=target)


def discard(card: str) -> Move:
    return Move.of("discard", card=card)


def give(card: str, to: int) -> Move:
    return Move.of("give", card=card, to=to)


def orders(react: str, ask: bool) -> Move:
    return Move.of("orders", react=react, ask=ask)


def react(card: str) -> Move:
    return Move.of("react", card=card)


def draw(deck: str) -> Move:
    return Move.of("draw", deck=deck)


RESET, READY, NEXT, END = Move.of("reset"), Move.of("ready"), Move.of("next"), Move.of("end")


# -- shapes -------------------------------------------------------------------------------
def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _word(what: str) -> Callable[[Any], str | None]:
    def check(v: Any) -> str | None:
        if isinstance(v, str) and 0 < len(v) <= 24:
            return None
        return f"{what} must be a short name such as the ones in your legal moves."

    return check


def _maybe_word(what: str) -> Callable[[Any], str | None]:
    def check(v: Any) -> str | None:
        return None if isinstance(v, str) and len(v) <= 24 else f"{what} must be a name or empty."

    return check


def _seat(v: Any) -> str | None:
    return None if _is_int(v) and 0 <= v < 8 else '"seat" / "to" must be a seat number.'


def _hexes(v: Any) -> str | None:
    if isinstance(v, tuple) and 1 <= len(v) <= 3 and all(isinstance(h, str) and len(h) <= 4 for h in v):
        return None
    return '"hexes" must be a list of 1 to 3 hex names such as ["d12", "e12"].'


def _one_of(choices: tuple[Any, ...], what: str) -> Callable[[Any], str | None]:
    def check(v: Any) -> str | None:
        if any(type(v) is type(c) and v == c for c in choices):
            return None
        return f"{what} must be one of {', '.join(str(c) for c in choices)}."

    return check


SHAPES: dict[str, dict[str, Callable[[Any], str | None]]] = {
    "fleet": {"ship": _word('"ship"'), "version": _one_of((*VERSIONS, NONE), '"version"')},
    "deck": {"card": _word('"card"'), "n": _one_of((1, -1), '"n"')},
    "reset": {},
    "ready": {},
    "first": {"seat": _seat},
    "launch": {"ship": _word('"ship"')},
    "place": {"ship": _word('"ship"'), "hexes": _hexes},
    "load": {"ship": _word('"ship"'), "into": _word('"into"')},
    "unload": {"ship": _word('"ship"')},
    "activate": {"ship": _word('"ship"')},
    "step": {"ship": _word('"ship"'), "from": _word('"from"'), "to": _word('"to"')},
    "warp": {"ship": _word('"ship"'), "to": _word('"to"')},
    "fire": {"ship": _word('"ship"'), "weapon": _word('"weapon"'), "target": _word('"target"')},
    "play": {"card": _word('"card"'), "target": _maybe_word('"target"')},
    "discard": {"card": _word('"card"')},
    "give": {"card": _word('"card"'), "to": _seat},
    "next": {},
    "end": {},
    "orders": {"react": _one_of(REACT_POLICIES, '"react"'), "ask": _one_of((True, False), '"ask"')},
    "react": {"card": _word('"card"')},
    "draw": {"deck": _one_of(DECKS, '"deck"')},
}


def shape(m: Move) -> Invalid | None:
    """Is ``m`` a well-formed move of this game (its kind known, exactly its fields)?"""
    if m.kind not in SHAPES:
        return Invalid(
            "unknown_move",
            f"Battleship Galaxies has no move {m.kind[:20]!r}; the moves are {', '.join(KINDS)}.",
        )
    spec = SHAPES[m.kind]
    given = dict(m.args)
    if set(given) != set(spec):
        want = ", ".join(f'"{f}"' for f in spec) or "no fields"
        return Invalid("bad_move", f'A "{m.kind}" move takes {want} besides "kind".')
    for name, check in spec.items():
        problem = check(given[name])
        if problem:
            return Invalid("bad_move", problem)
    return None

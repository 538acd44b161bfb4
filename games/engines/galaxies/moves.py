"""The moves of Battleship Galaxies: the table of kinds (fields, phase, sealed) and constructors.

Move kinds (public protocol, never renamed):
  selection:  fleet, deck, reset, ready, first
  deploy:     launch, place, load, unload
  action:     activate, step, warp, fire
  any phase of your turn: play, discard, give, next, end
  energy phase, with Barrage's computer core: draw
  any time:   orders; when a reaction window asks you: react
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..base import Move
from ..kit.moves import Field, Kind, Moves, names, one_of, seat, word
from ..kit.orders import StandingOrders
from .data import SIDES, VERSIONS
from .state import MUSTER, PLAY, SELECT, Orders, State, with_player

NONE = "none"
REACT_POLICIES = ("always", "never")
DECKS = ("own", *SIDES)  # where the energy-phase card comes from ([SEED] page 11)


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
    return ORDERS.move(Orders(react, ask))


def react(card: str) -> Move:
    return Move.of("react", card=card)


def draw(deck: str) -> Move:
    return Move.of("draw", deck=deck)


RESET, READY, NEXT, END = Move.of("reset"), Move.of("ready"), Move.of("next"), Move.of("end")


# -- the table of move kinds ----------------------------------------------------------------
def _turn(kind: str) -> Kind:
    """A kind of the turns in play (its fields given afterwards)."""
    return Kind(phase=PLAY, belongs=f'A "{kind}" move belongs to your turns in play')


SHIP = {"ship": word('"ship"')}
CARD = {"card": word('"card"')}
SEAT = seat('"seat" / "to"')
ORDERS: StandingOrders[State, Orders] = StandingOrders(
    Orders,
    {"react": one_of(REACT_POLICIES, '"react"'), "ask": one_of((True, False), '"ask"')},
    {"react": REACT_POLICIES, "ask": (False, True)},
    get=lambda state, seat: state.players[seat].orders,
    put=lambda state, seat, orders: with_player(state, seat, orders=orders),
)
_MUSTER = {"phase": (MUSTER, PLAY)}


def _deploy(kind: str, fields: dict[str, Field], **more: Any) -> Kind:
    return Kind(fields, belongs=f'A "{kind}" move belongs to your deploy phase or the opening muster', **more)


MOVES = Moves(
    "Battleship Galaxies",
    {
        "fleet": Kind({**SHIP, "version": one_of((*VERSIONS, NONE), '"version"')}, phase=SELECT, sealed=True),
        "deck": Kind({**CARD, "n": one_of((1, -1), '"n"')}, phase=SELECT, sealed=True),
        "reset": Kind(phase=SELECT, sealed=True),
        "ready": Kind(phase=SELECT),
        "first": Kind({"seat": SEAT}, phase=SELECT),
        "launch": _deploy("launch", SHIP, **_MUSTER),
        "place": _deploy(
            "place",
            {
                **SHIP,
                "hexes": names(4, 1, 3, '"hexes" must be a list of 1 to 3 hex names such as ["d12", "e12"].'),
            },
            **_MUSTER,
        ),
        "load": replace(_turn("load"), fields={**SHIP, "into": word('"into"')}, sealed=True),
        "unload": replace(_turn("unload"), fields=SHIP, sealed=True),
        "activate": replace(_turn("activate"), fields=SHIP),
        "step": replace(_turn("step"), fields={**SHIP, "from": word('"from"'), "to": word('"to"')}),
        "warp": replace(_turn("warp"), fields={**SHIP, "to": word('"to"')}),
        "fire": replace(
            _turn("fire"), fields={**SHIP, "weapon": word('"weapon"'), "target": word('"target"')}
        ),
        "play": replace(_turn("play"), fields={**CARD, "target": word('"target"', empty=True)}),
        "discard": replace(_turn("discard"), fields=CARD),
        "give": replace(_turn("give"), fields={**CARD, "to": SEAT}),  # seen by the team (rules.play)
        "next": _turn("next"),
        "end": _turn("end"),
        "orders": ORDERS.kind,
        "react": Kind(CARD),  # when a reaction window asks (checks.react)
        "draw": replace(_turn("draw"), fields={"deck": one_of(DECKS, '"deck"')}),
    },
    phases={
        SELECT: "the selection of fleets and decks behind the screen",
        MUSTER: "the opening muster (placing ships that start launched)",
        PLAY: "play (turns of energy, deploy and action phases)",
    },
    echo=20,
)
KINDS = tuple(MOVES.kinds)

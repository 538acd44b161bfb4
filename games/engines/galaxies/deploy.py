"""The Deploy phase ([SEED] page 6): launching ships into the starting zone or out of a
transporting ship, placing them with their shield pegs, and the sealed transport holds."""

from __future__ import annotations

from dataclasses import replace

from ..base import Event
from ..dice import Dice
from .board import can_launch, size
from .data import DATA
from .selection import next_muster
from .state import HOLD, LAUNCHED, MUSTER, PLACING, SCREEN, Card, Piece, State, with_card
from .turns import gain

Events = list[Event]


def cargo(state: State, carrier: str) -> list[Card]:
    """The ship cards under ``carrier`` ([SEED] sealed transport holds)."""
    return [c for c in state.cards if c.place == HOLD and c.carrier == carrier]


def used_capacity(state: State, carrier: str) -> int:
    return sum(DATA.ships[c.code].spaces for c in cargo(state, carrier))


def launch_cost(state: State, card: Card) -> int:
    """[SEED] pay the launch cost; free in a mission's opening muster ([SOURCED] page 10)."""
    if state.turn is not None and state.turn.phase == MUSTER:
        return 0
    return DATA.stats(card.code, card.version).launch


def launch(state: State, seat: int, code: str) -> tuple[State, Events]:
    """Pay, reveal the card and start placing its ships (``place`` moves follow)."""
    card = state.card(code)
    assert card is not None and state.turn is not None
    cost = launch_cost(state, card)
    source = "hold" if card.place == HOLD else "screen"
    events: Events = []
    if cost:
        state, events = gain(state, seat, -cost, "launch")
    card = replace(card, place=PLACING)
    state = with_card(state, card)
    assert state.turn is not None
    state = replace(state, turn=replace(state.turn, placing=code))
    head = Event(
        "ship_launched",
        {
            "seat": seat,
            "ship": code,
            "name": DATA.ships[code].name,
            "version": card.version,
            "from": source,
            "carrier": card.carrier or None,
            "cost": cost,
        },
    )
    return state, [head, *events]


def piece_id(card: Card) -> str:
    """Solo ships carry the card's code; squadron ships are numbered (bs1, bs2, bs3)."""
    if DATA.ships[card.code].count == 1:
        return card.code
    return f"{card.code}{len(card.pieces) + 1}"


def place(state: State, seat: int, code: str, hexes: tuple[str, ...], dice: Dice) -> tuple[State, Events]:
    """[SEED] place a ship with as many shield pegs as the card's shield number."""
    card = state.card(code)
    assert card is not None and state.turn is not None
    shields = DATA.stats(card.code, card.version).shields
    piece = Piece(piece_id(card), hexes, shields)
    card = replace(card, pieces=(*card.pieces, piece))
    events: Events = [
        Event(
            "ship_placed",
            {"seat": seat, "ship": piece.id, "card": code, "hexes": list(hexes), "shields": shields},
        )
    ]
    turn = state.turn
    if len(card.pieces) == DATA.ships[code].count:
        card = replace(card, place=LAUNCHED, carrier="", launched=state.turn_no)
        turn = replace(turn, placing="")
    state = replace(with_card(state, card), turn=turn)
    if turn.phase == MUSTER and not turn.placing:
        state, more = _muster_next(state, seat, dice)
        events += more
    return state, events


def _muster_next(state: State, seat: int, dice: Dice) -> tuple[State, Events]:
    if any(c.owner == seat and c.place == SCREEN and can_launch(state, c) for c in state.cards):
        return state, []
    return next_muster(state, seat, dice)


def load(state: State, seat: int, code: str, into: str) -> tuple[State, Events]:
    """[SEED] secretly place a ship card under the card of the ship that will carry it."""
    card = state.card(code)
    assert card is not None
    state = with_card(state, replace(card, place=HOLD, carrier=into))
    return state, [_hold_event(state, seat, into)]


def unload(state: State, seat: int, code: str) -> tuple[State, Events]:
    """Take a card back from under a carrier that is still behind the screen."""
    card = state.card(code)
    assert card is not None
    carrier = card.carrier
    state = with_card(state, replace(card, place=SCREEN, carrier=""))
    return state, [_hold_event(state, seat, carrier)]


def _hold_event(state: State, seat: int, carrier: str) -> Event:
    """The hold's new contents, told to its owner only (the move is sealed)."""
    inside = [c.code for c in cargo(state, carrier)]
    return Event(
        "hold",
        {"seat": seat, "carrier": carrier, "cargo": inside, "used": used_capacity(state, carrier)},
        frozenset({seat}),
    )


def can_carry(carrier: Card, cargo_card: Card) -> bool:
    """[SEED] size limitations: a ship only carries ships smaller than itself."""
    return size(cargo_card) in DATA.sizes[size(carrier)]["carries"]

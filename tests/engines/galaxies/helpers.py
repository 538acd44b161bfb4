"""Hand-built Battleship Galaxies positions and small helpers for the rule-by-rule tests."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from games.engines.dice import Dice
from games.engines.galaxies import ENGINE
from games.engines.galaxies.data import DATA
from games.engines.galaxies.geometry import canon
from games.engines.galaxies.state import (
    ACTION,
    HOLD,
    LAUNCHED,
    PLAY,
    SCREEN,
    Card,
    Orders,
    Piece,
    Player,
    State,
    Tac,
    Turn,
)

from ..steps import Driver
from ..steps import event as event
from ..steps import events as events
from ..steps import has as has
from ..steps import kinds as kinds

E = ENGINE
SEED = b"galaxies-rule-tests"
ISN, WRETCH = 0, 1


def dice(seq: int = 1) -> Dice:
    return Dice(SEED, seq)


def ship(
    code: str,
    owner: int,
    *hexes_of_ships: Sequence[str] | str,
    version: str = "standard",
    shields: int | None = None,
    damage: int = 0,
    launched: int = 0,
    attached: Sequence[Tac] = (),
) -> Card:
    """A launched ship card; give one hex list per ship (a string for a one-hex ship)."""
    top = DATA.stats(code, version).shields if shields is None else shields
    pieces = []
    for i, hexes in enumerate(hexes_of_ships, 1):
        hx = (hexes,) if isinstance(hexes, str) else tuple(hexes)
        pid = code if DATA.ships[code].count == 1 else f"{code}{i}"
        pieces.append(Piece(pid, canon(hx), top, damage))
    return Card(code, version, owner, LAUNCHED, "", launched, tuple(pieces), tuple(attached))


def hidden(code: str, owner: int, version: str = "standard", carrier: str = "") -> Card:
    """A card behind the screen, or in ``carrier``'s hold."""
    return Card(code, version, owner, HOLD if carrier else SCREEN, carrier)


def tac(seat: int, n: int, kind: str) -> Tac:
    return Tac(f"c{seat}-{n}", kind)


def deck_of(seat: int, kinds: Sequence[str]) -> tuple[Tac, ...]:
    """A sealed deck of ``kinds``, with ids ("d0-1", ...) no hand-built card uses."""
    return tuple(Tac(f"d{seat}-{n}", k) for n, k in enumerate(sorted(kinds), 1))


def position(
    cards: Sequence[Card] = (),
    *,
    mission: str = "skirmish",
    seat: int = ISN,
    phase: str = ACTION,
    energy: Sequence[int] = (20, 20),
    hands: Sequence[Sequence[Tac]] = ((), ()),
    decks: Sequence[Sequence[str]] | None = None,
    discards: Sequence[Sequence[Tac]] = ((), ()),
    orders: Sequence[Orders] | None = None,
    turns: Sequence[int] = (3, 3),
    number: int = 7,
    rounds: int = 10,
    turn: Turn | None = None,
    first: int = ISN,
) -> State:
    """A play-phase position with ``seat`` on turn in ``phase`` (turn ``number``)."""
    seats = len(energy)
    sides = [0] + [1] * (seats - 1)
    if decks is None:
        decks = [
            sorted(
                k
                for k, n in DATA.decks[f"{'isn' if s == 0 else 'wretch'}-standard"].items()
                for _ in range(n)
            )
            for s in sides
        ]
    orders = orders or [Orders() for _ in range(seats)]
    players = tuple(
        Player(
            side=sides[s],
            commands=(0,),
            energy=energy[s],
            hand=tuple(hands[s]) if s < len(hands) else (),
            deck=deck_of(s, decks[s]),
            discard=tuple(discards[s]) if s < len(discards) else (),
            ready=True,
            turns=turns[s] if s < len(turns) else 3,
            orders=orders[s],
        )
        for s in range(seats)
    )
    used = [t.id for p in players for t in (*p.hand, *p.deck, *p.discard)]
    return State(
        card_ids=tuple(sorted(used)),
        mission=mission,
        rounds=rounds,
        fleet_points=100,
        players=players,
        phase=PLAY,
        cards=tuple(cards),
        chooser=-1,
        first=first,
        turn=turn or Turn(seat, number, phase),
        turn_no=number,
    )


def activating(state: State, code: str) -> State:
    """``state`` with ``code`` activated (cost not paid) so its ships may move and attack."""
    assert state.turn is not None
    return replace(state, turn=replace(state.turn, card=code, activated=(*state.turn.activated, code)))


DRIVE = Driver(E, dice)
act, ok, refused, seek = DRIVE.act, DRIVE.ok, DRIVE.refused, DRIVE.seek
notations, game_moves = DRIVE.notations, DRIVE.game_moves


def of_kind(state: State, seat: int, kind: str) -> list[str]:
    return [n for n in game_moves(state, seat) if n.split()[0] == kind]


def piece(state: State, pid: str) -> Piece:
    found = state.piece(pid)
    assert found is not None, pid
    return found[1]

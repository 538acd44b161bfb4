"""The immutable game state of Battleship Galaxies (dumped and loaded by the kit's codec).

Everything hidden lives here in full - the cards behind each screen, the cards in each
transport hold, hands and decks, standing orders; ``view.py`` decides who sees what.
Ship cards are known by their ship code ("ev"), ships on the battlefield by piece ids
("ev", "bs2"), tactic cards by ids drawn at random when a deck is sealed or formed again
("w417": see ``cardids.py``), so that an id says nothing of when its card was drawn.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..base import Outcome
from ..kit import codec
from ..kit.codec import set_at
from .data import DATA, SIDES

SELECT, MUSTER, PLAY, OVER = "select", "muster", "play", "over"
ENERGY, DEPLOY, ACTION = "energy", "deploy", "action"
# Where a ship card is.
SCREEN, HOLD, PLACING, LAUNCHED, DESTROYED = "screen", "hold", "placing", "launched", "destroyed"


@dataclass(frozen=True)
class Piece:
    """One ship on the battlefield: its hexes (canonical order), shield and hull pegs."""

    id: str
    hexes: tuple[str, ...]
    shields: int
    damage: int = 0


@dataclass(frozen=True)
class Tac:
    """One tactic card: its id (fixed when its deck is sealed, ``cardids.py``) and kind (a key
    of tactics.toml)."""

    id: str
    kind: str


@dataclass(frozen=True)
class Card:
    """A ship card and, once launched, its ships. ``carrier`` names the card it rides in."""

    code: str
    version: str
    owner: int
    place: str = SCREEN
    carrier: str = ""
    launched: int = 0  # the turn number of its launch (BG-19: hold launches need a later turn)
    pieces: tuple[Piece, ...] = ()
    attached: tuple[Tac, ...] = ()
    lost: tuple[str, ...] = ()  # ids of its ships destroyed so far

    @property
    def tag(self) -> str:
        """The canary marker of a card its owner keeps hidden (behind the screen or in a hold)."""
        return f"scr{self.owner}-{self.code}"


@dataclass(frozen=True)
class Orders:
    """Standing orders for reactive tactic cards (AS-BG-3, rules/README decision 5)."""

    react: str = "always"  # always: play a fitting card whenever a window opens; never
    ask: bool = False  # pause and ask on every window, whatever the hand holds


@dataclass(frozen=True)
class Player:
    side: int
    commands: tuple[int, ...]  # the mission commands this seat holds (decks, fleets, heroes)
    energy: int = 0
    hand: tuple[Tac, ...] = ()  # in id order, never in the order drawn
    deck: tuple[Tac, ...] = ()  # in id order: a draw picks one at random, so no order exists
    discard: tuple[Tac, ...] = ()  # face up, in the order discarded (public)
    draft: tuple[str, ...] = ()  # card kinds chosen behind the screen, sorted, until the deck is sealed
    reshuffles: int = 0
    ready: bool = False
    turns: int = 0
    orders: Orders = Orders()


@dataclass(frozen=True)
class Turn:
    """The turn in progress and the activation within it."""

    seat: int
    number: int  # counts every turn of the match, from 1
    phase: str = ENERGY
    activated: tuple[str, ...] = ()  # cards activated this turn ([SEED] once each)
    card: str = ""  # the card being activated
    attacking: bool = False  # BG-12: once it attacks, no more movement
    moving: str = ""  # the ship now moving ([SEED] squadron ships move one at a time)
    steps: tuple[tuple[str, int], ...] = ()  # ship -> spaces moved this activation
    stopped: tuple[str, ...] = ()  # ships whose movement is over this activation
    lead: tuple[tuple[str, str], ...] = ()  # medium ship -> hex of its leading end (BG-07)
    charges: tuple[tuple[str, int], ...] = ()  # "ship/weapon" -> attacks left
    placing: str = ""  # the card (launch) or ship (warp) being placed
    warp: str = ""  # the hex a warping medium ship's first hex goes to
    rerolls: int = 0  # re-rolls of missed attacks left this turn (placeholder card)
    draw: int = 0  # energy-phase cards still to draw, their deck to be chosen (page 11 computer core)

    def used(self, piece: str) -> int:
        return dict(self.steps).get(piece, 0)


@dataclass(frozen=True)
class Trigger:
    """A reaction window in progress (AS-BG-3): an attack, an ECM roll or a phase start."""

    kind: str  # attack | ecm | action_start
    seat: int  # who may react
    stage: str  # the window now open: attack | hit | ecm | action_start
    piece: str = ""  # the attacker or the moving ship
    target: str = ""  # the attacked ship or the adjacent enemy ship
    weapon: str = ""
    strength: int = 0
    auto: bool = False  # ECM succeeds whatever the die shows
    roll: str = ""
    result: str = ""


@dataclass(frozen=True)
class State:
    mission: str
    rounds: int
    fleet_points: int
    players: tuple[Player, ...]
    phase: str = SELECT
    cards: tuple[Card, ...] = ()
    chooser: int = -1  # the high roller who chooses the first player
    first: int = -1
    turn: Turn | None = None
    turn_no: int = 0
    queue: tuple[Trigger, ...] = ()
    asking: bool = False  # queue[0] waits for its seat's answer
    last_attack: Trigger | None = None
    card_ids: tuple[str, ...] = ()  # every tactic card id given so far, sorted: never reused
    vp: tuple[int, ...] = (0, 0)  # victory points per side, on the mission's track (page 12)
    rescued: tuple[str, ...] = ()  # survivor sites already rescued (BG-H4)
    outcome: Outcome | None = None  # last: the stored JSON has always ended with it

    # -- lookups ----------------------------------------------------------------------
    def card(self, code: str) -> Card | None:
        for c in self.cards:
            if c.code == code:
                return c
        return None

    def piece(self, pid: str) -> tuple[Card, Piece] | None:
        for c in self.cards:
            for p in c.pieces:
                if p.id == pid:
                    return c, p
        return None

    def on_board(self) -> Iterator[tuple[Card, Piece]]:
        for c in self.cards:
            if c.place in (LAUNCHED, PLACING):
                for p in c.pieces:
                    yield c, p

    def occupied(self, skip: str = "") -> dict[str, str]:
        """hex -> piece id of every ship on the battlefield (``skip`` left out)."""
        return {h: p.id for _, p in self.on_board() if p.id != skip for h in p.hexes}

    def side(self, seat: int) -> int:
        return self.players[seat].side

    def seats_of(self, side: int) -> tuple[int, ...]:
        return tuple(s for s, p in enumerate(self.players) if p.side == side)

    def enemy(self, a: int, b: int) -> bool:
        return self.players[a].side != self.players[b].side

    def mates(self, seat: int) -> tuple[int, ...]:
        """Other seats of the same side (AS-BG-4 teammates)."""
        return tuple(s for s in self.seats_of(self.side(seat)) if s != seat)

    def faction(self, seat: int) -> str:
        return SIDES[self.side(seat)]


def with_player(state: State, seat: int, **changes: Any) -> State:
    return replace(state, players=set_at(state.players, seat, replace(state.players[seat], **changes)))


def with_card(state: State, card: Card) -> State:
    return replace(state, cards=tuple(card if c.code == card.code else c for c in state.cards))


def with_piece(state: State, card: Card, piece: Piece) -> tuple[State, Card]:
    new = replace(card, pieces=tuple(piece if p.id == piece.id else p for p in card.pieces))
    return with_card(state, new), new


def hull(card: Card) -> int:
    """Hull of each ship of the card: the version's hull plus attached upgrades."""
    extra: int = sum(DATA.cards[t.kind].effect.params.get("hull", 0) for t in card.attached)
    return DATA.stats(card.code, card.version).hull + extra


# -- loading: the kit's codec, and what states of earlier engine versions lack -----------------
def load(data: Mapping[str, Any]) -> State:
    if any("draft" not in p for p in data["players"]):
        data = {**data, "players": [p if "draft" in p else _player_v1(p) for p in data["players"]]}
    state: State = codec.from_json(State, data)  # card_ids (version 1), vp, rescued (before 3)
    return state


def _player_v1(d: Mapping[str, Any]) -> dict[str, Any]:
    """A seat as engine version 1 stored it (its deck a list of kinds, ids counted by draws),
    so that a match recorded then can still be read; the server does not continue it."""
    old = {k: v for k, v in d.items() if k != "drawn"}
    kinds = list(d["deck"])
    sealed = d["ready"]
    return {
        **old,
        "deck": [{"id": "", "kind": k} for k in kinds] if sealed else [],
        "draft": [] if sealed else kinds,
    }

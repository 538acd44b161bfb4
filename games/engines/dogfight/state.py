"""The immutable game state of Space Dogfight (dumped and loaded by ``kit.codec``).

Squares are stored by their names ("b3"), ships by their public ids ("blue-2"), counters by
their box ids ("ctr-07"). Hidden values (unplaced fleets, hands, the cup, standing orders)
live here in full; ``view.py`` decides who may see what.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..base import Outcome
from ..kit.codec import omitted_when_default
from .data import COLOURS, DATA

BUILD, PLACE, PLAY, OVER = "build", "place", "play", "over"

# Turn stages: what the player on turn has done so far this game turn.
START, DRAWING, SPENDING = "start", "drawing", "spending"


@dataclass(frozen=True)
class Hold:
    """One ship of a sealed fleet that is not on the board yet (seen by its owner only)."""

    id: str
    type: str


@dataclass(frozen=True)
class Ship:
    """A placed ship; ``id`` is public: colour and placement order ("red-3")."""

    id: str
    owner: int
    type: str
    square: str


@dataclass(frozen=True)
class Orders:
    """Standing orders for DEF counters (AS-SD-3, rules/README decision 5)."""

    def_counter: str = "best"
    def2_min_pts: int = 0
    ask: bool = False


@dataclass(frozen=True)
class Combat:
    """One combat (or repeat) as it stands: ``result`` is "pending" while the defender decides.

    ``then_repeat``: the attacker declared with the attack that it repeats if the defender
    survives (AS-SD-4).
    """

    attacker: str
    defender: str
    repeat: bool
    support: bool
    attack_roll: int
    attack_target: int
    potential_hit: bool
    def_counter: str | None = None
    defence_roll: int | None = None
    defence_target: int | None = None
    result: str = "pending"
    # left out of the JSON while False, so that the states of matches played before the
    # AS-SD-4 declaration existed stay byte for byte the same
    then_repeat: bool = omitted_when_default(False)


@dataclass(frozen=True)
class Turn:
    """The game turn in progress. ``repeat`` = (attacker id, defender id) while one may follow."""

    seat: int
    number: int
    stage: str = START
    draws: int = 0
    ap_spent: int = 0
    repeat: tuple[str, str] | None = None


@dataclass(frozen=True)
class State:
    points_limit: int
    turn_cap: int
    movement: str
    first: int
    phase: str = BUILD
    asteroids: tuple[str, ...] = ()  # asteroid n is at asteroids[n - 1] (SD-05)
    sealed: tuple[bool, ...] = (False, False)
    holds: tuple[tuple[Hold, ...], ...] = ((), ())
    placed: tuple[int, ...] = (0, 0)  # ships placed so far per seat (numbers the ids)
    place_next: int = 0
    ships: tuple[Ship, ...] = ()
    lost: tuple[Ship, ...] = ()  # eliminated ships, with the square they were lost on
    cup: tuple[str, ...] = ()  # counter ids, sorted (the canonical order for draws)
    hands: tuple[tuple[str, ...], ...] = ((), ())
    orders: tuple[Orders, ...] = (Orders(), Orders())
    turns_taken: tuple[int, ...] = (0, 0)
    turn: Turn | None = None
    pending: Combat | None = None
    last_combat: Combat | None = None
    outcome: Outcome | None = None

    # -- lookups ----------------------------------------------------------------------
    def ship_at(self, square: str) -> Ship | None:
        for ship in self.ships:
            if ship.square == square:
                return ship
        return None

    def ship(self, ship_id: str) -> Ship | None:
        for ship in self.ships:
            if ship.id == ship_id:
                return ship
        return None

    def asteroid_at(self, square: str) -> int | None:
        """The number (1-based) of the asteroid on ``square``, if any."""
        for n, sq in enumerate(self.asteroids, 1):
            if sq == square:
                return n
        return None

    def occupied(self, square: str) -> bool:
        return self.ship_at(square) is not None or square in self.asteroids

    def fleet(self, seat: int) -> tuple[Ship, ...]:
        return tuple(s for s in self.ships if s.owner == seat)

    def fleet_value(self, seat: int) -> int:
        return sum(DATA.ship_types[s.type].pts for s in self.fleet(seat))

    def hand_types(self, seat: int) -> tuple[str, ...]:
        return tuple(DATA.counter_type(c) for c in self.hands[seat])

    def held(self, seat: int, counter_type: str) -> int:
        return self.hand_types(seat).count(counter_type)

    def hand_labels(self, seat: int) -> tuple[tuple[str, str], ...]:
        """The hand as its owner is shown it: (label, counter type) in counter-type order.

        Counters of one type are alike at the table (AS-SD-2). A box id would tell its
        holder which counters were still in the cup, and so something of the other hand;
        a label "ctr-<seat+1><nn>" numbers the hand in type order, so it tells no more than
        the types held. Labels never collide with box ids (ctr-01 ...).
        """
        order = list(DATA.counters)
        types = sorted(self.hand_types(seat), key=order.index)
        return tuple((f"ctr-{seat + 1}{n:02d}", t) for n, t in enumerate(types, 1))


def colour(seat: int) -> str:
    return COLOURS[seat]


def with_hand(state: State, seat: int, hand: tuple[str, ...]) -> State:
    hands = list(state.hands)
    hands[seat] = tuple(sorted(hand))
    return replace(state, hands=tuple(hands))

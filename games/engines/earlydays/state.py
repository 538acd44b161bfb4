"""The immutable game state of "The early days" (dumped and loaded by the kit's codec).

Hexes are stored by name ("0312"), units by their public ids ("R2a": Rebel entry 2, flight
a; "I3": Imperial entry 3). Hidden values (force drafts, this turn's fire orders, standing
orders, the Hostage D6) live here in full; ``view.py`` decides who may see what.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..base import Outcome
from ..kit import codec
from .data import DATA, FIGHTER, UnitType

BUILD, DEPLOY, TURN, OVER = "build", "deploy", "turn", "over"
INITIATIVE, MOVE, SHOOT, END = "initiative", "move", "shoot", "end"
RESERVE, ACTIVE, DESTROYED, WITHDRAWN = "reserve", "active", "destroyed", "withdrawn"
# Roles a scenario gives a unit (SW-60..64).
TRANSPORT, CONVOY, OBJECTIVE, PRIZE = "transport", "convoy", "objective", "prize"


@dataclass(frozen=True)
class Entry:
    """One line of a force list: a squadron of 1-3 flights or one ship (SW-09, SW-10)."""

    id: str
    type: str
    flights: int = 1
    options: tuple[str, ...] = ()
    transport: bool = False


@dataclass(frozen=True)
class Effect:
    """An ion result (SW-42) on a ship. ``until`` = last turn a lasting result applies."""

    kind: str
    since: int
    until: int = 0
    weapon: str = ""


@dataclass(frozen=True)
class Unit:
    """A flight, ship, Falcon or station: one counter in one hex (SW-06)."""

    id: str
    seat: int
    type: str
    entry: str
    options: tuple[str, ...] = ()
    hex: str = ""
    facing: int = 0
    status: str = RESERVE
    role: str = ""
    fighters: int = 0
    vader: bool = False
    hits: int = 0
    hull: int = 0
    shield: int = 0
    torpedoes: bool = True
    stopped: bool = False
    panic_until: int = 0
    ion_hits: int = 0
    effects: tuple[Effect, ...] = ()
    manoeuvre: str = ""
    docked: str = ""
    inactive: bool = False
    value: int = 0  # points of this flight or ship, for points lost (SW-61..63)
    hero_value: int = 0  # Vader's extra cost, lost with him
    exit: str = ""  # the map edge a withdrawn unit left by (SW-07, SW-60)

    @property
    def kind(self) -> UnitType:
        return DATA.units[self.type]

    @property
    def on_map(self) -> bool:
        return self.status == ACTIVE

    @property
    def is_flight(self) -> bool:
        return self.kind.cls == FIGHTER


@dataclass(frozen=True)
class Orders:
    """Standing orders for the interrupts of GAPS 2.6 (rules/README decision 5)."""

    initiative: str = "second"
    ion_weapon: str = "largest"
    repair: str = "disabled_first"
    ask: bool = False


@dataclass(frozen=True)
class Moving:
    """The unit in the middle of its movement and what it has spent (SW-20..26)."""

    unit: str
    hexes: int = 0
    facings: int = 0
    straight: int = 0
    panic_ok: bool = False


@dataclass(frozen=True)
class FireOrder:
    """One sealed fire decision (AS-SW-1) for one weapon group of a unit: an attack
    (``mode`` rapid, linked or fire) or, with ``mode`` "hold", no attack."""

    id: str
    seat: int
    unit: str
    weapon: str
    target: str
    mode: str
    group: str = ""

    @property
    def held(self) -> bool:
        return self.mode == "hold"


@dataclass(frozen=True)
class Hit:
    """A hit waiting for the End phase ([SEED]: nothing dies before it)."""

    target: str
    source: str
    seat: int
    weapon: str
    kind: str  # kill | damage | ion
    damage: int = 0


@dataclass(frozen=True)
class Pending:
    """A decision owed by ``seat``, asked because it opted in to "ask me" (decision 5)."""

    kind: str  # initiative | ion_weapon | repair
    seat: int
    unit: str = ""
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class State:
    scenario: str
    points: int
    turn_limit: int
    phase: str = BUILD
    drafts: tuple[tuple[Entry, ...], ...] = ((), ())
    next_entry: tuple[int, ...] = (1, 1)
    sealed: tuple[bool, ...] = (False, False)
    forces: tuple[tuple[Entry, ...], ...] = ((), ())
    units: tuple[Unit, ...] = ()
    deploy_next: int = 1
    orders: tuple[Orders, ...] = (Orders(), Orders())
    dock_turn: int = 0
    dock_revealed: bool = False
    turn: int = 0
    step: str = ""
    initiative: tuple[int, ...] = ()
    first: int = 0
    mover: int = 0
    moved: tuple[str, ...] = ()
    moving: Moving | None = None
    fire_done: tuple[bool, ...] = (False, False)
    fire: tuple[FireOrder, ...] = ()
    last_fire: tuple[FireOrder, ...] = ()
    hits: tuple[Hit, ...] = ()
    end_queue: tuple[str, ...] = ()
    pending: Pending | None = None
    captured: bool = False
    retrieved: bool = False
    outcome: Outcome | None = None

    # -- lookups ------------------------------------------------------------------------
    def unit(self, unit_id: str) -> Unit | None:
        for u in self.units:
            if u.id == unit_id:
                return u
        return None

    def at(self, hex_name: str) -> Unit | None:
        for u in self.units:
            if u.status == ACTIVE and u.hex == hex_name:
                return u
        return None

    def side(self, seat: int) -> tuple[Unit, ...]:
        return tuple(u for u in self.units if u.seat == seat)

    def on_map(self, seat: int) -> tuple[Unit, ...]:
        return tuple(u for u in self.units if u.seat == seat and u.status == ACTIVE)


def with_unit(state: State, unit: Unit) -> State:
    return replace(state, units=tuple(unit if u.id == unit.id else u for u in state.units))


# -- loading: the kit's codec, and what states of earlier engine versions lack ---------------------
def load(data: Mapping[str, Any]) -> State:
    state: State = codec.from_json(State, data)
    if any(not o.group for o in (*state.fire, *state.last_fire)):
        state = replace(state, fire=_grouped(state.fire), last_fire=_grouped(state.last_fire))
    return state


def _grouped(orders: tuple[FireOrder, ...]) -> tuple[FireOrder, ...]:
    """Engine version 2 stored no group in a fire order: it is the ordered weapon's."""
    return tuple(o if o.group else replace(o, group=DATA.weapons[o.weapon].group) for o in orders)

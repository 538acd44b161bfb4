"""The immutable game state of "The early days" and its JSON codec.

Hexes are stored by name ("0312"), units by their public ids ("R2a": Rebel entry 2, flight
a; "I3": Imperial entry 3). Hidden values (force drafts, this turn's fire orders, standing
orders, the Hostage D6) live here in full; ``view.py`` decides who may see what.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, is_dataclass, replace
from typing import Any

from ..base import Outcome
from .data import DATA, FIGHTER

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
    def kind(self) -> Any:
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


def set_at(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return tuple(value if i == index else v for i, v in enumerate(values))


def with_unit(state: State, unit: Unit) -> State:
    return replace(state, units=tuple(unit if u.id == unit.id else u for u in state.units))


# -- JSON codec -------------------------------------------------------------------------------
def _plain(obj: Any) -> Any:
    if is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: _plain(getattr(obj, f.name)) for f in fields(obj)}
    if isinstance(obj, tuple | list):
        return [_plain(v) for v in obj]
    return obj


def dump(state: State) -> dict[str, Any]:
    data = _plain(replace(state, outcome=None))
    data["outcome"] = None if state.outcome is None else state.outcome.to_json()
    return data


def _unit(d: Mapping[str, Any]) -> Unit:
    return Unit(
        **{
            **d,
            "options": tuple(d["options"]),
            "effects": tuple(Effect(**e) for e in d["effects"]),
        }
    )


def _entries(rows: Any) -> tuple[tuple[Entry, ...], ...]:
    return tuple(tuple(Entry(**{**e, "options": tuple(e["options"])}) for e in side) for side in rows)


def _order(d: Mapping[str, Any]) -> FireOrder:
    # engine version 2 stored no group: it is the ordered weapon's
    group = d.get("group") or DATA.weapons[d["weapon"]].group
    return FireOrder(**{**d, "group": group})


def load(data: Mapping[str, Any]) -> State:
    out = data.get("outcome")
    outcome = None
    if out is not None:
        scores = out.get("scores")
        outcome = Outcome(
            winners=tuple(out["winners"]),
            draw=out["draw"],
            reason=out["reason"],
            scores=None if scores is None else {int(k): v for k, v in scores.items()},
            details=out.get("details"),
        )
    moving, pending = data.get("moving"), data.get("pending")
    return State(
        scenario=data["scenario"],
        points=data["points"],
        turn_limit=data["turn_limit"],
        phase=data["phase"],
        drafts=_entries(data["drafts"]),
        next_entry=tuple(data["next_entry"]),
        sealed=tuple(data["sealed"]),
        forces=_entries(data["forces"]),
        units=tuple(_unit(u) for u in data["units"]),
        deploy_next=data["deploy_next"],
        orders=tuple(Orders(**o) for o in data["orders"]),
        dock_turn=data["dock_turn"],
        dock_revealed=data["dock_revealed"],
        turn=data["turn"],
        step=data["step"],
        initiative=tuple(data["initiative"]),
        first=data["first"],
        mover=data["mover"],
        moved=tuple(data["moved"]),
        moving=None if moving is None else Moving(**moving),
        fire_done=tuple(data["fire_done"]),
        fire=tuple(_order(f) for f in data["fire"]),
        last_fire=tuple(_order(f) for f in data["last_fire"]),
        hits=tuple(Hit(**h) for h in data["hits"]),
        end_queue=tuple(data["end_queue"]),
        pending=None if pending is None else Pending(**{**pending, "choices": tuple(pending["choices"])}),
        captured=data["captured"],
        retrieved=data["retrieved"],
        outcome=outcome,
    )

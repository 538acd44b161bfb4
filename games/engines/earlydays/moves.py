"""The moves of "The early days": the table of kinds (fields, phase, sealed) and constructors.

Move kinds (public protocol, never renamed):
  force building (sealed): buy, flights, option, transport, drop, seal
  deployment: place
  the turn: initiative (an "ask me" answer), move, lock, run, double, stop, end,
            fire (sealed: one per fire slot, an attack or "hold", see fire_orders.py)
  End-phase answers: pick (ion result 5), repair
  any time (sealed): orders
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ..base import Invalid, Move
from ..kit.codec import set_at
from ..kit.moves import Field, Kind, Moves, count, one_of
from ..kit.orders import OrdersBySetting
from .data import DATA, RULES
from .geometry import FACINGS
from .state import BUILD, DEPLOY, OVER, TURN, Orders, State

BUILD_KINDS = ("buy", "flights", "option", "transport", "drop", "seal")
MOVE_KINDS = ("move", "lock", "run", "double", "stop", "end")
FIGHTER_STEPS = ("F", "L", "R", "L2", "R2", "L3", "R3", "IMM")
SHIP_STEPS = ("F", "L", "R")
MODES = ("rapid", "linked", "fire")
GROUPS = tuple(dict.fromkeys(w.group for w in DATA.weapons.values()))
ORDER_SETTINGS: dict[str, tuple[str, ...]] = {
    "initiative": tuple(RULES["orders"]["initiative"]),
    "ion_weapon": tuple(RULES["orders"]["ion_weapon"]),
    "repair": tuple(RULES["orders"]["repair"]),
    "ask": ("off", "on"),
}
INITIATIVE_CHOICES = ("first", "second")


# -- constructors ------------------------------------------------------------------------------
def buy(unit: str) -> Move:
    return Move.of("buy", unit=unit)


def flights(entry: str, n: int) -> Move:
    return Move.of("flights", entry=entry, n=n)


def option(entry: str, opt: str) -> Move:
    return Move.of("option", entry=entry, option=opt)


def transport(entry: str) -> Move:
    return Move.of("transport", entry=entry)


def drop(entry: str) -> Move:
    return Move.of("drop", entry=entry)


def place(unit: str, hex_name: str) -> Move:
    return Move.of("place", unit=unit, hex=hex_name)


def initiative(choice: str) -> Move:
    return Move.of("initiative", choice=choice)


def step(unit: str, s: str) -> Move:
    return Move.of("move", unit=unit, step=s)


def unit_move(kind: str, unit: str) -> Move:
    """lock, run, double or end: a move that names only the unit."""
    return Move.of(kind, unit=unit)


def stop(unit: str, facing: str) -> Move:
    return Move.of("stop", unit=unit, facing=facing)


def fire(unit: str, weapon: str, target: str, mode: str) -> Move:
    return Move.of("fire", unit=unit, weapon=weapon, target=target, mode=mode)


def hold(unit: str, group: str) -> Move:
    """The sealed decision not to fire ``unit``'s ``group`` weapons this turn."""
    return Move.of("fire", unit=unit, hold=group)


def pick(weapon: str) -> Move:
    return Move.of("pick", weapon=weapon)


def repair(effect: str) -> Move:
    return Move.of("repair", effect=effect)


def orders(setting: str, value: str) -> Move:
    return ORDERS.move(setting, value)


SEAL = Move.of("seal")


# -- the table of move kinds ----------------------------------------------------------------------
def _text(what: str, longest: int = 24) -> Field:
    def check(v: Any) -> str | None:
        if isinstance(v, str) and 0 < len(v) <= longest:
            return None
        return f"{what} must be a name such as the ones the legal moves show."

    return check


@dataclass(frozen=True)
class _Fire(Kind):
    """A fire decision is an attack or, with only "unit" and "hold", no attack (AS-SW-1)."""

    hold: Kind = field(default_factory=Kind)

    def problem(self, m: Move) -> Invalid | None:
        if {k for k, _ in m.args} == set(self.hold.fields):
            return self.hold.problem(m)
        return super().problem(m)


# -- standing orders (rules/README decision 5): one setting at a time -------------------------
def _put_orders(state: State, seat: int, orders: Orders) -> State:
    return replace(state, orders=set_at(state.orders, seat, orders))


ORDERS: OrdersBySetting[State, Orders] = OrdersBySetting(
    cls=Orders,
    values=ORDER_SETTINGS,
    value=_text('"value"'),
    get=lambda state, seat: state.orders[seat],
    put=_put_orders,
    # public, unlike the kit's default: stored matches have it so; making it private would
    # be a change of play, with a new engine version (docs/architecture.md, "Standing orders")
    public=True,
)


UNIT = {"unit": _text('"unit"')}
ENTRY = {"entry": _text('"entry"')}
WEAPON = one_of(tuple(DATA.weapons), '"weapon"')


def _build(fields: dict[str, Field] | None = None) -> Kind:
    """A force-building kind: sealed, its author alone sees it (AS-SW-1, GAPS 2.5)."""
    return Kind(fields or {}, phase=BUILD, sealed=True, belongs="Forces are built before deployment")


_FIRE = {
    "unit": _text('"unit"'),
    "weapon": WEAPON,
    "target": _text('"target"'),
    "mode": one_of(MODES, '"mode"'),
}
MOVES = Moves(
    '"The early days"',
    {
        "buy": _build({"unit": one_of(tuple(DATA.units), '"unit"')}),
        "flights": _build({**ENTRY, "n": count(1, 99, '"n" must be a whole number of flights, 1 to 3.')}),
        "option": _build({**ENTRY, "option": one_of(tuple(DATA.options), '"option"')}),
        "transport": _build(ENTRY),
        "drop": _build(ENTRY),
        "seal": _build(),
        "place": Kind(
            {"unit": _text('"unit"'), "hex": _text('"hex"', 4)},
            phase=DEPLOY,
            belongs="Units are placed in deployment",
        ),
        "initiative": Kind({"choice": one_of(INITIATIVE_CHOICES, '"choice"')}, phase=TURN),
        "move": Kind({"unit": _text('"unit"'), "step": one_of(FIGHTER_STEPS, '"step"')}, phase=TURN),
        "lock": Kind(UNIT, phase=TURN),
        "run": Kind(UNIT, phase=TURN),
        "double": Kind(UNIT, phase=TURN),
        "stop": Kind({"unit": _text('"unit"'), "facing": one_of(FACINGS, '"facing"')}, phase=TURN),
        "end": Kind(UNIT, phase=TURN),
        "fire": _Fire(
            _FIRE,
            phase=TURN,
            sealed=True,
            takes=", ".join(f'"{f}"' for f in _FIRE)
            + ' (an attack), or "unit", "hold" (no attack by that weapon group)',
            hold=Kind({"unit": _text('"unit"'), "hold": one_of(GROUPS, '"hold"')}),
        ),
        "pick": Kind({"weapon": WEAPON}, phase=TURN),
        "repair": Kind({"effect": _text('"effect"', 40)}, phase=TURN),
        "orders": ORDERS.kind,
    },
    phases={BUILD: "force building", DEPLOY: "deployment", TURN: "the game turns", OVER: "the end"},
)
KINDS = tuple(MOVES.kinds)

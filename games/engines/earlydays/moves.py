"""The moves of "The early days": kinds, JSON shapes and constructors.

Move kinds (public protocol, never renamed):
  force building (sealed): buy, flights, option, transport, drop, seal
  deployment: place
  the turn: initiative (an "ask me" answer), move, lock, run, double, stop, end,
            fire (sealed: one per fire slot, an attack or "hold", see fire_orders.py)
  End-phase answers: pick (ion result 5), repair
  any time (sealed): orders
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..base import Invalid, Move
from .data import DATA, RULES
from .geometry import FACINGS

KINDS = (
    "buy",
    "flights",
    "option",
    "transport",
    "drop",
    "seal",
    "place",
    "initiative",
    "move",
    "lock",
    "run",
    "double",
    "stop",
    "end",
    "fire",
    "pick",
    "repair",
    "orders",
)
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
    return Move.of("orders", setting=setting, value=value)


SEAL = Move.of("seal")


# -- shapes --------------------------------------------------------------------------------------
def _text(what: str, longest: int = 24) -> Callable[[Any], str | None]:
    def check(v: Any) -> str | None:
        if isinstance(v, str) and 0 < len(v) <= longest:
            return None
        return f"{what} must be a name such as the ones the legal moves show."

    return check


def _one_of(choices: tuple[Any, ...], what: str) -> Callable[[Any], str | None]:
    def check(v: Any) -> str | None:
        if isinstance(v, str) and v in choices:
            return None
        return f"{what} must be one of {', '.join(str(c) for c in choices)}."

    return check


def _count(v: Any) -> str | None:
    if isinstance(v, int) and not isinstance(v, bool) and 0 < v < 100:
        return None
    return '"n" must be a whole number of flights, 1 to 3.'


UNIT = {"unit": _text('"unit"')}
SHAPES: dict[str, dict[str, Callable[[Any], str | None]]] = {
    "buy": {"unit": _one_of(tuple(DATA.units), '"unit"')},
    "flights": {"entry": _text('"entry"'), "n": _count},
    "option": {"entry": _text('"entry"'), "option": _one_of(tuple(DATA.options), '"option"')},
    "transport": {"entry": _text('"entry"')},
    "drop": {"entry": _text('"entry"')},
    "seal": {},
    "place": {"unit": _text('"unit"'), "hex": _text('"hex"', 4)},
    "initiative": {"choice": _one_of(INITIATIVE_CHOICES, '"choice"')},
    "move": {"unit": _text('"unit"'), "step": _one_of(FIGHTER_STEPS, '"step"')},
    "lock": UNIT,
    "run": UNIT,
    "double": UNIT,
    "stop": {"unit": _text('"unit"'), "facing": _one_of(FACINGS, '"facing"')},
    "end": UNIT,
    "fire": {
        "unit": _text('"unit"'),
        "weapon": _one_of(tuple(DATA.weapons), '"weapon"'),
        "target": _text('"target"'),
        "mode": _one_of(MODES, '"mode"'),
    },
    "pick": {"weapon": _one_of(tuple(DATA.weapons), '"weapon"')},
    "repair": {"effect": _text('"effect"', 40)},
    "orders": {"setting": _one_of(tuple(ORDER_SETTINGS), '"setting"'), "value": _text('"value"')},
}


HOLD_SHAPE = {"unit": _text('"unit"'), "hold": _one_of(GROUPS, '"hold"')}


def shape(m: Move) -> Invalid | None:
    """Is ``m`` a well-formed move of this game (its kind known, exactly its fields)?"""
    if m.kind not in SHAPES:
        return Invalid(
            "unknown_move", f'"The early days" has no move {m.kind!r}; the moves are {", ".join(KINDS)}.'
        )
    spec = SHAPES[m.kind]
    given = dict(m.args)
    if m.kind == "fire" and set(given) == set(HOLD_SHAPE):
        spec = HOLD_SHAPE
    if set(given) != set(spec):
        want = ", ".join(f'"{f}"' for f in spec) or "no fields"
        if m.kind == "fire":
            want += ' (an attack), or "unit", "hold" (no attack by that weapon group)'
        return Invalid("bad_move", f'A "{m.kind}" move takes {want} besides "kind".')
    for name, check in spec.items():
        problem = check(given[name])
        if problem:
            return Invalid("bad_move", problem)
    if m.kind == "orders" and m["value"] not in ORDER_SETTINGS[m["setting"]]:
        values = ", ".join(ORDER_SETTINGS[m["setting"]])
        return Invalid("bad_move", f"Standing order {m['setting']} is one of {values}.")
    return None

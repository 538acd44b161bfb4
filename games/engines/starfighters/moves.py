"""The moves of Star Fighters: their JSON shapes and the broad candidate lists.

Move kinds (public protocol, never renamed): roll, place, pickup, fire, hold, cockpit,
activate, drive, pass, lose, steer, reroll, orders. ``checks.legal`` filters the candidates here
through the rule checks, so the legal list and ``apply`` cannot disagree.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations, combinations_with_replacement
from typing import Any

from ..base import Invalid, Move
from .data import COCKPIT, DATA, SYSTEMS
from .geometry import neighbours
from .shipboard import cockpit_moves, command_colours, dice_in
from .state import State

KINDS = (
    "roll",
    "place",
    "pickup",
    "fire",
    "hold",
    "cockpit",
    "activate",
    "drive",
    "pass",
    "lose",
    "steer",
    "reroll",
    "orders",
)
STEPS = ("move", "rotate-left", "rotate-right", "stop")
COLOURS = tuple(dict.fromkeys(c for _, c in DATA.dice))
FACINGS = DATA.ring


# -- constructors -----------------------------------------------------------------------
ROLL, FIRE, HOLD, PASS = Move.of("roll"), Move.of("fire"), Move.of("hold"), Move.of("pass")


def place(die: str, space: str) -> Move:
    return Move.of("place", die=die, space=space)


def pickup(die: str) -> Move:
    return Move.of("pickup", die=die)


def cockpit(die: str, space: str) -> Move:
    return Move.of("cockpit", die=die, space=space)


def activate(system: str, command: str, **args: Any) -> Move:
    return Move.of("activate", system=system, command=command, **args)


def drive(step: str, exit: str | None = None, heading: str | None = None) -> Move:
    if exit is None:
        return Move.of("drive", step=step)
    return Move.of("drive", step=step, exit=exit, heading=heading)


def lose(die: str) -> Move:
    return Move.of("lose", die=die)


def steer(hex_name: str) -> Move:
    return Move.of("steer", hex=hex_name)


def reroll(*dice: str) -> Move:
    """B2 (SF-51): which of the attack dice that did no damage to roll again (none: keep)."""
    return Move.of("reroll", dice=list(dice))


def orders(**change: Any) -> Move:
    """One standing order changed: ``lose=<colour>`` or ``ask=<bool>``."""
    return Move.of("orders", **change)


def ship_id(seat: int) -> str:
    return f"s{seat + 1}"


def seat_of_ship(ship: str) -> int | None:
    if len(ship) == 2 and ship[0] == "s" and ship[1].isdigit():
        return int(ship[1]) - 1
    return None


# -- shapes -----------------------------------------------------------------------------
def _text(what: str) -> Callable[[Any], str | None]:
    return lambda v: None if isinstance(v, str) and v else f"{what} must be a name such as {_EXAMPLES[what]}."


_EXAMPLES = {
    '"die"': "r2",
    '"space"': "phasers.attack",
    '"target"': "s2 or t2a",
    '"hex"': "c4",
    '"exit"': "e2",
}


def _one_of(choices: tuple[Any, ...], what: str) -> Callable[[Any], str | None]:
    def check(v: Any) -> str | None:
        if any(type(v) is type(c) and v == c for c in choices):
            return None
        return f"{what} must be one of {', '.join(str(c) for c in choices)}."

    return check


def _count(v: Any) -> str | None:
    if type(v) is int and 1 <= v <= 9:
        return None
    return '"dice" must be a number of dice, e.g. 2.'


def _dice(v: Any) -> str | None:
    if isinstance(v, tuple) and all(isinstance(d, str) and d for d in v) and len(v) <= 9:
        return None
    return '"dice" must list dice by name, e.g. ["r1", "r3"], or be empty.'


def _facings(v: Any) -> str | None:
    if isinstance(v, tuple) and all(isinstance(f, str) and f in FACINGS for f in v) and len(v) <= 2:
        return None
    return f'"facings" must list at most 2 shields, each one of {", ".join(FACINGS)}.'


ACTIVATE_FIELDS: dict[str, dict[str, Callable[[Any], str | None]]] = {
    "phasers": {"target": _text('"target"'), "die": _one_of(COLOURS, '"die"')},
    "torpedoes": {"hex": _text('"hex"')},
    "shields": {"facings": _facings},
    "drives": {"dice": _count},
}
OPTIONAL = {("phasers", "die"), ("drives", "dice")}

SHAPES: dict[str, dict[str, Callable[[Any], str | None]]] = {
    "roll": {},
    "place": {"die": _text('"die"'), "space": _text('"space"')},
    "pickup": {"die": _text('"die"')},
    "fire": {},
    "hold": {},
    "cockpit": {"die": _text('"die"'), "space": _text('"space"')},
    "drive": {"step": _one_of(STEPS, '"step"')},
    "pass": {},
    "lose": {"die": _text('"die"')},
    "steer": {"hex": _text('"hex"')},
    "reroll": {"dice": _dice},
}
ORDER_FIELDS = {"lose": _one_of(COLOURS, '"lose"'), "ask": _one_of((True, False), '"ask"')}


def _fields(m: Move, spec: dict[str, Callable[[Any], str | None]], optional: set[str]) -> Invalid | None:
    given = dict(m.args)
    extra = set(given) - set(spec)
    missing = set(spec) - set(given) - optional
    if extra or missing:
        want = ", ".join(f'"{f}"' for f in spec) or "no fields"
        return Invalid("bad_move", f'A "{m.kind}" move takes {want} besides "kind".')
    for name, check in spec.items():
        if name in given and (problem := check(given[name])):
            return Invalid("bad_move", problem)
    return None


def shape(m: Move) -> Invalid | None:
    """Is ``m`` a well-formed move of this game (its kind known, exactly its fields)?"""
    if m.kind == "activate":
        system = m.get("system")
        if system not in ACTIVATE_FIELDS:
            return Invalid("bad_move", f'"system" must be one of {", ".join(SYSTEMS)}.')
        spec = {
            "system": _one_of(SYSTEMS, '"system"'),
            "command": _one_of(COLOURS, '"command"'),
            **ACTIVATE_FIELDS[system],
        }
        return _fields(m, spec, {f for s, f in OPTIONAL if s == system})
    if m.kind == "orders":
        given = dict(m.args)
        if len(given) != 1 or next(iter(given)) not in ORDER_FIELDS:
            return Invalid(
                "bad_move", 'An "orders" move changes one order: "lose" (a colour) or "ask" (true/false).'
            )
        return _fields(m, ORDER_FIELDS, set(ORDER_FIELDS) - set(given))
    if m.kind == "drive" and "exit" in dict(m.args):
        spec = {**SHAPES["drive"], "exit": _text('"exit"'), "heading": _one_of(DATA.headings, '"heading"')}
        return _fields(m, spec, set())
    if m.kind not in SHAPES:
        return Invalid(
            "unknown_move", f"Star Fighters has no move {m.kind!r}; the moves are {', '.join(KINDS)}."
        )
    return _fields(m, SHAPES[m.kind], set())


# -- candidates (a superset of the legal moves; checks.py filters them) -------------------
def roll_candidates(state: State, seat: int) -> list[Move]:
    roller = state.rollers[seat]
    if roller is None:
        return []
    side = DATA.sides[state.ships[seat].side]
    out = [ROLL, FIRE, HOLD]
    for die, face in roller.hand:
        if face:
            out.extend(place(die, g.name) for g in side.groups)
    out.extend(pickup(d) for d, _, _ in roller.board)
    if side.cockpit_ability == "roll_start":
        out.extend(cockpit(d, g) for d, g in cockpit_moves(side, state.ships[seat].reactors, roller.board))
    return out


def activation_candidates(state: State, seat: int) -> list[Move]:
    ship = state.ships[seat]
    if ship.hex is None:
        return []
    side = DATA.sides[ship.side]
    out: list[Move] = []
    for system in SYSTEMS:
        for colour in command_colours(ship.board, system):
            if system == "phasers":
                out.extend(_phaser_targets(state, seat, colour))
            elif system == "torpedoes":
                out.extend(activate(system, colour, hex=h) for h in neighbours(ship.hex))
            elif system == "shields":
                for n in range(DATA.rules["repair"] + 1):
                    for combo in combinations_with_replacement(FACINGS, n):
                        out.append(activate(system, colour, facings=list(combo)))
            elif side.drives == "rolled":  # SF-51: choose how many of the dice to roll
                n = len([p for p in ship.board if p[1].split(".")[0] == system])
                out.extend(activate(system, colour, dice=k) for k in range(1, n + 1))
            else:
                out.append(activate(system, colour))
    if side.cockpit_ability == "activation":
        out.extend(cockpit(d, g) for d, g in cockpit_moves(side, ship.reactors, ship.board))
    return out


def _phaser_targets(state: State, seat: int, colour: str) -> list[Move]:
    ship = state.ships[seat]
    side = DATA.sides[ship.side]
    out = [activate("phasers", colour, target=ship_id(s.seat)) for s in state.ships if s.seat != seat]
    attack = sorted({DATA.colour_of(d) for d, _, _ in dice_in(ship.board, "phasers.attack")})
    for t in state.torpedoes:
        if side.torpedo_attack_all:  # SF-53: B4 may roll all its ATTACK dice, or one as usual
            out.append(activate("phasers", colour, target=t.id))
        out.extend(activate("phasers", colour, target=t.id, die=c) for c in attack)
    return out


def drive_candidates() -> list[Move]:
    out = [drive(s) for s in STEPS]
    for gates in DATA.gates.values():
        for h in gates:
            out.extend(drive("move", h, heading) for heading in DATA.headings)
    return out


def reroll_candidates(misses: tuple[str, ...]) -> list[Move]:
    """Every choice of misses to roll again, from none to all, each in die order."""
    return [reroll(*c) for n in range(len(misses) + 1) for c in combinations(misses, n)]


def order_candidates(state: State, seat: int) -> list[Move]:
    now = state.orders[seat]
    return [*(orders(lose=c) for c in COLOURS if c != now.lose), orders(ask=not now.ask)]


def in_cockpit(state: State, seat: int) -> list[str]:
    return [d for d, g, _ in state.ships[seat].board if g == COCKPIT]

"""The moves of Star Fighters: their JSON shapes and the broad candidate lists.

Move kinds (public protocol, never renamed): roll, place, pickup, fire, hold, cockpit,
activate, drive, pass, lose, steer, reroll, orders. ``legal.legal`` filters the candidates here
through the rule checks, so the legal list and ``apply`` cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations, combinations_with_replacement
from typing import Any

from ..base import Invalid, Move
from ..kit import moves as k
from ..kit.codec import set_at
from ..kit.orders import OrdersByField
from .data import COCKPIT, DATA, SYSTEMS
from .geometry import neighbours
from .shipboard import cockpit_moves, command_colours, dice_in
from .state import Orders, State

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


def orders(setting: str, value: Any) -> Move:
    """One standing order changed: ``lose=<colour>`` or ``ask=<bool>``."""
    return ORDERS.move(setting, value)


def ship_id(seat: int) -> str:
    return f"s{seat + 1}"


def seat_of_ship(ship: str) -> int | None:
    if len(ship) == 2 and ship[0] == "s" and ship[1].isdigit():
        return int(ship[1]) - 1
    return None


# -- the table ---------------------------------------------------------------------------
_EXAMPLES = {
    '"die"': "r2",
    '"space"': "phasers.attack",
    '"target"': "s2 or t2a",
    '"hex"': "c4",
    '"exit"': "e2",
}


def _text(what: str) -> k.Field:
    return lambda v: None if isinstance(v, str) and v else f"{what} must be a name such as {_EXAMPLES[what]}."


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


def _kind(
    fields: dict[str, k.Field], optional: tuple[str, ...] = (), phase: str | None = None, sealed: bool = False
) -> k.Kind:
    """The fields of one shape; the wrong-fields refusal names them all, optional ones too."""
    return k.Kind(
        {n: f for n, f in fields.items() if n not in optional},
        optional={n: f for n, f in fields.items() if n in optional},
        phase=phase,
        sealed=sealed,
        takes=", ".join(f'"{f}"' for f in fields) or "no fields",
    )


_ACTIVATE = {"system": k.one_of(SYSTEMS, '"system"'), "command": k.one_of(COLOURS, '"command"')}
ACTIVATE_SHAPES = {
    "phasers": _kind({**_ACTIVATE, "target": _text('"target"'), "die": k.one_of(COLOURS, '"die"')}, ("die",)),
    "torpedoes": _kind({**_ACTIVATE, "hex": _text('"hex"')}),
    "shields": _kind({**_ACTIVATE, "facings": _facings}),
    "drives": _kind({**_ACTIVATE, "dice": _count}, ("dice",)),
}
_DRIVE = {"step": k.one_of(STEPS, '"step"')}
_DRIVE_EXIT = _kind({**_DRIVE, "exit": _text('"exit"'), "heading": k.one_of(DATA.headings, '"heading"')})


@dataclass(frozen=True)
class Activate(k.Kind):
    """An activation: its fields depend on the system activated."""

    def problem(self, m: Move) -> Invalid | None:
        shape = ACTIVATE_SHAPES.get(m.get("system"))
        if shape is None:
            return Invalid("bad_move", f'"system" must be one of {", ".join(SYSTEMS)}.')
        return shape.problem(m)


@dataclass(frozen=True)
class Drive(k.Kind):
    """One step of a Drives activation; through an anomaly it names the exit and the heading."""

    def problem(self, m: Move) -> Invalid | None:
        return (_DRIVE_EXIT if "exit" in dict(m.args) else _kind(_DRIVE)).problem(m)


# -- standing orders (rules/README decision 5): one order at a time, named as the move's field -
def _put_orders(state: State, seat: int, o: Orders) -> State:
    return replace(state, orders=set_at(state.orders, seat, o))


ORDERS: OrdersByField[State, Orders] = OrdersByField(
    cls=Orders,
    values={"lose": COLOURS, "ask": (True, False)},
    shape='An "orders" move changes one order: "lose" (a colour) or "ask" (true/false).',
    get=lambda state, seat: state.orders[seat],
    put=_put_orders,
    # public, unlike the kit's default: stored matches have it so; making it private would
    # be a change of play, with a new engine version (docs/architecture.md, "Standing orders")
    public=True,
)


ROLL_PHASE, ACTIVATE_PHASE = "roll", "activate"  # state.ROLL, state.ACTIVATE
MOVES = k.Moves(
    "Star Fighters",
    {
        "roll": k.Kind(phase=ROLL_PHASE, sealed=True),
        "place": _kind({"die": _text('"die"'), "space": _text('"space"')}, (), ROLL_PHASE, True),
        "pickup": _kind({"die": _text('"die"')}, (), ROLL_PHASE, True),
        "fire": k.Kind(phase=ROLL_PHASE, sealed=True),
        "hold": k.Kind(phase=ROLL_PHASE, sealed=True),
        # the Roll phase or the Activate-systems phase by the side's Cockpit ability (checks.py);
        # sealed in the Roll phase only (rules.py)
        "cockpit": _kind({"die": _text('"die"'), "space": _text('"space"')}),
        "activate": Activate(phase=ACTIVATE_PHASE),
        "drive": Drive(phase=ACTIVATE_PHASE),
        "pass": k.Kind(phase=ACTIVATE_PHASE),
        # the answers to a decision owed, in whatever phase it is owed
        "lose": _kind({"die": _text('"die"')}),
        "steer": _kind({"hex": _text('"hex"')}),
        "reroll": _kind({"dice": _dice}),
        "orders": ORDERS.kind,
    },
    phases={
        ROLL_PHASE: "the Roll phase",
        ACTIVATE_PHASE: "the Activate-systems phase",
        "torpedoes": "the torpedo phase",
    },
    now="this is",
)
KINDS = tuple(MOVES.kinds)


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


def in_cockpit(state: State, seat: int) -> list[str]:
    return [d for d, g, _ in state.ships[seat].board if g == COCKPIT]

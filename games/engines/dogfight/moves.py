"""The moves of Space Dogfight: their JSON shapes and the complete list of legal moves.

Move kinds (public protocol, never renamed): fleet, place, discard, draw, move, attack,
repeat, end, orders, defend.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache
from itertools import product
from typing import Any

from ..base import FrozenMap, Invalid, Move
from .board import neighbours, reachable, zone_squares
from .data import AP, DATA
from .state import BUILD, DRAWING, OVER, PLACE, PLAY, SPENDING, START, Orders, State

KINDS = (
    "fleet",
    "place",
    "discard",
    "draw",
    "move",
    "attack",
    "repeat",
    "end",
    "orders",
    "defend",
)
DEF_POLICIES = ("best", "lowest", "never")
NO_COUNTER = "none"
RULES = DATA.rules


# -- constructors -----------------------------------------------------------------------
def fleet(counts: dict[str, int]) -> Move:
    return Move.of("fleet", ships={t: counts.get(t, 0) for t in DATA.ship_types})


def place(ship_type: str, to: str) -> Move:
    return Move.of("place", ship=ship_type, to=to)


def discard(counter: str) -> Move:
    return Move.of("discard", counter=counter)


def move(frm: str, to: str) -> Move:
    return Move.of("move", **{"from": frm, "to": to})


def attack(frm: str, to: str, repeat: bool = False) -> Move:
    """COMBAT; ``repeat`` declares "repeat if the defender survives" with the attack (AS-SD-4)."""
    if repeat:
        return Move.of("attack", **{"from": frm, "to": to, "repeat": True})
    return Move.of("attack", **{"from": frm, "to": to})


def orders(o: Orders) -> Move:
    return Move.of("orders", def_counter=o.def_counter, def2_min_pts=o.def2_min_pts, ask=o.ask)


def defend(counter: str) -> Move:
    return Move.of("defend", counter=counter)


DRAW, REPEAT, END = Move.of("draw"), Move.of("repeat"), Move.of("end")


def fleet_counts(m: Move) -> dict[str, int]:
    return dict(m["ships"])


def orders_of(m: Move) -> Orders:
    return Orders(m["def_counter"], m["def2_min_pts"], m["ask"])


# -- shapes -----------------------------------------------------------------------------
def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _ships(v: Any) -> str | None:
    types = list(DATA.ship_types)
    if not isinstance(v, FrozenMap) or sorted(k for k, _ in v) != sorted(types):
        return f'"ships" must give a count for each of the types {", ".join(types)}.'
    if not all(_is_int(n) and n >= 0 for _, n in v):
        return 'Each count in "ships" must be a whole number, 0 or more.'
    return None


def _one_of(choices: tuple[Any, ...], what: str) -> Callable[[Any], str | None]:
    def check(v: Any) -> str | None:
        if any(type(v) is type(c) and v == c for c in choices):
            return None
        return f"{what} must be one of {', '.join(str(c) for c in choices)}."

    return check


def _text(what: str) -> Callable[[Any], str | None]:
    def check(v: Any) -> str | None:
        return None if isinstance(v, str) else f"{what} must be a square name such as b3."

    return check


def _true(v: Any) -> str | None:
    if v is True:
        return None
    return '"repeat" may only be true (leave it out to decide on the repeat after the combat).'


def def2_thresholds() -> tuple[int, ...]:
    """The values of ``def2_min_pts``: 0 or a ship type's PTS (AS-SD-3)."""
    return (0, *DATA.pts_values)


SHAPES: dict[str, dict[str, Callable[[Any], str | None]]] = {
    "fleet": {"ships": _ships},
    "place": {"ship": _one_of(tuple(DATA.ship_types), '"ship"'), "to": _text('"to"')},
    "discard": {"counter": _one_of(DATA.hand_types, '"counter"')},
    "draw": {},
    "move": {"from": _text('"from"'), "to": _text('"to"')},
    "attack": {"from": _text('"from"'), "to": _text('"to"')},
    "repeat": {},
    "end": {},
    "orders": {
        "def_counter": _one_of(DEF_POLICIES, '"def_counter"'),
        "def2_min_pts": _one_of(def2_thresholds(), '"def2_min_pts"'),
        "ask": _one_of((True, False), '"ask"'),
    },
    "defend": {"counter": _one_of((*DATA.def_types, NO_COUNTER), '"counter"')},
}
OPTIONAL: dict[str, dict[str, Callable[[Any], str | None]]] = {
    "attack": {"repeat": _true},  # AS-SD-4: the repeat declared with the attack
}


def shape(m: Move) -> Invalid | None:
    """Is ``m`` a well-formed move of this game (its kind known, exactly its fields)?"""
    if m.kind not in SHAPES:
        return Invalid(
            "unknown_move",
            f"Space Dogfight has no move {m.kind!r}; the moves are {', '.join(KINDS)}.",
        )
    spec, extra = SHAPES[m.kind], OPTIONAL.get(m.kind, {})
    given = dict(m.args)
    if not set(spec) <= set(given) <= set(spec) | set(extra):
        want = ", ".join(f'"{f}"' for f in spec) or "no fields"
        optional = ", ".join(f'"{f}"' for f in extra)
        also = f" (and optionally {optional})" if extra else ""
        return Invalid("bad_move", f'A "{m.kind}" move takes {want}{also} besides "kind".')
    for name, check in {**spec, **extra}.items():
        problem = check(given[name]) if name in given else None
        if problem:
            return Invalid("bad_move", problem)
    return None


# -- legal moves --------------------------------------------------------------------------
@cache
def all_fleets(points_limit: int) -> tuple[Move, ...]:
    """Every fleet within the counters of each type and ``points_limit`` (SETUP, AS-SD-1)."""
    types = list(DATA.ship_types.values())
    out = []
    for counts in product(*(range(t.count + 1) for t in types)):
        pts = sum(n * t.pts for n, t in zip(counts, types, strict=True))
        if pts <= points_limit and sum(counts) >= RULES["min_fleet_ships"]:
            out.append(fleet({t.key: n for n, t in zip(counts, types, strict=True)}))
    return tuple(out)


def all_orders() -> Iterator[Orders]:
    for policy, pts, ask in product(DEF_POLICIES, def2_thresholds(), (False, True)):
        yield Orders(policy, pts, ask)


def can_draw(state: State, seat: int) -> bool:
    """[2a] and SD-08: one at a time, up to the per-turn limit, while the hand has room."""
    t = state.turn
    return (
        t is not None
        and t.stage != SPENDING
        and t.draws < RULES["draws_per_turn"]
        and len(state.hands[seat]) < RULES["hand_limit"]
        and bool(state.cup)
    )


def _turn_moves(state: State, seat: int) -> list[Move]:
    t = state.turn
    assert t is not None
    hand = state.hand_types(seat)
    ap = hand.count(AP)
    out: list[Move] = []
    if t.stage == START:
        out.extend(discard(c) for c in DATA.hand_types if c in hand)
    if can_draw(state, seat):
        out.append(DRAW)
    if t.stage != DRAWING:
        if ap >= RULES["move_cost"]:
            for ship in state.fleet(seat):
                mov = DATA.ship_types[ship.type].mov
                out.extend(move(ship.square, to) for to in reachable(state, ship.square, seat, mov))
        if ap >= RULES["combat_cost"]:
            declare = ap >= RULES["combat_cost"] + RULES["repeat_cost"]  # AS-SD-4
            for ship in state.fleet(seat):
                for sq in neighbours(ship.square):
                    target = state.ship_at(sq)
                    if target is not None and target.owner != seat:
                        out.append(attack(ship.square, sq))
                        if declare:
                            out.append(attack(ship.square, sq, repeat=True))
        if t.repeat is not None and ap >= RULES["repeat_cost"]:
            out.append(REPEAT)
    out.append(END)
    return out


def legal(state: State, seat: int) -> list[Move]:
    """Every legal move of ``seat`` now, game moves first, then standing orders."""
    if state.phase == OVER or seat not in range(len(state.hands)):
        return []
    out: list[Move] = []
    if state.phase == BUILD and not state.sealed[seat]:
        out.extend(all_fleets(state.points_limit))
    elif state.phase == PLACE and state.place_next == seat:
        types = sorted({h.type for h in state.holds[seat]})
        free = [sq for sq in zone_squares(seat) if not state.occupied(sq)]
        out.extend(place(t, sq) for t in types for sq in free)
    elif state.phase == PLAY and state.pending is not None:
        defender = state.ship(state.pending.defender)
        if defender is not None and defender.owner == seat:
            hand = state.hand_types(seat)
            out.extend(defend(c) for c in DATA.def_types if c in hand)
            out.append(defend(NO_COUNTER))
    elif state.phase == PLAY and state.turn is not None and state.turn.seat == seat:
        out.extend(_turn_moves(state, seat))
    out.extend(orders(o) for o in all_orders() if o != state.orders[seat])
    return out


def active(state: State) -> frozenset[int]:
    """Who must act now (orders are never owed, so they make nobody active)."""
    if state.phase == BUILD:
        return frozenset(s for s, done in enumerate(state.sealed) if not done)
    if state.phase == PLACE:
        return frozenset({state.place_next})
    if state.phase == PLAY and state.pending is not None:
        defender = state.ship(state.pending.defender)
        assert defender is not None
        return frozenset({defender.owner})
    if state.phase == PLAY and state.turn is not None:
        return frozenset({state.turn.seat})
    return frozenset()

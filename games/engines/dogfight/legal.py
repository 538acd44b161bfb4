"""Who must act, and the complete list of a seat's legal moves, game moves first.

The list is generated exactly (each fleet within the limit, each reachable square), and
``tests/engines/dogfight/test_protocol.py`` holds it to ``checks.py`` move by move: a move
is listed if and only if the checks allow it.
"""

from __future__ import annotations

from functools import cache
from itertools import product

from ..base import Move
from .data import AP, DATA
from .geometry import neighbours, reachable, zone_squares
from .moves import DRAW, END, NO_COUNTER, ORDERS, REPEAT, attack, defend, discard, fleet, move, place
from .state import BUILD, DRAWING, OVER, PLACE, PLAY, SPENDING, START, Orders, State

RULES = DATA.rules


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


def all_orders() -> list[Orders]:
    return ORDERS.every()


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
    out.extend(ORDERS.candidates(state, seat))
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

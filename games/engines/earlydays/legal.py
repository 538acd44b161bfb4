"""The complete list of legal moves, and who must act now."""

from __future__ import annotations

from ..base import Move
from . import checks, fire_orders, movement
from . import moves as mv
from .data import DATA
from .geometry import zone
from .state import BUILD, DEPLOY, MOVE, OVER, RESERVE, SHOOT, TURN, State, Unit
from .units import move_allowance


def active(state: State) -> frozenset[int]:
    """Who must act now (standing orders are never owed, so they make nobody active)."""
    if state.phase == BUILD:
        return frozenset(s for s, done in enumerate(state.sealed) if not done)
    if state.phase == DEPLOY:
        return frozenset({state.deploy_next})
    if state.phase == TURN:
        if state.pending is not None:
            return frozenset({state.pending.seat})
        if state.step == MOVE:
            return frozenset({state.mover})
        if state.step == SHOOT:
            return frozenset(s for s, done in enumerate(state.fire_done) if not done)
    return frozenset()


def _build(state: State, seat: int) -> list[Move]:
    sc = DATA.scenarios[state.scenario]
    out = [mv.buy(t) for t in sc.sides[seat].buy]
    for e in state.drafts[seat]:
        t = DATA.units[e.type]
        if t.flights:
            out += [mv.flights(e.id, n) for n in range(1, t.max_flights + 1) if n != e.flights]
        out += [mv.option(e.id, o) for o in t.options]
        if sc.sides[seat].transport and t.light:
            out.append(mv.transport(e.id))
        out.append(mv.drop(e.id))
    out.append(mv.SEAL)
    return out


def _candidates(state: State, seat: int) -> list[Move]:
    if state.phase == BUILD and not state.sealed[seat]:
        return _build(state, seat)
    if state.phase == DEPLOY and state.deploy_next == seat:
        nxt = next(u for u in state.side(seat) if u.status == RESERVE)
        return [mv.place(nxt.id, h) for h in zone(seat) if state.at(h) is None]
    if state.phase != TURN:
        return []
    p = state.pending
    if p is not None:
        if p.seat != seat:
            return []
        make = {"initiative": mv.initiative, "ion_weapon": mv.pick, "repair": mv.repair}[p.kind]
        return [make(c) for c in p.choices]
    if state.step == MOVE and state.mover == seat:
        if state.moving is not None:
            u = state.unit(state.moving.unit)
            assert u is not None
            return movement.legal(state, u)
        # movement.movable lists a unit's moves to say whether it has any: list them once
        return [m for u in state.on_map(seat) if _may_move(state, u) for m in movement.legal(state, u)]
    if state.step == SHOOT and not state.fire_done[seat]:
        return fire_orders.legal(state, seat)
    return []


def _may_move(state: State, u: Unit) -> bool:
    """``movement.movable`` but for its listing of the moves (no unit is moving here)."""
    return u.id not in state.moved and move_allowance(u) > 0


def legal(state: State, seat: int) -> list[Move]:
    """Every legal move of ``seat`` now: game moves first, then standing orders."""
    if state.phase == OVER or seat not in (0, 1):
        return []
    game = [m for m in _candidates(state, seat) if _listable(state, seat, m)]
    return game + mv.ORDERS.candidates(state, seat)


def _listable(state: State, seat: int, m: Move) -> bool:
    """Force-building candidates pass their checks; the others (placements, answers, movement
    and fire) come already filtered by the rules that generate them."""
    return m.kind not in mv.BUILD_KINDS or checks.CHECKS[m.kind](state, seat, m) is None

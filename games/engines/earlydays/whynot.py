"""Why a unit of the viewer's has nothing to do now, in the rules' words: the refusal the
engine gives the move a player would expect to make with it (a step ahead in the Movement
phase, a shot at the nearest enemy in the Shooting phase). Public facts only (positions,
facings, manoeuvres, damage), so every seat may be told about its own units."""

from __future__ import annotations

from dataclasses import replace

from . import fire_orders, movement
from . import moves as mv
from .geometry import hex_distance
from .state import ACTIVE, MOVE, SHOOT, TURN, State, Unit
from .units import working_weapons

Reason = dict[str, str]


def _reason(u: Unit, code: str, message: str) -> Reason:
    return {"unit": u.id, "code": code, "message": message}


def _cannot_move(state: State, u: Unit) -> Reason | None:
    if movement.legal(state, u):
        return None
    bad = movement.problem(state, u, mv.step(u.id, "F"))
    if bad is None:  # no step ahead refused by itself: ending here is what is refused
        bad = movement.problem(state, u, mv.unit_move("end", u.id))
    return None if bad is None else _reason(u, bad.code, bad.message)


def _cannot_fire(state: State, seat: int, u: Unit, slotted: set[str]) -> Reason | None:
    if u.id in slotted:
        return None
    shooter, bad = fire_orders._shooter(state, seat, u.id)
    if shooter is None:
        return None if bad is None else _reason(u, bad.code, bad.message)
    enemies = [t for t in state.units if t.status == ACTIVE and t.seat != seat and t.hex]
    if not enemies:
        return None
    nearest = min(enemies, key=lambda t: (hex_distance(u.hex, t.hex), t.id))
    for w in working_weapons(u):
        bad = fire_orders._attack(state, seat, u, w, nearest.id, fire_orders.modes(w)[0])
        if bad is not None:
            return _reason(u, bad.code, bad.message)
    return None


def why_not(state: State, seat: int) -> list[Reason]:
    """For each of ``seat``'s units on the map that has nothing to do now, the refusal of
    the move a player would expect of it; [] outside the Movement and Shooting phases."""
    if state.phase != TURN or state.pending is not None:
        return []
    units = [u for u in state.on_map(seat) if u.status == ACTIVE]
    if state.step == MOVE and state.mover == seat and state.moving is None:
        idle = replace(state, moving=None)
        return [r for u in units if (r := _cannot_move(idle, u)) is not None]
    if state.step == SHOOT and not state.fire_done[seat]:
        slotted = {unit for unit, _group in fire_orders.slots(state, seat)}
        return [r for u in units if (r := _cannot_fire(state, seat, u, slotted)) is not None]
    return []


__all__ = ["why_not"]

"""Where a unit can end its movement this turn: the kit's route finder (``kit.routes``) over
this game's steps. A route is "move" steps of one unit then, where the unit's movement does
not close by itself, its "end"; declarations (lock-on, attack run, double move, stop) stay
moves of their own, made before the route."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from ..base import Engine, Move
from ..kit.routes import Movement, Place, Route, explore, movers
from .geometry import FACINGS
from .state import ACTIVE, State


def _pieces(state: State, seat: int, listed: Sequence[Move]) -> list[str]:
    return list(dict.fromkeys(m["unit"] for m in listed if m.kind == "move"))


def _is_step(move: Move, unit: str) -> bool:
    return move.kind == "move" and move["unit"] == unit


def _place(state: State, unit: str) -> Place | None:
    u = state.unit(unit)
    if u is None or u.status != ACTIVE or not u.hex:
        return None
    return (u.hex,), FACINGS[u.facing]


def _close(state: State, seat: int, unit: str, listed: Sequence[Move]) -> tuple[Move, ...] | None:
    """Its "end" when listed; nothing when its movement closed by itself; else it may not stop."""
    end = next((m for m in listed if m.kind == "end" and m["unit"] == unit), None)
    if end is not None:
        return (end,)
    return () if state.moving is None or state.moving.unit != unit else None


def _progress(state: State, unit: str) -> Hashable:
    return state.unit(unit), state.moving


MOVEMENT = Movement(pieces=_pieces, is_step=_is_step, place=_place, close=_close, progress=_progress)


def routes(engine: Engine, state: State, seat: int, piece: str | None = None) -> list[Route]:
    return explore(engine, state, seat, MOVEMENT, piece)


def pieces(engine: Engine, state: State, seat: int) -> list[str]:
    return movers(engine, state, seat, MOVEMENT)

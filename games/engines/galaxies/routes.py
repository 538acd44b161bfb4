"""Where a ship of the activated card can end its movement: the kit's route finder
(``kit.routes``) over this game's "step" moves. A ship's place is the hexes it covers; it may
stop wherever the engine then lists a move other than its own steps (not on another ship)."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from ..base import Engine, Move
from ..kit.routes import Movement, Place, Route, explore, movers
from .geometry import canon
from .state import State


def _pieces(state: State, seat: int, listed: Sequence[Move]) -> list[str]:
    return list(dict.fromkeys(m["ship"] for m in listed if m.kind == "step"))


def _is_step(move: Move, ship: str) -> bool:
    return move.kind == "step" and move["ship"] == ship


def _place(state: State, ship: str) -> Place | None:
    found = state.piece(ship)
    if found is None or not found[1].hexes:
        return None
    return canon(found[1].hexes), ""


def _close(state: State, seat: int, ship: str, listed: Sequence[Move]) -> tuple[Move, ...] | None:
    """Nothing to play to stop; but a ship standing on another may not stop there, and then
    the engine lists nothing but its steps."""
    stops = any(m.kind != "orders" and not _is_step(m, ship) for m in listed)
    return () if stops else None


def _progress(state: State, ship: str) -> Hashable:
    return state.piece(ship), state.turn


MOVEMENT = Movement(pieces=_pieces, is_step=_is_step, place=_place, close=_close, progress=_progress)


def routes(engine: Engine, state: State, seat: int, piece: str | None = None) -> list[Route]:
    return explore(engine, state, seat, MOVEMENT, piece)


def pieces(engine: Engine, state: State, seat: int) -> list[str]:
    return movers(engine, state, seat, MOVEMENT)

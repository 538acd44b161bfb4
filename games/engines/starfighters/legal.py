"""Who must act, and the legal moves of a seat: the candidates that the referee allows.

The candidates (``moves.py``) are a superset of the legal moves; each is kept only if
``checks.check`` (the referee's whole judgement) allows it, so the list and ``apply``
cannot disagree.
"""

from __future__ import annotations

from ..base import Move
from .checks import check
from .moves import (
    ORDERS,
    activation_candidates,
    drive_candidates,
    reroll_candidates,
    roll_candidates,
)
from .state import ACTIVATE, OVER, ROLL, State


def legal(state: State, seat: int) -> list[Move]:
    """Every legal move of ``seat`` now: game moves first, then standing orders."""
    if state.phase == OVER or seat not in range(state.seats):
        return []
    cands: list[Move] = []
    if state.pending:
        p = state.pending[0]
        if p.seat == seat and p.kind == "reroll":
            cands.extend(reroll_candidates(p.options))
        elif p.seat == seat:
            field = "die" if p.kind == "lose" else "hex"
            cands.extend(Move.of(p.kind, **{field: o}) for o in p.options)
    elif state.phase == ROLL:
        cands.extend(roll_candidates(state, seat))
    elif state.phase == ACTIVATE and state.turns is not None:
        drive = state.turns.drive
        if drive is not None:
            cands.extend(drive_candidates() if drive.seat == seat else [])
        else:
            cands.append(Move.of("pass"))
            cands.extend(activation_candidates(state, seat))
    cands.extend(ORDERS.candidates(state, seat))
    return [m for m in cands if check(state, seat, m) is None]


def active(state: State) -> frozenset[int]:
    """Who must act now: several in the Roll phase; a decision owed first; none at the end."""
    return state.active()

"""Building a force from a saved list: a thin layer over ``move_submit`` for the engines with
the ForceBuilding capability (games.engines.base); the lists themselves are kept by
games.extensions.forcelists."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from ..engines import all_engines
from ..engines import get as get_engine
from ..engines.base import Engine, ForceBuilding, Invalid
from ..errors import BadRequest, IllegalMove
from ..selectors import seq_for
from .checks import check_current, check_in_play, check_seat
from .inputs import expected_seq_checked
from .locking import match_lock
from .services import MoveResult, move_submit


def force_engines() -> list[Engine]:
    """The games whose players build forces, and so may save force lists."""
    return [e for e in all_engines() if isinstance(e, ForceBuilding)]


def force_engine_for(game: Any) -> Engine:
    """The engine of ``game`` if its players build forces (a ForceBuilding); else ``wrong_game``."""
    engine = get_engine(game) if isinstance(game, str) else None
    if not isinstance(engine, ForceBuilding):
        raise _wrong_game()
    return engine


def _wrong_game() -> BadRequest:
    names = " and ".join(e.title.split(" (")[0] for e in force_engines())
    return BadRequest("wrong_game", f"Force lists are for {names}.")


def force_build(
    *, user: Any, match_id: Any, game: str, side: str, force: Any, expected_seq: Any
) -> MoveResult:
    """Build the user's force in a match from a saved list of ``game`` for ``side``: the
    engine's build moves, each through ``move_submit``, in order, all or nothing (one
    transaction). The match's own scenario and points decide what is legal."""
    with transaction.atomic():
        match = match_lock(match_id, viewer=user)
        engine: Any = force_engine_for(match.game)
        if game != match.game:
            raise _wrong_game()
        seat = check_seat(match, user)
        if engine.force_sides.get(seat) != side:
            raise BadRequest(
                "wrong_side", f"This list is for the {side}; you play the {engine.force_sides.get(seat)}."
            )
        check_current(match, seat, expected_seq_checked(expected_seq))
        check_in_play(match)
        moves = engine.force_moves(engine.load(match.state), seat, force)
        if isinstance(moves, Invalid):
            raise IllegalMove(moves.code, moves.message, seq=seq_for(match, seat))
        result = MoveResult(seq_for(match, seat))  # each move's seq in the seat's numbering
        for move in moves:
            result = move_submit(
                match_id=match.pk,
                user=user,
                expected_seq=result.seq,
                move=move.to_json(),
                source="force-list",
            )
        return result

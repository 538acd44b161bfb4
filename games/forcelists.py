"""Saved force lists for "The early days" (the scenario campaigns reuse them): the writes.

A list is checked with the engine's own ``validate_force`` when it is saved (one error per
broken restriction), and again when it is used in a match, where it becomes the ordinary
sealed force-building moves, all submitted through ``services.move_submit``.
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction

from .engines import get as get_engine
from .engines.base import Invalid
from .engines.earlydays import forces
from .errors import BadRequest, Conflict, Forbidden, IllegalMove, NotFound
from .models import ForceList, Match
from .play.checks import check_current
from .services import MoveResult, move_submit

GAME = "early-days"
SIDES = {0: "rebels", 1: "imperials"}


class ForceListInvalid(BadRequest):
    """A force that breaks the budget or the scenario's restrictions: every problem is listed."""

    def __init__(self, problems: list[Invalid]) -> None:
        super().__init__(
            problems[0].code,
            " ".join(p.message for p in problems),
            problems=[{"code": p.code, "message": p.message} for p in problems],
        )


def _checked(side: Any, scenario: Any, points: Any, force: Any) -> tuple[str, int]:
    seat = forces.seat_of(side) if isinstance(side, str | int) else None
    if seat is None:
        raise BadRequest("bad_side", "side is 'rebels' or 'imperials'.")
    if not isinstance(points, int) or isinstance(points, bool):
        raise BadRequest("bad_points", "points is the size of the game the list is for, e.g. 100.")
    problems = forces.validate_force(scenario, points, seat, force)
    if problems:
        raise ForceListInvalid(problems)
    return SIDES[seat], forces.force_cost(force)


def forcelist_save(
    *, user: Any, name: Any, side: Any, scenario: Any, points: Any, force: Any, pk: int | None = None
) -> ForceList:
    """Create or replace a saved list; refused with every broken restriction named."""
    if not isinstance(name, str) or not name.strip() or len(name) > 100:
        raise BadRequest("bad_name", "Give the list a name of at most 100 characters.")
    side_name, cost = _checked(side, scenario, points, force)
    fields = {
        "name": name.strip(),
        "side": side_name,
        "scenario": scenario,
        "points": points,
        "force": force,
        "cost": cost,
    }
    try:
        with transaction.atomic():
            if pk is None:
                return ForceList.objects.create(owner=user, game=GAME, **fields)
            fl = forcelist_get(user=user, pk=pk)
            for k, v in fields.items():
                setattr(fl, k, v)
            fl.save()
            return fl
    except IntegrityError as exc:
        raise Conflict("name_taken", f"You already have a force list called {name.strip()!r}.") from exc


def forcelist_get(*, user: Any, pk: Any) -> ForceList:
    fl = ForceList.objects.filter(pk=pk, owner=user).first() if isinstance(pk, int) else None
    if fl is None:
        raise NotFound("force_list_not_found", f"You have no force list {pk}.")
    return fl


def forcelist_delete(*, user: Any, pk: Any) -> None:
    forcelist_get(user=user, pk=pk).delete()


def forcelist_use(*, user: Any, match_id: Any, pk: Any, expected_seq: Any) -> MoveResult:
    """Build the user's force in a match from a saved list: the sealed moves, in order, all or
    nothing (one transaction). The match's own scenario and points decide what is legal."""
    fl = forcelist_get(user=user, pk=pk)
    with transaction.atomic():
        match = (
            Match.objects.select_for_update().filter(pk=match_id).first()
            if isinstance(match_id, int)
            else None
        )
        if match is None:
            raise NotFound("match_not_found", f"There is no match {match_id}.")
        if match.game != GAME:
            raise BadRequest("wrong_game", "Force lists are for The early days.")
        seat = match.seats.filter(user=user).values_list("index", flat=True).first()
        if seat is None:
            raise Forbidden("not_a_player", "You do not have a seat in this match.")
        if SIDES.get(seat) != fl.side:
            raise BadRequest("wrong_side", f"This list is for the {fl.side}; you play the {SIDES[seat]}.")
        if not isinstance(expected_seq, int) or isinstance(expected_seq, bool):
            raise BadRequest("bad_expected_seq", "expected_seq is the match's seq as you last saw it.")
        check_current(match, seat, expected_seq)
        if match.status == Match.Status.OPEN:
            raise Conflict("match_not_started", "The match starts when every seat is taken.", seq=match.seq)
        if match.status == Match.Status.FINISHED:
            raise Conflict("match_over", "This match is over.", seq=match.seq)
        engine = get_engine(GAME)
        moves = engine.force_moves(engine.load(match.state), seat, fl.force)
        if isinstance(moves, Invalid):
            raise IllegalMove(moves.code, moves.message, seq=match.seq)
        result = MoveResult(match.seq)
        for move in moves:
            result = move_submit(
                match_id=match.pk,
                user=user,
                expected_seq=result.seq,
                move=move.to_json(),
                source="force-list",
            )
        return result

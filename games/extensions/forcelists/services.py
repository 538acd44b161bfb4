"""Saving, reading and using a player's force lists.

A list is checked with the engine's own ``validate_force`` when it is saved (one error per
broken restriction), and again when it is used in a match, where it becomes the ordinary
sealed force-building moves (games.play.forces.force_build, through ``move_submit``).
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction

from ...engines.base import Invalid
from ...errors import BadRequest, Conflict, NotFound
from ...play import MoveResult
from ...play.forces import force_build, force_engine_for
from .models import ForceList

# Lists were saved for The early days before the game was named in the request.
DEFAULT_GAME = "early-days"


class ForceListInvalid(BadRequest):
    """A force that breaks the budget or the scenario's restrictions: every problem is listed."""

    def __init__(self, problems: list[Invalid]) -> None:
        super().__init__(
            problems[0].code,
            " ".join(p.message for p in problems),
            problems=[{"code": p.code, "message": p.message} for p in problems],
        )


def _checked(game: Any, side: Any, scenario: Any, points: Any, force: Any) -> tuple[str, int]:
    """(the side's name, the cost) of a force that may be saved, or every problem with it."""
    engine: Any = force_engine_for(game)
    sides = {name: seat for seat, name in engine.force_sides.items()}
    seat = sides.get(side.lower()) if isinstance(side, str) else None
    if seat is None:
        raise BadRequest("bad_side", f"side is {' or '.join(repr(s) for s in sides)}.")
    if not isinstance(points, int) or isinstance(points, bool):
        raise BadRequest("bad_points", "points is the size of the game the list is for, e.g. 100.")
    problems = engine.validate_force(scenario, points, seat, force)
    if problems:
        raise ForceListInvalid(problems)
    return engine.force_sides[seat], engine.force_cost(force)


def forcelist_save(
    *,
    user: Any,
    name: Any,
    side: Any,
    scenario: Any,
    points: Any,
    force: Any,
    game: Any = DEFAULT_GAME,
    pk: int | None = None,
) -> ForceList:
    """Create or replace a saved list; refused with every broken restriction named."""
    if not isinstance(name, str) or not name.strip() or len(name) > 100:
        raise BadRequest("bad_name", "Give the list a name of at most 100 characters.")
    side_name, cost = _checked(game, side, scenario, points, force)
    fields = {
        "name": name.strip(),
        "game": game,
        "side": side_name,
        "scenario": scenario,
        "points": points,
        "force": force,
        "cost": cost,
    }
    try:
        with transaction.atomic():
            if pk is None:
                return ForceList.objects.create(owner=user, **fields)
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
    """Build the user's force in a match from a saved list: the sealed moves, in order, all
    or nothing. The match's own scenario and points decide what is legal."""
    fl = forcelist_get(user=user, pk=pk)
    return force_build(
        user=user, match_id=match_id, game=fl.game, side=fl.side, force=fl.force, expected_seq=expected_seq
    )


def forcelist_json(fl: ForceList) -> dict[str, Any]:
    return {
        "id": fl.pk,
        "name": fl.name,
        "game": fl.game,
        "side": fl.side,
        "scenario": fl.scenario,
        "points": fl.points,
        "cost": fl.cost,
        "force": fl.force,
        "updated_at": fl.updated_at.isoformat(),
    }

"""A force list edited on the web page by the engine's own build phase: a scratch match of
the list's scenario and points is set up, the list is built into it with the engine's build
moves, and the page offers the moves the engine lists for that draft (buy, options, flights,
remove...). So the scenario's restrictions come from the rules engine, never from the page;
saving checks the whole list again (``validate_force``). Nothing here is stored."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...catalog import GameEntry, entry
from ...engines.base import Engine, Invalid, Move
from ...engines.dice import Dice
from ...errors import BadRequest
from ...play.forces import force_engine_for
from ...play.inputs import options_validate

SCRATCH_SEED = bytes(32)
"""The scratch match's dice: building a force rolls none, and nothing of it is kept."""


@dataclass
class Draft:
    """A force list as the engine builds it for ``side`` in ``scenario`` at ``points``."""

    game: GameEntry
    side: str
    scenario: str
    points: int
    force: Any  # the list's JSON after the change, as the game's UI package reads it back
    view: dict[str, Any]
    moves: list[dict[str, Any]]  # what may be changed now, each a move the engine listed
    cost: int
    budget: int
    problems: list[Invalid] = field(default_factory=list)  # what stops it being saved now
    refused: str = ""  # why the change asked for was not made


def scenarios(engine: Engine) -> list[tuple[str, str]]:
    """(key, name) of each scenario of the engine's options, in its order."""
    spec = engine.options_schema().get("properties", {}).get("scenario", {})
    names = dict(part.split(": ", 1) for part in spec.get("description", "").split("; ") if ": " in part)
    return [(key, names.get(key, key).split(" (")[0]) for key in spec.get("enum", [])]


def points_bounds(engine: Engine) -> tuple[int, int, int]:
    spec = engine.options_schema().get("properties", {}).get("points", {})
    return spec.get("minimum", 1), spec.get("maximum", 1000), spec.get("default", 100)


def _seat(engine: Any, side: str) -> int:
    seats = {name: seat for seat, name in engine.force_sides.items()}
    if side not in seats:
        raise BadRequest("bad_side", f"side is {' or '.join(repr(s) for s in seats)}.")
    return seats[side]


def _apply(engine: Engine, state: Any, seat: int, moves: list[Move]) -> tuple[Any, Invalid | None]:
    dice = Dice(SCRATCH_SEED, 2)
    for move in moves:
        step = engine.apply(state, seat, move, dice)
        if isinstance(step, Invalid):
            return state, step
        state = step.state
    return state, None


def draft(*, game: Any, side: Any, scenario: Any, points: Any, force: Any, change: Any = None) -> Draft:
    """The list ``force`` built by the engine for the scenario and points, with ``change``
    (one of the moves it lists) made; a change it refuses is reported, not made."""
    engine: Any = force_engine_for(game)
    found = entry(engine.key)
    if found is None or found.forces is None:
        raise BadRequest("wrong_game", f"{engine.title} has no force list page.")
    seat = _seat(engine, side)
    options = options_validate(engine, {"scenario": scenario, "points": points})
    state = engine.setup(options, engine.min_seats, Dice(SCRATCH_SEED, 1)).state
    built = engine.force_moves(state, seat, force)
    refused = ""
    if isinstance(built, Invalid):
        refused, built = built.message, []
    # every build move but the last, which seals the list: the draft stays open
    seal = built[-1].kind if built else None
    state, failed = _apply(engine, state, seat, built[:-1])
    if failed is not None:
        refused = f"The list could not be built as it was: {failed.message}"
    standing = {name for name, kind in found.hints.kinds.items() if kind.standing}
    listed = [m for m in engine.legal_moves(state, seat) if m.kind != seal and m.kind not in standing]
    if change is not None:
        move = Move.from_json(change)
        if isinstance(move, Invalid) or move not in listed:
            refused = "That change is not one the rules allow for this list now; choose again."
        else:
            state, failed = _apply(engine, state, seat, [move])
            refused = failed.message if failed else ""
            listed = [m for m in engine.legal_moves(state, seat) if m.kind != seal and m.kind not in standing]
    view = engine.view(state, seat)
    force = found.forces.force_of(view)
    return Draft(
        game=found,
        side=engine.force_sides[seat],
        scenario=options["scenario"],
        points=options["points"],
        force=force,
        view=view,
        moves=[m.to_json() for m in listed],
        cost=engine.force_cost(force),
        budget=engine.budget(state, seat),
        problems=engine.validate_force(options["scenario"], options["points"], seat, force),
        refused=refused,
    )

"""The route finder (games.engines.kit.routes) over the games whose pieces move a step a move:
every destination it offers is reached by the engine's listed steps, and every place the
listed steps reach within the activation, where the piece may stop, is offered."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from games.engines import get
from games.engines.base import Engine, Invalid, Move, Routes
from games.engines.dice import Dice
from games.engines.kit.routes import FixedDice, Route

SEED = b"route-tests"


def positions(key: str, wanted: str, count: int, seed: int) -> Iterator[tuple[Any, int]]:
    """Positions of a seeded random playout in which the seat on turn has ``wanted`` moves and
    no piece has started moving (the playout prefers the moves that bring ships into play
    and move them)."""
    engine = get(key)
    rng = random.Random(seed)
    state = engine.setup(engine.default_options(), 2, Dice(SEED, 1)).state
    seq, found = 2, 0
    while engine.outcome(state) is None and seq < 3000 and found < count:
        seat = min(engine.active_seats(state))
        moves = [m for m in engine.legal_moves(state, seat) if m.kind != "orders"]
        fresh = not getattr(state, "moving", None) and not getattr(state.turn, "moving", "x")
        fresh = fresh if key == "battleship-galaxies" else state.moving is None
        if fresh and any(m.kind == wanted for m in moves) and rng.random() < 0.5:
            found += 1
            yield state, seat
        liked = [m for m in moves if m.kind in ("launch", "place", "activate", "step", "ready", "fleet")]
        step = engine.apply(
            state, seat, rng.choice(liked if key != "early-days" and liked else moves), Dice(SEED, seq)
        )
        assert not isinstance(step, Invalid)
        state, seq = step.state, seq + 1


def place_ed(state: Any, unit: str) -> tuple[tuple[str, ...], str] | None:
    from games.engines.earlydays.geometry import FACINGS

    u = state.unit(unit)
    return None if u is None or u.status != "active" else ((u.hex,), FACINGS[u.facing])


def place_bg(state: Any, ship: str) -> tuple[tuple[str, ...], str] | None:
    found = state.piece(ship)
    return None if found is None else (tuple(sorted(found[1].hexes)), "")


def stops_ed(engine: Engine, state: Any, seat: int, unit: str) -> bool:
    if seat not in engine.active_seats(state) or state.moving is None:
        return True
    return Move.of("end", unit=unit) in engine.legal_moves(state, seat)


def stops_bg(engine: Engine, state: Any, seat: int, ship: str) -> bool:
    if seat not in engine.active_seats(state):
        return True
    listed = engine.legal_moves(state, seat)
    return any(m.kind != "orders" and not (m.kind == "step" and m["ship"] == ship) for m in listed)


GAMES = {
    "early-days": ("move", "unit", place_ed, stops_ed, 12),
    "battleship-galaxies": ("step", "ship", place_bg, stops_bg, 5),
}


def _sorted_place(route: Route) -> tuple[tuple[str, ...], str]:
    return tuple(sorted(route.hexes)), route.facing


def reachable(
    engine: Engine, state: Any, seat: int, kind: str, field: str, piece: str, place: Callable, stops: Callable
) -> set[tuple[tuple[str, ...], str]]:
    """Every place the piece's listed steps reach without a die, where it may stop: a plain
    search over whole positions (the engine's dump), apart from the route finder's."""
    start = place(state, piece)
    out, seen, stack = set(), {json.dumps(engine.dump(state), sort_keys=True)}, [state]
    while stack:
        here = stack.pop()
        for m in engine.legal_moves(here, seat):
            if m.kind != kind or m[field] != piece:
                continue
            dice = FixedDice(high=False)
            step = engine.apply(here, seat, m, dice)
            assert not isinstance(step, Invalid), (m, step)
            if dice.rolled or place(step.state, piece) is None:
                continue
            if stops(engine, step.state, seat, piece):
                out.add(place(step.state, piece))
            if seat in engine.active_seats(step.state):
                key = json.dumps(engine.dump(step.state), sort_keys=True)
                if key not in seen:
                    seen.add(key)
                    stack.append(step.state)
    return out - {start}


@pytest.mark.parametrize("key", list(GAMES))
def test_the_games_whose_pieces_step_find_routes(key):
    assert isinstance(get(key), Routes)


@pytest.mark.parametrize("key", list(GAMES))
def test_every_route_is_played_by_listed_steps_to_its_destination(key):
    engine = get(key)
    kind, _field, place, stops, seed = GAMES[key]
    checked = 0
    for state, seat in positions(key, kind, 3, seed):
        routes = engine.routes(state, seat)
        assert routes
        for route in routes:
            for high in (False, True):
                here = state
                for m in route.moves:
                    assert m in engine.legal_moves(here, seat), (route, m)
                    step = engine.apply(here, seat, m, FixedDice(high=high))
                    assert not isinstance(step, Invalid), (route, m, step)
                    here = step.state
                assert place(here, route.piece) == _sorted_place(route)
                assert stops(engine, here, seat, route.piece) or seat not in engine.active_seats(here)
            checked += 1
    assert checked > 10


@pytest.mark.parametrize("key", list(GAMES))
def test_every_place_the_listed_steps_reach_is_offered(key):
    engine = get(key)
    kind, field, place, stops, seed = GAMES[key]
    found = list(positions(key, kind, 2, seed))
    assert len(found) == 2
    for state, seat in found:
        routes = engine.routes(state, seat)
        pieces = {r.piece for r in routes}
        piece = sorted(pieces)[0]
        offered = {_sorted_place(r) for r in routes if r.piece == piece}
        expected = reachable(engine, state, seat, kind, field, piece, place, stops)
        assert expected and expected <= offered, expected - offered
        # offered beyond those: only places whose last step rolls dice (and lands the same)
        for r in routes:
            if r.piece == piece and _sorted_place(r) not in expected:
                last = [m for m in r.moves if m.kind == kind][-1]
                before = state
                for m in r.moves[: r.moves.index(last)]:
                    before = engine.apply(before, seat, m, FixedDice(high=False)).state
                dice = FixedDice(high=False)
                engine.apply(before, seat, last, dice)
                assert dice.rolled, r


def test_no_route_of_a_ship_ends_on_another_ship():
    """[SEED] ships may pass through other ships but not end their move on one."""
    engine = get("battleship-galaxies")
    ended = 0
    for state, seat in positions("battleship-galaxies", "step", 3, GAMES["battleship-galaxies"][4]):
        for route in engine.routes(state, seat):
            occupied = state.occupied(skip=route.piece)
            assert not set(route.hexes) & set(occupied), route
            ended += 1
    assert ended > 10

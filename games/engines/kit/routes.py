"""Where a piece can get to in one activation, and the moves that take it there, found by
playing the engine's own listed steps from the position (never by a copy of its rules).

A game that moves pieces one step per move says, in a :class:`Movement`, which listed moves
are a piece's steps, where a piece stands, how its activation is closed where it stands, and
what of a position tells explored positions apart. :func:`explore` then walks every listed
step breadth-first, applying each with the engine's ``apply``, and keeps, per place the
piece may stop on, the shortest list of moves that puts it there.

A step that rolls dice ends a route: what follows it is chance. It is offered only when the
piece ends on the same place whatever the dice say (played once with every die a 1, once
with every die its highest face). A step after which the seat is no longer on turn ends a
route too (the next steps are not its to play).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import Engine, Invalid, Move, Seat
from ..dice import Dice

Place = tuple[tuple[str, ...], str]
"""Where a piece stands: the hexes it covers and its facing ("" where facing does not matter)."""

MOST_POSITIONS = 4000
"""Positions explored per piece at most: a bound on the work of one page, far above what an
activation of these games reaches (a fighter's turn is a few hundred)."""


@dataclass(frozen=True)
class Route:
    """One destination of one piece and the listed moves, in order, that take it there."""

    piece: str
    hexes: tuple[str, ...]
    facing: str
    moves: tuple[Move, ...]


@dataclass(frozen=True)
class Movement:
    """A game's part of route finding; every function reads the engine's state and moves."""

    pieces: Callable[[Any, Seat, Sequence[Move]], list[str]]
    """The pieces that may step now, from the seat's listed moves."""
    is_step: Callable[[Move, str], bool]
    """Whether a listed move is a step of the piece."""
    place: Callable[[Any, str], Place | None]
    """Where the piece stands; None once it is off the board."""
    close: Callable[[Any, Seat, str, Sequence[Move]], tuple[Move, ...] | None]
    """The listed moves that end the piece's activation where it stands (none needed: ()),
    or None when it may not stop there."""
    progress: Callable[[Any, str], Hashable]
    """What tells two positions of one activation apart (where the piece is, what it spent)."""


class FixedDice(Dice):
    """Dice that always show one face (1, or each die's highest), counting the rolls."""

    def __init__(self, high: bool) -> None:
        super().__init__(b"", 0)
        self.high = high
        self.rolled = 0

    def roll(self, sides: int, purpose: str, audience: Iterable[Seat] | None = None) -> int:
        self.rolled += 1
        return sides if self.high else 1


def as_json(engine: Engine, routes: Iterable[Route]) -> list[dict[str, Any]]:
    """Routes as clients read them: the piece, where it ends, and its moves with their notation."""
    return [
        {
            "piece": r.piece,
            "hexes": list(r.hexes),
            "facing": r.facing,
            "moves": [m.to_json() for m in r.moves],
            "notation": [engine.notation(m) for m in r.moves],
        }
        for r in routes
    ]


def movers(engine: Engine, state: Any, seat: Seat, movement: Movement) -> list[str]:
    """The pieces of ``seat`` that may step now (none when it is not on turn): read from its
    listed moves, so cheap; where each can get to is :func:`explore`'s work."""
    if seat not in engine.active_seats(state):
        return []
    return movement.pieces(state, seat, engine.legal_moves(state, seat))


def explore(
    engine: Engine, state: Any, seat: Seat, movement: Movement, piece: str | None = None
) -> list[Route]:
    """Every place each piece of ``seat`` (or only ``piece``) may end this activation on,
    with the moves to it."""
    if seat not in engine.active_seats(state):
        return []
    listed = engine.legal_moves(state, seat)
    out: list[Route] = []
    for one in movement.pieces(state, seat, listed):
        if piece is None or one == piece:
            out += _routes_of(engine, state, seat, movement, one, listed)
    return out


def _routes_of(
    engine: Engine, state: Any, seat: Seat, movement: Movement, piece: str, listed: list[Move]
) -> list[Route]:
    start = movement.place(state, piece)
    found: dict[Place, Route] = {}
    seen = {movement.progress(state, piece)}
    frontier: list[tuple[Any, tuple[Move, ...], list[Move]]] = [(state, (), listed)]
    while frontier and len(seen) < MOST_POSITIONS:
        following = []
        for here, path, moves in frontier:
            for move in moves:
                if not movement.is_step(move, piece):
                    continue
                low, chance = FixedDice(high=False), False
                step = engine.apply(here, seat, move, low)
                if isinstance(step, Invalid):
                    continue
                after = step.state
                place = movement.place(after, piece)
                if place is None:
                    continue
                on_turn, next_moves, closing = _ending(engine, after, seat, movement, piece)
                if low.rolled:
                    chance = True
                    high = engine.apply(here, seat, move, FixedDice(high=True))
                    if isinstance(high, Invalid) or movement.place(high.state, piece) != place:
                        continue
                    if _ending(engine, high.state, seat, movement, piece)[::2] != (on_turn, closing):
                        continue
                if closing is not None and place != start and place not in found:
                    found[place] = Route(piece, place[0], place[1], (*path, move, *closing))
                if chance or not on_turn:
                    continue
                key = movement.progress(after, piece)
                if key not in seen:
                    seen.add(key)
                    following.append((after, (*path, move), next_moves))
        frontier = following
    return list(found.values())


def _ending(
    engine: Engine, state: Any, seat: Seat, movement: Movement, piece: str
) -> tuple[bool, list[Move], tuple[Move, ...] | None]:
    """Whether the seat is still on turn, its listed moves, and how the activation closes."""
    if seat not in engine.active_seats(state):
        return False, [], ()
    moves = engine.legal_moves(state, seat)
    return True, moves, movement.close(state, seat, piece, moves)


__all__ = ["FixedDice", "Movement", "Place", "Route", "as_json", "explore", "movers"]

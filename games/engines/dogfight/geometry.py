"""Board geometry: zones, forward/sideways movement and adjacency (SD-01, SD-09, MOVEMENT)."""

from __future__ import annotations

from ..grid import EAST, NORTH, SOUTH, WEST, Board, Square, adjacent
from .data import DATA
from .state import State

BOARD = Board(DATA.files, DATA.rows)
DIRECTIONS = {"north": NORTH, "east": EAST, "south": SOUTH, "west": WEST}
"""SD-06: north is towards row 10."""


def square(name: str) -> Square:
    sq = BOARD.parse(name)
    if sq is None:  # squares in the state are always on the board
        raise ValueError(f"not a square of the board: {name!r}")
    return sq


def in_zone(name: str, seat: int) -> bool:
    """Is ``name`` in the starting zone of ``seat`` (SD-01)?"""
    return square(name).row in DATA.zones[seat]


def zone_squares(seat: int) -> list[str]:
    return [sq.name for sq in BOARD.squares() if sq.row in DATA.zones[seat]]


def steps(seat: int) -> tuple[tuple[int, int], ...]:
    """The directions a ship of ``seat`` may step: forward, then the two sideways ones."""
    return ((0, DATA.forward[seat]), EAST, WEST)


def straight_line(frm: str, to: str) -> list[str]:
    """The squares entered moving in a straight line from ``frm`` to ``to`` (``to`` included)."""
    a, b = square(frm), square(to)
    df, dr = b.file - a.file, b.row - a.row
    n = abs(df) + abs(dr)
    unit = (df // n, dr // n) if n else (0, 0)
    return [a.step(unit, i).name for i in range(1, n + 1)]


def reachable(state: State, frm: str, seat: int, mov: int) -> list[str]:
    """Every square a ship of ``seat`` on ``frm`` may end a move on (MOVEMENT, SD-09).

    Straight (the default): one direction, 1..MOV squares, each entered square empty.
    Path (option): forward/sideways steps in any order, no square visited twice.
    """
    found: set[str] = set()
    start = square(frm)
    if state.movement == "straight":
        for d in steps(seat):
            for i in range(1, mov + 1):
                sq = start.step(d, i)
                if not BOARD.contains(sq) or state.occupied(sq.name):
                    break
                found.add(sq.name)
    else:

        def walk(sq: Square, left: int, seen: frozenset[Square]) -> None:
            if not left:
                return
            for d in steps(seat):
                nxt = sq.step(d)
                if nxt in seen or not BOARD.contains(nxt) or state.occupied(nxt.name):
                    continue
                found.add(nxt.name)
                walk(nxt, left - 1, seen | {nxt})

        walk(start, mov, frozenset({start}))
    return sorted(found, key=lambda n: (square(n).row, square(n).file))


def neighbours(name: str) -> list[str]:
    return [n.name for n in BOARD.neighbours(square(name))]


def is_adjacent(a: str, b: str) -> bool:
    return adjacent(square(a), square(b))


def is_diagonal(a: str, b: str) -> bool:
    sa, sb = square(a), square(b)
    return abs(sa.file - sb.file) == 1 and abs(sa.row - sb.row) == 1


def distance(a: str, b: str) -> int:
    sa, sb = square(a), square(b)
    return abs(sa.file - sb.file) + abs(sa.row - sb.row)


def asteroid_targets(state: State, n: int) -> dict[str, str]:
    """Direction name -> square asteroid ``n`` may move to: on the board, no other asteroid."""
    here = square(state.asteroids[n - 1])
    out = {}
    for name, d in DIRECTIONS.items():
        to = here.step(d)
        if BOARD.contains(to) and to.name not in state.asteroids:
            out[name] = to.name
    return out

"""The battlefield's geometry: hex names, zones, multi-hex footprints, range, line of fire.

Flat-top hexes in columns a..q; rows counted from the top edge. Odd columns sit half a hex
lower, so their end hexes would be half hexes, which can never be entered ([SOURCED] page
7): even columns hold ``rows`` hexes, odd ones ``rows - 1`` (BG-01). Internally hexes are
axial (``games.engines.hexgrid``); everything public uses names such as "h7".
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from ..hexgrid import Hex, line
from .data import DATA

COLUMNS = "abcdefghijklmnopqrstuvwxyz"[: DATA.board["columns"]]
# BG-06 footprints as axial offsets from an anchor: a medium ship is two adjacent hexes
# (three orientations), a large ship three mutually adjacent hexes (two triangles).
SHAPES = {
    "small": (((0, 0),),),
    "medium": (((0, 0), (1, -1)), ((0, 0), (1, 0)), ((0, 0), (0, 1))),
    "large": (((0, 0), (1, 0), (0, 1)), ((0, 0), (1, 0), (1, -1))),
}
# BG-07: a large ship's step moves the triangle, unrotated, onto three new hexes.
LARGE_STEPS = ((1, 1), (-1, -1), (2, -1), (-2, 1), (-1, 2), (1, -2))


def sort_key(name: str) -> tuple[int, int]:
    return COLUMNS.index(name[0]), int(name[1:])


def canon(hexes: Iterable[str]) -> tuple[str, ...]:
    """A footprint's hexes in canonical order (column, then row): the first is its anchor."""
    return tuple(sorted(set(hexes), key=sort_key))


class Geometry:
    """One battlefield of ``boards`` boards end to end (BG-01), with its lookup tables."""

    def __init__(self, boards: int) -> None:
        self.boards = boards
        self.rows = DATA.board["rows_per_board"] * boards
        self.axial: dict[str, Hex] = {}
        self.names: dict[Hex, str] = {}
        for c, col in enumerate(COLUMNS):
            for row in range(self.rows - (c & 1)):
                h = Hex(c, row - (c - (c & 1)) // 2)
                name = f"{col}{row + 1}"
                self.axial[name] = h
                self.names[h] = name
        self.hexes = frozenset(self.axial)
        self._qr = {n: (h.q, h.r) for n, h in self.axial.items()}  # plain ints: distance is hot
        self.neighbours = {
            n: tuple(self.names[h.neighbour(f)] for f in range(6) if h.neighbour(f) in self.names)
            for n, h in self.axial.items()
        }
        depth = DATA.board["zone_rows"]
        # side 0 (ISN) at the bottom edge, side 1 (Wretch) at the top edge (BG-01)
        self.zones = (
            frozenset(n for n in self.hexes if int(n[1:]) > self.rows - (COLUMNS.index(n[0]) & 1) - depth),
            frozenset(n for n in self.hexes if int(n[1:]) <= depth),
        )

    # -- names -----------------------------------------------------------------------
    def valid(self, name: object) -> bool:
        return isinstance(name, str) and name in self.axial

    def shift(self, name: str, dq: int, dr: int) -> str | None:
        h = self.axial[name]
        return self.names.get(Hex(h.q + dq, h.r + dr))

    def distance(self, a: str, b: str) -> int:
        (aq, ar), (bq, br) = self._qr[a], self._qr[b]
        dq, dr = aq - bq, ar - br
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    # -- footprints --------------------------------------------------------------------
    @cache  # noqa: B019 - one Geometry per board count, kept for the process
    def footprints(self, size: str) -> tuple[tuple[str, ...], ...]:
        """Every placement of a ship of ``size`` wholly on the board."""
        out = set()
        for anchor in self.hexes:
            for shape in SHAPES[size]:
                hexes = [self.shift(anchor, dq, dr) for dq, dr in shape]
                if all(hexes):
                    out.add(canon(hexes))  # type: ignore[arg-type]
        return tuple(sorted(out, key=lambda f: [sort_key(h) for h in f]))

    def is_footprint(self, size: str, hexes: tuple[str, ...]) -> bool:
        return hexes in self._footprint_set(size)

    @cache  # noqa: B019
    def _footprint_set(self, size: str) -> frozenset[tuple[str, ...]]:
        return frozenset(self.footprints(size))

    def translate(self, hexes: tuple[str, ...], dq: int, dr: int) -> tuple[str, ...] | None:
        moved = [self.shift(h, dq, dr) for h in hexes]
        return None if not all(moved) else canon(moved)  # type: ignore[arg-type]

    # -- relations between footprints -------------------------------------------------
    def ring(self, hexes: Iterable[str]) -> frozenset[str]:
        """The hexes sharing a border with a footprint (not the footprint itself)."""
        own = set(hexes)
        return frozenset(n for h in own for n in self.neighbours[h] if n not in own)

    def adjacent(self, a: Iterable[str], b: Iterable[str]) -> bool:
        """[SEED] Adjacent: a hex of one shares a border with a hex of the other (or they overlap)."""
        bs = set(b)
        return any(h in bs or not bs.isdisjoint(self.neighbours[h]) for h in a)

    def gap(self, a: Iterable[str], b: Iterable[str]) -> int:
        """BG-09: range between the nearest hexes of two footprints."""
        qr = self._qr
        best = 1 << 30
        for x in a:
            aq, ar = qr[x]
            for y in b:
                bq, br = qr[y]
                dq, dr = aq - bq, ar - br
                d = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
                if d < best:
                    best = d
        return best

    def clear_line(self, a: str, b: str, blockers: frozenset[str]) -> bool:
        """BG-09: a line drawn centre to centre crosses no blocking (asteroid) hex."""
        between = line(self.axial[a], self.axial[b])[1:-1]
        return all(self.names.get(h, "") not in blockers for h in between)

    def in_fire(self, a: Iterable[str], b: Iterable[str], reach: int, blockers: frozenset[str]) -> bool:
        """BG-09: some hex pair within ``reach`` with a clear line of fire."""
        return any(self.distance(x, y) <= reach and self.clear_line(x, y, blockers) for x in a for y in b)


@cache
def geometry(boards: int) -> Geometry:
    return Geometry(boards)

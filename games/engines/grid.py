"""Square-grid helpers: algebraic names (files a, b, ... and rows 1, 2, ...), orthogonal steps."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

_NAME = re.compile(r"^([a-z])(\d{1,2})$")

NORTH = (0, 1)
EAST = (1, 0)
SOUTH = (0, -1)
WEST = (-1, 0)
ORTHOGONAL = (NORTH, EAST, SOUTH, WEST)


@dataclass(frozen=True, order=True)
class Square:
    """A square by file (0 = "a") and row (1-based, as printed)."""

    file: int
    row: int

    @classmethod
    def parse(cls, name: str) -> Square | None:
        m = _NAME.match(name.strip().lower()) if isinstance(name, str) else None
        if not m:
            return None
        return cls(ord(m.group(1)) - ord("a"), int(m.group(2)))

    @property
    def name(self) -> str:
        return f"{chr(ord('a') + self.file)}{self.row}"

    def step(self, direction: tuple[int, int], distance: int = 1) -> Square:
        return Square(self.file + direction[0] * distance, self.row + direction[1] * distance)

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Board:
    """A rectangle of ``files`` × ``rows`` squares."""

    files: int
    rows: int

    def contains(self, sq: Square) -> bool:
        return 0 <= sq.file < self.files and 1 <= sq.row <= self.rows

    def squares(self) -> Iterator[Square]:
        for row in range(1, self.rows + 1):
            for file in range(self.files):
                yield Square(file, row)

    def neighbours(self, sq: Square) -> list[Square]:
        """Orthogonally adjacent squares on the board (diagonals are not adjacent)."""
        return [n for n in (sq.step(d) for d in ORTHOGONAL) if self.contains(n)]

    def parse(self, name: str) -> Square | None:
        sq = Square.parse(name)
        return sq if sq is not None and self.contains(sq) else None


def adjacent(a: Square, b: Square) -> bool:
    """True when two squares share a side."""
    return abs(a.file - b.file) + abs(a.row - b.row) == 1

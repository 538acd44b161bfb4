"""Hex-grid maths shared by the hex games: axial coordinates, distance, neighbours, facings.

Hexes are stored in axial coordinates (q, r); the six facings are numbered 0..5 clockwise
starting from "north-east" for pointy-top or "north" for flat-top maps, as the game's data
says. Everything here is pure arithmetic.
"""

from __future__ import annotations

from dataclasses import dataclass

# Axial direction vectors, clockwise.
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))


@dataclass(frozen=True, order=True)
class Hex:
    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def neighbour(self, facing: int) -> Hex:
        dq, dr = DIRECTIONS[facing % 6]
        return Hex(self.q + dq, self.r + dr)

    def neighbours(self) -> list[Hex]:
        return [self.neighbour(f) for f in range(6)]


def distance(a: Hex, b: Hex) -> int:
    d = a - b
    return (abs(d.q) + abs(d.r) + abs(d.s)) // 2


def turn(facing: int, steps: int) -> int:
    """Facing after ``steps`` hex-sides clockwise (negative: anticlockwise)."""
    return (facing + steps) % 6


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes on the straight line from a to b, both included (cube rounding)."""
    n = distance(a, b)
    if n == 0:
        return [a]
    out = []
    for i in range(n + 1):
        t = i / n
        # a tiny nudge keeps ties on hex edges deterministic
        q = a.q + (b.q - a.q) * t + 1e-6
        r = a.r + (b.r - a.r) * t + 1e-6
        out.append(_round(q, r))
    return out


def _round(q: float, r: float) -> Hex:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


def direction_to(a: Hex, b: Hex) -> int | None:
    """The facing whose straight line from a passes through b, if b lies on one of the six lines."""
    d = b - a
    n = distance(a, b)
    if n == 0:
        return None
    for f, (dq, dr) in enumerate(DIRECTIONS):
        if d.q == dq * n and d.r == dr * n:
            return f
    return None

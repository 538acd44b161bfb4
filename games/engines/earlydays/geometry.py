"""Map, arcs, angles and ranges on the hex map (SW-01, SW-02, SW-32, SW-33, SW-40, SW-41).

Hexes are pointy-top, odd rows shoved right, named CCRR from 0101 (column, row); the
shared axial maths lives in ``games.engines.hexgrid``. Angles are in degrees, clockwise
positive, with y growing southwards, so facing f points at -60 + 60 f degrees.
"""

from __future__ import annotations

import math
from functools import cache

from ..hexgrid import Hex, direction_to, distance
from .data import DATA, RULES, SIDES

COLUMNS: int = DATA.map["columns"]
ROWS: int = DATA.map["rows"]
FACINGS: tuple[str, ...] = tuple(DATA.map["facing_names"])
EPS = 1e-6


# -- names ---------------------------------------------------------------------------------
@cache
def hex_of(name: str) -> Hex | None:
    """The hex named CCRR, or None if the name is not one of this map's hexes."""
    if not isinstance(name, str) or len(name) != 4 or not name.isdigit():
        return None
    col, row = int(name[:2]) - 1, int(name[2:]) - 1
    if not (0 <= col < COLUMNS and 0 <= row < ROWS):
        return None
    return Hex(col - (row - (row & 1)) // 2, row)


def offset(h: Hex) -> tuple[int, int]:
    """(column, row), 0-based, of an axial hex (odd-r layout)."""
    return h.q + (h.r - (h.r & 1)) // 2, h.r


def on_map(h: Hex) -> bool:
    col, row = offset(h)
    return 0 <= col < COLUMNS and 0 <= row < ROWS


@cache
def name_of(h: Hex) -> str:
    col, row = offset(h)
    return f"{col + 1:02d}{row + 1:02d}"


@cache
def all_hexes() -> tuple[str, ...]:
    return tuple(f"{c:02d}{r:02d}" for c in range(1, COLUMNS + 1) for r in range(1, ROWS + 1))


@cache
def zone(seat: int) -> tuple[str, ...]:
    """SW-01: the hexes within ``zone_depth`` columns of the side's own short edge."""
    depth = DATA.map["zone_depth"]
    west = DATA.map["edges"][SIDES[seat]] == "west"
    cols = range(1, depth + 1) if west else range(COLUMNS - depth + 1, COLUMNS + 1)
    return tuple(f"{c:02d}{r:02d}" for c in cols for r in range(1, ROWS + 1))


def edge_of(h: Hex) -> str:
    """Which map edge an off-map hex lies beyond (west, east, north, south)."""
    col, row = offset(h)
    if col < 0:
        return "west"
    if col >= COLUMNS:
        return "east"
    return "north" if row < 0 else "south"


def own_edge(seat: int) -> str:
    return str(DATA.map["edges"][SIDES[seat]])


def deploy_facing(seat: int) -> int:
    return int(DATA.map["facing"][SIDES[seat]])


def centre() -> str:
    return f"{COLUMNS // 2:02d}{ROWS // 2:02d}"


def edge_centre(seat: int) -> str:
    west = DATA.map["edges"][SIDES[seat]] == "west"
    return f"{1 if west else COLUMNS:02d}{ROWS // 2:02d}"


def step(name: str, facing: int, n: int = 1) -> Hex:
    h = hex_of(name)
    assert h is not None
    for _ in range(n):
        h = h.neighbour(facing)
    return h


def hex_distance(a: str, b: str) -> int:
    ha, hb = hex_of(a), hex_of(b)
    assert ha is not None and hb is not None
    return distance(ha, hb)


def adjacent(a: str, b: str) -> bool:
    return hex_distance(a, b) == 1


# -- angles ----------------------------------------------------------------------------------
def _pixel(h: Hex) -> tuple[float, float]:
    return math.sqrt(3) * (h.q + h.r / 2), 1.5 * h.r


@cache
def relative_angle(frm: str, facing: int, to: str) -> float:
    """Angle of ``to`` seen from ``frm`` relative to ``facing``: (-180, 180], clockwise +."""
    a, b = hex_of(frm), hex_of(to)
    assert a is not None and b is not None
    (x0, y0), (x1, y1) = _pixel(a), _pixel(b)
    bearing = math.degrees(math.atan2(y1 - y0, x1 - x0))
    rel = (bearing - (-60 + 60 * facing) + 180) % 360 - 180
    rel = round(rel, 6)
    return 180.0 if rel <= -180 + EPS else rel


def in_arc(mount: str, frm: str, facing: int, to: str) -> bool:
    """SW-32 forward arc (±30° inclusive), rear arc, SW-40 side halves, or all round."""
    if mount == "any":
        return True
    a = relative_angle(frm, facing, to)
    half = RULES["shooting"]["arc_half_angle"]
    if mount == "forward":
        return bool(abs(a) <= half + EPS)
    if mount == "rear":
        return bool(abs(a) >= 180 - RULES["shooting"]["rear_half_angle"] - EPS)
    if mount == "left":  # straight ahead yes, straight back no (SW-40)
        return a <= EPS and a < 180 - EPS
    if mount == "right":
        return a >= -EPS and a < 180 - EPS
    raise ValueError(mount)


def dead_ahead(frm: str, facing: int, to: str) -> bool:
    """The "front hex" line of SW-32: no off-axis penalty along it."""
    a, b = hex_of(frm), hex_of(to)
    assert a is not None and b is not None
    return direction_to(a, b) == facing


def sector(angle: float) -> str:
    """SW-33: the 60° sector of an angle; exact boundaries go to the higher modifier."""
    a = abs(angle)
    table = RULES["angle"]
    if a < 30 - EPS:
        return "front"
    if a <= 90 + EPS:
        return "front_side"  # 30 (front vs side: side is higher) and 90 (2 vs 1)
    if a <= 150 + EPS:
        return "rear_side"  # 150: rear side (+1) beats rear (-1)
    assert table["rear"] <= table["rear_side"]
    return "rear"


def aspect(target: str, target_facing: int, shooter: str) -> tuple[str, int]:
    """[SEED] angle table: how the target presents itself to the shooter."""
    name = sector(relative_angle(target, target_facing, shooter))
    return name, RULES["angle"][name]


def fire_out(shooter: str, facing: int, target: str) -> tuple[str, int]:
    """SW-39: a fighter turret adds the angle table for its direction of fire."""
    name = sector(relative_angle(shooter, facing, target))
    return name, RULES["angle"][name]


def range_band(table: str, dist: int) -> tuple[str, int | None]:
    """[SEED] range bands (SW-41 for turbolasers); None = extreme, lucky shots only."""
    names = ("short", "medium", "long")
    for i, (upto, mod) in enumerate(DATA.ranges[table]):
        if dist <= upto:
            return names[min(i, 2)], mod
    return "extreme", None

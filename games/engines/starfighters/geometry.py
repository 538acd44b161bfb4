"""Board geometry on top of the shared hex maths: hex names, anomalies, hit facings (SF-43).

Hexes are pointy-top; facings are numbered as in ``games.engines.hexgrid`` (0 = north-east,
clockwise). A "ring" index names a shield: 0 forward, 1 right, 2 rear, 3 left.
"""

from __future__ import annotations

from ..hexgrid import Hex, distance, turn
from .data import DATA

FORWARD, RIGHT, REAR, LEFT = range(4)
HEX_ORDER = tuple(sorted(DATA.hexes))
"""Every hex name in board order (a1 ... e3): the canonical order of every hex list."""


def hex_of(name: str) -> Hex:
    return DATA.hexes[name]


def on_board(name: str) -> bool:
    return name in DATA.hexes


def neighbour(name: str, facing: int) -> str | None:
    """The hex next to ``name`` across edge ``facing``, or None off the board."""
    return DATA.names.get(hex_of(name).neighbour(facing))


def neighbours(name: str) -> list[str]:
    return [n for f in range(6) if (n := neighbour(name, f)) is not None]


def dist(a: str, b: str) -> int:
    return distance(hex_of(a), hex_of(b))


def heading_name(facing: int) -> str:
    return DATA.headings[facing % 6]


def anomaly_ahead(name: str, heading: int) -> str | None:
    """SF-38: the anomaly a ship on ``name`` heading ``heading`` would enter, if any."""
    ahead = hex_of(name).neighbour(heading)
    return next((a for a, cell in DATA.anomalies.items() if cell == ahead), None)


def other_anomaly(anomaly: str) -> str:
    return next(a for a in DATA.anomalies if a != anomaly)


def _rotate_cw(q: int, r: int, times: int) -> tuple[int, int]:
    """An axial vector turned 60 degrees clockwise ``times`` times (exact integers)."""
    for _ in range(times % 6):
        q, r = -r, q + r
    return q, r


def hit_facing(target: str, heading: int, source: str) -> int:
    """SF-43: the shield (ring index) of a ship on ``target`` hit from ``source``.

    The angle of target->source relative to the heading: within 30 degrees forward, from
    150 degrees rear, otherwise left or right; the exact boundaries go forward/rear. The
    vector is turned so that the heading points east; then, with pointy-top pixel axes,
    |angle| <= 30 degrees is |3r| <= 2q + r, which integers decide exactly.
    """
    v = hex_of(source) - hex_of(target)
    q, r = _rotate_cw(v.q, v.r, 1 - heading)  # facing 1 is east
    x = 2 * q + r
    if abs(3 * r) <= x:
        return FORWARD
    if abs(3 * r) <= -x:
        return REAR
    return LEFT if r < 0 else RIGHT  # y grows southwards: facing east, north is left


def launch_hexes(name: str, heading: int, offsets: tuple[int, ...]) -> list[str]:
    """SF-35: the on-board hexes at the given offsets from the heading (1 = front-right ...)."""
    out = [neighbour(name, turn(heading, off)) for off in offsets]
    return sorted(h for h in out if h is not None)


def relative(heading: int, name: str, other: str) -> int | None:
    """The offset (0..5) from ``heading`` of the edge of ``name`` that touches ``other``."""
    for off in range(6):
        if neighbour(name, turn(heading, off)) == other:
            return off
    return None

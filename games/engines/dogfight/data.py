"""The components and tables of Space Dogfight, read once from ``data/dogfight.toml``.

Rule code takes every number from here (rules/README.md decision 1); the TOML file says
for each one whether it is in the rules text ([SEED]) or a house default (GAPS.md SD-nn).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from ..kit.codec import from_json, json_name

COLOURS = ("blue", "red")
"""Seat 0 flies the blue ships, seat 1 the red ones."""


@dataclass(frozen=True)
class ShipType:
    key: str
    count: int
    pts: int
    mov: int
    att: int
    def_: int

    def to_json(self) -> dict[str, Any]:
        return {
            "type": self.key,
            "count": self.count,
            "pts": self.pts,
            "mov": self.mov,
            "att": self.att,
            "def": self.def_,
        }


@dataclass(frozen=True)
class CounterType:
    key: str
    label: str
    count: int
    def_bonus: int
    aliases: tuple[str, ...]


@dataclass(frozen=True)
class Data:
    files: int
    rows: int
    zones: tuple[tuple[int, ...], ...]  # per seat: the rows of its starting zone (SD-01)
    forward: tuple[int, ...]  # per seat: +1 or -1 rows (SD-01)
    asteroid_count: int
    placement: tuple[str, ...]  # die face - 1 -> square (SD-02)
    select: tuple[int, ...]  # die face - 1 -> asteroid number (SD-05)
    directions: tuple[str, ...]  # die face - 1 -> direction or "reroll" (SD-06)
    first_player: tuple[int, ...]  # die face - 1 -> seat (SD-12)
    ship_types: dict[str, ShipType]
    counters: dict[str, CounterType]
    counter_box: tuple[tuple[str, str], ...]  # (counter id, counter type), in box order
    box_types: dict[str, str]  # counter id -> counter type
    rules: dict[str, int]
    options: dict[str, int]

    def counter_type(self, counter_id: str) -> str:
        return self.box_types[counter_id]

    @cached_property
    def hand_types(self) -> tuple[str, ...]:
        """Counter types a player can hold (a MOVE AST never stays in a hand)."""
        return tuple(k for k in self.counters if k != MOVE_AST)

    @cached_property
    def def_types(self) -> tuple[str, ...]:
        """DEF counters, weakest first."""
        defs = [c for c in self.counters.values() if c.def_bonus]
        return tuple(c.key for c in sorted(defs, key=lambda c: c.def_bonus))

    @cached_property
    def pts_values(self) -> tuple[int, ...]:
        return tuple(sorted({t.pts for t in self.ship_types.values()}))


AP = "AP"
MOVE_AST = "MOVE_AST"
DEF1 = "DEF1"
DEF2 = "DEF2"


@dataclass(frozen=True)
class _Board:
    files: int
    rows: int
    zones: dict[str, tuple[int, ...]]
    forward: dict[str, int]


@dataclass(frozen=True)
class _Asteroids:
    count: int
    placement: tuple[str, ...]
    select: tuple[int, ...]
    directions: tuple[str, ...]


@dataclass(frozen=True)
class _Setup:
    first_player: tuple[str, ...]


@dataclass(frozen=True)
class _ShipType:
    count: int
    pts: int
    mov: int
    att: int
    def_: int = json_name("def")


@dataclass(frozen=True)
class _Counter:
    label: str
    count: int
    aliases: tuple[str, ...]
    def_bonus: int = 0


@dataclass(frozen=True)
class _File:
    """``data/dogfight.toml`` as it is written."""

    board: _Board
    asteroids: _Asteroids
    setup: _Setup
    ship_types: dict[str, _ShipType]
    counters: dict[str, _Counter]
    rules: dict[str, int]
    options: dict[str, int]


def _load() -> Data:
    text = (Path(__file__).parent / "data" / "dogfight.toml").read_text("utf-8")
    raw: _File = from_json(_File, tomllib.loads(text))
    board, ast = raw.board, raw.asteroids
    ships = {k: ShipType(k, t.count, t.pts, t.mov, t.att, t.def_) for k, t in raw.ship_types.items()}
    counters = {k: CounterType(k, c.label, c.count, c.def_bonus, c.aliases) for k, c in raw.counters.items()}
    kinds = [key for key, c in counters.items() for _ in range(c.count)]
    width = max(2, len(str(len(kinds))))
    box = tuple((f"ctr-{i:0{width}d}", key) for i, key in enumerate(kinds, 1))
    return Data(
        files=board.files,
        rows=board.rows,
        zones=tuple(board.zones[c] for c in COLOURS),
        forward=tuple(board.forward[c] for c in COLOURS),
        asteroid_count=ast.count,
        placement=ast.placement,
        select=ast.select,
        directions=ast.directions,
        first_player=tuple(COLOURS.index(c) for c in raw.setup.first_player),
        ship_types=ships,
        counters=counters,
        counter_box=box,
        box_types=dict(box),
        rules=raw.rules,
        options=raw.options,
    )


def _validate(data: Data) -> Data:
    """Refuse inconsistent tables at import: they are bugs in the data file, not moves."""
    for table in ("placement", "select", "directions", "first_player"):
        if len(getattr(data, table)) != data.rules["die"]:
            raise ValueError(f"dogfight.toml: {table} needs one entry per die face")
    if set(data.select) != set(range(1, data.asteroid_count + 1)):
        # SD-07 re-selects until a movable asteroid comes up: each must be selectable
        raise ValueError("dogfight.toml: asteroids.select must name every asteroid and no other")
    if (
        not {"north", "east", "south", "west"}
        <= set(data.directions)
        <= {"north", "east", "south", "west", "reroll"}
    ):
        # SD-06 re-rolls until a legal direction comes up: each must be possible
        raise ValueError("dogfight.toml: asteroids.directions must give each of the four directions")
    if len(set(data.placement)) < data.asteroid_count:
        raise ValueError("dogfight.toml: fewer asteroid squares than asteroids")
    return data


DATA = _validate(_load())

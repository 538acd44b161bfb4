"""The components and tables of Star Fighters: Rapid Fire, read once from ``data/*.toml``.

Rule code takes every number from here (rules/README.md decision 1); the TOML files say
for each value whether it is in the rules text ([SEED]) or a house default (GAPS.md SF-nn).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, TypeVar

from ..hexgrid import Hex, distance
from ..kit.codec import from_json

T = TypeVar("T")

_DIR = Path(__file__).parent / "data"
COMMAND, SECURITY, ENGINEERING, BLANK = "command", "security", "engineering", "blank"
COCKPIT, CLOAK = "cockpit", "cloak"
SYSTEMS = ("phasers", "torpedoes", "shields", "drives")
"""The systems that are activated, in the order menus list them."""


def _read(name: str, cls: type[T]) -> T:
    """``data/<name>.toml`` read as ``cls`` by the kit's codec."""
    value: T = from_json(cls, tomllib.loads((_DIR / f"{name}.toml").read_text("utf-8")))
    return value


@dataclass(frozen=True)
class Group:
    """Interchangeable dice spaces of one system ("phasers.attack"; the Cockpit is "cockpit")."""

    name: str
    system: str
    label: str
    colour: str  # kind of space: "red", "blue" or "command" (SF-12)
    count: int
    reactors: int = 0


@dataclass(frozen=True)
class System:
    name: str
    command: tuple[str, ...]  # Command die colours that may activate it ([SEED])
    labels: tuple[str, ...]  # the groups counted by its minimum (SF-13)
    at_least: int  # minimum number of dice in those groups, or ...
    full: bool  # ... every exposed space of those groups filled


@dataclass(frozen=True)
class TorpedoType:
    key: str
    damage: tuple[tuple[str, int], ...]
    steps: int


@dataclass(frozen=True)
class Traits:
    """What a side of the ship card says, as ``ships.toml`` writes it (SF-50...SF-53)."""

    title: str
    cockpit_ability: str
    torpedo: str
    launch: tuple[int, ...]
    drives: str
    command_damage: int
    overcharge_damage: int
    reroll_misses: bool
    attack_bonus: int
    torpedo_attack_all: bool
    die_loss: bool
    cloak: bool


@dataclass(frozen=True)
class Side(Traits):
    key: str
    groups: tuple[Group, ...]
    shields: tuple[int, ...]  # per facing, in ring order (forward, right, rear, left)

    def group(self, name: str) -> Group | None:
        return next((g for g in self.groups if g.name == name), None)

    def system_groups(self, system: str) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.system == system)


@dataclass(frozen=True)
class Start:
    hex: str
    heading: int
    team: int


@dataclass(frozen=True)
class Data:
    hexes: dict[str, Hex]  # name -> axial hex (SF-01)
    doubled: dict[str, tuple[int, int]]  # name -> doubled (x, y), for drawings
    names: dict[Hex, str]
    anomalies: dict[str, Hex]  # name -> off-board cell (SF-02)
    gates: dict[str, tuple[str, ...]]  # anomaly -> the two hexes touching it
    headings: tuple[str, ...]
    starts: dict[int, tuple[Start, ...]]
    faces: dict[str, tuple[str, ...]]
    dice: tuple[tuple[str, str], ...]  # (die id, colour) of one player, in id order
    placement: dict[str, frozenset[tuple[str, str]]]  # space kind -> {(icon, die colour)}
    symbols: dict[str, str]
    systems: dict[str, System]
    torpedo_types: dict[str, TorpedoType]
    sides: dict[str, Side]
    rules: dict[str, Any]
    options: dict[str, Any]
    ring: tuple[str, ...]

    def colour_of(self, die: str) -> str:
        return dict(self.dice)[die]

    def accepts(self, space: str, icon: str, colour: str) -> bool:
        """SF-12: may a die of ``colour`` showing ``icon`` sit on a ``space`` kind of space?"""
        allowed = self.placement[space]
        return (icon, "*") in allowed or (icon, colour) in allowed


# -- the data files as they are written ------------------------------------------------------
@dataclass(frozen=True)
class _Row:
    y: int
    x: tuple[int, ...]


@dataclass(frozen=True)
class _Board:
    rows: tuple[_Row, ...]
    row_names: tuple[str, ...]


@dataclass(frozen=True)
class _Cell:
    name: str
    x: int
    y: int


@dataclass(frozen=True)
class _Headings:
    names: tuple[str, ...]


@dataclass(frozen=True)
class _Start:
    x: int
    y: int
    heading: str
    team: int | None = None  # the seat's own team unless 2 v 2 says otherwise


@dataclass(frozen=True)
class _BoardFile:
    board: _Board
    anomalies: tuple[_Cell, ...]
    headings: _Headings
    starts: dict[int, tuple[_Start, ...]]


@dataclass(frozen=True)
class _DiceFile:
    faces: dict[str, tuple[str, ...]]
    per_player: dict[str, int]
    letters: dict[str, str]
    placement: dict[str, tuple[str, ...]]
    symbols: dict[str, str]


@dataclass(frozen=True)
class _Minimum:
    groups: tuple[str, ...]
    at_least: int = 0
    full: bool = False


@dataclass(frozen=True)
class _System:
    command: tuple[str, ...]
    minimum: _Minimum


@dataclass(frozen=True)
class _Space:
    group: str
    colour: str
    count: int
    reactors: int = 0


@dataclass(frozen=True)
class _Layout:
    spaces: tuple[_Space, ...]


@dataclass(frozen=True)
class _Torpedo:
    damage: tuple[tuple[str, int], ...]
    steps: int


@dataclass(frozen=True)
class _Side(Traits):
    layout: str
    shields: dict[str, int]


@dataclass(frozen=True)
class _ShipsFile:
    systems: dict[str, _System]
    layouts: dict[str, _Layout]
    torpedoes: dict[str, _Torpedo]
    sides: dict[str, _Side]


@dataclass(frozen=True)
class _Shields:
    ring: tuple[str, ...]


@dataclass(frozen=True)
class _RulesFile:
    rules: dict[str, Any]
    options: dict[str, Any]
    shields: _Shields


def _board(raw: _BoardFile) -> tuple[dict[str, Hex], dict[str, tuple[int, int]]]:
    hexes, doubled = {}, {}
    for letter, row in zip(raw.board.row_names, raw.board.rows, strict=True):
        for i, x in enumerate(row.x, 1):
            name = f"{letter}{i}"
            hexes[name] = to_axial(x, row.y)
            doubled[name] = (x, row.y)
    return hexes, doubled


def to_axial(x: int, y: int) -> Hex:
    """Doubled (x, y), as GAPS.md SF-01 writes them, to axial (q, r)."""
    if (x + y) % 2:
        raise ValueError(f"({x}, {y}) is not a doubled coordinate (x + y must be even)")
    return Hex((x - y) // 2, y)


def _placement(raw: _DiceFile) -> dict[str, frozenset[tuple[str, str]]]:
    out = {}
    for space, items in raw.placement.items():
        pairs = set()
        for item in items:
            icon, _, colour = item.partition("/")
            pairs.add((icon, colour or "*"))
        out[space] = frozenset(pairs)
    return out


def _groups(spaces: tuple[_Space, ...]) -> tuple[Group, ...]:
    out = []
    for s in spaces:
        system, _, label = s.group.partition(".")
        out.append(Group(s.group, system, label, s.colour, s.count, s.reactors))
    return tuple(out)


def _load() -> Data:
    board = _read("board", _BoardFile)
    dice_raw, ships, rules = _read("dice", _DiceFile), _read("ships", _ShipsFile), _read("rules", _RulesFile)
    hexes, doubled = _board(board)
    headings = board.headings.names
    anomalies = {a.name: to_axial(a.x, a.y) for a in board.anomalies}
    names = {h: n for n, h in hexes.items()}
    gates = {
        a: tuple(sorted(names[n] for n in cell.neighbours() if n in names)) for a, cell in anomalies.items()
    }
    starts = {
        n: tuple(
            Start(names[to_axial(s.x, s.y)], headings.index(s.heading), i if s.team is None else s.team)
            for i, s in enumerate(entries)
        )
        for n, entries in board.starts.items()
    }
    letters = dice_raw.letters
    dice = tuple(
        (f"{letters[colour]}{i}", colour)
        for colour, count in dice_raw.per_player.items()
        for i in range(1, count + 1)
    )
    systems = {
        name: System(name, s.command, s.minimum.groups, s.minimum.at_least, s.minimum.full)
        for name, s in ships.systems.items()
    }
    layouts = {name: _groups(lay.spaces) for name, lay in ships.layouts.items()}
    ring = rules.shields.ring
    sides = {
        key: Side(
            **{f.name: getattr(s, f.name) for f in fields(Traits)},
            key=key,
            groups=layouts[s.layout],
            shields=tuple(s.shields[f] for f in ring),
        )
        for key, s in ships.sides.items()
    }
    torpedo_types = {key: TorpedoType(key, t.damage, t.steps) for key, t in ships.torpedoes.items()}
    return Data(
        hexes=hexes,
        doubled=doubled,
        names=names,
        anomalies=anomalies,
        gates=gates,
        headings=headings,
        starts=starts,
        faces=dice_raw.faces,
        dice=dice,
        placement=_placement(dice_raw),
        symbols=dice_raw.symbols,
        systems=systems,
        torpedo_types=torpedo_types,
        sides=sides,
        rules=rules.rules,
        options=rules.options,
        ring=ring,
    )


def _validate(d: Data) -> Data:
    """Refuse inconsistent tables at import: they are bugs in the data files, not moves."""
    if len(d.hexes) != 21:
        raise ValueError("board.toml: SF-01 says the board has 21 hexes")
    for name, gates in d.gates.items():
        if len(gates) != 2 or d.anomalies[name] in d.names:
            raise ValueError(f"board.toml: anomaly {name} must be off the board and touch two hexes")
    for n, starts in d.starts.items():
        if len(starts) != n or len({s.hex for s in starts}) != n:
            raise ValueError(f"board.toml: {n} players need {n} different start hexes")
    for side in d.sides.values():
        if side.torpedo not in d.torpedo_types or side.drives not in ("split", "rolled", "thrust"):
            raise ValueError(f"ships.toml: side {side.key} names an unknown torpedo or drives type")
        for g in side.groups:
            if g.colour not in d.placement:
                raise ValueError(f"ships.toml: group {g.name} has an unknown kind of space")
    # A torpedo always has an on-board step that brings it closer (torpedoes.py relies on it).
    for a in d.hexes.values():
        for b in d.hexes.values():
            if a != b and not any(n in d.names and distance(n, b) < distance(a, b) for n in a.neighbours()):
                raise ValueError("board.toml: the board is not convex for torpedo moves")
    return d


DATA = _validate(_load())
RULES = DATA.rules
SIDES = tuple(DATA.sides)

"""The components and tables of "The early days", read once from ``data/*.toml``.

Rule code takes every number from here (rules/README.md decision 1); the TOML files say
for each one whether it is in the rules text ([SEED]) or a house default (GAPS.md SW-nn).
The kit's codec reads each table into its dataclass.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, TypeVar

from ..kit import codec
from ..kit.codec import json_name

T = TypeVar("T")

SIDES = ("rebel", "imperial")
"""Seat 0 plays the Rebels, seat 1 the Imperials."""
REBEL, IMPERIAL = 0, 1

FIGHTER, SHIP, FALCON, STATION = "fighter", "ship", "falcon", "station"


@dataclass(frozen=True)
class Grade:
    key: str
    name: str
    gunnery: int
    piloting: int
    will: int


@dataclass(frozen=True)
class Weapon:
    key: str
    name: str
    kind: str  # laser | ion | torpedo_af | torpedo_ac | ship
    mount: str  # forward | any | rear | left | right
    group: str
    range: str
    guns: int = 1
    rapid_damage: int = 1
    linked_damage: int = 1
    damage: int = 1
    to_hit: int = 0
    dice: int = 1
    raking: bool = False
    vectored: bool = False
    turret: bool = False
    vs_fighter: int = 0
    max_range: int | None = None

    @property
    def has_modes(self) -> bool:
        """Rapid and linked fire ([SEED] fire modes) exist for fighter lasers only."""
        return self.kind == "laser"

    @property
    def torpedo(self) -> bool:
        return self.kind in ("torpedo_af", "torpedo_ac")


@dataclass(frozen=True)
class Option:
    key: str
    name: str
    cost: int
    group: str | None = None
    adds: tuple[str, ...] = ()
    removes: tuple[str, ...] = ()
    rapid_bonus: int = 0
    linked_bonus: int = 0
    once: bool = False
    save: int = 0
    crew: str | None = None
    weapon: str | None = None
    will: int | None = None


@dataclass(frozen=True)
class UnitType:
    key: str
    name: str
    side: str
    move: int
    crew: str
    cost: int
    weapons: tuple[str, ...]
    options: tuple[str, ...]
    cls: str = json_name("class")  # no default: the last field without one
    evasion: int = 0
    save: int = 0
    fighters: int = 0
    max_flights: int = 1
    bomber: bool = False
    hero: bool = False
    unique: bool = False  # one per force
    light: bool = False
    hull: int = 0
    shield: int = 0
    regen: int = 0
    hits: int = 0
    min_points: int = 0

    @property
    def flights(self) -> bool:
        return self.cls == FIGHTER

    @property
    def fighter_like(self) -> bool:
        """Shot at as a fighter: angle table, evasion, one hit per die (SW-48 for the Falcon)."""
        return self.cls in (FIGHTER, FALCON)


@dataclass(frozen=True)
class SideRules:
    buy: tuple[str, ...] = ()
    max_light_ships: int | None = None
    max_ships: int | None = None
    max_stations: int | None = None
    min_stations: int = 0
    max_squadrons: int | None = None
    transport: str | None = None
    falcon_replaces: str | None = None
    min_y_wing: int = 0
    fixed: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class Scenario:
    key: str
    name: str
    rule: str
    order: int
    sides: tuple[SideRules, SideRules]
    params: dict[str, Any] = field(default_factory=dict)

    def get(self, name: str, default: Any = None) -> Any:
        return self.params.get(name, default)


@dataclass(frozen=True)
class Data:
    grades: dict[str, Grade]
    weapons: dict[str, Weapon]
    options: dict[str, Option]
    units: dict[str, UnitType]
    scenarios: dict[str, Scenario]
    map: dict[str, Any]
    ranges: dict[str, tuple[tuple[int, int], ...]]
    tables: dict[str, Any]
    option_groups: dict[str, str]  # group -> the rule that allows one option of it per craft

    def rule(self, table: str, name: str) -> Any:
        return self.tables[table][name]


def _load(name: str) -> dict[str, Any]:
    return tomllib.loads((Path(__file__).parent / "data" / name).read_text("utf-8"))


def _table(cls: type[T], rows: Mapping[str, Any], where: str) -> dict[str, T]:
    """Each ``[table.key]`` of a data file as a ``cls`` whose ``key`` is its name."""
    return {k: codec.from_json(cls, _known(cls, {"key": k, **v}, f"{where}.{k}")) for k, v in rows.items()}


def _known(cls: type, row: Mapping[str, Any], where: str) -> Mapping[str, Any]:
    """``row``, refused if it names a field ``cls`` lacks (a misspelt name would read as its default)."""
    known = {f.metadata.get("codec_json_name", f.name) for f in fields(cls)}
    unknown = sorted(set(row) - known)
    if unknown:
        raise ValueError(f"{where}: {cls.__name__} has no {', '.join(unknown)}")
    return row


def _scenario(key: str, raw: Mapping[str, Any]) -> Scenario:
    own = ("name", "rule", "order")
    row = {
        "key": key,
        **{k: raw[k] for k in own},
        "sides": [_known(SideRules, raw[side], f"scenarios.toml: {key}.{side}") for side in SIDES],
        "params": {p: x for p, x in raw.items() if p not in (*own, *SIDES)},
    }
    return codec.from_json(Scenario, row)


def _build() -> Data:
    units, tables, scen = _load("units.toml"), _load("tables.toml"), _load("scenarios.toml")
    scenarios = {k: _scenario(k, v) for k, v in scen["scenarios"].items()}
    bands = {k: v["bands"] for k, v in tables.pop("ranges").items()}
    ranges: dict[str, tuple[tuple[int, int], ...]] = codec.from_json(
        dict[str, tuple[tuple[int, int], ...]], bands
    )
    return Data(
        grades=_table(Grade, units["grades"], "units.toml: grades"),
        weapons=_table(Weapon, units["weapons"], "units.toml: weapons"),
        options=_table(Option, units["options"], "units.toml: options"),
        units=_table(UnitType, units["units"], "units.toml: units"),
        scenarios=dict(sorted(scenarios.items(), key=lambda kv: kv[1].order)),
        map=tables["map"],
        ranges=ranges,
        tables=tables,
        option_groups=dict(units["option_groups"]),
    )


def _validate(data: Data) -> Data:
    """Refuse inconsistent tables at import: they are bugs in the data files, not moves."""
    for t in data.units.values():
        if t.crew not in data.grades:
            raise ValueError(f"units.toml: {t.key} has unknown crew {t.crew}")
        for name in t.weapons:
            if name not in data.weapons:
                raise ValueError(f"units.toml: {t.key} has unknown weapon {name}")
        for name in t.options:
            if name not in data.options:
                raise ValueError(f"units.toml: {t.key} has unknown option {name}")
    for o in data.options.values():
        if o.group is not None and o.group not in data.option_groups:
            raise ValueError(
                f"units.toml: option {o.key} is in group {o.group}, missing from [option_groups]"
            )
        for name in (*o.adds, *o.removes, *([o.weapon] if o.weapon else [])):
            if name not in data.weapons:
                raise ValueError(f"units.toml: option {o.key} names unknown weapon {name}")
    for w in data.weapons.values():
        if w.range not in data.ranges:
            raise ValueError(f"units.toml: weapon {w.key} has unknown range table {w.range}")
    for s in data.scenarios.values():
        for rules in s.sides:
            for key in (*rules.buy, *(f[0] for f in rules.fixed)):
                if key not in data.units:
                    raise ValueError(f"scenarios.toml: {s.key} names unknown unit {key}")
    for s in data.scenarios.values():
        if s.get("at_turn_limit") not in (None, "draw", *SIDES):
            raise ValueError(f"scenarios.toml: {s.key} at_turn_limit is draw, rebel or imperial")
    if len(data.map["facing_names"]) != 6:
        raise ValueError("tables.toml: six facing names are needed (SW-02)")
    return data


DATA = _validate(_build())
RULES = DATA.tables


def side_name(seat: int) -> str:
    return ("Rebels", "Imperials")[seat]


def grade(key: str) -> Grade:
    return DATA.grades[key]

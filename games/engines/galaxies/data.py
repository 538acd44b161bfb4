"""The components and tables of Battleship Galaxies, read once from ``data/*.toml``.

Rule code takes every number from here (rules/README.md decision 1). The fleet, grids and
tactic cards are the clearly labelled HOUSE data set of decision 3; each TOML value says
whether it is [SEED], [SOURCED] or the GAPS.md default BG-nn it comes from.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..kit.codec import from_json

SIDES = ("isn", "wretch")
SEAT_NAMES = ("ISN", "Wretch", "Wretch 2")
"""Side 0 is the ISN, side 1 the Wretch; seat 0 always plays side 0."""
VERSIONS = ("standard", "seasoned", "veteran")
PHASES = ("energy", "deploy", "action")
WINDOWS = ("attack", "hit", "ecm", "action_start")


@dataclass(frozen=True)
class Weapon:
    key: str
    name: str
    range: int
    attacks: int
    strength: int
    charge: int


@dataclass(frozen=True)
class Power:
    key: str
    name: str
    text: str
    move: int = 0
    range: int = 0
    attacks: int = 0
    ecm_immune: bool = False


@dataclass(frozen=True)
class Stats:
    """One version of a ship card (BG-05)."""

    launch: int
    activate: int
    move: int
    hull: int
    shields: int
    capacity: int
    points: int
    weapon: Weapon
    power: Power | None


@dataclass(frozen=True)
class ShipType:
    code: str
    name: str
    faction: str
    size: str
    count: int  # ships on the card: 1 solo, 3 squadron
    versions: dict[str, Stats]
    grid: tuple[str, ...]  # rows A-J of "." miss / "x" hit / "*" critical (BG-04)

    @property
    def squadron(self) -> bool:
        return self.count > 1

    @property
    def hexes(self) -> int:
        return int(DATA.sizes[self.size]["hexes"])

    @property
    def spaces(self) -> int:
        """Hold spaces: the spaces its ships take on the board ([SEED] capacity)."""
        return self.hexes * self.count


@dataclass(frozen=True)
class Effect:
    key: str
    text: str
    target: str
    window: str | None
    params: dict[str, Any]


@dataclass(frozen=True)
class CardKind:
    key: str
    name: str
    faction: str
    type: str
    phase: str  # energy | deploy | action | opponent
    cost: int
    effect: Effect

    @property
    def hero(self) -> bool:
        return self.type == "Hero"


@dataclass(frozen=True)
class TileKind:
    key: str
    name: str
    text: str
    params: dict[str, Any]


@dataclass(frozen=True)
class Mission:
    key: str
    name: str
    source: str
    boards: int
    rounds: int
    at_limit: str  # "ahead": who is ahead when the rounds run out wins (BG-H2)
    vp_value: int  # fleet points a victory point is worth at the round limit (BG-H2)
    vp_side: str  # the side that scores on the victory point track, "" without one (page 12)
    vp_target: int  # victory points that win at once (BG-H4)
    survivors: tuple[str, ...]  # sites whose rescue scores a victory point (BG-H4)
    core_side: str  # the side with Barrage's computer core, "" without it (page 11)
    core_deck: str  # the side whose deck it may draw from instead
    core_cards: int  # how many cards it draws from that deck
    player_fleets: bool
    decks: dict[str, tuple[str, ...]]  # side -> deck key per command
    fleets: dict[str, tuple[dict[str, str], ...]]  # side -> {code: version} per command
    heroes: dict[str, tuple[tuple[str, ...], ...]]  # side -> prepped card kinds per command
    launched: tuple[str, ...]  # sides whose ships start launched
    asteroids: tuple[tuple[str, ...], ...]
    debris: tuple[tuple[str, ...], ...]
    tiles: tuple[tuple[str, str], ...]  # (tile kind, hex)

    def commands(self, side: str) -> int:
        return len(self.decks[side])


@dataclass(frozen=True)
class Data:
    board: dict[str, int]
    dice: dict[str, Any]
    ecm: dict[str, Any]
    energy: dict[str, int]
    hand: dict[str, int]
    selection: dict[str, int]
    sizes: dict[str, dict[str, Any]]
    factions: dict[str, str]
    ships: dict[str, ShipType]
    cards: dict[str, CardKind]
    decks: dict[str, dict[str, int]]
    tiles: dict[str, TileKind]
    obstacles: dict[str, dict[str, Any]]
    missions: dict[str, Mission]
    team_mission: str
    effects: dict[str, Effect] = field(default_factory=dict)
    powers: dict[str, Power] = field(default_factory=dict)

    def ships_of(self, faction: str) -> tuple[str, ...]:
        return tuple(c for c, s in self.ships.items() if s.faction == faction)

    def cards_of(self, faction: str) -> tuple[str, ...]:
        return tuple(k for k, c in self.cards.items() if c.faction == faction)

    def stats(self, code: str, version: str) -> Stats:
        return self.ships[code].versions[version]


def seat_name(seat: int) -> str:
    return SEAT_NAMES[seat] if seat < len(SEAT_NAMES) else f"Player {seat + 1}"


def _read(name: str) -> dict[str, Any]:
    return tomllib.loads((Path(__file__).parent / "data" / name).read_text("utf-8"))


def _versions(raw: dict[str, Any], ship: dict[str, Any], powers: dict[str, Power]) -> dict[str, Stats]:
    base = raw["templates"][ship["template"]]
    vers = raw["versions"]
    out = {}
    for name in vers["order"]:
        delta = vers[name]
        w = base["weapon"]
        launch = base["launch"] + delta["launch"]
        out[name] = Stats(
            launch=launch,
            activate=base["activate"],
            move=base["move"],
            hull=base["hull"] + delta["hull"],
            shields=base["shields"] + delta["shields"],
            capacity=base["capacity"],
            points=launch * vers["points_per_launch"],
            weapon=Weapon("main", w["name"], w["range"], w["attacks"], w["strength"], w["charge"]),
            power=powers[ship["power"]] if delta["power"] else None,
        )
    return out


@dataclass(frozen=True)
class _Track:
    side: str = ""
    value: int = 0
    target: int = 0


@dataclass(frozen=True)
class _Core:
    side: str = ""
    deck: str = ""
    cards: int = 0


@dataclass(frozen=True)
class _MissionRow:
    """A mission of ``missions.toml`` as it is written."""

    name: str
    source: str
    boards: int
    rounds: int
    at_limit: str
    fleets: str  # "player": player-selected fleets
    decks: dict[str, tuple[str, ...]]
    asteroids: tuple[tuple[str, ...], ...]
    debris: tuple[tuple[str, ...], ...]
    tiles: tuple[tuple[str, str], ...]
    fleet: dict[str, tuple[dict[str, str], ...]] = field(default_factory=dict)
    heroes: dict[str, tuple[tuple[str, ...], ...]] = field(default_factory=dict)
    launched: tuple[str, ...] = ()
    survivors: tuple[str, ...] = ()
    track: _Track = _Track()
    core: _Core = _Core()

    def mission(self, key: str) -> Mission:
        return Mission(
            key=key,
            name=self.name,
            source=self.source,
            boards=self.boards,
            rounds=self.rounds,
            at_limit=self.at_limit,
            vp_value=self.track.value,
            vp_side=self.track.side,
            vp_target=self.track.target,
            survivors=self.survivors,
            core_side=self.core.side,
            core_deck=self.core.deck,
            core_cards=self.core.cards,
            player_fleets=self.fleets == "player",
            decks={s: self.decks[s] for s in SIDES},
            fleets={s: self.fleet.get(s, ()) for s in SIDES},
            heroes={s: self.heroes.get(s, ()) for s in SIDES},
            launched=self.launched,
            asteroids=self.asteroids,
            debris=self.debris,
            tiles=self.tiles,
        )


def _with_params(row: Mapping[str, Any], named: tuple[str, ...]) -> dict[str, Any]:
    """``row``'s ``named`` fields, the rest gathered as its ``params``."""
    return {**{n: row.get(n) for n in named}, "params": {n: v for n, v in row.items() if n not in named}}


def _load() -> Data:
    board, fleets, grids, tactics, missions = (
        _read(f) for f in ("board.toml", "fleets.toml", "grids.toml", "tactics.toml", "missions.toml")
    )
    powers: dict[str, Power] = {k: from_json(Power, {"key": k, **p}) for k, p in fleets["powers"].items()}
    ships = {
        code: ShipType(
            code,
            s["name"],
            s["faction"],
            s["size"],
            s["squadron"],
            _versions(fleets, s, powers),
            tuple(grids["grids"][code]["rows"]),
        )
        for code, s in fleets["ships"].items()
    }
    effects: dict[str, Effect] = {
        k: from_json(Effect, {"key": k, **_with_params(e, ("text", "target", "window"))})
        for k, e in tactics["effects"].items()
    }
    cards: dict[str, CardKind] = {
        k: from_json(CardKind, {"key": k, **c, "effect": effects[c["effect"]]})
        for k, c in tactics["cards"].items()
    }
    tiles: dict[str, TileKind] = {
        k: from_json(TileKind, {"key": k, **_with_params(t, ("name", "text"))})
        for k, t in missions["tiles"].items()
    }
    rows: dict[str, _MissionRow] = from_json(dict[str, _MissionRow], missions["missions"])
    return Data(
        **{table: board[table] for table in ("board", "dice", "ecm", "energy", "hand", "selection", "sizes")},
        factions={k: f["name"] for k, f in fleets["factions"].items()},
        ships=ships,
        cards=cards,
        decks=tactics["decks"],
        tiles=tiles,
        obstacles=missions["obstacles"],
        missions={k: row.mission(k) for k, row in rows.items()},
        team_mission=missions["team"]["mission"],
        effects=effects,
        powers=powers,
    )


def _validate(data: Data) -> Data:
    """Refuse inconsistent tables at import: they are bugs in the data files, not moves."""
    letters, numbers = data.dice["letters"], data.dice["numbers"]
    for code, ship in data.ships.items():
        if len(ship.grid) != len(letters) or any(len(r) != numbers for r in ship.grid):
            raise ValueError(f"grids.toml: the grid of {code} is not {len(letters)} x {numbers}")
        if sum(r.count("*") for r in ship.grid) != 2:
            raise ValueError(f"grids.toml: {code} needs 2 critical cells (BG-04)")
    for key, deck in data.decks.items():
        for kind, n in deck.items():
            if kind not in data.cards or n > data.selection["copies"]:
                raise ValueError(f"tactics.toml: deck {key} lists {n} x {kind}")
    for m in data.missions.values():
        for side in SIDES:
            if m.fleets[side] and len(m.fleets[side]) != m.commands(side):
                raise ValueError(f"missions.toml: {m.key} needs one fleet per {side} command")
            for name in m.decks[side]:
                if name not in data.decks:
                    raise ValueError(f"missions.toml: {m.key} names the unknown deck {name}")
        if m.at_limit != "ahead":
            raise ValueError(f'missions.toml: {m.key} at_limit must be "ahead" (BG-H2)')
        for side in (m.vp_side, m.core_side, m.core_deck):
            if side and side not in SIDES:
                raise ValueError(f"missions.toml: {m.key} names the unknown side {side}")
        if bool(m.vp_side) != bool(m.survivors) or (m.vp_side and m.vp_target < 1):
            raise ValueError(
                f"missions.toml: {m.key} needs a track side, a target and survivor sites together"
            )
        if (m.core_side or m.core_deck) and not (m.core_side and m.core_deck and m.core_side != m.core_deck):
            raise ValueError(f"missions.toml: {m.key} core needs a side drawing from the other side's deck")
        for kind, _ in m.tiles:
            if kind not in data.tiles:
                raise ValueError(f"missions.toml: {m.key} names the unknown tile {kind}")
    if data.missions[data.team_mission].commands("wretch") != 2:
        raise ValueError("missions.toml: the team mission needs two commands on the team side")
    return data


DATA = _validate(_load())

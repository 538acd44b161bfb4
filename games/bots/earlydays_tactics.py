"""What the "early days" bots know of tactics: what a shot is worth, what a place on the map
is worth to a unit, and where a unit can end its movement.

All of it from what the bot's side sees (positions, facings, damage, the scenario, and its
own secrets such as the Hostage D6 for the Rebels). The to-hit numbers follow SW-30 in
short (evasion, piloting, angle, range, off-axis, turret angle, rapid fire, torpedoes); the
engine's own ``to_hit`` is used for the fire orders themselves, where it matters exactly.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, lru_cache

from games.engines.earlydays.data import DATA, FALCON, FIGHTER, IMPERIAL, REBEL, Weapon
from games.engines.earlydays.geometry import (
    aspect,
    dead_ahead,
    edge_of,
    fire_out,
    hex_distance,
    hex_of,
    in_arc,
    name_of,
    on_map,
    own_edge,
    range_band,
)
from games.engines.earlydays.scenarios import lost
from games.engines.earlydays.state import ACTIVE, CONVOY, OBJECTIVE, PRIZE, TRANSPORT, State, Unit
from games.engines.earlydays.units import crew, flying_piloting, min_move, move_allowance, working_weapons
from games.engines.hexgrid import Hex

SHOT = DATA.tables["shooting"]


@lru_cache(maxsize=500_000)
def dist(a: str, b: str) -> int:
    return hex_distance(a, b)


@lru_cache(maxsize=500_000)
def _arc(mount: str, frm: str, facing: int, to: str) -> bool:
    return in_arc(mount, frm, facing, to)


@lru_cache(maxsize=500_000)
def _aspect(target: str, facing: int, shooter: str) -> int:
    return aspect(target, facing, shooter)[1]


@lru_cache(maxsize=500_000)
def _ahead(frm: str, facing: int, to: str) -> bool:
    return dead_ahead(frm, facing, to)


OBJECTIVE_WORTH = 60.0  # what the scenario's prize (convoy ship, outpost, transport) is worth
THREAT = 0.6  # how much a unit minds the fire it may draw, against the fire it may give
BOLD = 0.2  # ... when its side is not ahead on points: it has more to win than to lose
OFF_MAP = -200.0  # a unit flying off the map is out of the fight (SW-07)


# -- what a target is worth to the side shooting it ---------------------------------------------------
def worth(state: State, seat: int, t: Unit) -> float:
    """Points the side ``seat`` wins by destroying ``t`` whole."""
    sc = state.scenario
    if t.role == PRIZE:
        return 0.0  # the Rebels want it whole; the Imperials cannot fire on their own
    if t.role == CONVOY:
        return OBJECTIVE_WORTH / 2
    if t.role == TRANSPORT:
        return t.value + OBJECTIVE_WORTH
    if t.role == OBJECTIVE:
        if sc == "hostage":
            return 0.0  # SW-H4: not a target
        return t.value + (OBJECTIVE_WORTH if sc == "outpost_assault" else 5.0)
    return float(t.value + t.hero_value)


def _save_chance(t: Unit, torpedo: bool) -> float:
    if torpedo:
        return 0.0
    save = DATA.tables["saves"]["falcon"] if t.kind.cls == FALCON else t.kind.save
    return 0.0 if not save else (7 - save) / 6


def _rapid(w: Weapon, u: Unit) -> int:
    bonus = max(w.guns, 1).bit_length() - 1
    if w.group == "main" and w.kind == "laser" and not w.turret:
        bonus += sum(DATA.options[o].rapid_bonus for o in u.options)
    return bonus


@dataclass(frozen=True)
class Pair:
    """One weapon of one unit against one target: what does not depend on where they are."""

    mount: str
    vectored: bool
    turret: bool
    table: str
    max_range: int | None
    needed: int  # SW-30 before angle, range, off-axis and manoeuvre
    fighter_like: bool
    stopped: bool
    torpedo: bool
    bomber: bool
    dice: int
    per_hit: float  # points one hitting die is worth
    most: float  # points the attack can win at most


def pair(u: Unit, w: Weapon, t: Unit, t_worth: float) -> Pair | None:
    fighter_like = t.kind.cls in (FIGHTER, FALCON)
    torpedo = w.kind == "torpedo_ac"
    if w.kind == "torpedo_af" or (torpedo and (fighter_like or not u.torpedoes)):
        return None
    if w.kind == "ion" and fighter_like:
        return None
    needed = w.to_hit if w.kind == "ship" else SHOT["gunnery_base"] - crew(u).gunnery
    if fighter_like:
        needed += t.kind.evasion + flying_piloting(t) + (w.vs_fighter or 0)
    damage = w.damage
    if w.has_modes and not w.turret:
        if fighter_like:
            needed -= _rapid(w, u)
            damage = w.rapid_damage
        else:
            damage = w.linked_damage + sum(DATA.options[o].linked_bonus for o in u.options)
    if w.kind == "ship":
        dice = t.fighters if (w.raking and t.is_flight) else w.dice
    else:
        dice = u.fighters if u.is_flight else 1
    if t.is_flight:
        per, most = (
            t_worth / max(t.kind.fighters, 1) * (1 - _save_chance(t, torpedo)),
            t_worth * t.fighters / t.kind.fighters,
        )
    elif t.kind.cls == FALCON:
        per, most = t_worth / t.kind.hits * (1 - _save_chance(t, torpedo)), t_worth * t.hits / t.kind.hits
    else:
        if w.kind == "ion":
            damage = damage * SHOT["ion_shield_factor"] if t.shield > 0 else 0
        scale = t_worth * (0.5 + 0.5 * (t.shield <= damage))
        per, most = damage / max(t.shield + t.hull, 1) * scale, scale
    if per <= 0:
        return None
    return Pair(
        w.mount,
        w.vectored,
        w.turret,
        w.range,
        w.max_range,
        needed,
        fighter_like,
        t.stopped,
        torpedo,
        u.kind.bomber,
        dice,
        per,
        most,
    )


def shot(p: Pair, frm: str, facing: int, manoeuvre: str, at: str, t_facing: int) -> float:
    """Expected points of the attack ``p`` from ``frm`` (facing ``facing``) at ``at``."""
    if not _arc(p.mount, frm, facing, at):
        return 0.0
    if p.torpedo and manoeuvre == "double":
        return 0.0
    d = dist(frm, at)
    if p.max_range is not None and d > p.max_range:
        return 0.0
    _band, mod = range_band(p.table, d)
    needed = p.needed + (mod or 0)
    if p.fighter_like and not p.stopped:
        needed += _aspect(at, t_facing, frm)
    if p.mount == "forward" and not p.vectored and not _ahead(frm, facing, at):
        needed += SHOT["off_axis"]
    if p.turret:
        needed += fire_out(frm, facing, at)[1]
    if manoeuvre == "double":
        needed += SHOT["double_move"]
    if p.torpedo:
        needed += (-SHOT["bomber_run"] if p.bomber else 0) if manoeuvre == "run" else SHOT["snap_shot"]
    if mod is None or needed > SHOT["lucky"]:
        return min(p.per_hit / 6, p.most)
    return min((7 - max(needed, SHOT["min_needed"])) / 6 * p.dice * p.per_hit, p.most)


@dataclass(frozen=True)
class Sides:
    """The attacks possible in one decision, whatever the places tried: for each unit, its
    weapons against each enemy worth shooting (computed once, used for every place)."""

    attacks: dict[str, tuple[tuple[str, Unit, Pair], ...]]  # unit id -> (group, target, pair)
    threats: dict[str, tuple[tuple[str, Unit, Pair], ...]]  # unit id -> (group, shooter, pair)
    caution: tuple[float, float]  # per seat: THREAT when ahead on points lost, else BOLD


def sides(state: State) -> Sides:
    units = [u for u in state.units if u.status == ACTIVE]
    worths = {(seat, t.id): worth(state, seat, t) for seat in (REBEL, IMPERIAL) for t in units}
    attacks: dict[str, list[tuple[str, Unit, Pair]]] = {u.id: [] for u in units}
    threats: dict[str, list[tuple[str, Unit, Pair]]] = {u.id: [] for u in units}
    for u in units:
        if u.inactive:
            continue
        for w in working_weapons(u):
            for t in units:
                value = worths[(u.seat, t.id)]
                if t.seat == u.seat or value <= 0:
                    continue
                p = pair(u, w, t, value)
                if p is not None:
                    attacks[u.id].append((w.group, t, p))
                    threats[t.id].append((w.group, u, p))
    taken = (lost(state, IMPERIAL), lost(state, REBEL))  # points each seat has destroyed
    caution = (THREAT if taken[0] > taken[1] else BOLD, THREAT if taken[1] > taken[0] else BOLD)
    return Sides(
        {k: tuple(v) for k, v in attacks.items()}, {k: tuple(v) for k, v in threats.items()}, caution
    )


def fire_power(known: Sides, u: Unit, frm: str, facing: int, manoeuvre: str) -> float:
    """The best attack of each of ``u``'s weapon groups from there, summed."""
    best: dict[str, float] = {}
    for group, t, p in known.attacks.get(u.id, ()):
        v = shot(p, frm, facing, manoeuvre, t.hex, t.facing)
        if v > best.get(group, 0.0):
            best[group] = v
    return sum(best.values())


def danger(known: Sides, u: Unit, at: str, facing: int) -> float:
    """What the enemy's guns, where they stand, could take from ``u`` on ``at``."""
    best: dict[tuple[str, str], float] = {}
    most = 0.0
    for group, e, p in known.threats.get(u.id, ()):
        most = max(most, p.most)
        if dist(e.hex, at) > 12:
            continue
        v = shot(p, e.hex, e.facing, "", at, facing)
        if v > best.get((e.id, group), 0.0):
            best[(e.id, group)] = v
    return min(sum(best.values()), most)


# -- what a place is worth to a unit ------------------------------------------------------------------
def goal(state: State, known: Sides, u: Unit) -> tuple[str | None, float]:
    """Where the scenario wants ``u`` to go, and how much each hex nearer is worth."""
    if u.role == TRANSPORT:
        want = (PRIZE,) if state.scenario == "steal_starship" else (OBJECTIVE,)
        target = next((t for t in state.units if t.status == ACTIVE and t.role in want), None)
        return (target.hex if target is not None else None), 3.0
    enemies = {t.id: (t, p.most) for _, t, p in known.attacks.get(u.id, ())}
    if not enemies:
        return None, 0.0
    best = max(enemies.values(), key=lambda tw: tw[1] / (4 + dist(u.hex, tw[0].hex)))
    return best[0].hex, 0.6


def place_value(
    state: State, known: Sides, u: Unit, at: Hex, facing: int, manoeuvre: str = "", viewer: int | None = None
) -> float:
    """What ending its movement on ``at`` facing ``facing`` is worth to ``u``, as the side
    ``viewer`` sees it (by default ``u``'s own)."""
    viewer = u.seat if viewer is None else viewer
    if not on_map(at):
        if u.role == CONVOY:
            return 200.0 if edge_of(at) == own_edge(REBEL) else -100.0
        return OFF_MAP
    name = name_of(at)
    if u.role == CONVOY:  # SW-60: the convoy gets through by the Rebel edge
        col = int(name[:2])
        return -2.0 * col - known.caution[u.seat] * danger(known, u, name, facing)
    value = fire_power(known, u, name, facing, manoeuvre) - known.caution[u.seat] * danger(
        known, u, name, facing
    )
    where, pull = goal(state, known, u)
    if where is not None:
        d = dist(name, where)
        value -= pull * d
        if u.role == TRANSPORT and d == 1 and _may_dock(state, viewer):
            value += 40.0
    return value


def _may_dock(state: State, viewer: int) -> bool:
    """Steal Starship: at once; Hostage: from the D6 turn, a secret of the Rebels (SW-62):
    the Imperials must expect it at any time."""
    if state.scenario == "steal_starship" or viewer != REBEL:
        return True
    return state.turn >= state.dock_turn


# -- where a unit can end its movement ----------------------------------------------------------------
@dataclass(frozen=True)
class Plan:
    """A way to fly a unit this turn: the moves to give and where it ends."""

    moves: tuple[tuple[str, str], ...]  # (kind, step) pairs; kind "move" carries a step
    at: Hex
    facing: int
    manoeuvre: str


@cache
def _hex(name: str) -> Hex:
    h = hex_of(name)
    assert h is not None
    return h


def plans(state: State, u: Unit, hexes: int, facings: int, straight: int, manoeuvre: str) -> Iterator[Plan]:
    """The ends of ``u``'s movement by plain steps (F, L, R, the Immelmann) from where it
    stands, having flown ``hexes`` and turned ``facings`` already; off-map ends included."""
    allowance = move_allowance(u)
    least = min_move(u)
    fighter = u.kind.cls == FIGHTER
    occupied = {t.hex for t in state.units if t.status == ACTIVE and t.id != u.id}
    seen: set[tuple[Hex, int, int, int, int]] = set()
    ends: set[tuple[Hex, int]] = set()

    def walk(
        h: Hex, f: int, n: int, turned: int, line: int, path: tuple[tuple[str, str], ...]
    ) -> Iterator[Plan]:
        key = (h, f, n, turned, line)
        if key in seen:
            return
        seen.add(key)
        if not on_map(h):
            if (h, f) not in ends:
                ends.add((h, f))
                yield Plan(path, h, f, manoeuvre)
            return
        if n >= least and name_of(h) not in occupied and (h, f) not in ends:
            ends.add((h, f))
            yield Plan((*path, ("end", "")), h, f, manoeuvre)
        steps = ["F"] if manoeuvre == "lock" else ["F", "L", "R"]
        if fighter and line >= 3 and manoeuvre not in ("lock", "run"):
            steps.append("IMM")
        for s in steps:
            k = 3 if s == "IMM" else (0 if s == "F" else 1)
            if turned + k > allowance or (manoeuvre == "run" and turned + k > SHOT["run_max_facings"]):
                continue
            moves_hex = s == "F" or (fighter and s != "IMM")
            if moves_hex and n >= allowance:
                continue
            if s == "IMM":
                yield from walk(h, (f + 3) % 6, n, turned + 3, 0, (*path, ("move", s)))
            elif not fighter and s != "F":
                yield from walk(h, (f + (1 if s == "R" else -1)) % 6, n, turned + 1, 0, (*path, ("move", s)))
            else:
                g = (f + {"F": 0, "L": -1, "R": 1}[s]) % 6
                yield from walk(
                    h.neighbour(g), g, n + 1, turned + k, line + 1 if s == "F" else 0, (*path, ("move", s))
                )

    yield from walk(_hex(u.hex), u.facing, hexes, facings, straight, ())


def double_plan(u: Unit) -> Plan:
    h = _hex(u.hex)
    for _ in range(2 * u.kind.move):
        h = h.neighbour(u.facing)
        if not on_map(h):
            break
    return Plan((("double", ""),), h, u.facing, "double")


__all__ = [
    "Plan",
    "Sides",
    "danger",
    "double_plan",
    "fire_power",
    "pair",
    "place_value",
    "plans",
    "shot",
    "sides",
    "worth",
]

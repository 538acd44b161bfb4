""" "The early days" bots: an evaluation for :class:`~games.bots.base.GreedyBot` and a
faster player, :class:`EarlyDaysBot`, that plans instead of trying every step.

The evaluation counts, from a side's point of view: the points each side has lost (the
scenarios count losses in points, SW-61..63), the scenario's objectives (convoy ships
destroyed or through, the outpost, the transport and what it docks with), and what each
unit's place on the map is worth (the fire it can give, less the fire it may draw).

:class:`EarlyDaysBot` buys a force suited to the scenario, deploys towards the middle,
flies each unit to the end of its movement that its side values most (plain steps, a
double move or an attack run), and gives each fire decision to the attack with the most
expected points, or holds it. It reads only what its side may see.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.engines.base import Engine, Move, Seat
from games.engines.earlydays import validate_force
from games.engines.earlydays.data import DATA, FIGHTER, REBEL
from games.engines.earlydays.forces import budget, entry_cost
from games.engines.earlydays.geometry import hex_distance, hex_of, own_edge
from games.engines.earlydays.scenarios import lost
from games.engines.earlydays.shooting import to_hit
from games.engines.earlydays.state import (
    ACTIVE,
    BUILD,
    CONVOY,
    DEPLOY,
    DESTROYED,
    OVER,
    SHOOT,
    Entry,
    State,
    Unit,
)

from .base import register_evaluator
from .earlydays_tactics import Plan, double_plan, place_value, plans, sides, worth

WIN = 1000.0
POSITION = 0.25  # how much the places of the units count against points actually lost


# -- the evaluation -------------------------------------------------------------------------------
def evaluate(engine: Engine, state: Any, seat: Seat) -> float:
    """Higher is better for ``seat``: result, points lost each way, objectives, positions."""
    if state.phase == OVER and state.outcome is not None:
        o = state.outcome
        return (0.0 if o.draw else (WIN if seat in o.winners else -WIN)) + float(
            lost(state, 1 - seat) - lost(state, seat)
        ) / 10
    if state.phase == BUILD:
        return _draft_worth(state, seat)
    value = float(lost(state, 1 - seat) - lost(state, seat))
    value += _objectives(state, seat)
    if state.phase != DEPLOY:
        known = sides(state)
        for u in state.units:
            if u.status == ACTIVE and not u.inactive:
                here = place_value(state, known, u, _hex(u.hex), u.facing, u.manoeuvre, viewer=seat)
                value += POSITION * (here if u.seat == seat else -here)
    return value


def _hex(name: str) -> Any:
    return hex_of(name)


def _objectives(state: State, seat: int) -> float:
    """The scenario's goals beyond points: convoy ships, captures and retrievals."""
    sign = 1 if seat == 0 else -1  # the objectives are the Rebels' to win
    value = 0.0
    for u in state.units:
        if u.role == CONVOY:
            if u.status == DESTROYED:
                value += 30.0
            elif u.status != ACTIVE and u.exit == own_edge(REBEL):
                value -= 30.0
    if state.captured or state.retrieved:
        value += WIN / 2
    return sign * value


def _draft_worth(state: State, seat: int) -> float:
    return float(sum(entry_cost(e) for e in state.drafts[seat]))


register_evaluator("early-days", evaluate)


# -- force building -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Line:
    type: str
    flights: int = 1
    options: tuple[str, ...] = ()

    def json(self) -> dict[str, Any]:
        return {"type": self.type, "flights": self.flights, "options": list(self.options), "transport": False}


# Per scenario and side, the squadrons a sensible commander buys first (weights), then fills
# the rest of the budget with plain flights. Ships carry their scenario's job: torpedoes
# against the convoy, the outpost and the transports; fighters against fighters.
CHOICES: dict[tuple[str, int], Sequence[tuple[Line, int]]] = {
    ("fighter_clash", 0): [
        (Line("red_squadron", 3), 3),
        (Line("x_wing", 3), 3),
        (Line("y_wing", 2, ("y_manned_turret",)), 1),
    ],
    ("fighter_clash", 1): [(Line("vader_squadron", 2, ("vader",)), 3), (Line("tie_fighter", 3), 4)],
    ("convoy_raid", 0): [
        (Line("y_wing", 3), 3),
        (Line("x_wing", 2, ("proton_torpedoes",)), 2),
        (Line("red_squadron", 2), 1),
    ],
    ("convoy_raid", 1): [(Line("tie_fighter", 3), 4), (Line("vader_squadron", 2, ("vader",)), 2)],
    ("outpost_assault", 0): [
        (Line("y_wing", 3), 3),
        (Line("x_wing", 3, ("proton_torpedoes",)), 2),
        (Line("red_squadron", 2), 1),
    ],
    ("outpost_assault", 1): [
        (Line("outpost"), 100),
        (Line("tie_fighter", 3), 3),
        (Line("corvette_imperial", 1, ("cr_turbolaser_1",)), 1),
    ],
    ("hostage", 0): [(Line("x_wing", 3), 3), (Line("red_squadron", 2), 2), (Line("y_wing", 2), 1)],
    ("hostage", 1): [
        (Line("tie_bomber", 3), 3),
        (Line("tie_fighter", 3), 3),
        (Line("vader_squadron", 1, ("vader",)), 1),
    ],
    ("steal_starship", 0): [(Line("y_wing", 1), 100), (Line("x_wing", 3), 3), (Line("y_wing", 2), 1)],
}
FILL = {0: ("x_wing", "y_wing"), 1: ("tie_fighter", "tie_bomber")}


def plan_force(state: State, seat: int, rng: random.Random) -> list[Line]:
    """A force list that fits the budget and the scenario (validated; plain if need be)."""
    sc = DATA.scenarios[state.scenario]
    most = budget(sc, state.points, seat)
    choices = list(CHOICES.get((state.scenario, seat), ()))
    force: list[Line] = []
    for _ in range(8):
        fitting = [
            (line, w)
            for line, w in choices
            if _cost([*force, line]) <= most and _ok(state, seat, [*force, line])
        ]
        if not fitting:
            break
        line = rng.choices([f[0] for f in fitting], weights=[f[1] for f in fitting])[0]
        force.append(line)
        choices = [(c, w) for c, w in choices if c.type != line.type or not DATA.units[c.type].unique]
        if line.type == "outpost" or (
            line.type == "y_wing" and state.scenario == "steal_starship" and len(force) == 1
        ):
            choices = [(c, w) for c, w in choices if c is not line]
    for kind in FILL[seat]:  # plain flights for what is left
        while (
            kind in sc.sides[seat].buy
            and _cost([*force, Line(kind)]) <= most
            and _ok(state, seat, [*force, Line(kind)])
        ):
            force.append(Line(kind))
    if validate_force(state.scenario, state.points, seat, {"units": [x.json() for x in force]}):
        force = []  # what the scenario gives (transport, convoy) or the plainest list
        kind = FILL[seat][0]
        while _cost([*force, Line(kind)]) <= most:
            force.append(Line(kind))
    return force


def _cost(lines: Sequence[Line]) -> int:
    return sum(entry_cost(Entry(str(i), x.type, x.flights, x.options)) for i, x in enumerate(lines))


def _ok(state: State, seat: int, lines: Sequence[Line]) -> bool:
    found = validate_force(state.scenario, state.points, seat, {"units": [x.json() for x in lines]})
    return all(p.code in ("needs_y_wing", "needs_outpost", "force_empty") for p in found)


def next_build_move(state: State, seat: int, plan: Sequence[Line]) -> Move:
    """The move that brings the draft one step nearer ``plan`` (or seals it)."""
    draft = state.drafts[seat]
    for i, line in enumerate(plan):
        if i >= len(draft):
            return Move.of("buy", unit=line.type)
        e = draft[i]
        if e.type != line.type:
            return Move.of("drop", entry=e.id)
        if DATA.units[e.type].flights and e.flights != line.flights:
            return Move.of("flights", entry=e.id, n=line.flights)
        for o in (*line.options, *e.options):
            if (o in line.options) != (o in e.options):
                return Move.of("option", entry=e.id, option=o)
    if len(draft) > len(plan):
        return Move.of("drop", entry=draft[len(plan)].id)
    return Move.of("seal")


# -- the player --------------------------------------------------------------------------------------
class EarlyDaysBot:
    """Plans whole movements and fire decisions on the tactics module's values."""

    def __init__(self, *, name: str = "early-days", explore: float = 0.0) -> None:
        self.name = name
        self.explore = explore
        self._forces: dict[tuple[int, str, int], list[Line]] = {}
        self._paths: dict[tuple[int, str], list[tuple[str, str]]] = {}

    def choose(self, engine: Engine, state: Any, seat: Seat, rng: random.Random) -> Move | None:
        moves = [m for m in engine.legal_moves(state, seat) if m.kind != "orders"]
        if not moves:
            return None
        if len(moves) == 1:
            return moves[0]
        if state.phase == BUILD:
            key = (seat, state.scenario, state.points)
            if key not in self._forces:
                self._forces[key] = plan_force(state, seat, rng)
            wanted = next_build_move(state, seat, self._forces[key])
            return wanted if wanted in moves else next((m for m in moves if m.kind == "seal"), moves[0])
        if state.phase == DEPLOY:
            return max(moves, key=lambda m: _deploy_value(state, seat, m) + rng.random() * 0.5)
        if state.pending is not None:
            return moves[0]
        if rng.random() < self.explore:
            return rng.choice(moves)
        if state.step == SHOOT:
            return _fire(state, seat, moves)
        return self._movement(state, seat, moves, rng)

    # -- movement ------------------------------------------------------------------------------------
    def _movement(self, state: State, seat: int, moves: list[Move], rng: random.Random) -> Move:
        if state.moving is not None:
            u = state.unit(state.moving.unit)
            assert u is not None
            path = self._paths.get((state.turn, u.id))
            if path:
                want = _as_move(u.id, path[0])
                if want in moves:
                    path.pop(0)
                    return want
            ctx = state.moving
            best = _best_plan(state, u, ctx.hexes, ctx.facings, ctx.straight, u.manoeuvre, moves)
        else:
            units = list(dict.fromkeys(m["unit"] for m in moves))
            uid = min(units, key=lambda i: (_urgency(state, i), rng.random()))
            u = state.unit(uid)
            assert u is not None
            best = _best_plan(state, u, 0, 0, 0, "", [m for m in moves if m["unit"] == uid], declare=True)
        if best is None:
            mine = [m for m in moves if m["unit"] == u.id]
            return next((m for m in mine if m.kind == "end"), mine[0] if mine else moves[0])
        path = list(best.moves)
        first = _as_move(u.id, path.pop(0))
        self._paths[(state.turn, u.id)] = path
        return first if first in moves else next((m for m in moves if m["unit"] == u.id), moves[0])


def _urgency(state: State, uid: str) -> float:
    """Units far from the enemy move first; those in contact last, to answer the enemy."""
    u = state.unit(uid)
    assert u is not None
    near = min(
        (hex_distance(u.hex, t.hex) for t in state.units if t.status == ACTIVE and t.seat != u.seat),
        default=99,
    )
    return -near


def _as_move(uid: str, step: tuple[str, str]) -> Move:
    kind, s = step
    if kind == "move":
        return Move.of("move", unit=uid, step=s)
    return Move.of(kind, unit=uid)


def _best_plan(
    state: State,
    u: Unit,
    hexes: int,
    facings: int,
    straight: int,
    manoeuvre: str,
    moves: list[Move],
    declare: bool = False,
) -> Plan | None:
    kinds = {m.kind for m in moves if m.get("unit") == u.id}
    options = list(plans(state, u, hexes, facings, straight, manoeuvre))
    if declare and "double" in kinds:
        options.append(double_plan(u))
    if declare and "run" in kinds:
        options += [
            Plan((("run", ""), *p.moves), p.at, p.facing, "run") for p in plans(state, u, 0, 0, 0, "run")
        ]
    if not options:
        return None
    known = sides(state)
    return max(
        options, key=lambda p: place_value(state, known, u, p.at, p.facing, p.manoeuvre or u.manoeuvre)
    )


# -- deployment and fire ----------------------------------------------------------------------------------
def _deploy_value(state: State, seat: int, m: Move) -> float:
    """Towards the middle rows and the front of the zone, not crowded, the transport last."""
    h = m["hex"]
    col, row = int(h[:2]), int(h[2:])
    front = col if seat == 0 else 37 - col
    crowd = sum(
        1 for u in state.units if u.status == ACTIVE and u.seat == seat and hex_distance(u.hex, h) <= 2
    )
    return front - 0.4 * abs(row - 12.5) - 2.0 * crowd


def _fire(state: State, seat: int, moves: list[Move]) -> Move:
    """The first undecided fire slot: its attack worth most, or hold."""
    first = moves[0]
    slot = (first["unit"], first.get("hold") or DATA.weapons[first["weapon"]].group)
    same = [
        m
        for m in moves
        if m["unit"] == slot[0] and (m.get("hold") or DATA.weapons[m["weapon"]].group) == slot[1]
    ]
    best, best_value = None, 0.0
    for m in same:
        if m.get("hold") is not None:
            continue
        value = _attack_value(state, seat, m)
        if value > best_value:
            best, best_value = m, value
    hold = next((m for m in same if m.get("hold") is not None), same[-1])
    return best if best is not None else hold


def _attack_value(state: State, seat: int, m: Move) -> float:
    u, t = state.unit(m["unit"]), state.unit(m["target"])
    assert u is not None and t is not None
    w = DATA.weapons[m["weapon"]]
    if w.kind == "torpedo_af":
        return 0.5 * worth(state, seat, t) / max(t.kind.fighters, 1)
    th = to_hit(state, u, w, t, m["mode"])
    p = (7 - th.needed) / 6
    dice = (
        1
        if th.lucky
        else (u.fighters if u.kind.cls == FIGHTER else (t.fighters if w.raking and t.is_flight else w.dice))
    )
    value = worth(state, seat, t)
    if t.is_flight:
        return min(p * dice, t.fighters) * value / t.kind.fighters
    if w.kind == "torpedo_ac" and p < 1 / 3:
        return 0.0  # one salvo a game: keep it for a better chance
    damage = w.damage if not w.has_modes else (w.rapid_damage if m["mode"] == "rapid" else w.linked_damage)
    return min(p * dice * damage / max(t.shield + t.hull, 1), 1.0) * value


__all__ = ["EarlyDaysBot", "evaluate", "plan_force"]

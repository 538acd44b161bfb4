"""Star Fighters: Rapid Fire bots: an evaluation for :class:`~games.bots.base.GreedyBot` and a
faster player, :class:`StarFightersBot`, that scores each legal move by what it is for.

Both read only what their seat may see (``engine.view(state, seat)``): the ships, every
player's hull and shields and boards as the round began, and their own sealed Roll-phase
sequence; never another player's sealed roll (AS-SF-1) nor anyone's standing orders.

The player's plan each round: in the Roll phase put a red or yellow Command die in the
Cockpit with ATTACK dice on the Phasers, and, while the nearest enemy is out of reach, a blue
or yellow one with MOVE or THRUST dice on the Drives (TARGET dice lengthen the reach); fire
as soon as the board can shoot or fly, hold at the step cap. In the Activate-systems phase
it shoots the weakest ship in reach, launches torpedoes next to enemies, flies towards the
nearest enemy and stops beside it, and repairs its weakest shields.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.engines.base import Engine, Move, Seat
from games.engines.starfighters.geometry import dist, neighbour

from .base import register_evaluator

WIN = 1000.0
HULL = 10.0  # a hull marker is worth this many shield markers' worth of play, five of them
SHIELD = 2.0
APPROACH = 0.5  # per hex between the seat's ship and the nearest enemy
COLOURS = {"r": "red", "b": "blue", "y": "yellow"}
SHOOT = frozenset({"red", "yellow"})  # [SEED] the Command die colours that activate Phasers
FLY = frozenset({"blue", "yellow"})  # [SEED] ... and Drives


# -- what the seat sees ----------------------------------------------------------------------------
def _foes(view: Mapping[str, Any], seat: int) -> list[Mapping[str, Any]]:
    team = view["ships"][seat]["team"]
    return [s for s in view["ships"] if s["team"] != team and not s["destroyed"] and s["hex"]]


def gap(view: Mapping[str, Any], seat: int, at: str | None = None) -> int:
    """Hexes from ``at`` (default: the seat's ship) to the nearest enemy ship."""
    at = at or view["ships"][seat]["hex"]
    if at is None:
        return 0
    return min((dist(at, f["hex"]) for f in _foes(view, seat)), default=0)


def _dice(board: list[Mapping[str, Any]], group: str) -> list[Mapping[str, Any]]:
    return [d for g in board if g["group"] == group for d in g["dice"]]


def _strength(player: Mapping[str, Any]) -> float:
    if player["destroyed"]:
        return 0.0
    return HULL * player["hull"] + SHIELD * sum(player["shields"].values())


def score(view: Mapping[str, Any], seat: int) -> float:
    """Higher is better for ``seat``: the result once over, else strength (own less the
    enemies'), a little for being close to an enemy while one can still shoot."""
    outcome = view.get("outcome")
    if outcome is not None:
        if outcome["draw"]:
            return 0.0
        return WIN if seat in outcome["winners"] else -WIN
    team = view["ships"][seat]["team"]
    mine = [p for p in view["players"] if view["ships"][p["seat"]]["team"] == team]
    theirs = [p for p in view["players"] if view["ships"][p["seat"]]["team"] != team]
    value = sum(_strength(p) for p in mine) - sum(_strength(p) for p in theirs)
    value += 100.0 * sum(1 for p in theirs if p["destroyed"]) - 100.0 * sum(1 for p in mine if p["destroyed"])
    return value - APPROACH * gap(view, seat)


def evaluate(engine: Engine, state: Any, seat: Seat) -> float:
    """The evaluation :class:`GreedyBot` plays on: :func:`score` of the seat's own view."""
    return score(engine.view(state, seat), seat)


register_evaluator("star-fighters", evaluate)


# -- the faster player -----------------------------------------------------------------------------
class StarFightersBot:
    """Scores each legal move of its seat by the plan above (no lookahead through the engine,
    so it never touches the dice); ``explore`` is the chance of a random pick among the moves
    scored within ``slack`` of the best, so that two bots do not play one game forever."""

    def __init__(self, *, name: str = "star-fighters", explore: float = 0.1, slack: float = 2.0) -> None:
        self.name = name
        self.explore = explore
        self.slack = slack

    def choose(self, engine: Engine, state: Any, seat: Seat, rng: random.Random) -> Move | None:
        moves = [m for m in engine.legal_moves(state, seat) if m.kind != "orders"]
        if not moves:
            return None
        if len(moves) == 1:
            return moves[0]
        view = engine.view(state, seat)
        scored = [(self.value(m, view, seat), m) for m in moves]
        best = max(v for v, _ in scored)
        if rng.random() < self.explore:
            return rng.choice([m for v, m in scored if v >= best - self.slack])
        return rng.choice([m for v, m in scored if v == best])

    # -- what a move is worth ----------------------------------------------------------------------
    def value(self, m: Move, view: Mapping[str, Any], seat: int) -> float:
        pending = view.get("pending")
        if pending is not None and pending["seat"] == seat:
            return _decision(m, view, seat, pending)
        roll = (view.get("you") or {}).get("roll")
        if roll is not None:
            return _roll_value(m, view, seat, roll)
        return _activation_value(m, view, seat)


def _decision(m: Move, view: Mapping[str, Any], seat: int, pending: Mapping[str, Any]) -> float:
    if m.kind == "lose":  # blue first: the Drives and Shields matter less than the guns
        return {"b": 3.0, "y": 1.0, "r": 2.0}[m["die"][0]]
    if m.kind == "reroll":  # re-rolling a die that did no damage can only add damage
        return float(len(m["dice"]))
    if m.kind == "steer":  # towards the nearest enemy ship
        foes = _foes(view, seat)
        return -min((dist(m["hex"], f["hex"]) for f in foes), default=0)
    return 0.0


def _reach(board: list[Mapping[str, Any]]) -> int:
    """[SEED] phaser range 1, one more per TARGET die."""
    return 1 + len(_dice(board, "phasers.target"))


def _hurt(view: Mapping[str, Any], seat: int) -> int:
    me = view["players"][seat]
    lost = sum(me["shields_max"].values()) - sum(me["shields"].values())
    return lost + 2 * (me["hull_max"] - me["hull"])


def _roll_value(m: Move, view: Mapping[str, Any], seat: int, roll: Mapping[str, Any]) -> float:
    board = roll["board"]
    far = gap(view, seat) > _reach(board)
    cockpit = {d["colour"] for d in _dice(board, "cockpit")}
    kind = m.kind
    if kind == "place" or kind == "cockpit":
        space, colour = m["space"], COLOURS[m["die"][0]]
        if space == "cockpit":
            if not cockpit & SHOOT and colour in SHOOT:
                return 20.0 if colour == "red" or far else 18.0
            if far and not cockpit & FLY and colour in FLY:
                return 15.0
            return 0.5
        system, _, label = space.partition(".")
        wanted = {
            "phasers.attack": 12.0 if colour != "yellow" else 2.0,
            "phasers.overcharge": 6.0,
            "phasers.target": 8.0 if far else 0.5,
            "drives.move": 10.0 if far else 0.5,
            "drives.thrust": 10.0 if far else 0.5,
            "drives.rotate": 3.0 if far else 0.5,
            "torpedoes.launch": 5.0 if not far else 1.0,
            "shields.repair": 2.0 + _hurt(view, seat),
        }
        return wanted.get(space, wanted.get(f"{system}.{label}", 1.0))
    if kind == "fire":
        shoot = bool(_dice(board, "phasers.attack")) and bool(cockpit & SHOOT) and not far
        fly = (
            far and bool(cockpit & FLY) and bool(_dice(board, "drives.move") or _dice(board, "drives.thrust"))
        )
        return 60.0 if shoot or fly or roll["step"] >= roll["cap"] // 2 else 0.1
    if kind == "hold":
        return 50.0 if roll["step"] >= roll["cap"] else 0.05
    if kind == "roll":
        return 4.0
    return 0.05  # pick-ups


def _activation_value(m: Move, view: Mapping[str, Any], seat: int) -> float:
    far = gap(view, seat)
    if m.kind == "activate":
        system = m["system"]
        if system == "phasers":
            target = m["target"]
            if target.startswith("s"):
                hit = view["players"][int(target[1:]) - 1]
                return 100.0 + (10 - hit["hull"]) + (0.5 if m.get("die") is None else 0.0)
            return 10.0
        if system == "drives":
            return 40.0 + float(m.get("dice") or 0) if far > 1 else 3.0
        if system == "torpedoes":
            foes = _foes(view, seat)
            return 30.0 - min((dist(m["hex"], f["hex"]) for f in foes), default=0)
        # shields: the most markers put back where they are missing
        me = view["players"][seat]
        missing = {k: me["shields_max"][k] - me["shields"][k] for k in me["shields"]}
        back = 0
        for facing in m["facings"]:
            if missing[facing] > 0:
                missing[facing] -= 1
                back += 1
        return 5.0 + 4.0 * back
    if m.kind == "drive":
        return _drive_value(m, view, seat, far)
    if m.kind == "cockpit":
        return 1.0
    return 0.5  # pass


def _drive_value(m: Move, view: Mapping[str, Any], seat: int, far: int) -> float:
    """Fly towards the nearest enemy; stop next to it."""
    me = view["ships"][seat]
    step = m["step"]
    if step == "stop":
        return 50.0 if far <= 1 else 0.1
    if m.get("exit") is not None:  # through an anomaly: where it comes out
        return 80.0 if gap(view, seat, m["exit"]) < far else 0.5
    heading = view["board"]["headings"].index(me["heading"])
    if step != "move":
        heading = (heading + (-1 if step == "rotate-left" else 1)) % 6
        ahead = neighbour(me["hex"], heading)
        return 60.0 if ahead is not None and gap(view, seat, ahead) < far else 1.0
    ahead = neighbour(me["hex"], heading)
    if ahead is None:
        return 1.0
    return 100.0 if gap(view, seat, ahead) < far and gap(view, seat, ahead) >= 1 else 1.0


__all__ = ["StarFightersBot", "evaluate", "gap", "score"]

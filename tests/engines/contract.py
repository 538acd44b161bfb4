"""What every rules engine must do: the shared contract, driven by random playouts.

A new engine registers itself and is picked up by ``test_contract.py`` with no other change.
The playouts only ever choose moves that ``legal_moves`` offers, so they reach the
positions real players reach.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field

from games.engines.base import Engine, Event, Invalid, LogItem, Move, Step, visible_events
from games.engines.dice import Dice
from tests.support.markers import contains_marker  # noqa: F401 (the engine tests import it from here)

SEED = b"contract-suite-seed"


@dataclass
class Played:
    """One applied move, kept as the service would keep it in the log."""

    seq: int
    seat: int | None
    move: dict | None
    step: Step
    draws: list = field(default_factory=list)


@dataclass
class Playout:
    engine: Engine
    options: dict
    seats: int
    seed: bytes
    history: list[Played] = field(default_factory=list)
    states: list = field(default_factory=list)

    @property
    def state(self):
        return self.states[-1]


def start(engine: Engine, seats: int, seed: bytes = SEED, options: dict | None = None) -> Playout:
    opts = {**engine.default_options(), **(options or {})}
    dice = Dice(seed, 1)
    step = engine.setup(opts, seats, dice)
    p = Playout(engine, opts, seats, seed)
    p.history.append(Played(1, None, {"kind": "setup"}, step, dice.draws))
    p.states.append(step.state)
    return p


def choose(p: Playout, rng: random.Random) -> tuple[int, Move] | None:
    """Pick a seat and one of its legal moves; active seats are chosen most of the time."""
    e = p.engine
    active = sorted(e.active_seats(p.state))
    if not active:
        return None
    seats = active
    if rng.random() < 0.1:
        others = [s for s in range(p.seats) if s not in active and e.legal_moves(p.state, s)]
        if others:
            seats = others
    seat = rng.choice(seats)
    moves = e.legal_moves(p.state, seat)
    if not moves:
        return None
    return seat, rng.choice(moves)


def advance(p: Playout, seat: int, move: Move) -> Step | Invalid:
    seq = len(p.history) + 1
    dice = Dice(p.seed, seq)
    result = p.engine.apply(p.state, seat, move, dice)
    if isinstance(result, Step):
        p.history.append(Played(seq, seat, move.to_json(), result, dice.draws))
        p.states.append(result.state)
    return result


def run(p: Playout, rng: random.Random, max_moves: int) -> Iterator[Playout]:
    """Play random legal moves, yielding after each one."""
    for _ in range(max_moves):
        picked = choose(p, rng)
        if picked is None:
            return
        result = advance(p, *picked)
        assert isinstance(result, Step), f"listed move {picked} refused: {result}"
        yield p


def log_items(p: Playout, viewer: int | None, reveal_all: bool = False) -> list[LogItem]:
    items = []
    for played in p.history:
        aud = played.step.move_audience
        sealed = aud is not None and not reveal_all and (viewer is None or viewer not in aud)
        items.append(
            LogItem(
                played.seq,
                played.seat,
                None if sealed else played.move,
                visible_events(played.step.events, viewer, reveal_all),
            )
        )
    return items


def visible_draws(played: Played, viewer: int | None) -> list:
    return [d for d in played.draws if d["to"] is None or (viewer is not None and viewer in d["to"])]


def everything_seen_by(p: Playout, viewer: int | None) -> str:
    """All a viewer can read about the match, as one string: view, log, draws, moves."""
    e = p.engine
    parts = [json.dumps(e.view(p.state, viewer), sort_keys=True)]
    for item in log_items(p, viewer):
        parts.append(json.dumps(item.move))
        parts.append(json.dumps([ev.to_json() for ev in item.events]))
        parts.append(e.describe(item, viewer))
    for played in p.history:
        parts.append(json.dumps(visible_draws(played, viewer)))
    if viewer is not None:
        for m in e.legal_moves(p.state, viewer):
            parts.append(json.dumps(m.to_json()))
            parts.append(e.notation(m))
        # Errors are a channel too: try the other seats' moves and some garbage as this seat.
        tried = [m for s in range(p.seats) if s != viewer for m in e.legal_moves(p.state, s)[:40]]
        tried += [m for m in (Move.from_json(g) for g in GARBAGE_MOVES) if isinstance(m, Move)]
        for m in tried:
            result = e.apply(p.state, viewer, m, Dice(p.seed, 10**6))
            if isinstance(result, Invalid):
                parts.append(result.message)
    return "\n".join(parts)


GARBAGE_MOVES = [
    None,
    42,
    "move",
    [],
    {},
    {"kind": ""},
    {"kind": "no-such-move"},
    {"kind": "move"},
    {"kind": "move", "from": 3, "to": None},
    {"kind": "move", "from": "zz99", "to": "a0"},
    {"kind": "attack", "from": ["a1"], "to": {"x": 1}},
    {"kind": "place", "ship": "Z", "to": "a1"},
    {"kind": "fleet", "ships": "all"},
    {"kind": "fleet", "ships": {"A": -1}},
    {"kind": "fleet", "ships": {"A": 10**9}},
    {"kind": "discard", "counter": 7},
    {"kind": "orders", "def_counter": "maybe"},
    {"kind": "draw", "extra": True},
]


def event_roundtrip(ev: Event) -> Event:
    return Event.from_json(json.loads(json.dumps(ev.to_json())))


def variants(engine: Engine) -> list[tuple[int, dict]]:
    """Every seat count, and every value of every enumerated option (the others left at
    their defaults): scenarios, missions, ship sides, variants of the rules."""
    out: list[tuple[int, dict]] = [(n, {}) for n in range(engine.min_seats, engine.max_seats + 1)]
    defaults = engine.default_options()
    for name, spec in engine.options_schema().get("properties", {}).items():
        for value in spec.get("enum", []):
            if value != defaults.get(name):
                out.append((engine.min_seats, {name: value}))
    return out

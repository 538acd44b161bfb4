"""What every rules engine must do: the shared contract, driven by random playouts.

A new engine registers itself and is picked up by ``test_contract.py`` with no other change.
The playouts only ever choose moves that ``legal_moves`` offers, so they reach the
positions real players reach. A playout is the engine session the server plays
(``games.engines.session``), and a viewer reads it through the log's redaction rule
(``games.engines.audience``), so the tests test the production code.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

from games.engines import audience
from games.engines.base import Engine, Event, LogItem, Move, Step
from games.engines.dice import Dice
from games.engines.session import Record, Session
from tests.support.markers import contains_marker

SEED = b"contract-suite-seed"

Played = Record


class Playout(Session):
    """A session with the names these tests grew up with: ``history`` (the records) and
    ``states`` (the starting position, then one per record)."""

    def __init__(
        self,
        engine: Engine,
        options: dict,
        seats: int,
        seed: bytes,
        history: list[Record] | None = None,
        states: list | None = None,
    ) -> None:
        super().__init__(engine, options, seats, seed, list(history or []), (states or [None])[0])

    @property
    def history(self) -> list[Record]:
        return self.records

    @property
    def states(self) -> list:
        return [*([self.start] if self.start is not None else []), *(r.state for r in self.records)]


def start(engine: Engine, seats: int, seed: bytes = SEED, options: dict | None = None) -> Playout:
    s = Session.begin(engine, seats, seed, options)
    return Playout(engine, dict(s.options), seats, seed, s.records)


def choose(p: Session, rng: random.Random) -> tuple[int, Move] | None:
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


def advance(p: Session, seat: int, move: Move):
    return p.advance(seat, move)


def run(p: Session, rng: random.Random, max_moves: int) -> Iterator[Session]:
    """Play random legal moves, yielding after each one."""
    for _ in range(max_moves):
        picked = choose(p, rng)
        if picked is None:
            return
        result = p.advance(*picked)
        assert isinstance(result, Step), f"listed move {picked} refused: {result}"
        yield p


def log_items(p: Session, viewer: int | None, reveal_all: bool = False) -> list[LogItem]:
    return [audience.redact(r, viewer, reveal_all) for r in p.records]


def visible_draws(played: Record, viewer: int | None) -> list:
    return audience.visible_draws(played.draws, viewer)


def _dumps(value: Any) -> str:
    return json.dumps(value)


def _entry_read(p: Session, record: Record, viewer: int | None) -> list[str]:
    """What ``viewer`` reads of one log entry; it never changes while the match goes on."""
    item = audience.redact(record, viewer)
    return [
        _dumps(item.move),
        _dumps([ev.to_json() for ev in item.events]),
        p.engine.describe(item, viewer),
        _dumps(visible_draws(record, viewer)),
    ]


def _position_read(p: Session, viewer: int | None) -> list[str]:
    """What ``viewer`` reads of the position now: the view, its moves and their refusals."""
    e = p.engine
    parts = [json.dumps(e.view(p.state, viewer), sort_keys=True)]
    if viewer is not None:
        for m in e.legal_moves(p.state, viewer):
            parts.append(_dumps(m.to_json()))
            parts.append(e.notation(m))
        # Errors are a channel too: try the other seats' moves and some garbage as this seat.
        tried = [m for s in range(p.seats) if s != viewer for m in e.legal_moves(p.state, s)[:40]]
        tried += [m for m in (Move.from_json(g) for g in GARBAGE_MOVES) if isinstance(m, Move)]
        for m in tried:
            result = e.apply(p.state, viewer, m, Dice(p.seed, 10**6))
            if not isinstance(result, Step):
                parts.append(result.message)
    return parts


_WORDS = re.compile(r"[\w-]+")
_WORD = re.compile(r"[\w-]+\Z")


class Sight:
    """Everything each viewer can read of a session, kept as it grows: each entry of the log
    is read once per viewer, the position once per viewer per entry. ``sees`` answers
    :func:`contains_marker` over it without searching the whole text again."""

    def __init__(self, p: Session) -> None:
        self.p = p
        self._log: dict[int | None, list[str]] = {}
        self._log_words: dict[int | None, set[str]] = {}
        self._position: dict[int | None, tuple[Any, list[str], set[str]]] = {}

    def _now(self) -> tuple[int, int]:
        return len(self.p.records), id(self.p.state)

    def _read_log(self, viewer: int | None) -> list[str]:
        log = self._log.setdefault(viewer, [])
        words = self._log_words.setdefault(viewer, set())
        for record in self.p.records[len(log) // 4 :]:
            parts = _entry_read(self.p, record, viewer)
            log.extend(parts)
            for part in parts:
                words.update(_WORDS.findall(part))
        return log

    def _read_position(self, viewer: int | None) -> tuple[list[str], set[str]]:
        now = self._now()
        cached = self._position.get(viewer)
        if cached is None or cached[0] != now:
            parts = _position_read(self.p, viewer)
            cached = (now, parts, {w for part in parts for w in _WORDS.findall(part)})
            self._position[viewer] = cached
        return cached[1], cached[2]

    def text(self, viewer: int | None) -> str:
        """All ``viewer`` can read as one string: view, log, draws, moves, refusals."""
        log = self._read_log(viewer)
        position, _ = self._read_position(viewer)
        entries = [log[i : i + 3] for i in range(0, len(log), 4)]
        draws = [log[i + 3] for i in range(0, len(log), 4)]
        return "\n".join([position[0], *(x for entry in entries for x in entry), *draws, *position[1:]])

    def sees(self, viewer: int | None, marker: str) -> bool:
        if not _WORD.match(marker):  # not one word: search the text itself
            return contains_marker(self.text(viewer), marker)
        self._read_log(viewer)
        _, words = self._read_position(viewer)
        return marker in words or marker in self._log_words[viewer]


def sight_of(p: Session) -> Sight:
    """The one :class:`Sight` of a session (kept on it, so repeated reads are cheap)."""
    found = p.__dict__.get("_sight")
    if found is None:
        found = p.__dict__["_sight"] = Sight(p)
    return found


def everything_seen_by(p: Session, viewer: int | None) -> str:
    """All a viewer can read about the match, as one string: view, log, draws, moves."""
    return sight_of(p).text(viewer)


def secrets_kept(p: Session) -> int:
    """Assert that no other seat, nor a spectator, reads a marker of a seat's secrets, and
    that its owner does (so the marker is real); returns how many (marker, viewer) pairs
    were checked."""
    sight = sight_of(p)
    checked = 0
    for owner, markers in p.engine.secrets(p.state).items():
        for viewer in [None, *range(p.seats)]:
            if viewer == owner:
                continue
            for marker in sorted(markers):
                assert sight.sees(owner, marker), f"seat {owner} cannot see own {marker}"
                assert not sight.sees(viewer, marker), f"viewer {viewer} sees {marker}"
                checked += 1
    return checked


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

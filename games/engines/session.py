"""A match played through an engine the way the server plays it, and replayed from its log.

The setup is log entry 1 and draws its dice from ``Dice(seed, 1)``; the move of entry
``seq`` draws from ``Dice(seed, seq)``. Each entry is kept as a :class:`Record` (seq, seat,
move JSON, the engine's step, the dice draws), which is all the log stores of it besides
the hash chain. The server's log replay, the contract tests and the bots all play matches
through :class:`Session`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .audience import Draw
from .base import Engine, Event, Invalid, Move, Seat, Step
from .dice import Dice

SETUP: Mapping[str, Any] = {"kind": "setup"}


@dataclass(frozen=True)
class Record:
    """One log entry as played: who moved, the move's JSON, the engine's step, the dice."""

    seq: int
    seat: Seat | None
    move: Mapping[str, Any]
    step: Step
    draws: Sequence[Draw] = ()

    @property
    def move_audience(self) -> frozenset[Seat] | None:
        return self.step.move_audience

    @property
    def events(self) -> Sequence[Event]:
        return self.step.events

    @property
    def state(self) -> Any:
        return self.step.state


class ReplayError(ValueError):
    """A stored entry that the engine no longer plays the same way."""


@dataclass
class Session:
    """A match in progress: its records, newest last. ``start`` is the position before the
    first record when the session did not begin with the setup (a hand-built position)."""

    engine: Engine
    options: Mapping[str, Any]
    seats: int
    seed: bytes
    records: list[Record] = field(default_factory=list)
    start: Any = None
    keep: bool = True  # False: keep the last record only (long matches between bots)

    @classmethod
    def begin(
        cls, engine: Engine, seats: int, seed: bytes, options: Mapping[str, Any] | None = None
    ) -> Session:
        """Set up a match (entry 1) with the engine's default options under ``options``."""
        opts = {**engine.default_options(), **(options or {})}
        dice = Dice(seed, 1)
        step = engine.setup(opts, seats, dice)
        return cls(engine, opts, seats, seed, [Record(1, None, SETUP, step, dice.draws)])

    @property
    def state(self) -> Any:
        return self.records[-1].step.state if self.records else self.start

    @property
    def seq(self) -> int:
        """The seq of the last entry (0 before any)."""
        return self.records[-1].seq if self.records else 0

    def advance(self, seat: Seat, move: Move, seq: int | None = None) -> Step | Invalid:
        """Apply ``seat``'s move as entry ``seq`` (the next one by default); keep it if legal."""
        seq = self.seq + 1 if seq is None else seq
        dice = Dice(self.seed, seq)
        result = self.engine.apply(self.state, seat, move, dice)
        if isinstance(result, Step):
            if not self.keep:
                self.records.clear()
            self.records.append(Record(seq, seat, move.to_json(), result, dice.draws))
        return result


@dataclass(frozen=True)
class Stored:
    """A stored log entry to replay: its move, the events and draws it recorded, and the
    engine version that wrote it ("": the engine's own)."""

    seq: int
    seat: Seat | None
    move: Mapping[str, Any]
    events: Sequence[Mapping[str, Any]]
    draws: Sequence[Draw]
    version: str = ""


def replay(
    engine: Engine, options: Mapping[str, Any], seats: int, seed: bytes, entries: Iterable[Stored]
) -> Session:
    """Play the stored entries again, the setup first, and insist that each one gives the
    events and dice it recorded; :class:`ReplayError` names the first that does not. An entry
    written by an earlier version the engine continues (``Engine.continues``) must give the
    same dice; its events are the earlier version's words, kept as stored."""
    session = Session(engine, options, seats, seed)
    for entry in entries:
        earlier = entry.version not in ("", engine.version)
        if earlier and not engine.plays_on(entry.version):
            raise ReplayError(f"entry {entry.seq} was written by version {entry.version}, not played on")
        if not session.records:
            if entry.move.get("kind") != SETUP["kind"]:
                raise ReplayError(f"entry {entry.seq} comes before the setup")
            dice = Dice(seed, entry.seq)
            session.records.append(
                Record(entry.seq, None, entry.move, engine.setup(options, seats, dice), dice.draws)
            )
        else:
            move = Move.from_json(entry.move)
            if entry.seat is None or isinstance(move, Invalid):
                raise ReplayError(f"entry {entry.seq} is not a seat's move")
            step = session.advance(entry.seat, move, entry.seq)
            if isinstance(step, Invalid):
                raise ReplayError(f"entry {entry.seq} no longer applies: {step.code}: {step.message}")
        record = session.records[-1]
        if list(record.draws) != list(entry.draws):
            raise ReplayError(f"entry {entry.seq}: the dice differ from the recorded draws")
        if not earlier and [e.to_json() for e in record.events] != list(entry.events):
            raise ReplayError(f"entry {entry.seq}: the events differ from the recorded ones")
    return session

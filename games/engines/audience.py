"""Who may read what of a log entry: the one redaction rule of the log.

During a match a sealed move's content is read by its audience only, an event by its
audience (None: everyone), a die by the seats it was rolled for (None: everyone). Once the
match is over (``reveal_all``) its players read everything. The server's selectors and the
hidden-information tests both read the log through these functions.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .base import Engine, Event, LogItem, Seat, visible_events

Draw = Mapping[str, Any]


class Entry(Protocol):
    """A log entry as the engines see it: a move by a seat, its events and dice."""

    @property
    def seq(self) -> int: ...
    @property
    def seat(self) -> Seat | None: ...
    @property
    def move(self) -> Mapping[str, Any]: ...
    @property
    def move_audience(self) -> Collection[Seat] | None: ...
    @property
    def events(self) -> Sequence[Event]: ...
    @property
    def draws(self) -> Sequence[Draw]: ...


@dataclass(frozen=True)
class Logged:
    """An :class:`Entry` from stored data (the server's log rows)."""

    seq: int
    seat: Seat | None
    move: Mapping[str, Any]
    move_audience: Collection[Seat] | None
    events: Sequence[Event]
    draws: Sequence[Draw]


def sealed(move_audience: Collection[Seat] | None, viewer: Seat | None, reveal_all: bool = False) -> bool:
    """Whether a move with this audience is sealed from ``viewer``: its content and kind hidden."""
    return move_audience is not None and not reveal_all and (viewer is None or viewer not in move_audience)


def unseen(entry: Entry, viewer: Seat | None, reveal_all: bool = False) -> bool:
    """Whether ``viewer`` may not know of the entry at all: a sealed move none of whose
    events or dice they may see (AS-SF-1.6: a blind Roll phase's steps). Such an entry is
    left out of what the viewer reads, and what they read of the match is as of the entry
    before it."""
    return (
        sealed(entry.move_audience, viewer, reveal_all)
        and not visible_events(entry.events, viewer, reveal_all)
        and not visible_draws(entry.draws, viewer, reveal_all)
    )


def knowers(entry: Entry, seats: int) -> list[Seat] | None:
    """The seats that may know of the entry at all while the match runs (:func:`unseen`);
    None when everyone may, spectators too (an entry a spectator may see, every seat may)."""
    if not unseen(entry, None):
        return None
    return [s for s in range(seats) if not unseen(entry, s)]


def visible_draws(draws: Iterable[Draw], viewer: Seat | None, reveal_all: bool = False) -> list[Draw]:
    """The dice draws ``viewer`` may see."""
    return [
        d for d in draws if reveal_all or d.get("to") is None or (viewer is not None and viewer in d["to"])
    ]


def redact(entry: Entry, viewer: Seat | None, reveal_all: bool = False) -> LogItem:
    """The entry as ``viewer`` may read it: the move unless sealed, the visible events."""
    hidden = sealed(entry.move_audience, viewer, reveal_all)
    return LogItem(
        entry.seq,
        entry.seat,
        None if hidden else entry.move,
        visible_events(entry.events, viewer, reveal_all),
    )


def read(
    engine: Engine, entry: Entry, viewer: Seat | None, reveal_all: bool = False, *, text: str | None = None
) -> dict[str, Any]:
    """What ``viewer`` reads of a log entry, as JSON: the move's kind too is hidden when the
    move is sealed (a kind would say what was done: a die placed, a fire order, a hold), so
    the reader learns only that a sealed move was made. ``text`` replaces the engine's line
    (for the server's own entries)."""
    item = redact(entry, viewer, reveal_all)
    hidden = sealed(entry.move_audience, viewer, reveal_all)
    return {
        "seq": entry.seq,
        "seat": entry.seat,
        "kind": None if hidden else str(entry.move.get("kind", "")),
        "sealed": hidden,
        "move": item.move,
        "events": [e.to_json() for e in item.events],
        "dice": visible_draws(entry.draws, viewer, reveal_all),
        "text": engine.describe(item, viewer) if text is None else text,
    }

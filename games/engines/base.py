"""The engine protocol every game implements, and the values it trades in.

An engine is pure: standard library only, no I/O, no clock, no globals, no ``random``.
Randomness comes in through :class:`games.engines.dice.Dice`. State is immutable;
``apply`` returns a new one. An illegal move is a value (:class:`Invalid`), never an
exception: exceptions are for bugs.

Move kinds, ``Invalid`` codes and engine keys are public protocol: they are stored in
logs and shown to clients, so they are never renamed.
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from .kit.codec import FrozenMap as FrozenMap
from .kit.codec import freeze as freeze
from .kit.codec import from_json, omitted_when_default, to_json
from .kit.codec import thaw as thaw

if TYPE_CHECKING:
    from .dice import Dice
    from .kit.routes import Route

Seat = int
"""A seat is its index in the match, 0-based."""


@dataclass(frozen=True)
class Move:
    """One granular action: a kind and its JSON arguments. JSON form: {"kind": ..., **args}."""

    kind: str
    args: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, kind: str, /, **args: Any) -> Move:
        # kind is positional-only so that a move may carry fields named "kind" or "cls"
        # (from_json passes client-chosen names through as keywords).
        return cls(kind, tuple(sorted((k, freeze(v)) for k, v in args.items())))

    @classmethod
    def from_json(cls, data: Any) -> Move | Invalid:
        """Build a move from client JSON; anything that is not a move object is Invalid."""
        if not isinstance(data, Mapping):
            return Invalid("bad_move", 'A move must be a JSON object with a "kind".')
        kind = data.get("kind")
        if not isinstance(kind, str) or not kind:
            return Invalid("bad_move", 'A move needs a "kind" naming what to do.')
        args = {k: v for k, v in data.items() if k != "kind"}
        if any(not isinstance(k, str) for k in args):
            return Invalid("bad_move", "Move fields must be named by strings.")
        return cls.of(kind, **args)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **{k: thaw(v) for k, v in self.args}}

    def get(self, name: str, default: Any = None) -> Any:
        for k, v in self.args:
            if k == name:
                return v
        return default

    def __getitem__(self, name: str) -> Any:
        for k, v in self.args:
            if k == name:
                return v
        raise KeyError(name)


@dataclass(frozen=True)
class Invalid:
    """A refused move: a stable machine code and a message a player can act on."""

    code: str
    message: str

    def __bool__(self) -> bool:  # an Invalid is never a success
        return False


@dataclass(frozen=True)
class Event:
    """Something that happened. ``audience`` None means everyone; otherwise those seats only."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    audience: frozenset[Seat] | None = None

    def visible_to(self, viewer: Seat | None) -> bool:
        return self.audience is None or (viewer is not None and viewer in self.audience)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "data": dict(self.data),
            "to": None if self.audience is None else sorted(self.audience),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        to = data.get("to")
        return cls(data["kind"], dict(data.get("data") or {}), None if to is None else frozenset(to))


@dataclass(frozen=True)
class Step:
    """The result of a legal move: the new state and what happened.

    ``move_audience`` marks a sealed move (a secret fleet, a discard, standing orders):
    only those seats see its content until the match is over.
    """

    state: Any
    events: tuple[Event, ...] = ()
    move_audience: frozenset[Seat] | None = None


@dataclass(frozen=True)
class Outcome:
    """How a match ended. ``winners`` empty and ``draw`` True for a draw."""

    winners: tuple[Seat, ...]
    draw: bool = False
    reason: str = ""
    scores: Mapping[Seat, int] | None = None
    # What leagues and campaigns read beyond who won (e.g. points lost per side, units
    # destroyed and surviving); JSON-ready, engine-specific, documented by each engine.
    # Left out of the JSON when there are none.
    details: Mapping[str, Any] | None = omitted_when_default(None)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = to_json(self)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Outcome:
        outcome: Outcome = from_json(cls, data)
        return outcome


@dataclass(frozen=True)
class LogItem:
    """One log entry as a viewer may see it, handed to :meth:`Engine.describe`.

    ``move`` is None when the move is sealed from this viewer; ``events`` holds only the
    events the viewer may see.
    """

    seq: int
    seat: Seat | None
    move: Mapping[str, Any] | None
    events: Sequence[Event]


class Engine(abc.ABC):
    """One game's rules. Subclasses are stateless singletons registered under ``key``."""

    key: str
    title: str
    version: str
    min_seats: int
    max_seats: int
    seat_names: Sequence[str] = ()
    continues: frozenset[str] = frozenset()
    """Earlier versions whose matches this one plays on. A version may name one only when,
    from every position, both give the same legal moves, dice, states and outcome, and differ
    only in the wording or details of events (and in ``view_notes``); any change in play
    freezes the earlier matches instead (``rules_version_changed``)."""
    view_notes: frozenset[str] = frozenset()
    """Keys of the dumped state that only ``view`` reads, added by a version that continues
    an earlier one (whose states lack them): a state replayed from entries of the earlier
    version is compared with a stored one without them (``played``)."""

    def plays_on(self, version: str) -> bool:
        """Whether a match recorded under ``version`` of this game is played by this engine."""
        return version == self.version or version in self.continues

    def played(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """A dumped state without its ``view_notes``: what a continued version leaves the same."""
        return {k: v for k, v in data.items() if k not in self.view_notes}

    # -- set-up -------------------------------------------------------------------------
    @abc.abstractmethod
    def options_schema(self) -> dict[str, Any]:
        """JSON Schema of the match options; every property has a default."""

    def default_options(self) -> dict[str, Any]:
        props = self.options_schema().get("properties", {})
        return {name: spec["default"] for name, spec in props.items() if "default" in spec}

    @abc.abstractmethod
    def setup(self, options: Mapping[str, Any], seats: int, dice: Dice) -> Step:
        """The starting position for ``seats`` players; options are already validated."""

    # -- play ---------------------------------------------------------------------------
    @abc.abstractmethod
    def active_seats(self, state: Any) -> frozenset[Seat]:
        """Who must act now: several means simultaneous; empty means the match is over."""

    @abc.abstractmethod
    def legal_moves(self, state: Any, seat: Seat) -> list[Move]:
        """Every legal move for ``seat`` now, and nothing else."""

    @abc.abstractmethod
    def apply(self, state: Any, seat: Seat, move: Move, dice: Dice) -> Step | Invalid:
        """Apply ``seat``'s move; an illegal move gives Invalid and changes nothing."""

    @abc.abstractmethod
    def outcome(self, state: Any) -> Outcome | None:
        """The result once the match is over, else None."""

    def concede(self, state: Any, seat: Seat, seats: int, reason: str) -> Outcome:
        """The result when ``seat`` resigns or forfeits (``reason``): every other seat wins.
        A game with teams makes the other team the winner."""
        return Outcome(tuple(i for i in range(seats) if i != seat), reason=reason)

    def timeout_move(self, state: Any, seat: Seat) -> Move | None:
        """The move the server makes for ``seat`` when its time runs out, if the game has one."""
        return None

    # -- reads --------------------------------------------------------------------------
    @abc.abstractmethod
    def view(self, state: Any, viewer: Seat | None, *, reveal_all: bool = False) -> dict[str, Any]:
        """What ``viewer`` (None = spectator) may see; ``reveal_all`` once the match is over."""

    @abc.abstractmethod
    def describe(self, item: LogItem, viewer: Seat | None) -> str:
        """One line of human text for a log entry, from what ``viewer`` may see of it."""

    @abc.abstractmethod
    def parse(self, text: str, state: Any, seat: Seat) -> Move | Invalid:
        """Read one move in the game's text notation (email replies, the move box)."""

    @abc.abstractmethod
    def notation(self, move: Move) -> str:
        """The text notation of a move; ``parse`` of it gives the move back."""

    def round_of(self, state: Any) -> int | None:
        """The game round ``state`` is in, for players who take one "your turn" notice per
        round (in a round the seats take turns several times); None in a game without rounds."""
        return None

    def blind(self, state: Any) -> bool:
        """Whether the seats now take sealed steps the others may not know of at all (a blind
        phase: Star Fighters' Roll phase, AS-SF-1.6). The server then shows no seat when
        another's clock stopped: each player reads their own deadline only."""
        return False

    def secrets(self, state: Any) -> Mapping[Seat, frozenset[str]]:
        """Unique markers of every value that only one seat may see now (the canary test)."""
        return {}

    # -- codec --------------------------------------------------------------------------
    @abc.abstractmethod
    def dump(self, state: Any) -> dict[str, Any]:
        """State as JSON-ready data."""

    @abc.abstractmethod
    def load(self, data: Mapping[str, Any]) -> Any:
        """State from :meth:`dump` output."""

    # -- helpers shared by engines ------------------------------------------------------
    def seat_name(self, seat: Seat | None) -> str:
        if seat is None:
            return "Server"
        if seat < len(self.seat_names):
            return self.seat_names[seat]
        return f"Player {seat + 1}"


@runtime_checkable
class ForceBuilding(Protocol):
    """An optional capability: each side builds its force from a points budget before play,
    so a player may save a force list and build from it in any match of the game (the
    server's force lists). Checked with ``isinstance(engine, ForceBuilding)``."""

    force_sides: Mapping[Seat, str]
    """The side each seat builds for, by the name a saved list gives it (e.g. 0: "rebels")."""

    def validate_force(self, scenario: str, points: int, seat: Seat, force: Any) -> list[Invalid]:
        """Every broken restriction of a complete ``force`` for ``seat`` in a game of
        ``points`` of ``scenario``, one Invalid each; [] when it may be sealed."""
        ...

    def force_cost(self, force: Any) -> int:
        """What ``force`` costs in points (malformed lines count 0)."""
        ...

    def force_moves(self, state: Any, seat: Seat, force: Any) -> list[Move] | Invalid:
        """The moves that build ``force`` for ``seat`` in this match and seal it."""
        ...

    def budget(self, state: Any, seat: Seat) -> int:
        """The points ``seat`` may spend in this match."""
        ...


@runtime_checkable
class Routes(Protocol):
    """An optional capability: pieces move one listed step at a time, and the engine can say
    where each may end its activation and which listed moves, in order, take it there
    (``kit.routes``), so a player picks a destination instead of each step."""

    def routes(self, state: Any, seat: Seat, piece: str | None = None) -> list[Route]:
        """Every destination of ``seat``'s pieces now (or only ``piece``'s), with its moves
        (none when not on turn)."""
        ...

    def route_pieces(self, state: Any, seat: Seat) -> list[str]:
        """The pieces of ``seat`` that may move now (none when not on turn): cheap, read from
        its listed moves, where ``routes`` explores."""
        ...


def visible_events(events: Iterable[Event], viewer: Seat | None, reveal_all: bool = False) -> list[Event]:
    """The events ``viewer`` may see (all of them once the match is over)."""
    return [e for e in events if reveal_all or e.visible_to(viewer)]


def listed_in(legal: Callable[[Any, Seat], Iterable[Move]]) -> Callable[[Any, Seat, Move], bool]:
    """Whether a move is among those ``legal`` lists for the seat now."""
    return lambda state, seat, move: move in legal(state, seat)


NOT_LISTED = Invalid("not_listed", "That move is not among your legal moves now.")


def apply_checked(
    state: Any,
    seat: Seat,
    move: Move,
    dice: Dice,
    *,
    check: Callable[[Any, Seat, Move], Invalid | None],
    listed: Callable[[Any, Seat, Move], bool],
    play: Callable[[Any, Seat, Move, Dice], Step | Invalid],
) -> Step | Invalid:
    """How every engine applies a move: the rules' own check first (its refusal names the
    rule), then the move must be one the engine lists (the rules and the list must agree),
    then it is played."""
    if not isinstance(move, Move):
        return Invalid("bad_move", 'A move must be a JSON object with a "kind".')
    refused = check(state, seat, move)
    if refused is not None:
        return refused
    if not listed(state, seat, move):
        return NOT_LISTED
    return play(state, seat, move, dice)

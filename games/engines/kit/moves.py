"""Move shapes: what fields each kind of move takes, checked before any rule is.

A game declares its moves once, as a table of :class:`Kind` entries: the fields (each a
validator returning a player-facing problem or None), the optional fields, the phase the
kind belongs to, and whether the move is sealed (its content seen by its author only until
the match is over). The referee reads the same table for the phase check and the audience.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..base import FrozenMap, Invalid, Move

Field = Callable[[Any], str | None]
"""A field validator: None when the value is well formed, else what is wrong with it."""


def is_int(value: Any) -> bool:
    """A whole number that is not a boolean (JSON has no separate booleans in Python)."""
    return isinstance(value, int) and not isinstance(value, bool)


def one_of(choices: Iterable[Any], what: str) -> Field:
    """One of ``choices``, of the same JSON type (1 is not True)."""
    options = tuple(choices)

    def check(value: Any) -> str | None:
        if any(type(value) is type(c) and value == c for c in options):
            return None
        return f"{what} must be one of {', '.join(str(c) for c in options)}."

    return check


def text(problem: str) -> Field:
    """Any string; ``problem`` says what is expected otherwise."""
    return lambda value: None if isinstance(value, str) else problem


def word(what: str, longest: int = 24, *, empty: bool = False) -> Field:
    """A short name (a ship, a card, a hex) of at most ``longest`` characters."""
    if empty:
        return lambda v: (
            None if isinstance(v, str) and len(v) <= longest else f"{what} must be a name or empty."
        )

    def check(value: Any) -> str | None:
        if isinstance(value, str) and 0 < len(value) <= longest:
            return None
        return f"{what} must be a short name such as the ones in your legal moves."

    return check


def count(low: int, high: int, problem: str) -> Field:
    """A whole number from ``low`` to ``high``."""
    return lambda value: None if is_int(value) and low <= value <= high else problem


def seat(what: str = '"seat"', most: int = 8) -> Field:
    """A seat number."""
    return count(0, most - 1, f"{what} must be a seat number.")


def names(longest: int, fewest: int, most: int, problem: str) -> Field:
    """A list of ``fewest`` to ``most`` short names (hexes, dice), as a JSON array."""

    def check(value: Any) -> str | None:
        if (
            isinstance(value, tuple)
            and not isinstance(value, FrozenMap)
            and fewest <= len(value) <= most
            and all(isinstance(v, str) and len(v) <= longest for v in value)
        ):
            return None
        return problem

    return check


def only(value: Any, problem: str) -> Field:
    """Exactly ``value`` (a flag that is true when given at all)."""
    return lambda v: None if type(v) is type(value) and v == value else problem


def counts(keys: Sequence[str], what: str, *, low: int = 0) -> Field:
    """A JSON object giving a whole number (``low`` or more) for each of ``keys`` and no other."""

    def check(value: Any) -> str | None:
        if not isinstance(value, FrozenMap) or sorted(k for k, _ in value) != sorted(keys):
            return f"{what} must give a count for each of the types {', '.join(keys)}."
        if not all(is_int(n) and n >= low for _, n in value):
            return f"Each count in {what} must be a whole number, {low} or more."
        return None

    return check


Phase = str | tuple[str, ...] | None


@dataclass(frozen=True)
class Kind:
    """One kind of move: its fields, the phase it belongs to, and whether it is sealed.

    ``phase`` None means any phase (standing orders); a tuple means any of those phases.
    ``takes`` replaces the generated "takes ..." text of the wrong-fields refusal, and
    ``belongs`` the generated 'A "kind" move belongs to ...' of the wrong-phase refusal.
    """

    fields: Mapping[str, Field] = field(default_factory=dict)
    optional: Mapping[str, Field] = field(default_factory=dict)
    phase: Phase = None
    sealed: bool = False
    takes: str | None = None
    belongs: str | None = None

    def in_phase(self, phase: str) -> bool:
        if self.phase is None:
            return True
        return phase == self.phase if isinstance(self.phase, str) else phase in self.phase

    def problem(self, m: Move) -> Invalid | None:
        given = dict(m.args)
        if not set(self.fields) <= set(given) <= set(self.fields) | set(self.optional):
            return Invalid("bad_move", f'A "{m.kind}" move takes {self._takes()} besides "kind".')
        for name, check in (*self.fields.items(), *self.optional.items()):
            if name in given and (problem := check(given[name])):
                return Invalid("bad_move", problem)
        return None

    def _takes(self) -> str:
        if self.takes is not None:
            return self.takes
        want = ", ".join(f'"{f}"' for f in self.fields) or "no fields"
        if self.optional:
            want += " (and optionally " + ", ".join(f'"{f}"' for f in self.optional) + ")"
        return want


@dataclass(frozen=True)
class Moves:
    """A game's table of move kinds, in the order its documentation lists them."""

    game: str
    kinds: Mapping[str, Kind]
    phases: Mapping[str, str] = field(default_factory=dict)  # phase -> how a refusal names it
    echo: int | None = None  # how much of an unknown kind the refusal repeats (None: all)
    now: str = "the match is in"  # how the wrong-phase refusal names the phase the match is in

    def shape(self, m: Move) -> Invalid | None:
        """Is ``m`` a well-formed move of this game (its kind known, exactly its fields)?"""
        kind = self.kinds.get(m.kind)
        if kind is None:
            shown = m.kind if self.echo is None else m.kind[: self.echo]
            return Invalid(
                "unknown_move", f"{self.game} has no move {shown!r}; the moves are {', '.join(self.kinds)}."
            )
        return kind.problem(m)

    def sealed(self, kind: str) -> bool:
        entry = self.kinds.get(kind)
        return entry is not None and entry.sealed

"""The referee: the checks every move passes before the game's own rules look at it.

In order, with the same codes and messages in every game: the match is over
(``game_over``), the move is not a move of this game or has the wrong fields
(``unknown_move``, ``bad_move``), the seat does not play (``not_your_turn``), a decision is
owed first (the game's ``pending`` check, if it has one), the kind belongs to another phase
(``wrong_phase``, from the move table). Then the game's check for
the kind names the rule a move breaks; a move it allows must still be one the game lists
(``not_listed``), and only then is it played. A sealed kind's content goes to its author
only, unless the game's play gives the step another audience.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field, replace
from typing import Generic, Protocol, TypeVar

from ..base import Invalid, Move, Outcome, Seat, Step, apply_checked
from ..dice import Dice
from .moves import Kind, Moves


class Phased(Protocol):
    @property
    def phase(self) -> str: ...


S = TypeVar("S", bound=Phased)

Check = Callable[[S, Seat, Move], Invalid | None]
Play = Callable[[S, Seat, Move, Dice], Step]

GAME_OVER = Invalid("game_over", "The match is over; no more moves can be made.")


@dataclass(frozen=True)
class Judge(Generic[S]):
    """The referee's judgement alone: the common checks, then the game's check of the kind."""

    moves: Moves
    checks: Mapping[str, Check[S]]
    outcome: Callable[[S], Outcome | None]
    seats: Callable[[S], int]
    # A decision someone owes before play goes on (a reaction window): refused, for every
    # kind that has a phase, before the phase is looked at. Kinds of any phase (standing
    # orders, the answers themselves) are never held up by it.
    pending: Check[S] | None = None

    def __post_init__(self) -> None:
        if set(self.checks) != set(self.moves.kinds):
            raise ValueError(
                f"{self.moves.game}: one check per kind of move, not {sorted(self.checks)} "
                f"for {sorted(self.moves.kinds)}"
            )

    def check(self, state: S, seat: Seat, m: Move) -> Invalid | None:
        """Why ``seat`` may not play ``m`` now, or None if the rules allow it."""
        if self.outcome(state) is not None:
            return GAME_OVER
        bad = self.moves.shape(m)
        if bad is not None:
            return bad
        if seat not in range(self.seats(state)):
            return Invalid("not_your_turn", f"Seat {seat} does not play in this match.")
        kind = self.moves.kinds[m.kind]
        if self.pending is not None and kind.phase is not None:
            owed = self.pending(state, seat, m)
            if owed is not None:
                return owed
        if not kind.in_phase(state.phase):
            return Invalid("wrong_phase", self._wrong_phase(m.kind, kind, state.phase))
        return self.checks[m.kind](state, seat, m)

    def _wrong_phase(self, name: str, kind: Kind, now: str) -> str:
        text = self.moves.phases
        if kind.belongs is None:
            wanted = [kind.phase] if isinstance(kind.phase, str) else list(kind.phase or ())
            where = " or ".join(text.get(p, p) for p in wanted)
            return f'A "{name}" move belongs to {where}; {self.moves.now} {text.get(now, now)}.'
        return f"{kind.belongs}; {self.moves.now} {text.get(now, now)}."


@dataclass(frozen=True)
class Referee(Judge[S]):
    """One game's judge and player of moves; ``checks`` has one check per kind of ``moves``.

    ``legal`` gives the moves a seat may play now (any collection: only ``in`` is asked).
    """

    legal: Callable[[S, Seat], Collection[Move]] = field(kw_only=True)
    play: Play[S] = field(kw_only=True)

    def apply(self, state: S, seat: Seat, m: Move, dice: Dice) -> Step | Invalid:
        """Check, insist the move is listed, then play it with its audience."""
        return apply_checked(state, seat, m, dice, check=self.check, listed=self.listed, play=self._play)

    def listed(self, state: S, seat: Seat, m: Move) -> bool:
        return m in self.legal(state, seat)

    def _play(self, state: S, seat: Seat, m: Move, dice: Dice) -> Step:
        step = self.play(state, seat, m, dice)
        if step.move_audience is None and self.moves.sealed(m.kind):
            return replace(step, move_audience=frozenset({seat}))
        return step

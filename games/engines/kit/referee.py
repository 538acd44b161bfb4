"""The referee: the checks every move passes before the game's own rules look at it.

In order, with the same codes and messages in every game: the match is over
(``game_over``), the move is not a move of this game or has the wrong fields
(``unknown_move``, ``bad_move``), the seat does not play (``not_your_turn``), the kind
belongs to another phase (``wrong_phase``, from the move table). Then the game's check for
the kind names the rule a move breaks; a move it allows must still be one the game lists
(``not_listed``), and only then is it played. A sealed kind's content goes to its author
only, unless the game's play gives the step another audience.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Generic, Protocol, TypeVar

from ..base import Invalid, Move, Outcome, Seat, Step, apply_checked
from ..dice import Dice
from .moves import Moves


class Phased(Protocol):
    @property
    def phase(self) -> str: ...


S = TypeVar("S", bound=Phased)

Check = Callable[[S, Seat, Move], Invalid | None]
Play = Callable[[S, Seat, Move, Dice], Step]

GAME_OVER = Invalid("game_over", "The match is over; no more moves can be made.")


@dataclass(frozen=True)
class Referee(Generic[S]):
    """One game's judge and player of moves; ``checks`` has one check per kind of ``moves``."""

    moves: Moves
    checks: Mapping[str, Check[S]]
    legal: Callable[[S, Seat], Sequence[Move]]
    play: Play[S]
    outcome: Callable[[S], Outcome | None]
    seats: Callable[[S], int]

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
        if not kind.in_phase(state.phase):
            return Invalid("wrong_phase", self._wrong_phase(m.kind, kind.phase, state.phase))
        return self.checks[m.kind](state, seat, m)

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

    def _wrong_phase(self, kind: str, want: Any, now: str) -> str:
        text = self.moves.phases
        wanted = [want] if isinstance(want, str) else list(want)
        where = " or ".join(text.get(p, p) for p in wanted)
        return f'A "{kind}" move belongs to {where}; the match is in {text.get(now, now)}.'

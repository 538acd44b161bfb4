"""The bot kit: a bot picks one of the moves the engine lists, nothing else.

``RandomBot`` plays uniformly among the legal moves. ``GreedyBot`` looks one move ahead:
it plays each candidate on a throwaway dice stream (it cannot know the real dice) and keeps
the move whose resulting position its game's evaluation likes best for its own seat. An
evaluation is a pure function ``(engine, state, seat) -> float``, higher is better for
``seat``; each game registers one.

:func:`play_match` runs a whole match between bots the way the server does (setup with the
draws of entry 1, then entry ``seq`` for each move: ``games.engines.session``), so a measured
share of games is a share of games the server would have played.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from games.engines.base import Engine, Invalid, Move, Outcome, Seat
from games.engines.dice import Dice
from games.engines.session import Session

Evaluate = Callable[[Engine, Any, Seat], float]

_EVALUATORS: dict[str, Evaluate] = {}


def register_evaluator(engine_key: str, evaluate: Evaluate) -> Evaluate:
    _EVALUATORS[engine_key] = evaluate
    return evaluate


def evaluator(engine_key: str) -> Evaluate | None:
    """The evaluation registered for a game (its module is imported on first use)."""
    if engine_key not in _EVALUATORS:
        import importlib

        from games.engines import get

        engine = get(engine_key)
        if engine is not None:
            package = type(engine).__module__.split(".")[2]  # games.engines.<package>.engine
            try:
                importlib.import_module(f"games.bots.{package}")
            except ModuleNotFoundError as missing:
                if missing.name != f"games.bots.{package}":
                    raise
    return _EVALUATORS.get(engine_key)


class Bot(Protocol):
    name: str

    def choose(self, engine: Engine, state: Any, seat: Seat, rng: random.Random) -> Move | None:
        """One of ``engine.legal_moves(state, seat)``, or None when there is none."""


class RandomBot:
    name = "random"

    def choose(self, engine: Engine, state: Any, seat: Seat, rng: random.Random) -> Move | None:
        moves = engine.legal_moves(state, seat)
        return rng.choice(moves) if moves else None


class GreedyBot:
    """One-move lookahead on the game's evaluation.

    ``candidates`` caps how many legal moves are tried (a random sample when there are
    more); ``rollouts`` is how many throwaway dice streams each candidate is played on (the
    scores are averaged). ``explore`` is the chance of a uniformly random move instead, so
    that bots of equal strength do not play the same game every time.
    """

    def __init__(
        self,
        evaluate: Evaluate,
        *,
        name: str = "greedy",
        candidates: int = 40,
        rollouts: int = 2,
        explore: float = 0.05,
    ) -> None:
        self.name = name
        self.evaluate = evaluate
        self.candidates = candidates
        self.rollouts = rollouts
        self.explore = explore

    def choose(self, engine: Engine, state: Any, seat: Seat, rng: random.Random) -> Move | None:
        moves = engine.legal_moves(state, seat)
        if not moves:
            return None
        if len(moves) == 1:
            return moves[0]
        if rng.random() < self.explore:
            return rng.choice(moves)
        pool = moves if len(moves) <= self.candidates else rng.sample(moves, self.candidates)
        best: list[Move] = []
        best_score = float("-inf")
        for move in pool:
            score = self._score(engine, state, seat, move, rng)
            if score > best_score:
                best, best_score = [move], score
            elif score == best_score:
                best.append(move)
        return rng.choice(best)

    def _score(self, engine: Engine, state: Any, seat: Seat, move: Move, rng: random.Random) -> float:
        total = 0.0
        for _ in range(self.rollouts):
            dice = Dice(rng.randbytes(16), 1)
            step = engine.apply(state, seat, move, dice)
            if isinstance(step, Invalid):  # listed moves are legal; a refusal is a bug
                raise AssertionError(f"{engine.key}: listed move {move.to_json()} refused: {step.message}")
            total += self.evaluate(engine, step.state, seat)
        return total / self.rollouts


def greedy_for(engine_key: str, **options: Any) -> GreedyBot:
    evaluate = evaluator(engine_key)
    if evaluate is None:
        raise LookupError(f"no evaluation is registered for {engine_key!r}")
    return GreedyBot(evaluate, **options)


@dataclass(frozen=True)
class MatchResult:
    outcome: Outcome | None  # None: stopped at max_steps without an end
    steps: int
    state: Any


def play_match(
    engine: Engine,
    bots: Sequence[Bot],
    *,
    seed: bytes,
    options: dict[str, Any] | None = None,
    rng: random.Random | None = None,
    max_steps: int = 20_000,
) -> MatchResult:
    """A whole match between ``bots`` (one per seat), with the server's dice per entry."""
    rng = rng or random.Random(seed)
    session = Session.begin(engine, len(bots), seed, options)
    session.keep = False
    while session.seq < max_steps:
        state = session.state
        active = sorted(engine.active_seats(state))
        if not active:
            break
        seat = rng.choice(active)
        move = bots[seat].choose(engine, state, seat, rng)
        if move is None:
            raise AssertionError(f"{engine.key}: seat {seat} is active with no legal move")
        step = session.advance(seat, move)
        if isinstance(step, Invalid):
            raise AssertionError(f"{engine.key}: listed move {move.to_json()} refused: {step.message}")
    return MatchResult(engine.outcome(session.state), session.seq, session.state)

"""Driving a rules engine move by move in its tests: a move given as notation, a ``Move``
or JSON, applied under chosen dice; and reading the events a step produced. Each game's
``helpers`` binds a ``Driver`` to its engine and its dice."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.engines.base import Engine, Event, Invalid, Move, Step
from games.engines.dice import Dice

MoveIn = str | Move | dict


@dataclass(frozen=True)
class Driver:
    engine: Engine
    dice: Callable[[int], Dice]
    tries: int = 3000

    def act(self, state: Any, seat: int, move: MoveIn, d: Dice | None = None) -> Step | Invalid:
        """Apply a move given as notation, a Move or JSON."""
        if isinstance(move, str):
            parsed = self.engine.parse(move, state, seat)
            assert isinstance(parsed, Move), parsed
            move = parsed
        elif isinstance(move, dict):
            parsed = Move.from_json(move)
            assert isinstance(parsed, Move), parsed
            move = parsed
        return self.engine.apply(state, seat, move, d or self.dice(1))

    def ok(self, state: Any, seat: int, move: MoveIn, d: Dice | None = None) -> Step:
        result = self.act(state, seat, move, d)
        assert isinstance(result, Step), result
        return result

    def refused(self, state: Any, seat: int, move: MoveIn, code: str | None = None) -> Invalid:
        result = self.act(state, seat, move)
        assert isinstance(result, Invalid), f"{move} was accepted"
        assert result.message
        if code is not None:
            assert result.code == code, result
        return result

    def seek(
        self, state: Any, seat: int, move: str, want: Callable[[Step], bool], tries: int | None = None
    ) -> Step:
        """The first dice (by seq) under which ``move`` gives a step satisfying ``want``."""
        tries = tries or self.tries
        for seq in range(1, tries):
            step = self.act(state, seat, move, self.dice(seq))
            assert isinstance(step, Step), step
            if want(step):
                return step
        raise AssertionError(f"no dice in {tries} tries gave the wanted result for {move!r}")

    def notations(self, state: Any, seat: int) -> list[str]:
        return [self.engine.notation(m) for m in self.engine.legal_moves(state, seat)]

    def game_moves(self, state: Any, seat: int) -> list[str]:
        """Legal moves without the (always present) standing-orders moves."""
        return [n for n in self.notations(state, seat) if not n.startswith("orders")]


def kinds(step: Step) -> list[str]:
    return [e.kind for e in step.events]


def events(step: Step, kind: str) -> list[Event]:
    return [e for e in step.events if e.kind == kind]


def event(step: Step, kind: str) -> Event:
    found = events(step, kind)
    assert found, f"no {kind} event in {kinds(step)}"
    return found[0]


def has(step: Step, kind: str, /, **data: object) -> bool:
    return any(e.kind == kind and all(e.data.get(k) == v for k, v in data.items()) for e in step.events)

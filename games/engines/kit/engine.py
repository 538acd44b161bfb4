"""An engine built the common way: its protocol methods delegate to its package's modules.

The package of a :class:`KitEngine` subclass holds, by name (see ``docs/engines.md``):

- ``state.State``: the frozen state dataclass (dumped and loaded by the codec);
- ``moves.MOVES``: the table of move kinds; ``checks.CHECKS``: one check per kind, and
  optionally ``checks.pending``, a decision owed before any kind with a phase is played;
- ``legal.legal(state, seat)`` and ``legal.active(state)``;
- ``rules.setup(options, seats, dice)`` and ``rules.play(state, seat, move, dice)``;
- ``view.view(state, viewer, reveal_all)``, ``describe.describe(item, viewer)``;
- ``notation.parse(text, state, seat)`` and ``notation.notation(move)``.

A missing part fails when the engine is built, that is when its package is imported.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Mapping
from typing import Any

from ..base import Engine, Invalid, LogItem, Move, Outcome, Seat, Step
from ..dice import Dice
from . import codec
from .referee import Referee

PARTS = {
    "state": ("State",),
    "moves": ("MOVES",),
    "checks": ("CHECKS",),
    "legal": ("legal", "active"),
    "rules": ("setup", "play"),
    "view": ("view",),
    "describe": ("describe",),
    "notation": ("parse", "notation"),
}


class KitEngine(Engine):
    """The protocol of :class:`~games.engines.base.Engine` over the conventional modules."""

    def __init__(self) -> None:
        package = type(self).__module__.rpartition(".")[0]
        found: dict[str, Any] = {}
        for module_name, names in PARTS.items():
            module = importlib.import_module(f"{package}.{module_name}")
            for name in names:
                if not hasattr(module, name):
                    raise TypeError(f"{package}.{module_name} has no {name}, which every engine needs")
                found[f"{module_name}.{name}"] = getattr(module, name)
        self.state_type: type = found["state.State"]
        self._setup: Callable[[Mapping[str, Any], int, Dice], Step] = found["rules.setup"]
        self._legal: Callable[[Any, Seat], list[Move]] = found["legal.legal"]
        self._active: Callable[[Any], frozenset[Seat]] = found["legal.active"]
        self._view: Callable[[Any, Seat | None, bool], dict[str, Any]] = found["view.view"]
        self._describe: Callable[[LogItem, Seat | None], str] = found["describe.describe"]
        self._parse: Callable[[str, Any, Seat], Move | Invalid] = found["notation.parse"]
        self._notation: Callable[[Move], str] = found["notation.notation"]
        self.referee: Referee[Any] = Referee(
            found["moves.MOVES"],
            found["checks.CHECKS"],
            legal=self._legal,
            play=found["rules.play"],
            outcome=self.outcome,
            seats=self.seat_count,
            pending=getattr(importlib.import_module(f"{package}.checks"), "pending", None),
        )

    def seat_count(self, state: Any) -> int:
        """How many seats play in the match of ``state`` (a game with a range overrides it)."""
        if self.min_seats != self.max_seats:
            raise NotImplementedError(f"{self.key} must say how many seats a state has")
        return self.max_seats

    def setup(self, options: Mapping[str, Any], seats: int, dice: Dice) -> Step:
        return self._setup({**self.default_options(), **options}, seats, dice)

    def active_seats(self, state: Any) -> frozenset[Seat]:
        return self._active(state)

    def legal_moves(self, state: Any, seat: Seat) -> list[Move]:
        return self._legal(state, seat)

    def apply(self, state: Any, seat: Seat, move: Move, dice: Dice) -> Step | Invalid:
        return self.referee.apply(state, seat, move, dice)

    def check(self, state: Any, seat: Seat, move: Move) -> Invalid | None:
        """The referee's judgement alone (the legal list not consulted)."""
        return self.referee.check(state, seat, move)

    def outcome(self, state: Any) -> Outcome | None:
        result: Outcome | None = state.outcome
        return result

    def view(self, state: Any, viewer: Seat | None, *, reveal_all: bool = False) -> dict[str, Any]:
        return self._view(state, viewer, reveal_all)

    def describe(self, item: LogItem, viewer: Seat | None) -> str:
        return self._describe(item, viewer)

    def parse(self, text: str, state: Any, seat: Seat) -> Move | Invalid:
        return self._parse(text, state, seat)

    def notation(self, move: Move) -> str:
        """The game's notation; a move it has none for (not a move of the game) as its JSON."""
        try:
            return self._notation(move)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            return json.dumps(move.to_json(), sort_keys=True)

    def dump(self, state: Any) -> dict[str, Any]:
        data: dict[str, Any] = codec.to_json(state)
        return data

    def load(self, data: Mapping[str, Any]) -> Any:
        return codec.from_json(self.state_type, data)

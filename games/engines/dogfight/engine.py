"""The Space Dogfight engine object: its name, options, timeouts and secrets."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import Move
from ..kit.engine import KitEngine
from . import legal, moves
from .data import COLOURS, DATA
from .state import BUILD, PLACE, PLAY, State


class Dogfight(KitEngine):
    """Space Dogfight (Game-o-gram #2, rules v1.00) with the GAPS.md section 4 defaults.

    Built from the kit (docs/engines.md): the protocol methods delegate to this package's
    modules by name.
    """

    key = "space-dogfight"
    title = "Space Dogfight"
    # 2: an attack may declare its repeat (AS-SD-4); 3: the die that draws a counter is
    # hidden until the match ends and hands are shown by label, not box id (AS-SD-2);
    # 4: the turn cap is 75 turns per player by default (SD-H2)
    version = "4"
    min_seats = 2
    max_seats = 2
    seat_names = tuple(c.capitalize() for c in COLOURS)

    def options_schema(self) -> dict[str, Any]:
        opts, rules_ = DATA.options, DATA.rules
        return {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "points_limit": {
                    "type": "integer",
                    "title": "Fleet points limit",
                    "description": "Most PTS a secret fleet may be worth (rules: 80).",
                    "default": rules_["points_limit"],
                    "minimum": opts["points_limit_min"],
                    "maximum": opts["points_limit_max"],
                },
                "first_player": {
                    "type": "string",
                    "enum": ["random", *COLOURS],
                    "title": "First player",
                    "description": "Who is player one; random throws the die (SD-12).",
                    "default": "random",
                },
                "turn_cap": {
                    "type": "integer",
                    "title": "Turn cap",
                    "description": "Game turns per player after which the remaining fleet "
                    "values decide (SD-14).",
                    "default": rules_["turn_cap"],
                    "minimum": opts["turn_cap_min"],
                    "maximum": opts["turn_cap_max"],
                },
                "movement": {
                    "type": "string",
                    "enum": ["straight", "path"],
                    "title": "Movement",
                    "description": "straight: one straight line forward or sideways (SD-09); "
                    "path: forward and sideways steps mixed, no square twice.",
                    "default": "straight",
                },
            },
        }

    def timeout_move(self, state: State, seat: int) -> Move | None:
        """end on turn, defend none when asked, the first placement; nothing in build."""
        if seat not in legal.active(state):
            return None
        if state.phase == PLAY:
            return moves.defend(moves.NO_COUNTER) if state.pending else moves.END
        if state.phase == PLACE:
            return legal.legal(state, seat)[0]
        assert state.phase == BUILD
        return None

    def secrets(self, state: State) -> Mapping[int, frozenset[str]]:
        """Hand labels, unplaced fleet entries and standing orders, per owner."""
        return {
            seat: frozenset(
                [
                    *(label for label, _ in state.hand_labels(seat)),
                    *(h.id for h in state.holds[seat]),
                    f"orders-{seat}",
                ]
            )
            for seat in range(len(COLOURS))
        }

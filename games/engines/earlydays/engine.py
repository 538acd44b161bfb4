"""The "early days" engine object: the kit's engine over this package's modules (see
``games/engines/kit/engine.py``), with the game's options, timeouts, secrets, the
loading of states stored by earlier versions, and force building."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import Invalid, Move
from ..kit.engine import KitEngine
from ..kit.routes import Route
from . import endphase, legal, routes, state
from .data import DATA, IMPERIAL, REBEL, RULES, side_name
from .forces import budget, build_moves, force_cost, validate_force
from .rules import DOCK_MARKER
from .state import BUILD, DEPLOY, MOVE, SHOOT, TURN, State


class EarlyDays(KitEngine):
    """ "The early days", a fan-made Star Wars fighter hex game, with the GAPS.md section 2 defaults."""

    key = "early-days"
    title = "The early days (Star Wars fighter hex game)"
    # 4: a unit's dice past six (Vader's flight at extreme range) make one lucky die;
    # ships that count as disabled get the +1 on the ion table; 5: Steal Starship ends with
    # the capture and goes on while it can be made, the transport not one of the raiders;
    # 6: the Falcon replaces only the defender's civilian transport (the Hostage situation);
    # 7: 20 turns by default (SW-H11), the result says what ended the game (``ended_by``)
    version = "7"
    min_seats = 2
    max_seats = 2
    seat_names = ("Rebels", "Imperials")

    def options_schema(self) -> dict[str, Any]:
        pts, turns = RULES["points"], RULES["turns"]
        return {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "scenario": {
                    "type": "string",
                    "enum": list(DATA.scenarios),
                    "title": "Scenario",
                    "description": "; ".join(f"{k}: {s.name} ({s.rule})" for k, s in DATA.scenarios.items()),
                    "default": "fighter_clash",
                },
                "points": {
                    "type": "integer",
                    "title": "Points per side",
                    "description": "Each side's force budget; in the Convoy raid also the escort value that "
                    "sets the convoy (SW-60); Vader's squadron needs 100. Steal Starship ignores it: "
                    "the Rebels match the Imperials' fixed force (SW-64).",
                    "default": pts["default"],
                    "minimum": pts["min"],
                    "maximum": pts["max"],
                },
                "turn_limit": {
                    "type": "integer",
                    "title": "Turn limit",
                    "description": "The game ends after this many turns if no victory condition ended it (SW-08, SW-H11).",
                    "default": turns["limit"],
                    "minimum": turns["limit_min"],
                    "maximum": turns["limit_max"],
                },
            },
        }

    def round_of(self, s: State) -> int | None:
        """A round is a game turn: the sides activate their units in turn within it."""
        return s.turn

    def timeout_move(self, s: State, seat: int) -> Move | None:
        """Seal a valid force, place in the first free hex, answer by standing orders, end or
        fly straight on, hold the fire of the first weapon group still owing a decision."""
        if seat not in legal.active(s):
            return None
        moves = [m for m in legal.legal(s, seat) if m.kind != "orders"]
        if s.phase == BUILD:
            return _first(moves, "seal") or _first(moves, "buy")
        if s.phase == DEPLOY:
            return moves[0] if moves else None
        if s.phase == TURN and s.pending is not None:
            return _standing_answer(s, moves)
        if s.phase == TURN and s.step == MOVE:
            return _first(moves, "end") or _first(moves, "move", step="F") or (moves[0] if moves else None)
        if s.phase == TURN and s.step == SHOOT:
            return next((m for m in moves if m.kind == "fire" and m.get("hold")), None)
        return None

    def secrets(self, s: State) -> Mapping[int, frozenset[str]]:
        """Draft entry ids, this turn's fire decision ids, standing orders, the Hostage D6."""
        out = {}
        for seat in (0, 1):
            marks = {f"orders-{seat}", *(o.id for o in s.fire if o.seat == seat)}
            if s.phase == BUILD and not DATA.scenarios[s.scenario].sides[seat].fixed:
                marks |= {e.id for e in s.drafts[seat]}
            if seat == 0 and s.dock_turn and not s.dock_revealed:
                marks.add(DOCK_MARKER)
            out[seat] = frozenset(marks)
        return out

    def routes(self, s: State, seat: int, piece: str | None = None) -> list[Route]:
        """Where each of ``seat``'s units may end its movement now, and the moves there (base.Routes); only
        ``piece``'s when given."""
        return routes.routes(self, s, seat, piece)

    def route_pieces(self, s: State, seat: int) -> list[str]:
        """The units of ``seat`` that may move now, from its listed moves (base.Routes)."""
        return routes.pieces(self, s, seat)

    def load(self, data: Mapping[str, Any]) -> State:
        """The kit's codec, and what states of engine version 2 lack (``state.load``)."""
        return state.load(data)

    # -- for the server's saved force lists (base.ForceBuilding) -------------------------------
    force_sides = {REBEL: "rebels", IMPERIAL: "imperials"}

    def validate_force(self, scenario: str, points: int, seat: int, force: Any) -> list[Invalid]:
        return validate_force(scenario, points, seat, force)

    def force_cost(self, force: Any) -> int:
        return force_cost(force)

    def force_moves(self, s: State, seat: int, force: Any) -> list[Move] | Invalid:
        """The build moves that turn ``seat``'s draft into the saved ``force`` and seal it."""
        return build_moves(s.drafts[seat], s.next_entry[seat], seat, force)

    def budget(self, s: State, seat: int) -> int:
        return budget(DATA.scenarios[s.scenario], s.points, seat)


def _first(moves: list[Move], kind: str, **args: Any) -> Move | None:
    return next((m for m in moves if m.kind == kind and all(m.get(k) == v for k, v in args.items())), None)


def _standing_answer(s: State, moves: list[Move]) -> Move | None:
    """What the standing orders would have answered (rules/README decision 5)."""
    p = s.pending
    assert p is not None
    if p.kind == "initiative":
        return _first(moves, "initiative", choice=s.orders[p.seat].initiative)
    u = s.unit(p.unit)
    assert u is not None
    if p.kind == "ion_weapon":
        return _first(moves, "pick", weapon=endphase.auto_weapon(s, p.seat, u))
    return _first(moves, "repair", effect=endphase.auto_repair(s, u, p.choices))


__all__ = ["EarlyDays", "side_name"]

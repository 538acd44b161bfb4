"""The Battleship Galaxies engine object: the kit's engine over this package's modules (see
``games/engines/kit/engine.py``), with the game's options, timeouts, secrets and the
loading of states stored by earlier versions."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..base import Move
from ..kit.engine import KitEngine
from ..kit.routes import Route
from . import legal, routes, state
from .data import DATA, SEAT_NAMES
from .state import HOLD, SCREEN, SELECT, State


class Galaxies(KitEngine):
    """Battleship Galaxies: The Saturn Offensive, with the GAPS.md section 3 defaults and
    the clearly labelled generic fleet of rules/README decision 3."""

    key = "battleship-galaxies"
    title = "Battleship Galaxies: The Saturn Offensive"
    version = "5"
    min_seats = 2
    max_seats = 3
    seat_names = SEAT_NAMES

    def options_schema(self) -> dict[str, Any]:
        sel = DATA.selection
        two_player = [k for k in DATA.missions if k != DATA.team_mission]
        return {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "mission": {
                    "type": "string",
                    "enum": list(DATA.missions),
                    "title": "Mission",
                    "description": "skirmish: player-selected fleets (BG-02); mission-1: ISN starts launched "
                    "(rulebook page 10); barrage-core: Barrage's computer core lets the Wretch draw 3 "
                    "cards from the ISN deck instead of 1 of their own (rulebook page 11); pan-base: the "
                    "1 v 2 team mission, the ISN scoring on the victory point track (mission 5). A 3-seat match "
                    f"always plays {DATA.team_mission}; the others ({', '.join(two_player)}) are for 2 seats.",
                    "default": "skirmish",
                },
                "rounds": {
                    "type": "integer",
                    "title": "Round limit",
                    "description": "Turns per player after which the side ahead wins: fleet value "
                    "destroyed and victory points (house rules BG-H1, BG-H2); 0 = the mission's own limit.",
                    "default": 0,
                    "minimum": 0,
                    "maximum": 40,
                },
                "fleet_points": {
                    "type": "integer",
                    "title": "Fleet points",
                    "description": "Most points a player-selected fleet may be worth (BG-15).",
                    "default": sel["fleet_points"],
                    "minimum": sel["fleet_points_min"],
                    "maximum": 200,
                },
                "first_player": {
                    "type": "string",
                    "enum": ["roll", "isn", "wretch"],
                    "title": "First player",
                    "description": "roll: the high roller of the number die chooses (rulebook page 5).",
                    "default": "roll",
                },
            },
        }

    def __init__(self) -> None:
        super().__init__()
        # the referee asks whether a checked move is a candidate: cheaper than the whole list
        self.referee = replace(self.referee, legal=legal.accepted)

    def seat_count(self, s: State) -> int:
        return len(s.players)

    def round_of(self, s: State) -> int | None:
        """A round is one player's turn, with the other's reactions within it."""
        return s.turn.number if s.turn is not None else 0

    def timeout_move(self, s: State, seat: int) -> Move | None:
        """select: ready (else back to the standard draft); first: yourself; a window: no
        card; a turn: end it, or the first listed move when it cannot end yet (with Barrage's
        computer core: draw from one's own deck)."""
        if seat not in legal.active(s):
            return None
        moves = [m for m in legal.legal(s, seat) if m.kind != "orders"]
        if not moves:
            return None
        if s.phase == SELECT:
            for kind in ("ready", "reset"):
                for m in moves:
                    if m.kind == kind:
                        return m
            firsts = [m for m in moves if m.kind == "first"]
            return next((m for m in firsts if m["seat"] == seat), moves[0])
        for m in moves:
            if m.kind == "react" and m["card"] == "none":
                return m
        for m in moves:
            if m.kind == "end":
                return m
        return moves[0]

    def secrets(self, s: State) -> Mapping[int, frozenset[str]]:
        """Per owner: cards behind the screen and in holds, deck contents, standing orders,
        and the hand (unless a teammate may see it, [SOURCED] page 3)."""
        out = {}
        for seat, p in enumerate(s.players):
            marks = {f"orders-{seat}"}
            marks |= {c.tag for c in s.cards if c.owner == seat and c.place in (SCREEN, HOLD)}
            if p.deck or p.draft:
                marks.add(f"deck-{seat}")
            if not s.mates(seat):
                marks |= {t.id for t in p.hand}
            out[seat] = frozenset(marks)
        return out

    def routes(self, s: State, seat: int, piece: str | None = None) -> list[Route]:
        """Where each ship moving now may end its movement, and the steps there (base.Routes); only
        ``piece``'s when given."""
        return routes.routes(self, s, seat, piece)

    def route_pieces(self, s: State, seat: int) -> list[str]:
        """The ships of ``seat`` that may move now, from its listed moves (base.Routes)."""
        return routes.pieces(self, s, seat)

    def load(self, data: Mapping[str, Any]) -> State:
        """The kit's codec, and what states of earlier versions lack (``state.load``)."""
        return state.load(data)

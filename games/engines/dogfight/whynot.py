"""Why something a player may expect is not among their moves now, in the rules' words:
the refusal the engine's own checks give for a probe of it (a draw, a step of each of the
player's ships that cannot move, an attack on an enemy beside one of them). The page
shows these beside the moves, so a player never has to guess why a ship does not light up."""

from __future__ import annotations

from ..base import Invalid, Move
from .checks import CHECKS
from .geometry import BOARD, is_adjacent
from .legal import legal
from .moves import attack, move
from .state import PLAY, State


def check(state: State, seat: int, m: Move) -> Invalid | None:
    """The rules' judgement of ``m`` for the seat on turn in play (the checks every move
    shares hold there: it is their turn, in the phase of play)."""
    return CHECKS[m.kind](state, seat, m)


GENERAL = ("no_ap", "drew_this_turn", "draw_after_spending")
"""Refusals about the turn, not about one square: one of them explains every probe."""


def why_not(state: State, seat: int) -> dict[str, str]:
    """{subject: why not} for ``seat`` on turn in play: "draw", "attack", and each of its
    ships (by id) that no listed move moves, or "ships" when one reason holds them all.
    Empty when the seat is not on turn. It may name the seat's own hand: for its view only."""
    if state.phase != PLAY or state.turn is None or state.turn.seat != seat:
        return {}
    listed = legal(state, seat)
    kinds = {m.kind for m in listed}
    out: dict[str, str] = {}
    if "draw" not in kinds:
        bad = check(state, seat, Move.of("draw"))
        if bad is not None:
            out["draw"] = bad.message
    movers = {m["from"] for m in listed if m.kind == "move"}
    squares = [sq.name for sq in BOARD.squares()]
    for ship in (s for s in state.ships if s.owner == seat):
        if ship.square in movers:
            continue
        steps = [check(state, seat, move(ship.square, to)) for to in squares if is_adjacent(ship.square, to)]
        out[ship.id] = _reason([p for p in steps if p is not None], f"{ship.id} cannot move now")
    stuck = [k for k in out if k != "draw"]
    if len(stuck) > 1 and len({out[k] for k in stuck}) == 1:  # one reason for every ship: say it once
        out = {**{k: v for k, v in out.items() if k not in stuck}, "ships": out[stuck[0]]}
    if "attack" not in kinds:
        probes = [
            check(state, seat, attack(ship.square, enemy.square))
            for ship in state.ships
            if ship.owner == seat
            for enemy in state.ships
            if enemy.owner != seat and is_adjacent(ship.square, enemy.square)
        ]
        problems = [p for p in probes if p is not None]
        if problems:
            out["attack"] = _reason(problems, "No attack now")
    return out


def _reason(problems: list[Invalid], fallback: str) -> str:
    general = next((p for p in problems if p.code in GENERAL), None)
    if general is not None:
        return general.message
    texts = list(dict.fromkeys(p.message for p in problems if p.code != "move_backwards"))
    return " ".join(texts) if texts else fallback + "."

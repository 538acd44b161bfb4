"""Why a ship of the player on turn cannot launch, activate, move or attack now, in the
rules' words: the refusal ``check`` gives for the first candidate move of that kind (the
list of legal moves and these reasons come from the same judge, so they cannot disagree).

Only the seat on turn gets them, in its own part of the view: a launch refusal names a ship
behind the screen or in a hold, which no other seat may see.
"""

from __future__ import annotations

from ..base import Move
from . import moves as mv
from .board import geo, size, successors
from .checks import check
from .legal import listed
from .ships import move as move_number
from .ships import weapons
from .state import ACTION, DEPLOY, HOLD, LAUNCHED, MUSTER, PLAY, SCREEN, State


def why_not(state: State, seat: int) -> list[dict[str, str]]:
    """[{"ship", "action": launch | activate | move | attack, "why"}] for what ``seat``'s
    ships cannot do now (empty unless it is ``seat``'s turn with nothing else pending)."""
    turn = state.turn
    if (
        state.phase not in (PLAY, MUSTER)
        or turn is None
        or turn.seat != seat
        or state.asking
        or turn.placing
        or turn.draw
    ):
        return []
    out: list[dict[str, str]] = []
    mine = [c for c in state.cards if c.owner == seat]
    if turn.phase in (DEPLOY, MUSTER):
        for c in mine:
            if c.place in (SCREEN, HOLD):
                _refused(out, state, seat, c.code, "launch", [mv.launch(c.code)])
    if turn.phase != ACTION:
        return out
    for c in mine:
        if c.place == LAUNCHED and c.code != turn.card:
            _refused(out, state, seat, c.code, "activate", [mv.activate(c.code)])
    card = state.card(turn.card) if turn.card else None
    if card is None or card.place != LAUNCHED:
        return out
    enemies = [p for c, p in state.on_board() if c.place == LAUNCHED and state.enemy(seat, c.owner)]
    for piece in card.pieces:
        lead = dict(turn.lead).get(piece.id, "")
        steps = [mv.step(piece.id, f, t) for f, t, _ in successors(state, piece, size(card), lead)]
        free_to_move = not turn.attacking and piece.id not in turn.stopped
        if not steps and free_to_move and turn.used(piece.id) < move_number(card):
            why = f"{piece.id.upper()} has no free space to move to."
            out.append({"ship": piece.id, "action": "move", "why": why})
        _refused(
            out, state, seat, piece.id, "move", steps or [mv.step(piece.id, piece.hexes[0], piece.hexes[0])]
        )
        here = piece.hexes
        nearest = sorted(enemies, key=lambda e: geo(state).gap(here, e.hexes))
        shots = [mv.fire(piece.id, key, e.id) for key in weapons(state, card, piece) for e in nearest]
        if not enemies:
            out.append(
                {
                    "ship": piece.id,
                    "action": "attack",
                    "why": "No enemy ship is on the battlefield to attack.",
                }
            )
        _refused(out, state, seat, piece.id, "attack", shots)
    return out


def _refused(
    out: list[dict[str, str]], state: State, seat: int, ship: str, action: str, moves: list[Move]
) -> None:
    """Add the first refusal of ``moves`` when none of them is legal (nothing when one is, or
    when a reason for this ship and action is there already)."""
    if not moves or any(o["ship"] == ship and o["action"] == action for o in out):
        return
    candidates = listed(state, seat)
    problems = [check(state, seat, m) if m in candidates else None for m in moves]
    if any(m in candidates and p is None for m, p in zip(moves, problems, strict=True)):
        return
    first = next((p for p in problems if p is not None), None)
    if first is None:
        first = check(state, seat, moves[0])
    if first is not None:
        out.append({"ship": ship, "action": action, "why": first.message})

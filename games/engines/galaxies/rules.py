"""What each legal move does: the dispatcher from a checked, listed move to the rule modules.

Every handler returns the new state and its events, never mutating its input; sealed moves
(selection edits, loading holds, standing orders: ``moves.MOVES``) are seen by their authors
only (the kit's referee sets Step.move_audience), and a card passed to a teammate by the team.
"""

from __future__ import annotations

from dataclasses import replace

from ..base import Event, Move, Step
from ..dice import Dice
from . import combat, deploy, movement, selection, tactics, turns
from .moves import ORDERS
from .reactions import answer as react_answer
from .reactions import push, run
from .selection import setup
from .state import ACTION, State, Trigger

Events = list[Event]


def play(state: State, seat: int, m: Move, dice: Dice) -> Step:
    if m.kind == "orders":
        return ORDERS.play(state, seat, m)
    state, events = HANDLERS[m.kind](state, seat, m, dice)
    audience = frozenset({seat, m["to"]}) if m.kind == "give" else None  # sealed kinds: the referee
    return Step(state, tuple(events), audience)


def _react(state: State, seat: int, m: Move, dice: Dice) -> tuple[State, Events]:
    return react_answer(state, seat, m["card"], dice)


def _fleet(state: State, seat: int, m: Move, dice: Dice) -> tuple[State, Events]:
    return selection.edit_fleet(state, seat, m["ship"], m["version"])


def _deck(state: State, seat: int, m: Move, dice: Dice) -> tuple[State, Events]:
    return selection.edit_deck(state, seat, m["card"], m["n"])


def _reset(state: State, seat: int, m: Move, dice: Dice) -> tuple[State, Events]:
    return selection.reset(state, seat)


def _ready(state: State, seat: int, m: Move, dice: Dice) -> tuple[State, Events]:
    return selection.ready(state, seat, dice)


def _first(state: State, seat: int, m: Move, dice: Dice) -> tuple[State, Events]:
    return selection.choose_first(state, seat, m["seat"], dice)


def _launch(state: State, seat: int, m: Move, dice: Dice) -> tuple[State, Events]:
    return deploy.launch(state, seat, m["ship"])


def _place(state: State, seat: int, m: Move, dice: Dice) -> tuple[State, Events]:
    assert state.turn is not None
    if state.turn.warp:
        return movement.warp_place(state, seat, m["ship"], tuple(m["hexes"]))
    return deploy.place(state, seat, m["ship"], tuple(m["hexes"]), dice)


def _load(state: State, seat: int, m: Move, dice: Dice) -> tuple[State, Events]:
    return deploy.load(state, seat, m["ship"], m["into"])


def _unload(state: State, seat: int, m: Move, dice: Dice) -> tuple[State, Events]:
    return deploy.unload(state, seat, m["ship"])


def _activate(state: State, seat: int, m: Move, dice: Dice) -> tuple[State, Events]:
    return movement.activate(state, seat, m["ship"])


def _step(state: State, seat: int, m: Move, dice: Dice) -> tuple[State, Events]:
    return movement.step(state, seat, m["ship"], m["from"], m["to"], dice)


def _warp(state: State, seat: int, m: Move, dice: Dice) -> tuple[State, Events]:
    return movement.warp(state, seat, m["ship"], m["to"])


def _fire(state: State, seat: int, m: Move, dice: Dice) -> tuple[State, Events]:
    state, events, trigger = combat.fire(state, seat, m["ship"], m["weapon"], m["target"])
    state, more = push(state, [trigger], dice)
    return state, events + more


def _play(state: State, seat: int, m: Move, dice: Dice) -> tuple[State, Events]:
    return tactics.play(state, seat, m["card"], m["target"])


def _discard(state: State, seat: int, m: Move, dice: Dice) -> tuple[State, Events]:
    return turns.discard(state, seat, m["card"])


def _give(state: State, seat: int, m: Move, dice: Dice) -> tuple[State, Events]:
    return turns.give(state, seat, m["card"], m["to"])


def _next(state: State, seat: int, m: Move, dice: Dice) -> tuple[State, Events]:
    """Entering the action phase opens the opponents' "action_start" windows (AS-BG-3 d)."""
    state, events = turns.next_phase(state)
    assert state.turn is not None
    if state.turn.phase == ACTION:
        opponents = [s for s in range(len(state.players)) if state.enemy(seat, s)]
        state, more = push(state, [Trigger("action_start", s, "action_start") for s in opponents], dice)
        events += more
    return state, events


def _draw(state: State, seat: int, m: Move, dice: Dice) -> tuple[State, Events]:
    return turns.choose_draw(state, seat, m["deck"], dice)


def _end(state: State, seat: int, m: Move, dice: Dice) -> tuple[State, Events]:
    assert state.turn is not None
    state = replace(state, turn=replace(state.turn, card=""))
    return turns.end_turn(state, dice)


HANDLERS = {
    "react": _react,
    "fleet": _fleet,
    "deck": _deck,
    "reset": _reset,
    "ready": _ready,
    "first": _first,
    "launch": _launch,
    "place": _place,
    "load": _load,
    "unload": _unload,
    "activate": _activate,
    "step": _step,
    "warp": _warp,
    "fire": _fire,
    "play": _play,
    "discard": _discard,
    "give": _give,
    "next": _next,
    "end": _end,
    "draw": _draw,
}

__all__ = ["play", "run", "setup"]

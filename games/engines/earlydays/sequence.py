"""The turn sequence: Initiative, Movement, Shooting, End ([SEED] turn phases).

Each function moves the match on until some seat has something to do, so that nobody is
asked for a move that has only one answer (rules/README decision 8: auto-pass).
"""

from __future__ import annotations

from dataclasses import replace

from ..base import Event
from ..dice import Dice
from . import endphase, fire_orders, movement, scenarios, shooting
from .data import IMPERIAL, REBEL, RULES, SIDES
from .state import END, INITIATIVE, MOVE, OVER, SHOOT, TURN, Pending, State, with_unit

Events = list[Event]


def start_turn(state: State, dice: Dice) -> tuple[State, Events]:
    """SW-04: each side rolls 1d6, re-rolling ties; the winner chooses who moves first."""
    turn = state.turn + 1
    units = tuple(replace(u, manoeuvre="") for u in state.units)
    state = replace(
        state,
        phase=TURN,
        turn=turn,
        step=INITIATIVE,
        units=units,
        moved=(),
        moving=None,
        fire_done=(False, False),
        fire=(),
        hits=(),
        end_queue=(),
        pending=None,
    )
    events = [Event("turn_started", {"turn": turn})]
    if state.dock_turn and turn == state.dock_turn and not state.dock_revealed:  # SW-62
        state = replace(state, dock_revealed=True)
        events.append(Event("dock_turn_revealed", {"turn": turn}))
    die = RULES["initiative"]["die"]
    while True:
        rolls = (dice.roll(die, "Rebel initiative (SW-04)"), dice.roll(die, "Imperial initiative (SW-04)"))
        events.append(Event("initiative_rolled", {"rolls": list(rolls), "tie": rolls[0] == rolls[1]}))
        if rolls[0] != rolls[1]:
            break
    winner = REBEL if rolls[0] > rolls[1] else IMPERIAL
    state = replace(state, initiative=(*rolls, winner))
    if state.orders[winner].ask:
        state = replace(state, pending=Pending("initiative", winner, "", ("first", "second")))
        return state, [*events, Event("decision_asked", {"kind": "initiative", "seat": winner})]
    state, more = choose_first(state, winner, state.orders[winner].initiative, dice)
    return state, events + more


def choose_first(state: State, winner: int, choice: str, dice: Dice) -> tuple[State, Events]:
    first = winner if choice == "first" else 1 - winner
    state = replace(state, pending=None, first=first, step=MOVE)
    events = [Event("initiative_chosen", {"winner": winner, "choice": choice, "first": first})]
    state, more = next_mover(state, first, dice)
    return state, events + more


def _can_move(state: State, seat: int) -> bool:
    return any(movement.movable(state, u) for u in state.on_map(seat))


def next_mover(state: State, prefer: int, dice: Dice) -> tuple[State, Events]:
    """Alternate unit by unit; a side with nothing left to move is skipped (SW-05)."""
    for seat in (prefer, 1 - prefer):
        if _can_move(state, seat):
            return replace(state, mover=seat), []
    return start_shooting(state, dice)


def finish_unit(state: State, unit_id: str, dice: Dice) -> tuple[State, Events]:
    """A unit's movement is over: note it, dock a transport, hand over to the other side."""
    u = state.unit(unit_id)
    assert u is not None
    state = replace(state, moving=None, moved=(*state.moved, unit_id))
    events = [Event("movement_ended", {"unit": unit_id, "hex": u.hex, "status": u.status})]
    target = scenarios.dock_target(state, u)
    if target != u.docked:
        state = with_unit(state, replace(u, docked=target))
        if target:
            events.append(Event("transport_docked", {"unit": u.id, "with": target}))
    state, more = next_mover(state, 1 - u.seat, dice)
    return state, events + more


def start_shooting(state: State, dice: Dice) -> tuple[State, Events]:
    """AS-SW-1: both sides give one sealed decision per fire slot; a side with none is done."""
    state = replace(
        state, step=SHOOT, fire_done=tuple(not fire_orders.slots(state, s) for s in (REBEL, IMPERIAL))
    )
    events = [Event("shooting_started", {"done": list(state.fire_done)})]
    state, more = maybe_resolve(state, dice)
    return state, events + more


def maybe_resolve(state: State, dice: Dice) -> tuple[State, Events]:
    if not all(state.fire_done):
        return state, []
    state, events = shooting.resolve(state, dice)
    state = replace(state, step=END, end_queue=endphase.queue(state))
    state, more = continue_end(state, dice)
    return state, events + more


def continue_end(state: State, dice: Dice) -> tuple[State, Events]:
    """Run the End phase; when it is through, check victory (SW-11 step 5) or turn over."""
    state, events = endphase.run(state, dice)
    if state.pending is not None:
        return state, events
    result = scenarios.check(state)
    if result is not None:
        state = replace(state, phase=OVER, step="", pending=None, moving=None, outcome=result)
        events.append(
            Event(
                "game_over",
                {
                    "winners": list(result.winners),
                    "draw": result.draw,
                    "reason": result.reason,
                    "turn": state.turn,
                },
            )
        )
        return state, events
    state, more = start_turn(state, dice)
    return state, events + more


__all__ = ["SIDES", "choose_first", "continue_end", "finish_unit", "maybe_resolve", "start_turn"]

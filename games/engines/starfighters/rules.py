"""The round: Roll dice > Activate systems > Move torpedoes ([SEED] How to play).

``play`` applies one checked, listed move; ``settle`` then runs everything that needs
nobody's decision (the reveal, auto-passes, standing orders, the torpedo phase) until a
player owes a move or the game is over.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..base import Event, Move, Step
from ..dice import Dice
from . import activations, drives, rollphase, torpedoes
from .checks import activatable, check
from .damage import Events, chosen_die, lose_die
from .data import DATA, RULES
from .moves import ORDERS, activation_candidates
from .state import ACTIVATE, MODES, ROLL, TEAMS, TORPEDOES, Orders, Reason, Ship, State, Turns
from .whynot import pass_reasons


def setup(options: Mapping[str, Any], seats: int, dice: Dice) -> Step:
    """Each player: a ship on its start hex, full shields, 3 reactors, 5 hull, 9 dice ([SEED])."""
    ships = []
    for seat, start in enumerate(DATA.starts[seats]):
        side = DATA.sides[options.get(f"ship_{seat + 1}", "A")]
        reactors = sum(g.reactors for g in side.groups)
        ships.append(
            Ship(
                seat=seat,
                side=side.key,
                team=start.team,
                hex=start.hex,
                heading=start.heading,
                shields=side.shields,
                hull=RULES["hull"],
                reactors=reactors,
                dice=tuple(d for d, _ in DATA.dice),
            )
        )
    state = State(
        seats=seats,
        mode=MODES[seats],
        victory=options.get("three_player_victory", "last"),
        round=0,
        phase=ROLL,
        ships=tuple(ships),
        orders=tuple(Orders() for _ in range(seats)),
        round_limit=options.get("round_limit", RULES["round_limit"]),
    )
    data = {
        "mode": state.mode,
        "sides": [s.side for s in ships],
        "teams": [s.team for s in ships],
        "victory": state.victory,
    }
    state, events = rollphase.start(state)
    return Step(state, (Event("match_started", data), *events))


def play(state: State, seat: int, m: Move, dice: Dice) -> Step:
    """Apply a move that ``checks.check`` accepted and ``legal.legal`` lists. The referee
    seals the kinds the table says are sealed; the Cockpit ability is sealed in the Roll
    phase only."""
    events: Events
    sealed = m.kind == "cockpit" and state.phase == ROLL
    if m.kind == "orders":
        return ORDERS.play(state, seat, m)
    if m.kind == "lose":
        state = replace(state, pending=state.pending[1:])
        state, events = lose_die(state, seat, m["die"])
    elif m.kind == "reroll":  # SF-51: the B2 attack is resolved, and the activation is over
        ask, state = state.pending[0], replace(state, pending=state.pending[1:])
        state, events = activations.reroll(state, seat, ask, m["dice"], dice)
        if state.outcome is None:
            state = _next_turn(state)
    elif m.kind == "steer":
        torpedo = state.torpedo(state.pending[0].torpedo)
        assert torpedo is not None
        state = replace(state, pending=state.pending[1:])
        state, events = torpedoes.move(state, torpedo, m["hex"], dice)
    elif state.phase == ROLL:
        state, events = rollphase.play(state, seat, m, dice)
    else:
        state, events = _activation_move(state, seat, m, dice)
    state, more = settle(state, dice)
    return Step(state, tuple(events + more), frozenset({seat}) if sealed else None)


def _activation_move(state: State, seat: int, m: Move, dice: Dice) -> tuple[State, Events]:
    turns = state.turns
    assert turns is not None
    if m.kind == "pass":
        turns = replace(turns, passed=(*turns.passed, state.unit_of(seat)))
        state, events = replace(state, turns=turns), [Event("passed", {"seat": seat, "auto": False})]
        return _next_turn(state), events
    if m.kind == "cockpit":
        state = activations.cockpit_move(state, seat, m["die"], m["space"])
        state = replace(state, turns=replace(turns, actor=seat, cockpit=(*turns.cockpit, seat)))
        return state, [Event("cockpit_moved", {"seat": seat, "die": m["die"], "space": m["space"]})]
    if m.kind == "activate":
        state, events = activations.activate(state, seat, m, dice)
    else:
        state, events = drives.step(state, seat, m, dice)
    rerolling = any(p.kind == "reroll" for p in state.pending)
    if state.outcome is None and state.turns is not None and state.turns.drive is None and not rerolling:
        state = _next_turn(state)
    return state, events


# -- turn order (AS-SF-2, SF-30, SF-31) ----------------------------------------------------------
def _units(state: State) -> tuple[int, ...]:
    if state.mode == TEAMS:
        return tuple(sorted({state.ships[s].team for s in state.alive()}))
    return state.alive()


def _begin_turns(state: State, dice: Dice) -> tuple[State, Events]:
    """The button hitter first; nobody fired: the next after last round's first (AS-SF-1.5)."""
    units = _units(state)
    if state.hitter is not None:
        first = state.unit_of(state.hitter)
    elif state.first is not None:
        later = [u for u in units if u > state.first]
        first = later[0] if later else units[0]
    else:
        first = dice.pick(units, "who activates first (nobody hit the button)")
    i = units.index(first)
    order = units[i:] + units[:i]
    turns = Turns(units=order, on=first)
    state = replace(state, first=first, turns=turns, passes=())
    seats = list(state.unit_seats(first))
    hitter = state.hitter
    if state.mode == TEAMS and hitter is not None and can_act(state, hitter):
        # [SEED] 2 v 2: "The player who hit the button goes first", not the hitter's team mate
        # (a hitter with nothing to activate leaves the first team turn to the team, SF-30).
        state = replace(state, turns=replace(turns, actor=hitter))
        seats = [hitter]
    return state, [
        Event("activations_begin", {"first": seats, "order": [list(state.unit_seats(u)) for u in order]})
    ]


def _next_turn(state: State) -> State:
    turns = state.turns
    assert turns is not None
    units = turns.units
    i = units.index(turns.on)
    for k in range(1, len(units) + 1):
        unit = units[(i + k) % len(units)]
        if unit not in turns.passed and state.unit_seats(unit):
            return replace(state, turns=replace(turns, on=unit, actor=None, drive=None))
    return replace(state, turns=replace(turns, actor=None, drive=None, passed=units))


def _words(reasons: tuple[Reason, ...]) -> list[list[str]]:
    """Event data is plain JSON: lists, never tuples (events are compared after a round trip)."""
    return [list(r) for r in reasons]


def can_act(state: State, seat: int) -> bool:
    """SF-30: is any activation possible now, if need be after the A-side Cockpit ability?"""
    if state.ships[seat].destroyed:
        return False
    if activatable(state, seat):
        return True
    return any(
        m.kind == "cockpit" and check(state, seat, m) is None for m in activation_candidates(state, seat)
    )


def settle(state: State, dice: Dice) -> tuple[State, Events]:
    """Run the game forward until somebody owes a move (or the game is over)."""
    events: Events = []
    while state.outcome is None:
        if state.pending:
            p = state.pending[0]
            if state.orders[p.seat].ask or p.kind == "reroll":  # a re-roll is the attacker's own choice
                break
            assert p.kind == "lose"  # a steer decision is only ever opened for "ask me"
            state = replace(state, pending=state.pending[1:])
            state, more = lose_die(state, p.seat, chosen_die(state, p.seat, p.options))
            events += more
        elif state.phase == ROLL:
            if not rollphase.finished(state):
                break
            state, more = rollphase.resolve(state, dice)
            events += more
        elif state.phase == ACTIVATE:
            if state.turns is None:
                state, more = _begin_turns(state, dice)
                events += more
                continue
            turns = state.turns
            if turns.drive is not None:
                break
            if set(turns.passed) >= set(turns.units):
                state = torpedoes.begin(state)
                continue
            seats = (turns.actor,) if turns.actor is not None else state.unit_seats(turns.on)
            if any(can_act(state, s) for s in seats):
                break
            why = {s: pass_reasons(state, s) for s in seats}
            state = replace(
                state,
                turns=replace(turns, passed=(*turns.passed, turns.on)),
                passes=(*state.passes, *why.items()),
            )
            events += [Event("passed", {"seat": s, "auto": True, "why": _words(why[s])}) for s in seats]
            state = _next_turn(state)
        elif state.phase == TORPEDOES:
            state, more = torpedoes.process(state, dice)
            events += more
            if state.queue or state.pending or state.outcome is not None:
                continue
            flipped = sorted(t.id for t in state.torpedoes if not t.face_up)
            state = replace(state, torpedoes=tuple(replace(t, face_up=True) for t in state.torpedoes))
            if flipped:
                events.append(Event("torpedoes_flipped", {"torpedoes": flipped}))
            state, more = rollphase.start(state)
            events += more
        else:
            break
    return state, events

"""What each legal move does to the state: SETUP, SEQUENCE OF PLAY, MOVE AST, GAME ENDS.

Every function here assumes the move was already checked (``checks.py``) and listed
(``legal.py``); it returns the new state and the events, never mutating its input. The
referee gives a sealed kind's step (``moves.MOVES``) its author as the move's audience.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..base import Event, Move, Outcome, Step
from ..dice import Dice
from ..kit.codec import set_at
from . import combat
from .data import AP, COLOURS, DATA, MOVE_AST
from .geometry import asteroid_targets, in_zone
from .legal import can_draw
from .moves import ORDERS, RULES, fleet_counts
from .state import (
    DRAWING,
    OVER,
    PLACE,
    PLAY,
    SPENDING,
    Hold,
    Ship,
    State,
    Turn,
    colour,
    with_hand,
)

Events = list[Event]


def setup(options: Mapping[str, Any], seats: int, dice: Dice) -> Step:
    """Throw for the asteroids (SD-02, re-roll an occupied square) and the first player."""
    events: Events = []
    asteroids: list[str] = []
    for n in range(1, DATA.asteroid_count + 1):
        while True:
            roll = dice.roll(RULES["die"], f"asteroid {n} square")
            sq = DATA.placement[roll - 1]
            taken = sq in asteroids
            events.append(Event("asteroid_placed", {"n": n, "roll": roll, "square": sq, "ok": not taken}))
            if not taken:
                asteroids.append(sq)
                break
    choice = options.get("first_player", "random")
    if choice == "random":  # SD-12
        throw: int | None = dice.roll(RULES["die"], "first player")
        assert throw is not None
        first = DATA.first_player[throw - 1]
    else:
        throw, first = None, COLOURS.index(choice)
    events.append(Event("first_player", {"seat": first, "colour": colour(first), "roll": throw}))
    state = State(
        points_limit=options.get("points_limit", RULES["points_limit"]),
        turn_cap=options.get("turn_cap", RULES["turn_cap"]),
        movement=options.get("movement", "straight"),
        first=first,
        asteroids=tuple(asteroids),
        place_next=first,
        cup=tuple(sorted(cid for cid, _ in DATA.counter_box)),
    )
    return Step(state, tuple(events))


def play(state: State, seat: int, m: Move, dice: Dice) -> Step:
    """Apply a checked, listed move."""
    if m.kind == "orders":
        return ORDERS.play(state, seat, m)
    if m.kind == "fleet":
        state, events = _fleet(state, seat, fleet_counts(m))
        return Step(state, tuple(events))
    if m.kind == "discard":
        state = _discard(state, seat, m["counter"])
        return Step(state, (Event("counter_discarded", {"seat": seat}),))
    state, events = HANDLERS[m.kind](state, seat, m, dice)
    if state.phase == PLAY:
        state, more = check_end(state)
        events += more
        if state.phase == PLAY and m.kind == "draw" and not can_draw(state, seat):
            state, more = end_turn(state, auto=True)
            events += more
    return Step(state, tuple(events))


# -- build and place --------------------------------------------------------------------
def _fleet(state: State, seat: int, counts: dict[str, int]) -> tuple[State, Events]:
    """AS-SD-1: a sealed fleet; ids hold-<seat>-<n> are shown to the owner only."""
    types = [t for t in DATA.ship_types for _ in range(counts[t])]
    hold = tuple(Hold(f"hold-{seat}-{i}", t) for i, t in enumerate(types, 1))
    state = replace(
        state,
        sealed=set_at(state.sealed, seat, True),
        holds=set_at(state.holds, seat, hold),
    )
    pts = sum(DATA.ship_types[t].pts for t in types)
    events = [
        Event("fleet_sealed", {"seat": seat}),
        Event(
            "fleet_contents",
            {"seat": seat, "ships": {t: counts[t] for t in DATA.ship_types}, "pts": pts},
            frozenset({seat}),
        ),
    ]
    if all(state.sealed):
        state = replace(state, phase=PLACE, place_next=state.first)
        events.append(Event("phase_started", {"phase": PLACE, "seat": state.first}))
    return state, events


def _place(state: State, seat: int, m: Move, dice: Dice) -> tuple[State, Events]:
    """SETUP + SD-11: alternate placements; whoever still has ships places the rest."""
    hold = list(state.holds[seat])
    entry = next(h for h in hold if h.type == m["ship"])
    hold.remove(entry)
    number = state.placed[seat] + 1
    ship = Ship(f"{colour(seat)}-{number}", seat, entry.type, m["to"])
    state = replace(
        state,
        holds=set_at(state.holds, seat, tuple(hold)),
        placed=set_at(state.placed, seat, number),
        ships=(*state.ships, ship),
    )
    events = [
        Event(
            "ship_placed",
            {"seat": seat, "ship": ship.id, "type": ship.type, "square": ship.square},
        )
    ]
    other = 1 - seat
    if state.holds[other]:
        return replace(state, place_next=other), events
    if state.holds[seat]:
        return replace(state, place_next=seat), events
    state = replace(state, phase=PLAY, turn=Turn(state.first, 1))
    events.append(Event("phase_started", {"phase": PLAY, "seat": state.first}))
    events.append(Event("turn_started", {"seat": state.first, "number": 1}))
    return state, events


# -- a game turn ----------------------------------------------------------------------------
def _discard(state: State, seat: int, counter: str) -> State:
    """[1]: one counter back into the cup (the move is sealed: only its author sees which)."""
    hand = list(state.hands[seat])
    cid = next(c for c in hand if DATA.counter_type(c) == counter)
    hand.remove(cid)
    state = with_hand(state, seat, tuple(hand))
    return replace(state, cup=tuple(sorted((*state.cup, cid))))


def _draw(state: State, seat: int, m: Move, dice: Dice) -> tuple[State, Events]:
    """[2a] + SD-08: one counter from the cup, seen by the drawer; MOVE AST is resolved."""
    turn = state.turn
    assert turn is not None
    # The die is recorded for no one until the match ends: its face is a place in the
    # sorted cup, which would tell even the drawer what else the cup holds (AS-SD-2).
    cid = dice.pick(state.cup, "draw a counter", audience=())
    kind = DATA.counter_type(cid)
    turn = replace(turn, stage=DRAWING, draws=turn.draws + 1, repeat=None)
    state = replace(state, turn=turn, cup=tuple(c for c in state.cup if c != cid))
    events = [Event("counter_drawn", {"seat": seat, "draw": turn.draws})]
    if kind == MOVE_AST:
        events.append(Event("move_ast_drawn", {"seat": seat}))
        state, more = move_asteroid(state, dice)
        events += more
        return replace(state, cup=tuple(sorted((*state.cup, cid)))), events
    state = with_hand(state, seat, (*state.hands[seat], cid))
    label = DATA.counters[kind].label
    events.append(
        Event("counter_received", {"seat": seat, "counter": kind, "label": label}, frozenset({seat}))
    )
    return state, events


def move_asteroid(state: State, dice: Dice) -> tuple[State, Events]:
    """MOVE AST with SD-05 (which asteroid), SD-06 (direction) and SD-07 (boxed in)."""
    events: Events = []
    movable = [n for n in range(1, len(state.asteroids) + 1) if asteroid_targets(state, n)]
    while True:
        roll = dice.roll(RULES["die"], "MOVE AST: which asteroid")
        n = DATA.select[roll - 1]
        can_move = n in movable
        events.append(Event("asteroid_selected", {"n": n, "roll": roll, "can_move": can_move}))
        if can_move:
            break
        if not movable:
            events.append(Event("asteroid_stuck", {}))
            return state, events
    targets = asteroid_targets(state, n)
    while True:
        roll = dice.roll(RULES["die"], f"MOVE AST: direction of asteroid {n}")
        direction = DATA.directions[roll - 1]
        if direction in targets:
            break
        events.append(Event("asteroid_blocked", {"n": n, "roll": roll, "direction": direction}))
    frm, to = state.asteroids[n - 1], targets[direction]
    victim = state.ship_at(to)
    state = replace(state, asteroids=set_at(state.asteroids, n - 1, to))
    events.append(
        Event(
            "asteroid_moved",
            {"n": n, "roll": roll, "direction": direction, "from": frm, "to": to},
        )
    )
    if victim is not None:  # SD-15: either colour
        state = combat.eliminate(state, victim)
        events.append(
            Event(
                "ship_eliminated",
                {
                    "seat": victim.owner,
                    "ship": victim.id,
                    "type": victim.type,
                    "square": victim.square,
                    "cause": "asteroid",
                },
            )
        )
    return state, events


def _pay(state: State, seat: int, cost: int) -> State:
    """[2b]: every spent AP counter goes back into the cup."""
    hand = list(state.hands[seat])
    spent = [c for c in hand if DATA.counter_type(c) == AP][:cost]
    for c in spent:
        hand.remove(c)
    turn = state.turn
    assert turn is not None
    turn = replace(turn, stage=SPENDING, ap_spent=turn.ap_spent + cost, repeat=None)
    state = with_hand(state, seat, tuple(hand))
    return replace(state, turn=turn, cup=tuple(sorted((*state.cup, *spent))))


def _move(state: State, seat: int, m: Move, dice: Dice) -> tuple[State, Events]:
    ship = state.ship_at(m["from"])
    assert ship is not None
    state = _pay(state, seat, RULES["move_cost"])
    moved = replace(ship, square=m["to"])
    state = replace(state, ships=tuple(moved if s.id == ship.id else s for s in state.ships))
    event = Event(
        "ship_moved",
        {"seat": seat, "ship": ship.id, "from": ship.square, "to": moved.square, "ap": RULES["move_cost"]},
    )
    return state, [event]


def _attack(state: State, seat: int, m: Move, dice: Dice) -> tuple[State, Events]:
    att, dfn = state.ship_at(m["from"]), state.ship_at(m["to"])
    assert att is not None and dfn is not None
    state = _pay(state, seat, RULES["combat_cost"])
    state, events = combat.start(state, att.id, dfn.id, False, dice, then_repeat=m.get("repeat", False))
    return _declared_repeat(state, events, dice)


def _repeat(state: State, seat: int, m: Move, dice: Dice) -> tuple[State, Events]:
    assert state.turn is not None and state.turn.repeat is not None
    attacker, defender = state.turn.repeat
    state = _pay(state, seat, RULES["repeat_cost"])
    return combat.start(state, attacker, defender, True, dice)


def _defend(state: State, seat: int, m: Move, dice: Dice) -> tuple[State, Events]:
    assert state.pending is not None
    counter = None if m["counter"] == "none" else m["counter"]
    events = [Event("defence_answered", {"seat": seat, "counter": m["counter"]})]
    state, more = combat.resolve(state, state.pending, counter, dice)
    return _declared_repeat(state, events + more, dice)


def _declared_repeat(state: State, events: Events, dice: Dice) -> tuple[State, Events]:
    """AS-SD-4: a repeat declared with the attack follows at once if the defender survived.

    It waits while the defender decides on a DEF counter ("ask me"), and then follows the
    answer in the same entry. The 1 AP is there: the declaration needed it up front.
    """
    c, turn = state.last_combat, state.turn
    if state.pending is not None or c is None or not c.then_repeat or turn is None or turn.repeat is None:
        return state, events
    assert state.held(turn.seat, AP) >= RULES["repeat_cost"]
    state = _pay(state, turn.seat, RULES["repeat_cost"])
    state, more = combat.start(state, c.attacker, c.defender, True, dice)
    return state, events + more


def _end(state: State, seat: int, m: Move, dice: Dice) -> tuple[State, Events]:
    return end_turn(state, auto=False)


HANDLERS = {
    "place": _place,
    "draw": _draw,
    "move": _move,
    "attack": _attack,
    "repeat": _repeat,
    "defend": _defend,
    "end": _end,
}


# -- the end of a turn and of the game ---------------------------------------------------
def end_turn(state: State, auto: bool) -> tuple[State, Events]:
    """Close the game turn; after both players have had ``turn_cap`` turns, SD-14 decides."""
    turn = state.turn
    assert turn is not None
    taken = set_at(state.turns_taken, turn.seat, state.turns_taken[turn.seat] + 1)
    state = replace(state, turns_taken=taken, turn=None)
    events = [Event("turn_ended", {"seat": turn.seat, "number": turn.number, "auto": auto})]
    if all(n >= state.turn_cap for n in taken):
        state, more = game_over(state, by_value(state, "turn_cap"))
        return state, events + more
    nxt = (turn.seat + 1) % len(taken)
    state = replace(state, turn=Turn(nxt, taken[nxt] + 1))
    events.append(Event("turn_started", {"seat": nxt, "number": taken[nxt] + 1}))
    return state, events


def scores(state: State) -> dict[int, int]:
    return {seat: state.fleet_value(seat) for seat in range(len(COLOURS))}


def by_value(state: State, reason: str) -> Outcome:
    """GAME ENDS: the higher remaining fleet value wins; equal values are a draw (SD-13)."""
    values = scores(state)
    best = max(values.values())
    winners = tuple(s for s, v in values.items() if v == best)
    if len(winners) > 1:
        return Outcome((), draw=True, reason=reason, scores=values)
    return Outcome(winners, reason=reason, scores=values)


def check_end(state: State) -> tuple[State, Events]:
    """GAME ENDS, checked after every action (SD-13)."""
    values = scores(state)
    empty = [s for s in values if not state.fleet(s)]
    if len(empty) == len(values):
        return game_over(state, Outcome((), draw=True, reason="all_eliminated", scores=values))
    if empty:
        winners = tuple(s for s in values if s not in empty)
        return game_over(state, Outcome(winners, reason="fleet_eliminated", scores=values))
    if all(in_zone(s.square, 1 - s.owner) for s in state.ships):
        return game_over(state, by_value(state, "zones_reached"))
    return state, []


def game_over(state: State, outcome: Outcome) -> tuple[State, Events]:
    state = replace(state, phase=OVER, turn=None, pending=None, outcome=outcome)
    scores_list = [outcome.scores[s] for s in sorted(outcome.scores)] if outcome.scores else []
    event = Event(
        "game_over",
        {
            "winners": list(outcome.winners),
            "draw": outcome.draw,
            "reason": outcome.reason,
            "scores": scores_list,
        },
    )
    return state, [event]

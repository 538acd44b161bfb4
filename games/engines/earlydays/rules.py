"""What each legal move does to the state: set-up, force building, deployment, the turn.

Every function here assumes the move was already checked (``checks.py``) and listed
(``legal.py``); it returns the new state and the events, never mutating its input.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..base import Event, Move, Step
from ..dice import Dice
from ..kit.codec import set_at
from . import endphase, fire_orders, forces, movement, scenarios, sequence
from .data import DATA, IMPERIAL, REBEL, RULES, SIDES
from .forces import entry_cost, entry_id
from .geometry import FACINGS, deploy_facing
from .moves import BUILD_KINDS, MOVE_KINDS, ORDERS
from .state import ACTIVE, BUILD, DEPLOY, RESERVE, Entry, Orders, State, with_unit

Events = list[Event]
DOCK_MARKER = "hostage-roll"


def setup(options: Mapping[str, Any], seats: int, dice: Dice) -> Step:
    """Fixed forces are sealed at once (SW-64); the Hostage D6 is rolled for the Rebels only."""
    sc = DATA.scenarios[options["scenario"]]
    drafts: list[tuple[Entry, ...]] = [(), ()]
    sealed, nxt = [False, False], [1, 1]
    for seat, rules in enumerate(sc.sides):
        if rules.fixed:
            drafts[seat] = tuple(Entry(entry_id(seat, i + 1), t, n) for i, (t, n) in enumerate(rules.fixed))
            sealed[seat], nxt[seat] = True, len(rules.fixed) + 1
    events = [
        Event(
            "match_set_up",
            {
                "scenario": sc.key,
                "points": options["points"],
                "turn_limit": options["turn_limit"],
                "budgets": [forces.budget(sc, options["points"], s) for s in (REBEL, IMPERIAL)],
            },
        )
    ]
    dock = 0
    if sc.get("dock_die"):  # SW-62: secret from the Imperials until that turn comes
        dock = dice.roll(
            sc.get("dock_die"), "Hostage situation: turns until the transport may dock (SW-62)", [REBEL]
        )
        events.append(Event("dock_turn_rolled", {"id": DOCK_MARKER, "turn": dock}, frozenset({REBEL})))
    state = State(
        scenario=sc.key,
        points=options["points"],
        turn_limit=options["turn_limit"],
        drafts=tuple(drafts),
        sealed=tuple(sealed),
        next_entry=tuple(nxt),
        dock_turn=dock,
    )
    return Step(state, tuple(events))


def play(state: State, seat: int, m: Move, dice: Dice) -> Step:
    """Apply a checked, listed move (a sealed kind's content goes to its author only, by the
    move table)."""
    if m.kind == "orders":
        return ORDERS.play(state, seat, m)
    if m.kind in BUILD_KINDS:
        state, events = _build(state, seat, m, dice)
    elif m.kind == "place":
        state, events = _place(state, seat, m, dice)
    elif m.kind == "initiative":
        state, events = sequence.choose_first(state, seat, m["choice"], dice)
    elif m.kind in ("pick", "repair"):
        state, events = _answer(state, m, dice)
    elif m.kind in MOVE_KINDS:
        state, events = _movement(state, m, dice)
    else:
        assert m.kind == "fire"
        state, events = _fire(state, seat, m, dice)
    return Step(state, tuple(events))


# -- force building and deployment ----------------------------------------------------------------
def _build(state: State, seat: int, m: Move, dice: Dice) -> tuple[State, Events]:
    """AS-SW-1 / GAPS 2.5: the draft is seen by its author only until both are sealed."""
    if m.kind == "seal":
        state = replace(state, sealed=set_at(state.sealed, seat, True))
        events = [Event("force_sealed", {"seat": seat})]
        if all(state.sealed):
            state, more = scenarios.reveal(state)
            events += more
            state, more = _start_deployment(state, dice)
            events += more
        return state, events
    n = state.next_entry[seat]
    new = forces.edit(state.drafts[seat], m, entry_id(seat, n))
    assert new is not None
    state = replace(state, drafts=set_at(state.drafts, seat, new))
    if m.kind == "buy":
        state = replace(state, next_entry=set_at(state.next_entry, seat, n + 1))
    draft = {
        "seat": seat,
        **forces.to_json(new),
        "ids": [e.id for e in new],
        "cost": sum(entry_cost(e) for e in new),
    }
    return state, [Event("force_edited", {"seat": seat}), Event("force_draft", draft, frozenset({seat}))]


def _reserve(state: State, seat: int) -> bool:
    return any(u.status == RESERVE for u in state.side(seat))


def _start_deployment(state: State, dice: Dice) -> tuple[State, Events]:
    """SW-H5: deployment alternates unit by unit, the Imperials (the defenders) first."""
    first = SIDES.index(RULES["deployment"]["first"])
    for seat in (first, 1 - first):
        if _reserve(state, seat):
            return replace(state, phase=DEPLOY, deploy_next=seat), [
                Event("deployment_started", {"seat": seat})
            ]
    return sequence.start_turn(state, dice)


def _place(state: State, seat: int, m: Move, dice: Dice) -> tuple[State, Events]:
    u = state.unit(m["unit"])
    assert u is not None
    u = replace(u, hex=m["hex"], facing=deploy_facing(seat), status=ACTIVE)
    state = with_unit(state, u)
    events = [Event("unit_placed", {"unit": u.id, "seat": seat, "hex": u.hex, "facing": FACINGS[u.facing]})]
    for nxt in (1 - seat, seat):
        if _reserve(state, nxt):
            return replace(state, deploy_next=nxt), events
    state, more = sequence.start_turn(state, dice)
    return state, events + more


# -- the turn ---------------------------------------------------------------------------------------
def _answer(state: State, m: Move, dice: Dice) -> tuple[State, Events]:
    p = state.pending
    assert p is not None
    state = replace(state, pending=None)
    if m.kind == "pick":
        state, events = endphase.neutralize(state, p.unit, m["weapon"])
    else:
        state, events = endphase.apply_repair(state, p.unit, m["effect"])
    state, more = sequence.continue_end(state, dice)
    return state, events + more


def _movement(state: State, m: Move, dice: Dice) -> tuple[State, Events]:
    u = state.unit(m["unit"])
    assert u is not None
    state, events, finished = movement.apply(state, u, m, dice)
    if finished:
        state, more = sequence.finish_unit(state, u.id, dice)
        events += more
    return state, events


def _fire(state: State, seat: int, m: Move, dice: Dice) -> tuple[State, Events]:
    """AS-SW-1: one sealed decision, an attack or a hold. The others see only that one of
    the decisions they can count on the map was given, never which or what it was."""
    state, fo = fire_orders.order(state, seat, m)
    left = len(fire_orders.owed(state, seat))
    events = [
        Event("fire_ordered", {"seat": seat, **_order(fo)}, frozenset({seat})),
        Event("fire_decided", {"seat": seat, "left": left}),
    ]
    if not left:  # every slot decided: sealed by itself (decision 8)
        state = fire_orders.done(state, seat)
        events.append(Event("fire_orders_sealed", {"seat": seat}))
        state, more = sequence.maybe_resolve(state, dice)
        events += more
    return state, events


def _order(fo: Any) -> dict[str, Any]:
    return {
        "id": fo.id,
        "unit": fo.unit,
        "group": fo.group,
        "weapon": fo.weapon,
        "target": fo.target,
        "mode": fo.mode,
    }


__all__ = ["BUILD", "Orders", "play", "setup"]

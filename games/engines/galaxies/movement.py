"""The Action phase's first two steps ([SEED] page 7): activating a ship card for energy,
once per turn, and moving its ships one space at a time - small, medium (leading end,
trailing end) and large (three new spaces per step, BG-07) - with ECM (BG-13)."""

from __future__ import annotations

from dataclasses import replace

from ..base import Event
from ..dice import Dice
from .board import debris, enemies_adjacent, size, successors
from .data import DATA
from .reactions import push
from .ships import ecm_immune
from .state import Card, Piece, State, Trigger, Turn, with_piece
from .turns import gain

Events = list[Event]


def activate(state: State, seat: int, code: str) -> tuple[State, Events]:
    """[SEED] Step 1: choose a ship card and pay its activation cost."""
    card = state.card(code)
    assert card is not None and state.turn is not None
    cost = DATA.stats(card.code, card.version).activate
    turn = state.turn
    state = replace(
        state,
        turn=Turn(
            seat=turn.seat,
            number=turn.number,
            phase=turn.phase,
            activated=(*turn.activated, code),
            card=code,
            rerolls=turn.rerolls,
        ),
    )
    state, events = gain(state, seat, -cost, "activation")
    return state, [Event("activated", {"seat": seat, "ship": code, "cost": cost}), *events]


def _moved(turn: Turn, pid: str, lead: str, stop: bool) -> Turn:
    """Book one space for ``pid``; the ship that moved before it is done ([SEED] squadron
    ships move one at a time)."""
    steps = dict(turn.steps)
    steps[pid] = steps.get(pid, 0) + 1
    stopped = list(turn.stopped)
    if turn.moving and turn.moving != pid and turn.moving not in stopped:
        stopped.append(turn.moving)
    if stop and pid not in stopped:
        stopped.append(pid)
    leads = dict(turn.lead)
    if lead:
        leads[pid] = lead
    return replace(
        turn,
        steps=tuple(sorted(steps.items())),
        stopped=tuple(stopped),
        moving=pid,
        lead=tuple(sorted(leads.items())),
    )


def step(state: State, seat: int, pid: str, frm: str, to: str, dice: Dice) -> tuple[State, Events]:
    found = state.piece(pid)
    assert found is not None and state.turn is not None
    card, piece = found
    sz = size(card)
    lead = dict(state.turn.lead).get(pid, "")
    new = next(n for f, t, n in successors(state, piece, sz, lead) if (f, t) == (frm, to))
    before = set(enemies_adjacent(state, card.owner, piece.hexes))
    moved = replace(piece, hexes=new)
    state, card = with_piece(state, card, moved)
    stop = bool(debris(state) & (set(new) - set(piece.hexes)))  # BG-10: entering debris ends the movement
    assert state.turn is not None
    state = replace(state, turn=_moved(state.turn, pid, to if sz == "medium" else "", stop))
    events: Events = [
        Event("moved", {"seat": seat, "ship": pid, "from": frm, "to": to, "hexes": list(new), "debris": stop})
    ]
    return _ecm(state, card.owner, card, moved, before, events, dice)


def _ecm(
    state: State, seat: int, card: Card, moved: Piece, before: set[str], events: Events, dice: Dice
) -> tuple[State, Events]:
    """[SEED] ECM: one roll per enemy ship the mover becomes adjacent to (BG-13), not again
    while it stays adjacent; never for ships launched or placed adjacent."""
    if ecm_immune(card):
        return state, events
    fresh = [e for e in enemies_adjacent(state, seat, moved.hexes) if e not in before]
    triggers = []
    for e in fresh:
        owner = state.piece(e)
        assert owner is not None
        triggers.append(Trigger("ecm", owner[0].owner, "ecm", moved.id, e))
    if not triggers:
        return state, events
    state, more = push(state, triggers, dice)
    return state, events + more


def warp(state: State, seat: int, pid: str, to: str) -> tuple[State, Events]:
    """[SOURCED] page 9 warp gate: instead of moving, place the ship on an empty space within
    reach. A medium ship's second hex is chosen by a ``place`` move next."""
    found, now = state.piece(pid), state.turn
    assert found is not None and now is not None
    card, piece = found
    events: Events = [Event("warped", {"seat": seat, "ship": pid, "to": to})]
    if size(card) == "small":
        state, card = with_piece(state, card, replace(piece, hexes=(to,)))
        return replace(state, turn=_moved(now, pid, "", True)), events
    return replace(state, turn=replace(now, placing=pid, warp=to)), events


def warp_place(state: State, seat: int, pid: str, hexes: tuple[str, ...]) -> tuple[State, Events]:
    found = state.piece(pid)
    assert found is not None and state.turn is not None
    card, piece = found
    state, card = with_piece(state, card, replace(piece, hexes=hexes))
    assert state.turn is not None
    turn = _moved(replace(state.turn, placing="", warp=""), pid, "", True)
    return replace(state, turn=turn), [
        Event(
            "ship_placed",
            {"seat": seat, "ship": pid, "card": card.code, "hexes": list(hexes), "shields": piece.shields},
        )
    ]

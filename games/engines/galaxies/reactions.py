"""Reaction windows (AS-BG-3) and how they are answered (rules/README decision 5).

A window opens for the player who may react: an enemy declares an attack on their ship
("attack", before the roll), an attack hits it ("hit", before damage), an enemy ship moves
adjacent to theirs ("ecm"), the opponent's action phase starts ("action_start"). Standing
orders answer at once; a player who chose "ask me" is asked on EVERY window, whatever their
hand holds, so that the pause itself reveals nothing. ECM rolls are the server's (AS-BG-2).
"""

from __future__ import annotations

from dataclasses import replace

from ..base import Event
from ..dice import Dice
from .combat import damage, resolve_hit, roll
from .data import DATA
from .moves import NONE
from .state import State, Tac, Trigger, with_player
from .turns import gain, to_discard

Events = list[Event]


def fitting(state: State, t: Trigger, seat: int) -> list[Tac]:
    """Cards of ``seat`` that answer the open window and can be paid for."""
    if t.stage == "hit" and t.result == "cancelled":
        return []
    energy = state.players[seat].energy
    return [
        tac
        for tac in state.players[seat].hand
        if DATA.cards[tac.kind].effect.window == t.stage and DATA.cards[tac.kind].cost <= energy
    ]


def _alive(state: State, t: Trigger) -> bool:
    if t.kind == "action_start":
        return True
    return state.piece(t.piece) is not None and state.piece(t.target) is not None


def push(state: State, triggers: list[Trigger], dice: Dice) -> tuple[State, Events]:
    state = replace(state, queue=(*state.queue, *triggers))
    return run(state, dice)


def run(state: State, dice: Dice) -> tuple[State, Events]:
    """Work through the queued windows until one must wait for an answer or none is left."""
    events: Events = []
    while state.queue and state.outcome is None and not state.asking:
        t = state.queue[0]
        if not _alive(state, t):
            state = replace(state, queue=state.queue[1:])
            continue
        orders = state.players[t.seat].orders
        if orders.ask:
            events.append(Event("window", {"seat": t.seat, "window": t.stage, "ship": t.target or None}))
            return replace(state, asking=True), events
        if orders.react == "always":
            cards = fitting(state, t, t.seat)
            if cards:
                state, t, more = use(state, t, cards[0])
                events += more
        state, more = proceed(state, t, dice)
        events += more
    if state.outcome is not None:
        state = replace(state, queue=(), asking=False)
    return state, events


def answer(state: State, seat: int, card_id: str, dice: Dice) -> tuple[State, Events]:
    """The asked player's answer: a fitting card or "none"; then play goes on."""
    t = state.queue[0]
    state = replace(state, asking=False)
    events: Events = [Event("answered", {"seat": seat, "window": t.stage, "played": card_id != NONE})]
    if card_id != NONE:
        tac = next(x for x in state.players[seat].hand if x.id == card_id)
        state, t, more = use(state, t, tac)
        events += more
    state, more = proceed(state, t, dice)
    events += more
    state, more = run(state, dice)
    return state, events + more


def use(state: State, t: Trigger, tac: Tac) -> tuple[State, Trigger, Events]:
    """Play a reactive card: pay, discard it face up, apply its effect to the window."""
    seat = t.seat
    kind = DATA.cards[tac.kind]
    p = state.players[seat]
    state = with_player(state, seat, hand=tuple(x for x in p.hand if x.id != tac.id))
    state = to_discard(state, seat, (tac,))
    events: Events = [
        Event(
            "card_played",
            {
                "seat": seat,
                "card": tac.id,
                "kind": tac.kind,
                "name": kind.name,
                "target": t.target or None,
                "window": t.stage,
            },
        )
    ]
    if kind.cost:
        state, more = gain(state, seat, -kind.cost, kind.name)
        events += more
    effect = kind.effect
    if effect.key == "weaken":
        t = replace(t, strength=max(0, t.strength - effect.params["strength"]))
    elif effect.key == "cancel_hit":
        t = replace(t, result="cancelled")
    elif effect.key == "ecm_auto":
        t = replace(t, auto=True)
    elif effect.key == "drain" and state.turn is not None:
        state, more = gain(state, state.turn.seat, -effect.params["amount"], kind.name)
        events += more
    return state, t, events


def proceed(state: State, t: Trigger, dice: Dice) -> tuple[State, Events]:
    """What follows a window once it is answered; replaces or removes the trigger."""
    rest = state.queue[1:]
    if t.stage == "attack":
        state, t, events = roll(state, t, dice)
        if t.result in ("hit", "critical"):
            return replace(state, queue=(replace(t, stage="hit"), *rest)), events
        return replace(state, queue=rest), events
    state = replace(state, queue=rest)
    if t.stage == "hit":
        state = replace(state, last_attack=t)
        return resolve_hit(state, t)
    if t.stage == "ecm":
        return ecm(state, t, dice)
    return state, []


def ecm(state: State, t: Trigger, dice: Dice) -> tuple[State, Events]:
    """[SEED] ECM: 5+ on the number die damages the mover by the enemy's size (1/2/3), as
    direct damage; the server always rolls (BG-13, AS-BG-2)."""
    found = state.piece(t.target)
    if found is None or state.piece(t.piece) is None:
        return state, []
    enemy_size = DATA.ships[found[0].code].size
    value = dice.roll(DATA.dice["numbers"], "ECM: number die")
    hit = t.auto or value >= DATA.ecm["hit_on"]
    amount = DATA.ecm["damage"][enemy_size] if hit else 0
    events: Events = [
        Event(
            "ecm",
            {
                "ship": t.piece,
                "enemy": t.target,
                "seat": t.seat,
                "roll": value,
                "hit": hit,
                "auto": t.auto,
                "damage": amount,
            },
        )
    ]
    state, more = damage(state, t.piece, amount, "normal", "ecm")
    return state, events + more

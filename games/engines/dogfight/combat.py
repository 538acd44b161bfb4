"""COMBAT: attack die, support, the defender's DEF counter decision, defence die, repeat.

A combat pauses with ``state.pending`` only when the defender's standing orders say
"ask me"; it then pauses on every potential hit, whatever the defender holds, so the
pause reveals nothing (AS-SD-3, rules/README decision 5).
"""

from __future__ import annotations

from dataclasses import replace

from ..base import Event
from ..dice import Dice
from .data import DATA, DEF2
from .geometry import is_adjacent
from .moves import RULES
from .state import Combat, Orders, Ship, State, with_hand


def supported(state: State, attacker: Ship, defender: Ship) -> bool:
    """SD-16: another friendly ship orthogonally adjacent to the defender (counted once)."""
    return any(
        s.owner == attacker.owner and s.id != attacker.id and is_adjacent(s.square, defender.square)
        for s in state.ships
    )


def by_orders(orders: Orders, hand: tuple[str, ...], ship_pts: int) -> str | None:
    """The DEF counter standing orders use (AS-SD-3): best, lowest or never."""
    allowed = [c for c in DATA.def_types if c in hand and (c != DEF2 or ship_pts >= orders.def2_min_pts)]
    if orders.def_counter == "never" or not allowed:
        return None
    return allowed[-1] if orders.def_counter == "best" else allowed[0]


def eliminate(state: State, ship: Ship) -> State:
    return replace(
        state,
        ships=tuple(s for s in state.ships if s.id != ship.id),
        lost=(*state.lost, ship),
    )


def start(
    state: State,
    attacker_id: str,
    defender_id: str,
    repeat: bool,
    dice: Dice,
    then_repeat: bool = False,
) -> tuple[State, list[Event]]:
    """Throw the attack die; on a potential hit, decide the DEF counter or pause to ask."""
    att, dfn = state.ship(attacker_id), state.ship(defender_id)
    assert att is not None and dfn is not None
    support = supported(state, att, dfn)
    target = DATA.ship_types[att.type].att + (RULES["support_bonus"] if support else 0)
    events = []
    if then_repeat:  # AS-SD-4: told before the dice, so everyone knows what follows
        events.append(Event("repeat_declared", {"seat": att.owner, "attacker": att.id, "defender": dfn.id}))
    roll = dice.roll(RULES["die"], f"attack {att.id} -> {dfn.id}")
    combat = Combat(att.id, dfn.id, repeat, support, roll, target, roll <= target, then_repeat=then_repeat)
    events += [
        Event(
            "attack_rolled",
            {
                "seat": att.owner,
                "attacker": att.id,
                "defender": dfn.id,
                "from": att.square,
                "to": dfn.square,
                "repeat": repeat,
                "support": support,
                "roll": roll,
                "target": target,
                "potential_hit": combat.potential_hit,
            },
        )
    ]
    if not combat.potential_hit:
        state, more = finish(state, replace(combat, result="miss"))
        return state, events + more
    orders = state.orders[dfn.owner]
    if orders.ask:
        events.append(Event("defence_asked", {"seat": dfn.owner, "ship": dfn.id}))
        return replace(state, pending=combat), events
    counter = by_orders(orders, state.hand_types(dfn.owner), DATA.ship_types[dfn.type].pts)
    state, more = resolve(state, combat, counter, dice)
    return state, events + more


def resolve(state: State, combat: Combat, counter: str | None, dice: Dice) -> tuple[State, list[Event]]:
    """Reveal the chosen DEF counter (if any), throw the defence die, remove a hit ship."""
    dfn = state.ship(combat.defender)
    assert dfn is not None
    events = []
    bonus = 0
    if counter is not None:
        hand = list(state.hands[dfn.owner])
        spent = next(c for c in hand if DATA.counter_type(c) == counter)
        hand.remove(spent)
        state = with_hand(state, dfn.owner, tuple(hand))
        state = replace(state, cup=tuple(sorted((*state.cup, spent))))
        bonus = DATA.counters[counter].def_bonus
        events.append(
            Event(
                "def_counter_used",
                {
                    "seat": dfn.owner,
                    "ship": dfn.id,
                    "counter": counter,
                    "label": DATA.counters[counter].label,
                },
            )
        )
    target = DATA.ship_types[dfn.type].def_ + bonus
    roll = dice.roll(RULES["die"], f"defence {dfn.id}")
    blocked = roll <= target
    events.append(
        Event(
            "defence_rolled",
            {"seat": dfn.owner, "ship": dfn.id, "roll": roll, "target": target, "blocked": blocked},
        )
    )
    combat = replace(
        combat,
        def_counter=counter,
        defence_roll=roll,
        defence_target=target,
        result="blocked" if blocked else "eliminated",
    )
    if not blocked:
        state = eliminate(state, dfn)
        events.append(
            Event(
                "ship_eliminated",
                {
                    "seat": dfn.owner,
                    "ship": dfn.id,
                    "type": dfn.type,
                    "square": dfn.square,
                    "cause": "combat",
                },
            )
        )
    state, more = finish(state, combat)
    return state, events + more


def finish(state: State, combat: Combat) -> tuple[State, list[Event]]:
    """Record the combat; a surviving defender allows one repeat (COMBAT, AS-SD-4)."""
    turn = state.turn
    assert turn is not None
    survived = combat.result != "eliminated"
    repeat = (combat.attacker, combat.defender) if survived and not combat.repeat else None
    state = replace(state, pending=None, last_combat=combat, turn=replace(turn, repeat=repeat))
    event = Event(
        "combat_ended",
        {
            "attacker": combat.attacker,
            "defender": combat.defender,
            "result": combat.result,
            "repeat": combat.repeat,
            "repeat_available": repeat is not None,
        },
    )
    return state, [event]

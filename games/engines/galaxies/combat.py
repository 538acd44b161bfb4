"""Attacks and damage ([SEED] page 7, [SOURCED] pages 7-9, BG-09, BG-11): charging weapons,
the coordinate dice against the target's grid, shields then hull, critical cells,
destruction (carried ships destroyed and revealed) and taking control of a ship."""

from __future__ import annotations

from dataclasses import replace

from ..base import Event
from ..dice import Dice
from .data import DATA
from .deploy import cargo
from .ships import weapons
from .state import DESTROYED, Card, Piece, State, Trigger, hull, with_card, with_piece
from .turns import gain, to_discard
from .victory import check_wipeout

Events = list[Event]
LETTERS = DATA.dice["letters"]


def charge_key(piece: str, weapon: str) -> str:
    return f"{piece}/{weapon}"


def fire(state: State, seat: int, pid: str, weapon: str, target: str) -> tuple[State, Events, Trigger]:
    """Charge the weapon if this is its first attack of the activation, spend one attack and
    declare it; the caller runs the reaction windows and the roll."""
    found = state.piece(pid)
    tgt = state.piece(target)
    assert found is not None and tgt is not None and state.turn is not None
    card, piece = found
    w = weapons(state, card, piece)[weapon]
    turn = state.turn
    charges = dict(turn.charges)
    key = charge_key(pid, weapon)
    events: Events = []
    if key not in charges:  # [SOURCED] page 7: pay the charge cost, gain "attacks" attacks
        charges[key] = w.attacks
        events.append(Event("charged", {"seat": seat, "ship": pid, "weapon": weapon, "cost": w.charge}))
        if w.charge:
            state, more = gain(state, seat, -w.charge, "charge")
            events += more
    charges[key] -= 1
    state = replace(
        state, turn=replace(turn, charges=tuple(sorted(charges.items())), attacking=True, moving="")
    )
    events.append(
        Event(
            "attack_declared",
            {
                "seat": seat,
                "ship": pid,
                "weapon": weapon,
                "weapon_name": w.name,
                "target": target,
                "strength": w.strength,
                "attacks_left": charges[key],
            },
        )
    )
    trigger = Trigger("attack", tgt[0].owner, "attack", pid, target, weapon, w.strength)
    return state, events, trigger


def roll(state: State, t: Trigger, dice: Dice) -> tuple[State, Trigger, Events]:
    """BG-11: roll letter + number and look the cell up on the target's grid (BG-04)."""
    found = state.piece(t.target)
    assert found is not None
    card = found[0]
    grid = DATA.ships[card.code].grid
    events: Events = []
    tries = 0
    while True:
        letter = LETTERS[dice.roll(len(LETTERS), "attack: letter die") - 1]
        number = dice.roll(DATA.dice["numbers"], "attack: number die")
        cell = grid[LETTERS.index(letter)][number - 1]
        result = {".": "miss", "x": "hit", "*": "critical"}[cell]
        t = replace(t, roll=f"{letter}{number}", result=result)
        events.append(
            Event(
                "attack_rolled",
                {"ship": t.piece, "target": t.target, "roll": t.roll, "result": result, "reroll": tries > 0},
            )
        )
        turn = state.turn
        if result != "miss" or turn is None or turn.rerolls <= 0 or tries > 0:
            break
        state = replace(state, turn=replace(turn, rerolls=turn.rerolls - 1))  # placeholder re-roll card
        tries += 1
    return replace(state, last_attack=t), t, events


def resolve_hit(state: State, t: Trigger) -> tuple[State, Events]:
    """BG-11: a critical cell destroys a ship with no shield pegs outright; otherwise the
    strength goes to shields, then hull ([SOURCED] page 8)."""
    found = state.piece(t.target)
    if found is None or t.result == "cancelled":
        return state, []
    card, piece = found
    if t.result == "critical" and piece.shields == 0:
        return destroy_piece(state, card, piece, "critical")
    return damage(state, t.target, t.strength, "normal", "attack")


def damage(state: State, pid: str, amount: int, how: str, cause: str) -> tuple[State, Events]:
    """Damage a ship: "normal" = shields then hull, "shield" stops at 0 shields, "hull"
    ignores shields ([SOURCED] page 8 direct damage). Destroyed when hull pegs reach hull."""
    found = state.piece(pid)
    if found is None or amount <= 0:
        return state, []
    card, piece = found
    to_shields = 0 if how == "hull" else min(piece.shields, amount)
    to_hull = 0 if how == "shield" else amount - to_shields
    piece = replace(piece, shields=piece.shields - to_shields, damage=piece.damage + to_hull)
    state, card = with_piece(state, card, piece)
    events: Events = [
        Event(
            "damage",
            {
                "ship": pid,
                "cause": cause,
                "shields_lost": to_shields,
                "hull_damage": to_hull,
                "shields": piece.shields,
                "damage": piece.damage,
                "hull": hull(card),
            },
        )
    ]
    if piece.damage >= hull(card):
        state, more = destroy_piece(state, card, piece, cause)
        events += more
    return state, events


def destroy_piece(state: State, card: Card, piece: Piece, cause: str) -> tuple[State, Events]:
    card = replace(
        card, pieces=tuple(p for p in card.pieces if p.id != piece.id), lost=(*card.lost, piece.id)
    )
    events: Events = [
        Event("ship_destroyed", {"ship": piece.id, "card": card.code, "seat": card.owner, "cause": cause})
    ]
    if card.pieces:
        state = with_card(state, card)
    else:
        state, more = destroy_card(state, card, cause)
        events += more
    state, more = check_wipeout(state)
    return state, events + more


def destroy_card(state: State, card: Card, cause: str) -> tuple[State, Events]:
    """[SOURCED] page 8: the card does not go back behind the screen; the ships it carried are
    revealed and destroyed (AS-BG-1)."""
    state = to_discard(state, card.owner, card.attached)
    state = with_card(state, replace(card, place=DESTROYED, pieces=(), attached=(), carrier=""))
    events: Events = [
        Event(
            "card_destroyed",
            {
                "card": card.code,
                "name": DATA.ships[card.code].name,
                "version": card.version,
                "seat": card.owner,
            },
        )
    ]
    return _lose_cargo(state, card, events)


def _lose_cargo(state: State, carrier: Card, events: Events) -> tuple[State, Events]:
    inside = cargo(state, carrier.code)
    for c in inside:
        state = with_card(state, replace(c, place=DESTROYED, carrier=""))
    if inside:
        events.append(
            Event(
                "cargo_destroyed",
                {
                    "carrier": carrier.code,
                    "seat": carrier.owner,
                    "ships": [
                        {"ship": c.code, "name": DATA.ships[c.code].name, "version": c.version}
                        for c in inside
                    ],
                },
            )
        )
    return state, events


def take_control(state: State, seat: int, code: str) -> tuple[State, Events]:
    """[SOURCED] page 9: take the card, its attached cards and all its ships; the ships it was
    transporting are destroyed; one copy of each named hero (the taken copy is discarded:
    house default, a duplicate cannot arise between the two factions' heroes anyway)."""
    card = state.card(code)
    assert card is not None
    before = card.owner
    mine = {t.kind for c in state.cards if c.owner == seat for t in c.attached if DATA.cards[t.kind].hero}
    dupes = tuple(t for t in card.attached if t.kind in mine)
    card = replace(card, owner=seat, attached=tuple(t for t in card.attached if t not in dupes))
    state = to_discard(with_card(state, card), seat, dupes)
    events: Events = [Event("control_taken", {"seat": seat, "card": code, "from": before})]
    state, events = _lose_cargo(state, card, events)
    state, more = check_wipeout(state)
    return state, events + more

"""Playing tactic cards in one's own turn ([SOURCED] page 5, BG-14; HOUSE placeholder set).

Each card is played in the phase printed on it and paid in energy; heroes, ship upgrades and
additional weapons stay attached to the ship card they were played on; events and sabotage
go to the discard pile. Reactive cards (phase "opponent") are in ``reactions.py``.
"""

from __future__ import annotations

from dataclasses import replace

from ..base import Event
from .board import geo
from .combat import take_control
from .data import DATA
from .state import Card, State, with_card, with_piece, with_player
from .turns import gain, to_discard

Events = list[Event]
ATTACH = ("weapon", "armour", "hero_move", "hero_range")


def heroes_in_play(state: State, seat: int) -> set[str]:
    """[SOURCED] page 9: one copy of each named hero per player."""
    return {t.kind for c in state.cards if c.owner == seat for t in c.attached if DATA.cards[t.kind].hero}


def boardable(state: State, seat: int, card: Card) -> bool:
    """Placeholder boarding: an enemy solo ship of an allowed size, no shield pegs left,
    adjacent to one of your ships."""
    params = DATA.effects["board"].params
    if DATA.ships[card.code].count != 1 or DATA.ships[card.code].size not in params["sizes"]:
        return False
    if not card.pieces or any(p.shields for p in card.pieces):
        return False
    g = geo(state)
    mine = [p for c, p in state.on_board() if c.owner == seat]
    return any(g.adjacent(p.hexes, q.hexes) for p in mine for q in card.pieces)


def play(state: State, seat: int, card_id: str, target: str) -> tuple[State, Events]:
    p = state.players[seat]
    tac = next(t for t in p.hand if t.id == card_id)
    kind = DATA.cards[tac.kind]
    effect = kind.effect
    state = with_player(state, seat, hand=tuple(t for t in p.hand if t.id != card_id))
    events: Events = [
        Event(
            "card_played",
            {
                "seat": seat,
                "card": tac.id,
                "kind": tac.kind,
                "name": kind.name,
                "target": target or None,
                "window": None,
            },
        )
    ]
    if kind.cost:
        state, more = gain(state, seat, -kind.cost, kind.name)
        events += more
    if effect.key in ATTACH:
        card = state.card(target)
        assert card is not None
        state = with_card(state, replace(card, attached=(*card.attached, tac)))
        return state, events
    state = to_discard(state, seat, (tac,))
    if effect.key == "energy":
        state, more = gain(state, seat, effect.params["amount"], kind.name)
        events += more
    elif effect.key == "shields":
        found = state.piece(target)
        assert found is not None
        card, piece = found
        top = DATA.stats(card.code, card.version).shields
        added = min(effect.params["amount"], max(0, top - piece.shields))
        state, _ = with_piece(state, card, replace(piece, shields=piece.shields + added))
        events.append(Event("shields_restored", {"ship": target, "source": kind.name, "added": added}))
    elif effect.key == "reroll":
        assert state.turn is not None
        state = replace(state, turn=replace(state.turn, rerolls=state.turn.rerolls + 1))
    elif effect.key == "board":
        state, more = take_control(state, seat, target)
        events += more
    return state, events

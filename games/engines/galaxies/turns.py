"""The turn: the energy phase, drawing tactic cards, the phases in order, the end of a turn.

[SOURCED] page 5: a turn is Energy -> Deploy -> Action. The energy phase gives +10 energy
(+5 in the first player's first turn) and one tactic card; energy stays within 0-40; any
time in your turn you may discard a tactic card for +1 energy.
"""

from __future__ import annotations

from dataclasses import replace

from ..base import Event
from ..dice import Dice
from .board import mission, tiles
from .cardids import in_order, origin, relabel, seal, to_hand
from .data import DATA, SIDES
from .state import ACTION, DEPLOY, ENERGY, State, Tac, Turn, with_piece, with_player
from .victory import check_end_of_turn

Events = list[Event]
ENERGY_RULES = DATA.energy
HAND = DATA.hand


def clamp(energy: int) -> int:
    """[SOURCED] page 5: energy is kept between 0 and 40; the excess is lost."""
    return max(ENERGY_RULES["min"], min(ENERGY_RULES["max"], energy))


def gain(state: State, seat: int, amount: int, source: str) -> tuple[State, Events]:
    before = state.players[seat].energy
    after = clamp(before + amount)
    state = with_player(state, seat, energy=after)
    return state, [
        Event("energy", {"seat": seat, "change": after - before, "energy": after, "source": source})
    ]


def draw(
    state: State, seat: int, count: int, dice: Dice, why: str, source: int | None = None
) -> tuple[State, Events]:
    """Draw ``count`` cards from the deck of ``source`` (the drawer's own by default); the
    die is seen by the drawer only (AS-BG-1, BG-20, [SEED] page 11).

    The deck is kept in id order and each draw picks one card uniformly: the same as a
    shuffled deck, with no order to leak. BG-17: when the last card is drawn the discard
    pile becomes the new deck, once, its cards given new ids (``cardids.py``); after that no
    more cards are drawn.
    """
    source = seat if source is None else source
    got: list[Tac] = []
    events: Events = []
    for _ in range(count):
        p = state.players[source]
        if not p.deck:
            break
        tac = dice.pick(p.deck, f"{why}: draw a tactic card", audience=[seat])
        state = with_player(state, source, deck=tuple(t for t in p.deck if t.id != tac.id))
        state = to_hand(state, seat, [tac])
        got.append(tac)
        p = state.players[source]
        if not p.deck:
            if p.reshuffles < HAND["reshuffles"] and p.discard:
                kinds = sorted(t.kind for t in p.discard)
                state = with_player(state, source, discard=(), reshuffles=p.reshuffles + 1)
                state = seal(state, source, kinds, dice, "reshuffle")
                events.append(Event("deck_reshuffled", {"seat": source, "deck_size": len(kinds)}))
            else:
                events.append(Event("deck_exhausted", {"seat": source}))
    if source != seat and state.players[source].deck:
        state = relabel(state, source, dice, "the deck drawn from")
    if got:
        p = state.players[seat]
        head = {"seat": seat, "count": len(got), "hand_size": len(p.hand), "deck": source}
        events.insert(0, Event("cards_drawn", head))
        events.insert(1, received(seat, got, source))
    return state, events


def core_deck(state: State, seat: int) -> int | None:
    """The seat whose deck ``seat`` may draw from instead of its own in its energy phase
    ([SEED] page 11, Barrage's computer core), or None."""
    m = mission(state)
    if not m.core_side or state.faction(seat) != m.core_side:
        return None
    return state.seats_of(SIDES.index(m.core_deck))[0]


def choose_draw(state: State, seat: int, deck: str, dice: Dice) -> tuple[State, Events]:
    """[SEED] page 11: the energy-phase card from one's own deck, or instead the mission's
    cards from the other side's deck."""
    turn = state.turn
    assert turn is not None
    owed = turn.draw
    state = replace(state, turn=replace(turn, draw=0))
    if deck == "own":
        return draw(state, seat, owed, dice, "energy phase")
    return draw(state, seat, mission(state).core_cards, dice, "computer core", core_deck(state, seat))


def received(seat: int, tacs: list[Tac], deck: int | None = None) -> Event:
    """Which cards came into a hand (from ``deck``'s deck if not the seat's own), told to that
    seat only."""
    cards = [{"id": t.id, "kind": t.kind, "name": DATA.cards[t.kind].name} for t in in_order(tacs)]
    data: dict[str, object] = {"seat": seat, "cards": cards}
    if deck is not None and deck != seat:
        data["deck"] = deck
    return Event("cards_received", data, frozenset({seat}))


def begin_turn(state: State, seat: int, dice: Dice) -> tuple[State, Events]:
    """The energy phase, done by the server at the start of the turn."""
    number = state.turn_no + 1
    state = replace(state, turn_no=number, turn=Turn(seat, number))
    p = state.players[seat]
    events: Events = [Event("turn_started", {"seat": seat, "number": number, "turn": p.turns + 1})]
    first_turn = seat == state.first and p.turns == 0
    income = ENERGY_RULES["first_turn_income"] if first_turn else ENERGY_RULES["income"]
    state, more = gain(state, seat, income, "energy phase")
    events += more
    draws = HAND["draw"]
    here = tiles(state)
    mine = [(c, pc) for c, pc in state.on_board() if c.owner == seat]
    for h, kind in sorted(here.items()):
        params = DATA.tiles[kind].params
        on = [(c, pc) for c, pc in mine if h in pc.hexes]
        if not on:
            continue
        if params.get("energy"):
            state, more = gain(state, seat, params["energy"], DATA.tiles[kind].name)
            events += more
        draws += params.get("draw", 0)
        if params.get("shields"):
            for c, pc in on:
                card = state.card(c.code)
                assert card is not None
                top = DATA.stats(card.code, card.version).shields
                now = next(x for x in card.pieces if x.id == pc.id)
                if now.shields < top:
                    state, _ = with_piece(
                        state, card, replace(now, shields=min(top, now.shields + params["shields"]))
                    )
                    events.append(Event("shields_restored", {"ship": pc.id, "source": DATA.tiles[kind].name}))
    if core_deck(state, seat) is not None:  # [SEED] page 11: the player chooses the deck first
        draws -= HAND["draw"]
        state = replace(state, turn=Turn(seat, number, draw=HAND["draw"]))
    state, more = draw(state, seat, draws, dice, "energy phase")
    return state, events + more


def next_phase(state: State) -> tuple[State, Events]:
    turn = state.turn
    assert turn is not None
    phase = DEPLOY if turn.phase == ENERGY else ACTION
    state = replace(state, turn=replace(turn, phase=phase))
    return state, [Event("phase", {"seat": turn.seat, "phase": phase})]


def end_turn(state: State, dice: Dice) -> tuple[State, Events]:
    turn = state.turn
    assert turn is not None
    seat = turn.seat
    state = with_player(state, seat, turns=state.players[seat].turns + 1)
    state = replace(state, turn=None)
    events: Events = [Event("turn_ended", {"seat": seat, "number": turn.number})]
    state, more = check_end_of_turn(state, seat)
    events += more
    if state.outcome is not None:
        return state, events
    nxt = (seat + 1) % len(state.players)
    state, more = begin_turn(state, nxt, dice)
    return state, events + more


def discard(state: State, seat: int, card_id: str) -> tuple[State, Events]:
    """[SOURCED] page 5 / BG-16: a discarded card goes face up to the discard pile for +1 energy
    (the pile of the deck it came from, BG-H3)."""
    p = state.players[seat]
    tac = next(t for t in p.hand if t.id == card_id)
    state = with_player(state, seat, hand=tuple(t for t in p.hand if t.id != card_id))
    state = to_discard(state, seat, (tac,))
    state, events = gain(state, seat, ENERGY_RULES["discard_gain"], "discard")
    head = Event(
        "card_discarded",
        {"seat": seat, "card": tac.id, "kind": tac.kind, "name": DATA.cards[tac.kind].name},
    )
    return state, [head, *events]


def give(state: State, seat: int, card_id: str, to: int) -> tuple[State, Events]:
    """[SOURCED] page 3 / AS-BG-4: teammates pass tactic cards in their energy phases."""
    p = state.players[seat]
    tac = next(t for t in p.hand if t.id == card_id)
    state = with_player(state, seat, hand=tuple(t for t in p.hand if t.id != card_id))
    state = to_hand(state, to, [tac])
    team = frozenset({seat, to})
    return state, [
        Event("card_given", {"seat": seat, "to": to}),
        Event("card_passed", {"seat": seat, "to": to, "card": tac.id, "kind": tac.kind}, team),
    ]


def to_discard(state: State, seat: int, tacs: tuple[Tac, ...]) -> State:
    """Cards ``seat`` played, discarded or had attached to a destroyed ship go face up to its
    discard pile; a card drawn from another side's deck goes back to that side's (BG-H3)."""
    for tac in tacs:
        home = origin(state, tac, seat)
        state = with_player(state, home, discard=(*state.players[home].discard, tac))
    return state

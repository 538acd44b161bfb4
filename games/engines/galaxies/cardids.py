"""Tactic card ids that tell the other side nothing the table would not.

A card's id is fixed when its deck is sealed (or formed again from the discard pile, BG-17):
a label drawn at random through ``dice``, seen by its owner only, from the labels its side
has not used yet. So the id a played or discarded card shows says nothing of when it was
drawn, whether before or after a reshuffle, which teammate drew it, or what else the deck
holds; the side's letter ("i" ISN, "w" Wretch) is known the moment the card is played.
Ids are never reused: an old one stays in the public log. Decks and hands are kept in id
order, so no order in the state follows the draws either.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Sequence
from dataclasses import replace

from ..dice import Dice
from .data import SIDES
from .state import State, Tac, with_player

# The labels of one side: three digits, so that ids sort by their number and read as no hex.
FIRST, LAST = 100, 999


def prefix(state: State, seat: int) -> str:
    return SIDES[state.side(seat)][0]


def _used(state: State, letter: str) -> list[int]:
    pattern = re.compile(rf"{re.escape(letter)}(\d{{3}})")
    found = (pattern.fullmatch(i) for i in state.card_ids)
    return sorted(int(m.group(1)) for m in found if m)


def label(
    state: State, seat: int, kinds: Sequence[str], dice: Dice, why: str, seen: bool = True
) -> tuple[State, tuple[Tac, ...]]:
    """A card per kind, in the order given, each with an id drawn from its side's unused labels;
    the rolls are seen by ``seat``, or by nobody when ``seen`` is False."""
    letter = prefix(state, seat)
    used = _used(state, letter)
    out: list[Tac] = []
    for kind in kinds:
        free = LAST - FIRST + 1 - len(used)
        if free < 1:
            raise RuntimeError(f"side {letter!r} has used every tactic card id")
        n = FIRST + dice.roll(free, f"{why}: a tactic card id", audience=[seat] if seen else []) - 1
        for u in used:  # the n-th free label: step over every used one at or below it
            if u > n:
                break
            n += 1
        bisect.insort(used, n)
        out.append(Tac(f"{letter}{n}", kind))
    ids = tuple(sorted((*state.card_ids, *(t.id for t in out))))
    return replace(state, card_ids=ids), tuple(out)


def in_order(tacs: Iterable[Tac]) -> tuple[Tac, ...]:
    """Cards in id order: the order of a hand or deck, whatever the order they came in."""
    return tuple(sorted(tacs, key=lambda t: t.id))


def to_hand(state: State, seat: int, tacs: Iterable[Tac]) -> State:
    return with_player(state, seat, hand=in_order((*state.players[seat].hand, *tacs)))


def seal(state: State, seat: int, kinds: Sequence[str], dice: Dice, why: str) -> State:
    """A new deck of ``kinds`` (the sealed draft, or the discard pile of BG-17), ids drawn now."""
    state, tacs = label(state, seat, kinds, dice, why)
    return with_player(state, seat, deck=in_order(tacs))


def relabel(state: State, seat: int, dice: Dice, why: str) -> State:
    """New ids, seen by nobody, for the cards left in ``seat``'s deck after another player drew
    from it ([SEED] page 11). The owner knew which id each of its cards had; with the old ids
    the rank of each card it draws later would tell it which cards the other player took."""
    kinds = sorted(t.kind for t in state.players[seat].deck)
    state, tacs = label(state, seat, kinds, dice, why, seen=False)
    return with_player(state, seat, deck=in_order(tacs))


def origin(state: State, tac: Tac, holder: int) -> int:
    """The seat whose deck and discard pile ``tac`` belongs to: its holder's, unless its id
    carries the other side's letter (a card drawn from that side's deck, [SEED] page 11)."""
    letters = [side[0] for side in SIDES]
    if tac.id[:1] in letters and letters.index(tac.id[:1]) != state.side(holder):
        return state.seats_of(letters.index(tac.id[:1]))[0]
    return holder

"""Refusals during the selection of fleets and decks behind the screen (AS-BG-1, BG-15)
and the high roller's choice of the first player ([SOURCED] page 5)."""

from __future__ import annotations

from ..base import Invalid, Move
from .board import mission
from .data import DATA
from .data import seat_name as name
from .moves import NONE
from .selection import default_deck, default_fleet
from .state import State


def _mission_selected(state: State) -> Invalid | None:
    if not mission(state).player_fleets:
        return Invalid(
            "mission_selected",
            "This mission selects the fleets and decks ([SOURCED] page 3: mission-selected method).",
        )
    return None


def _not_ready(state: State, seat: int) -> Invalid | None:
    if state.players[seat].ready:
        return Invalid(
            "already_ready", "Your fleet and deck are sealed behind your screen already (AS-BG-1)."
        )
    return _mission_selected(state)


def _fleet(state: State, seat: int, m: Move) -> Invalid | None:
    bad = _not_ready(state, seat)
    if bad is not None:
        return bad
    code, version = m["ship"], m["version"]
    faction = state.faction(seat)
    if code not in DATA.ships_of(faction):
        return Invalid(
            "not_your_faction",
            f"{DATA.factions[faction]} fleets hold {', '.join(DATA.ships_of(faction))}; {code!r} is not one of them.",
        )
    have = state.card(code)
    if (have.version if have else NONE) == version:
        return Invalid("unchanged", "Your draft already has that.")
    points = sum(
        DATA.stats(c.code, c.version).points for c in state.cards if c.owner == seat and c.code != code
    )
    if version != NONE:
        points += DATA.stats(code, version).points
    if points > state.fleet_points:
        return Invalid(
            "fleet_over_points",
            f"That fleet would be worth {points} points; the limit is {state.fleet_points} (BG-15).",
        )
    return None


def _deck(state: State, seat: int, m: Move) -> Invalid | None:
    bad = _not_ready(state, seat)
    if bad is not None:
        return bad
    kind, deck = m["card"], state.players[seat].draft
    faction = state.faction(seat)
    if kind not in DATA.cards_of(faction):
        return Invalid("not_your_faction", f"{kind!r} is not a {DATA.factions[faction]} tactic card.")
    if m["n"] < 0:
        if kind not in deck:
            return Invalid("not_in_deck", f"Your deck holds no {DATA.cards[kind].name}.")
        return None
    if deck.count(kind) >= DATA.selection["copies"]:
        return Invalid(
            "deck_copies", f"A deck holds at most {DATA.selection['copies']} copies of a card (BG-15)."
        )
    if len(deck) >= DATA.selection["deck_size"]:
        return Invalid(
            "deck_full", f"A deck holds {DATA.selection['deck_size']} cards (BG-15); take one out first."
        )
    return None


def _reset(state: State, seat: int, m: Move) -> Invalid | None:
    bad = _not_ready(state, seat)
    if bad is not None:
        return bad
    mine = tuple(c for c in state.cards if c.owner == seat)
    if mine == default_fleet(state, seat) and state.players[seat].draft == default_deck(state, seat):
        return Invalid("unchanged", "Your draft is the standard fleet and deck already.")
    return None


def _ready(state: State, seat: int, m: Move) -> Invalid | None:
    if state.players[seat].ready:
        return Invalid(
            "already_ready", "Your fleet and deck are sealed behind your screen already (AS-BG-1)."
        )
    if not any(c.owner == seat for c in state.cards):
        return Invalid("fleet_empty", "A fleet needs at least one ship card.")
    points = sum(DATA.stats(c.code, c.version).points for c in state.cards if c.owner == seat)
    if points > state.fleet_points:
        return Invalid(
            "fleet_over_points",
            f"Your fleet is worth {points} points; the limit is {state.fleet_points} (BG-15).",
        )
    if len(state.players[seat].draft) != DATA.selection["deck_size"]:
        return Invalid(
            "deck_size",
            f"Your deck holds {len(state.players[seat].draft)} cards; it must hold {DATA.selection['deck_size']} (BG-15).",
        )
    return None


def _first(state: State, seat: int, m: Move) -> Invalid | None:
    if state.first >= 0:
        return Invalid("first_chosen", f"{name(state.first)} goes first already.")
    if state.chooser != seat:
        return Invalid(
            "not_chooser",
            f"{name(state.chooser)} rolled highest and chooses who goes first ([SOURCED] page 5).",
        )
    if m["seat"] not in range(len(state.players)):
        return Invalid("no_such_seat", f"Choose a seat from 0 to {len(state.players) - 1}.")
    return None


SELECT_CHECKS = {"fleet": _fleet, "deck": _deck, "reset": _reset, "ready": _ready, "first": _first}

"""Tactic card ids and the order of hands, decks and ship cards hide when a card was drawn.

AS-BG-1 and ARCHITECTURE 2 (hidden information): at the table an opponent sees a card when
it is played or discarded, never when it was drawn, nor which teammate drew it, nor how a
screen was arranged. Ids are fixed when a deck is sealed, drawn at random (``cardids.py``).
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

import pytest

from games.engines.base import LogItem, Step
from games.engines.dice import Dice
from games.engines.galaxies.cardids import FIRST, LAST, label, seal
from games.engines.galaxies.state import ACTION, State

from .helpers import ISN, WRETCH, E, dice, event, ok, position, ship, tac
from .test_team import team

FLEETS = [ship("ba", ISN, ("h11", "h12")), ship("sb", WRETCH, ("h2", "h3"))]
# X answers the opponent's action start (AS-BG-3 d) and Y is an energy-phase card: both
# are drawn, one early and one late, then each is revealed.
X, Y = "isn-drain", "isn-power"


Entry = tuple[int, dict[str, Any], Step, list[dict[str, Any]]]  # seat, move, step, dice draws


def _history(first: str) -> list[Entry]:
    """ISN draws ``first`` in one turn and the other card two turns later, then plays Y in
    its energy phase and X by standing orders when the Wretch's action phase starts."""
    s0 = position(FLEETS, seat=WRETCH, phase=ACTION, decks=((), ["wr-sight"] * 3))
    s0 = seal(s0, ISN, [X, Y], Dice(b"sealed", 1), "deck sealed")  # ids as the engine gives them
    for seq in range(1, 100):
        d = dice(seq)
        step = ok(s0, WRETCH, "end", d)
        if [t.kind for t in step.state.players[ISN].hand] == [first]:
            break
    out = [(WRETCH, {"kind": "end"}, step, d.draws)]
    s = step.state
    y_id = next(t.id for t in s0.players[ISN].deck if t.kind == Y)
    moves = [
        (ISN, "end"),
        (WRETCH, "end"),
        (ISN, f"play {y_id}"),
        (ISN, "end"),
        (WRETCH, "next"),
        (WRETCH, "next"),
    ]
    for n, (seat, move) in enumerate(moves, start=2):
        parsed = E.parse(move, s, seat)
        d = dice(100 + n)
        step = ok(s, seat, parsed, d)
        out.append((seat, parsed.to_json(), step, d.draws))
        s = step.state
    return out


def _seen_by(history: list[Entry], viewer: int | None) -> list[str]:
    """Everything ``viewer`` reads, entry by entry: move, events, log line, dice, view, legal moves."""
    out = []
    for seq, (seat, move, step, draws) in enumerate(history, 1):
        sealed = step.move_audience is not None and viewer not in step.move_audience
        events = [e for e in step.events if e.visible_to(viewer)]
        item = LogItem(seq, seat, None if sealed else move, events)
        out.append(json.dumps(item.move, sort_keys=True))
        out.append(json.dumps([e.to_json() for e in events], sort_keys=True))
        out.append(E.describe(item, viewer))
        out.append(json.dumps([x for x in draws if x["to"] is None or viewer in x["to"]], sort_keys=True))
        out.append(json.dumps(E.view(step.state, viewer), sort_keys=True))
        if viewer is not None:
            out.append(json.dumps([m.to_json() for m in E.legal_moves(step.state, viewer)]))
    return out


def test_the_opponent_reads_the_same_match_whether_a_card_was_drawn_early_or_late():
    """AS-BG-1: a revealed card shows what it is, not when it was drawn."""
    early, late = _history(X), _history(Y)
    played = [e for _, _, st, _ in early for e in st.events if e.kind == "card_played"]
    assert [e.data["kind"] for e in played] == [Y, X]  # both cards were revealed
    assert early[-1][2].state.players[ISN].hand == ()
    for viewer in (WRETCH, None):
        assert _seen_by(early, viewer) == _seen_by(late, viewer)
    # The drawer saw the draws in a different order, so the comparison can tell histories apart.
    assert _seen_by(early, ISN) != _seen_by(late, ISN)


def test_a_hand_holding_the_same_cards_is_the_same_whatever_order_they_were_drawn_in():
    """Standing orders, a timeout and the legal-move list all read the hand in id order."""
    early, late = _history(X), _history(Y)
    both_drawn = 2  # after the third entry ISN holds X and Y in either history
    a, b = early[both_drawn][2].state, late[both_drawn][2].state
    assert {t.kind for t in a.players[ISN].hand} == {X, Y}
    assert a.players[ISN].hand == b.players[ISN].hand
    assert [t.id for t in a.players[ISN].hand] == sorted(t.id for t in a.players[ISN].hand)
    assert E.legal_moves(a, ISN) == E.legal_moves(b, ISN)
    assert E.timeout_move(a, ISN) == E.timeout_move(b, ISN)


def _sealed(seats: int = 2) -> State:
    """Every seat ready, ISN on turn: the decks are sealed and the starting hands dealt."""
    s = E.setup({**E.default_options(), "first_player": "isn"}, seats, Dice(b"ids", 1)).state
    for seat in range(seats):
        if not s.players[seat].ready:
            s = ok(s, seat, "ready", Dice(b"ids", 2 + seat)).state
    return s


def test_every_tactic_card_gets_its_id_when_its_deck_is_sealed_and_keeps_it_when_drawn():
    s = _sealed()
    for seat, letter in ((ISN, "i"), (WRETCH, "w")):
        p = s.players[seat]
        ids = [t.id for t in (*p.hand, *p.deck)]
        assert len(ids) == 30 and len(set(ids)) == 30
        assert all(re.fullmatch(rf"{letter}\d{{3}}", i) for i in ids)
        assert {i for i in s.card_ids if i.startswith(letter)} == set(ids)
    before = {t.id: t.kind for t in s.players[WRETCH].deck}
    s = ok(s, ISN, "end").state  # the Wretch's energy phase draws one card
    drawn = [t for t in s.players[WRETCH].hand if t.id in before]
    assert len(drawn) == 1 and before[drawn[0].id] == drawn[0].kind
    assert drawn[0].id not in {t.id for t in s.players[WRETCH].deck}


def test_card_ids_do_not_follow_the_decks_make_up():
    """An id revealed with its card tells nothing of the rest of the deck (BG-15 decks are
    secret): the ids are not handed out in the order of the sorted draft."""
    p = _sealed().players[ISN]
    cards = sorted((*p.hand, *p.deck), key=lambda t: t.id)
    assert [t.kind for t in cards] != sorted(t.kind for t in cards)


def test_card_ids_are_drawn_from_the_unused_labels_and_never_reused():
    s = position(FLEETS, hands=((tac(0, 1, "isn-lock"),), ()))
    ids = {f"i{n}" for n in range(FIRST + 1, LAST + 1)}
    s = replace(s, card_ids=tuple(sorted(ids)))  # every label but the first is used
    s, tacs = label(s, ISN, ["isn-evade"], dice(), "test")
    assert [t.id for t in tacs] == [f"i{FIRST}"] and f"i{FIRST}" in s.card_ids
    with pytest.raises(RuntimeError):  # ISN has no label left; an id is never given twice
        label(s, ISN, ["isn-evade"], dice(), "test")
    s, more = label(s, WRETCH, ["wr-sight"] * 3, dice(), "test")  # the other side has its own labels
    assert len({t.id for t in more}) == 3 and all(re.fullmatch(r"w\d{3}", t.id) for t in more)


def test_teammates_draw_their_ids_from_one_pool_so_an_id_does_not_name_its_drawer():
    """[SOURCED] page 3: teammates pass cards; a passed card played later shows no origin."""
    s = _sealed(seats=3)
    team = [t.id for seat in (1, 2) for t in (*s.players[seat].hand, *s.players[seat].deck)]
    assert len(team) == len(set(team)) and all(re.fullmatch(r"w\d{3}", i) for i in team)


def test_the_order_of_sealed_draft_edits_leaves_no_trace_on_the_table():
    """AS-BG-1: who edited a draft last is not readable from the order of the ship cards."""
    start = E.setup(E.default_options(), 2, Dice(b"order", 1)).state
    a = ok(ok(start, ISN, "fleet ev veteran").state, WRETCH, "fleet sb veteran").state
    b = ok(ok(start, WRETCH, "fleet sb veteran").state, ISN, "fleet ev veteran").state
    assert E.dump(a) == E.dump(b)
    assert [c.owner for c in a.cards] == sorted(c.owner for c in a.cards)


def test_a_reshuffled_deck_gets_new_ids_drawn_in_the_reshuffle():
    """BG-17: the discard pile becomes the new deck; its public ids never mark a hidden card."""
    discard = (tac(0, 1, "isn-lock"), tac(0, 2, "isn-evade"))
    s = position(FLEETS, seat=WRETCH, decks=(["isn-power"], ["wr-sight"]), discards=(discard, ()))
    d = Dice(b"reshuffle", 1)
    step = ok(s, WRETCH, "end", d)
    deck = step.state.players[ISN].deck
    assert event(step, "deck_reshuffled").data["deck_size"] == 2
    assert {t.id for t in deck}.isdisjoint({"c0-1", "c0-2"}) and all(t.id.startswith("i") for t in deck)
    labels = [x for x in d.draws if x["purpose"] == "reshuffle: a tactic card id"]
    assert len(labels) == 2 and all(x["to"] == [ISN] for x in labels)


def test_the_engine_version_marks_the_new_card_ids():
    """Logs recorded before the card ids changed replay under version 1 only."""
    assert int(E.version) >= 2


def test_a_card_passed_to_a_teammate_takes_its_place_in_id_order():
    """[SOURCED] page 3: the passed card joins the hand where its id puts it, not at the end."""
    cards = (tac(1, 9, "wr-sight"),), (tac(2, 1, "wr-siphon"), tac(2, 5, "wr-sight"))
    s = team(hands=((), *cards))
    s = ok(s, 1, "give c1-9 to wretch2").state
    assert [t.id for t in s.players[2].hand] == ["c1-9", "c2-1", "c2-5"]


def test_naming_a_card_in_the_opponents_hand_is_refused_like_an_id_never_given():
    """Bad input: the refusal is the same whether the id is hidden in another hand or unused,
    so an error never confirms an opponent's card; the state is unchanged."""
    s = _sealed()
    theirs = s.players[WRETCH].hand[0].id
    unused = next(f"w{n}" for n in range(FIRST, LAST + 1) if f"w{n}" not in s.card_ids)
    before = E.dump(s)
    for move in ("play {}", "discard {}", "react {}"):
        hidden, never = (E.apply(s, ISN, E.parse(move.format(i), s, ISN), dice()) for i in (theirs, unused))
        assert (hidden.code, hidden.message) == (never.code, never.message)
        assert hidden.message and theirs not in hidden.message
    assert E.dump(s) == before


def _as_version_1(data: dict[str, Any]) -> dict[str, Any]:
    """A dump in the shape engine version 1 stored: decks of kinds, a draw counter, no ids kept."""
    players = []
    for p in data["players"]:
        kinds = sorted(t["kind"] for t in p["deck"]) if p["ready"] else p["draft"]
        old = {k: v for k, v in p.items() if k != "draft"}
        players.append({**old, "deck": kinds, "drawn": len(p["hand"])})
    return {k: v for k, v in {**data, "players": players}.items() if k != "card_ids"}


def test_a_match_stored_by_engine_version_1_can_still_be_read():
    """The server shows a match recorded under an older engine but does not continue it."""
    for s in (_sealed(), E.setup(E.default_options(), 2, Dice(b"v1", 1)).state):
        old = E.load(json.loads(json.dumps(_as_version_1(E.dump(s)))))
        for viewer in (ISN, WRETCH, None):
            assert E.view(old, viewer) == E.view(s, viewer)

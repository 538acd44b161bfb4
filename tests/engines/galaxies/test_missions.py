"""The mission rules of the text: Barrage's computer core ([SEED] page 11, BG-H3) and the
victory point track of the Struggle at Pan Base ([SEED] page 12, BG-H4), each clause a test.
docs/galaxies-missions.md lists every mission clause of the text and where it is built."""

from __future__ import annotations

import json
from dataclasses import replace

from games.engines.galaxies.data import DATA
from games.engines.galaxies.state import ACTION, ENERGY, Tac, Turn

from .helpers import ISN, WRETCH, E, dice, event, has, ok, position, refused, ship, tac

CORE = "barrage-core"
FLEETS = [ship("ba", ISN, ("c10", "c11")), ship("sb", WRETCH, ("h2", "h3"))]


def isn_deck(n: int = 30) -> tuple[Tac, ...]:
    """The ISN deck as a sealed deck holds it: ids carrying the side's letter ("i")."""
    kinds_ = sorted(k for k, c in DATA.decks["isn-standard"].items() for _ in range(c))[:n]
    return tuple(Tac(f"i{100 + i}", k) for i, k in enumerate(kinds_))


def core_start(n: int = 30, hand: tuple[Tac, ...] = (), mission: str = CORE, cards=FLEETS):
    """The ISN ends a turn of the computer-core mission: the Wretch's turn begins."""
    s = position(cards, mission=mission, seat=ISN, phase=ACTION, hands=((), hand))
    deck = isn_deck(n)
    s = replace(s, players=(replace(s.players[ISN], deck=deck), s.players[WRETCH]))
    s = replace(s, card_ids=tuple(sorted((*s.card_ids, *(t.id for t in deck)))))
    return ok(s, ISN, "end")


def own_deck_kinds(view: dict) -> dict[str, int]:
    return {c["kind"]: c["count"] for c in view["you"]["deck"]["cards"]}


# -- Barrage's computer core ([SEED] page 11) ---------------------------------------------------
def test_computer_core_the_wretch_energy_phase_waits_for_the_choice_of_deck():
    """[SEED] page 11: during the Wretch player's energy phase, instead of drawing a card from his
    own tactic deck, he may choose to draw 3 cards from the ISN player's tactic deck."""
    step = core_start()
    s = step.state
    assert s.turn.seat == WRETCH and s.turn.phase == ENERGY and s.turn.draw == 1
    assert not has(step, "cards_drawn", seat=WRETCH) and s.players[WRETCH].hand == ()
    assert sorted(m.to_json()["deck"] for m in E.legal_moves(s, WRETCH) if m.kind == "draw") == ["isn", "own"]
    assert {m.kind for m in E.legal_moves(s, WRETCH)} == {"draw", "orders"}
    assert E.view(s, WRETCH)["mission"]["core"] == {"side": "wretch", "deck": "isn", "cards": 3}


def test_computer_core_drawing_from_the_isn_deck_takes_3_cards_instead_of_1():
    s = core_start().state
    own_before = len(s.players[WRETCH].deck)
    step = ok(s, WRETCH, "draw isn", dice(5))
    after = step.state
    assert len(after.players[WRETCH].hand) == 3 and len(after.players[ISN].deck) == 27
    assert len(after.players[WRETCH].deck) == own_before and after.turn.draw == 0
    assert all(t.id.startswith("i") for t in after.players[WRETCH].hand)
    assert event(step, "cards_drawn").data == {"seat": WRETCH, "count": 3, "hand_size": 3, "deck": ISN}
    listed = {m.kind for m in E.legal_moves(after, WRETCH)}
    assert "draw" not in listed and "next" in listed


def test_computer_core_drawing_from_his_own_deck_is_the_usual_energy_phase_card():
    s = core_start().state
    step = ok(s, WRETCH, "draw own", dice(5))
    assert len(step.state.players[WRETCH].hand) == 1 and len(step.state.players[ISN].deck) == 30
    assert event(step, "cards_drawn").data["deck"] == WRETCH


def test_computer_core_the_choice_comes_before_anything_else_of_the_turn():
    step = core_start(hand=(tac(1, 1, "wr-siphon"),))
    for move in ("next", "end", "discard c1-1", "play c1-1"):
        assert refused(step.state, WRETCH, move).code == "draw_pending", move
    assert refused(ok(step.state, WRETCH, "draw own").state, WRETCH, "draw isn").code == "no_draw_choice"


def test_computer_core_is_the_wretch_players_alone_and_only_in_its_mission():
    s = position(FLEETS, mission=CORE, seat=WRETCH, phase=ACTION)
    step = ok(s, WRETCH, "end")
    assert step.state.turn.seat == ISN and step.state.turn.draw == 0
    assert has(step, "cards_drawn", seat=ISN, deck=ISN)
    assert refused(step.state, ISN, "draw wretch").code == "no_draw_choice"
    plain = core_start(mission="skirmish").state
    assert plain.turn.draw == 0 and len(plain.players[WRETCH].hand) == 1


def test_computer_core_an_empty_isn_deck_cannot_be_drawn_from():
    s = core_start(n=0).state
    assert [m.to_json()["deck"] for m in E.legal_moves(s, WRETCH) if m.kind == "draw"] == ["own"]
    assert refused(s, WRETCH, "draw isn").code == "deck_empty"
    assert refused(s, WRETCH, "draw wretch").code == "wrong_deck"


def test_computer_core_the_isn_player_never_learns_which_cards_were_taken():
    """Hidden information: what is drawn from another player's deck is seen by its drawer only.
    The ISN's view of its own deck counts the taken cards in (it has not seen them either), and
    the ids left in its deck are drawn again unseen, so its later draws tell it nothing."""
    s = core_start().state
    before = own_deck_kinds(E.view(s, ISN))
    d = dice(5)
    step = ok(s, WRETCH, "draw isn", d)
    taken = step.state.players[WRETCH].hand
    isn_view = E.view(step.state, ISN)
    assert own_deck_kinds(isn_view) == before and isn_view["you"]["deck"]["taken"] == 3
    assert isn_view["players"][WRETCH]["borrowed"] == 3 and isn_view["players"][ISN]["deck_size"] == 27
    seen = json.dumps(isn_view) + json.dumps([e.to_json() for e in step.events if e.visible_to(ISN)])
    assert not any(t.id in seen for t in taken)
    picks = [x for x in d.draws if x["purpose"].endswith("draw a tactic card")]
    labels = [x for x in d.draws if x["purpose"].endswith("a tactic card id")]
    assert len(picks) == 3 and all(x["to"] == [WRETCH] for x in picks)
    assert len(labels) == 27 and all(x["to"] == [] for x in labels)
    left = {t.id for t in step.state.players[ISN].deck}
    assert left.isdisjoint(t.id for t in isn_deck()) and len(left) == 27
    wretch_view = E.view(step.state, WRETCH)
    assert {c["id"] for c in wretch_view["you"]["hand"]} == {t.id for t in taken}


def test_computer_core_cards_drawn_from_the_isn_deck_are_the_wretchs_to_play_then_go_back_to_the_isn_pile():
    """BG-H3: the text is cut off after "He..."; the cards are his to play or discard as his own,
    and then go to the discard pile of the deck they came from."""
    s = ok(core_start().state, WRETCH, "draw isn", dice(5)).state
    power = next(t for t in isn_deck() if t.kind == "isn-power")  # one of the 3 taken
    hand = (*s.players[WRETCH].hand[:2], power)
    s = replace(s, players=(s.players[ISN], replace(s.players[WRETCH], hand=hand)))
    played = ok(s, WRETCH, f"play {power.id}").state
    assert played.players[WRETCH].energy == s.players[WRETCH].energy + 3
    assert played.players[ISN].discard == (power,) and played.players[WRETCH].discard == ()
    other = hand[0]
    gone = ok(played, WRETCH, f"discard {other.id}").state
    assert gone.players[ISN].discard == (power, other) and gone.players[WRETCH].discard == ()
    assert E.view(gone, ISN)["you"]["deck"]["taken"] == 1


def test_computer_core_a_timed_out_wretch_draws_from_his_own_deck():
    s = core_start().state
    assert E.timeout_move(s, WRETCH).to_json() == {"kind": "draw", "deck": "own"}


def test_computer_core_the_isn_deck_exhausted_by_the_wretch_is_reshuffled_from_the_isn_pile():
    """BG-17 on the deck drawn from: its own discard pile becomes its new deck, once."""
    s = core_start(n=2).state
    pile = (Tac("i900", "isn-lock"), Tac("i901", "isn-evade"))
    s = replace(s, players=(replace(s.players[ISN], discard=pile), s.players[WRETCH]))
    s = replace(s, card_ids=tuple(sorted((*s.card_ids, "i900", "i901"))))
    step = ok(s, WRETCH, "draw isn", dice(5))
    isn = step.state.players[ISN]
    assert len(step.state.players[WRETCH].hand) == 3 and isn.reshuffles == 1 and isn.discard == ()
    assert has(step, "deck_reshuffled", seat=ISN) and len(isn.deck) == 1


# -- the victory point track of the Struggle at Pan Base ([SEED] page 12) -------------------------
ISN3, WA, WB = 0, 1, 2
PAN = DATA.missions["pan-base"]


def pan(cards, seat=ISN3, turns=(3, 3, 3), **kw):
    return position(
        cards, seat=seat, phase=ACTION, energy=(20, 20, 20), turns=turns, mission="pan-base", **kw
    )


def test_pan_base_the_victory_point_tile_starts_on_0():
    """[SEED] page 12: place the victory point tile on 0 on the victory point track."""
    step = E.setup({"mission": "pan-base"}, 3, dice())
    track = E.view(step.state, None)["mission"]["track"]
    assert track["side"] == "isn" and track["points"] == 0 and track["rescued"] == []
    assert track["survivors"] == list(PAN.survivors) and track["target"] == PAN.vp_target


def test_pan_base_each_time_the_isn_player_scores_the_tile_moves_up():
    """[SEED] page 12: each time the ISN player scores, move the tile up accordingly (BG-H4:
    an ISN ship on a survivor site at the end of an ISN turn rescues it, 1 point a site)."""
    a, b = PAN.survivors[:2]
    cards = [
        ship("rk", ISN3, a),
        ship("ck", ISN3, b),
        ship("tk", WA, ("h2", "h3")),
        ship("sb", WB, ("k2", "k3")),
    ]
    step = ok(pan(cards), ISN3, "end")
    assert step.state.vp[0] == 2 and set(step.state.rescued) == {a, b}
    assert event(step, "survivors_rescued").data == {
        "seat": ISN3,
        "sites": [a, b],
        "points": 2,
        "track": 2,
        "target": PAN.vp_target,
    }
    track = E.view(step.state, WA)["mission"]["track"]
    assert track["points"] == 2 and a not in track["survivors"] and track["rescued"] == [a, b]
    again = replace(step.state, turn=Turn(ISN3, 9, ACTION), players=step.state.players)
    assert ok(again, ISN3, "end").state.vp[0] == 2  # a site is rescued once


def test_pan_base_only_the_isn_player_scores_victory_points():
    site = PAN.survivors[0]
    cards = [ship("ba", ISN3, ("c20", "c21")), ship("ck", WA, site), ship("sb", WB, ("k2", "k3"))]
    step = ok(pan(cards, seat=WA), WA, "end")
    assert step.state.vp == (0, 0) and not has(step, "survivors_rescued")


def test_pan_base_reaching_the_target_wins_at_once():
    """BG-H4: the ISN win on reaching the target (the text's own target is not transcribed)."""
    site = PAN.survivors[-1]
    cards = [ship("rk", ISN3, site), ship("tk", WA, ("h2", "h3")), ship("sb", WB, ("k2", "k3"))]
    s = replace(pan(cards), vp=(PAN.vp_target - 1, 0))
    o = ok(s, ISN3, "end").state.outcome
    assert o.winners == (ISN3,) and o.reason == "victory_points"
    assert o.details["sides"]["isn"]["victory_points"] == PAN.vp_target


def test_pan_base_victory_points_count_at_the_round_limit():
    """BG-H2: each victory point is worth the mission's value in fleet points at the limit."""
    cards = [ship("ba", ISN3, ("c20", "c21")), ship("tk", WA, ("h2", "h3")), ship("sb", WB, ("k2", "k3"))]
    s = replace(pan(cards, seat=WB, turns=(12, 12, 11), rounds=12), vp=(1, 0))
    o = ok(s, WB, "end").state.outcome
    assert o.winners == (ISN3,) and o.reason == "round_limit_points"
    assert o.scores == {0: PAN.vp_value, 1: 0, 2: 0}

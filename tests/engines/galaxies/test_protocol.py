"""The engine protocol for Battleship Galaxies: registry, options, notation, views (what is
hidden: BG-20, AS-BG-1), describe, timeouts, codec, and perft-style legal-move counts."""

from __future__ import annotations

import json
import re
from collections import Counter

from games.engines import get
from games.engines.base import Invalid, LogItem, Move
from games.engines.galaxies.state import DEPLOY

from .helpers import (
    ISN,
    WRETCH,
    E,
    activating,
    dice,
    hidden,
    ok,
    position,
    refused,
    ship,
    tac,
)
from .test_setup import started

CANONICAL = [
    "fleet ev veteran",
    "fleet ev none",
    "deck +isn-lock",
    "deck -isn-lock",
    "reset",
    "ready",
    "first wretch",
    "launch ev",
    "place ev h11 h12 i12",
    "load bs into ev",
    "unload bs",
    "activate ev",
    "step ba d6 e7",
    "warp rk f9",
    "fire ev main vf",
    "fire bs2 c0-5 tk",
    "play c0-7",
    "play c0-7 ev",
    "discard c0-7",
    "give c1-3 to wretch2",
    "next",
    "end",
    "orders always",
    "orders never ask",
    "react c0-7",
    "react none",
    "draw own",
    "draw isn",
]


def test_the_engine_is_registered_under_its_stable_key():
    engine = get("battleship-galaxies")
    assert engine is E
    assert (engine.min_seats, engine.max_seats) == (2, 3)
    assert tuple(engine.seat_names) == ("ISN", "Wretch", "Wretch 2")


def test_options_schema_documents_every_option_with_a_default():
    props = E.options_schema()["properties"]
    assert set(props) == {"mission", "rounds", "fleet_points", "first_player"}
    assert props["mission"]["enum"] == ["skirmish", "mission-1", "barrage-core", "pan-base"]
    assert props["mission"]["default"] == "skirmish" and props["fleet_points"]["default"] == 100
    for spec in props.values():
        assert "default" in spec and spec["title"] and spec["description"]


def test_the_rounds_option_overrides_the_missions_limit():
    assert started({"rounds": 3}).state.rounds == 3
    assert started().state.rounds == 30


def test_every_canonical_notation_parses_and_prints_back():
    for text in CANONICAL:
        move = E.parse(text, None, 0)
        assert isinstance(move, Move), text
        assert E.notation(move) == text
        assert E.parse(text.upper(), None, 0) == move


def test_the_notation_accepts_common_variants():
    assert E.parse("place ev i12 h11 h12", None, 0) == E.parse("place ev h11 h12 i12", None, 0)
    assert E.parse("step ba d6-e7", None, 0) == E.parse("step ba d6 e7", None, 0)
    assert E.parse("fire ev at vf", None, 0) == E.parse("fire ev main vf", None, 0)
    assert E.parse("load bs ev", None, 0) == E.parse("load bs into ev", None, 0)
    assert E.parse("pass", None, 0) == E.parse("end", None, 0)


def test_unreadable_text_is_invalid_with_help():
    for text in ("", "fly", "place ev", "step ba d6", "orders sometimes", "first nobody", "deck isn-lock"):
        bad = E.parse(text, None, 0)
        assert isinstance(bad, Invalid) and bad.code == "bad_notation" and "Write one move" in bad.message


def test_unknown_and_malformed_moves_are_refused_with_their_codes():
    s = started().state
    assert refused(s, ISN, {"kind": "teleport"}).code == "unknown_move"
    assert refused(s, ISN, {"kind": "fleet", "ship": "ev"}).code == "bad_move"
    assert refused(s, ISN, {"kind": "fleet", "ship": "ev", "version": "elite"}).code == "bad_move"
    assert refused(s, ISN, "launch ev").code == "wrong_phase"


# -- views --------------------------------------------------------------------------------------
def _hidden_position():
    cards = [
        ship("ev", ISN, ("h9", "h10", "i10")),
        hidden("ba", ISN, "veteran", carrier="ev"),
        hidden("rk", ISN),
        ship("sb", WRETCH, ("h2", "h3")),
    ]
    return position(cards, hands=((tac(0, 1, "isn-lock"),), (tac(1, 1, "wr-sight"),)))


def test_the_screen_holds_hands_and_deck_are_hidden_from_the_opponent():
    """BG-20 / AS-BG-1: hidden - cards behind the screen, transport contents, hands, deck order."""
    s = _hidden_position()
    theirs = json.dumps(E.view(s, WRETCH))
    for secret in ("scr0-ba", "scr0-rk", "c0-1", "deck-0", "orders-0", "isn-lock"):
        assert secret not in theirs, secret
    spectator = json.dumps(E.view(s, None))
    assert "c1-1" not in spectator and "c0-1" not in spectator
    mine = E.view(s, ISN)["you"]
    assert [c["ship"] for c in mine["screen"]] == ["rk"]
    assert (
        mine["holds"] == {"ev": [mine["holds"]["ev"][0]]} and mine["holds"]["ev"][0]["version"] == "veteran"
    )
    assert [c["id"] for c in mine["hand"]] == ["c0-1"] and mine["deck"]["tag"] == "deck-0"


def test_hand_and_deck_sizes_and_the_discard_pile_are_public():
    """BG-20: public - hand size, deck size, discard pile, launched cards with attachments, pegs, energy."""
    s = _hidden_position()
    p = E.view(s, WRETCH)["players"][ISN]
    assert (p["hand_size"], p["deck_size"], p["energy"]) == (1, 30, 20)
    card = next(c for c in E.view(s, WRETCH)["cards"] if c["code"] == "ev")
    assert card["stats"]["capacity"] == 12 and card["grid"] and "holds" not in card


def test_secrets_mark_the_screen_holds_hand_deck_and_orders():
    marks = E.secrets(_hidden_position())[ISN]
    assert marks == {"scr0-ba", "scr0-rk", "c0-1", "deck-0", "orders-0"}


def test_the_view_documents_its_keys():
    v = E.view(_hidden_position(), ISN)
    assert set(v) == {
        "game",
        "house",
        "phase",
        "mission",
        "board",
        "obstacles",
        "tiles",
        "ships",
        "cards",
        "destroyed",
        "players",
        "you",
        "turn",
        "window",
        "last_attack",
        "first_player",
        "chooser",
        "outcome",
    }
    assert v["house"] is True and v["game"] == "battleship-galaxies"


def test_a_player_choosing_a_fleet_sees_the_catalogue_of_their_faction():
    v = E.view(started().state, WRETCH)
    assert set(v["you"]["catalogue"]["ships"]) == {"vf", "sb", "tk", "ck", "tg", "rf"}
    assert all(k.startswith("wr-") for k in v["you"]["catalogue"]["cards"])


# -- describe, timeouts, codec ----------------------------------------------------------------------
def test_describe_gives_one_line_and_hides_sealed_moves():
    s = started().state
    step = ok(s, ISN, "fleet ev veteran")
    own = LogItem(2, ISN, {"kind": "fleet", "ship": "ev", "version": "veteran"}, list(step.events))
    other = LogItem(2, ISN, None, [e for e in step.events if e.visible_to(WRETCH)])
    assert "veteran" in E.describe(own, ISN) or "EV:vet" in E.describe(own, ISN)
    assert E.describe(other, WRETCH) == "ISN made a hidden move"


def test_once_the_match_is_over_the_others_read_whose_draft_it_was_and_which_cards_were_drawn():
    """ARCHITECTURE 2: once a match is over everything is revealed to its players."""
    step = ok(started().state, ISN, "fleet ev veteran")
    revealed = LogItem(2, ISN, {"kind": "fleet", "ship": "ev", "version": "veteran"}, list(step.events))
    assert E.describe(revealed, WRETCH).startswith("ISN's draft: EV:vet")
    assert E.describe(revealed, ISN).startswith("Your draft: EV:vet")
    dealt = ok(started().state, ISN, "ready").events
    hidden_draw = LogItem(3, ISN, {"kind": "ready"}, [e for e in dealt if e.visible_to(WRETCH)])
    assert "ISN drew 5 tactic cards" in E.describe(hidden_draw, WRETCH)
    for viewer in (ISN, WRETCH):  # the drawer, and the opponent once the match is over
        text = E.describe(LogItem(3, ISN, {"kind": "ready"}, list(dealt)), viewer)
        assert "5 tactic cards" not in text and len(re.findall(r"\(i\d{3}\)", text)) == 5


def test_timeouts_end_the_turn_pass_windows_and_seal_the_standard_draft():
    s = started().state
    assert E.timeout_move(s, ISN) == Move.of("ready")
    play = position([ship("ba", ISN, ("c10", "c11")), ship("sb", WRETCH, ("h2", "h3"))])
    assert E.timeout_move(play, ISN) == Move.of("end") and E.timeout_move(play, WRETCH) is None


def test_dump_and_load_round_trip_through_json():
    s = ok(_hidden_position(), ISN, "activate ev").state
    data = json.loads(json.dumps(E.dump(s)))
    assert E.dump(E.load(data)) == E.dump(s) and E.load(data) == s


# -- perft-style counts ----------------------------------------------------------------------------
def test_perft_the_selection_moves_of_a_fresh_skirmish():
    s = started().state
    assert Counter(m.kind for m in E.legal_moves(s, ISN)) == {
        "fleet": 18,
        "deck": 12,
        "orders": 3,
        "first": 2,
        "ready": 1,
    }
    assert Counter(m.kind for m in E.legal_moves(s, WRETCH)) == {
        "fleet": 18,
        "deck": 12,
        "orders": 3,
        "ready": 1,
    }


def test_perft_a_deploy_phase_and_its_placements():
    cards = [
        ship("ba", ISN, ("c10", "c11")),
        ship("ck", WRETCH, "c5"),
        hidden("ev", ISN),
        hidden("bs", ISN),
        hidden("rk", ISN),
    ]
    s = position(cards, phase=DEPLOY, hands=((tac(0, 1, "isn-cannon"), tac(0, 2, "isn-lock")), ()))
    assert Counter(m.kind for m in E.legal_moves(s, ISN)) == {
        "launch": 3,
        "load": 2,
        "discard": 2,
        "play": 1,
        "next": 1,
        "end": 1,
        "orders": 3,
    }
    assert len(E.legal_moves(ok(s, ISN, "launch ev").state, ISN)) == 63
    assert len(E.legal_moves(ok(s, ISN, "launch bs").state, ISN)) == 37


def test_perft_an_activated_squadron():
    cards = [
        ship("ba", ISN, ("c10", "c11")),
        ship("bs", ISN, "e10", "f10", "g11"),
        ship("ck", WRETCH, "c5"),
        ship("tk", WRETCH, ("d5", "d6")),
    ]
    s = activating(position(cards, hands=((tac(0, 1, "isn-shields"),), ())), "bs")
    assert Counter(m.kind for m in E.legal_moves(s, ISN)) == {
        "step": 18,
        "play": 4,
        "orders": 3,
        "activate": 1,
        "fire": 1,
        "discard": 1,
        "end": 1,
    }


def test_every_listed_move_is_accepted_from_a_busy_position():
    cards = [
        ship("ba", ISN, ("c10", "c11")),
        ship("bs", ISN, "e10", "f10", "g11"),
        ship("ck", WRETCH, "c5"),
        ship("tk", WRETCH, ("d5", "d6")),
        hidden("rk", ISN),
    ]
    s = activating(position(cards, hands=((tac(0, 1, "isn-shields"), tac(0, 2, "isn-boarding")), ())), "bs")
    for m in E.legal_moves(s, ISN):
        assert not isinstance(E.apply(s, ISN, m, dice()), Invalid), m


def test_a_move_the_notation_cannot_write_is_written_as_its_json():
    engine = get("battleship-galaxies")
    assert engine.notation(Move.of("fire", ship="ev")) == '{"kind": "fire", "ship": "ev"}'
    assert engine.notation(Move.of("fire", ship="ev", weapon="main", target="bs2")) == "fire ev main bs2"

"""Why not (games/engines/dogfight/whynot.py): what a player on turn may expect and cannot
do now, each in the words of the engine's own refusal, never for a thing the moves list."""

from __future__ import annotations

import random

from games.bots.dogfight import DogfightBot
from games.engines import get
from games.engines.base import Move
from games.engines.dogfight.whynot import why_not
from games.engines.session import Session

ENGINE = get("space-dogfight")


def positions(seed: bytes, steps: int = 200):
    """(state, seat on turn) along a match between two bots."""
    session, rng, bot = Session.begin(ENGINE, 2, seed), random.Random(seed), DogfightBot()
    while session.seq < steps:
        state = session.state
        active = sorted(ENGINE.active_seats(state))
        if not active:
            return
        yield state, active[0]
        session.advance(active[0], bot.choose(ENGINE, state, active[0], rng))


def test_each_reason_is_the_engines_refusal_and_never_for_a_listed_move():
    seen_codes = set()
    for state, seat in positions(b"why not"):
        reasons = why_not(state, seat)
        listed = ENGINE.legal_moves(state, seat)
        kinds = {m.kind for m in listed}
        if "draw" in reasons:
            assert "draw" not in kinds
            refusal = ENGINE.check(state, seat, Move.of("draw"))  # the engine's whole judgement
            assert reasons["draw"] == refusal.message
            seen_codes.add(refusal.code)
        movers = {m["from"] for m in listed if m.kind == "move"}
        for ship in state.ships:
            if ship.id in reasons:
                assert ship.owner == seat and ship.square not in movers
        if "ships" in reasons:
            assert not movers
        if "attack" in reasons:
            assert "attack" not in kinds
    assert {"draw_after_spending", "draw_limit"} & seen_codes or "hand_full" in seen_codes


def test_a_seat_not_on_turn_is_given_no_reasons():
    for state, seat in positions(b"off turn", 60):
        assert why_not(state, 1 - seat) == {}


def test_with_no_ap_every_ship_is_held_by_one_reason_said_once():
    for state, seat in positions(b"no ap"):
        if (
            state.phase == "play"
            and state.turn
            and state.turn.stage == "start"
            and state.held(seat, "AP") == 0
        ):
            reasons = why_not(state, seat)
            assert reasons["ships"].startswith("Moving a ship (MOVEMENT) costs 1 AP and you hold 0 AP")
            assert not [k for k in reasons if k.startswith(("blue-", "red-"))]
            return
    raise AssertionError("no position on turn without AP was reached")


def test_only_the_viewer_reads_their_reasons():
    for state, seat in positions(b"views", 80):
        if why_not(state, seat):
            assert ENGINE.view(state, seat)["you"]["why_not"] == why_not(state, seat)
            other = ENGINE.view(state, 1 - seat)
            assert other["you"]["why_not"] == {} and "why_not" not in str(ENGINE.view(state, None))
            return
    raise AssertionError("no reason was ever given")

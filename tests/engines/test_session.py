"""The engine session: set up and play a match as the server does, and replay it from its log."""

from __future__ import annotations

import json
import random

import pytest

from games.engines import all_engines
from games.engines.base import Move, Step
from games.engines.dice import Dice
from games.engines.session import ReplayError, Session, Stored, replay

ENGINES = all_engines()


def played(engine, moves: int = 40, seed: bytes = b"session") -> Session:
    session = Session.begin(engine, engine.min_seats, seed)
    rng = random.Random(1)
    for _ in range(moves):
        active = sorted(engine.active_seats(session.state))
        if not active:
            break
        seat = rng.choice(active)
        assert isinstance(session.advance(seat, rng.choice(engine.legal_moves(session.state, seat))), Step)
    return session


def stored(session: Session) -> list[Stored]:
    return [
        Stored(r.seq, r.seat, json.loads(json.dumps(r.move)), [e.to_json() for e in r.events], list(r.draws))
        for r in session.records
    ]


@pytest.fixture(params=ENGINES, ids=[e.key for e in ENGINES])
def engine(request):
    return request.param


def test_the_setup_is_entry_1_with_the_dice_of_entry_1(engine):
    session = Session.begin(engine, engine.min_seats, b"s")
    setup = session.records[0]
    dice = Dice(b"s", 1)
    expected = engine.setup({**engine.default_options()}, engine.min_seats, dice)
    assert (setup.seq, setup.seat, dict(setup.move)) == (1, None, {"kind": "setup"})
    assert setup.draws == dice.draws
    assert engine.dump(setup.state) == engine.dump(expected.state)


def test_each_move_draws_the_dice_of_its_own_entry(engine):
    session = played(engine, 5)
    for before, record in zip(session.records, session.records[1:], strict=False):
        dice = Dice(session.seed, record.seq)
        again = engine.apply(before.state, record.seat, Move.from_json(record.move), dice)
        assert record.seq == before.seq + 1
        assert dice.draws == record.draws and engine.dump(again.state) == engine.dump(record.state)


def test_an_illegal_move_is_not_recorded(engine):
    session = Session.begin(engine, engine.min_seats, b"s")
    assert not session.advance(0, Move.of("no-such-move"))
    assert session.seq == 1


def test_replay_gives_the_state_of_the_live_match(engine):
    live = played(engine)
    again = replay(engine, live.options, live.seats, live.seed, stored(live))
    assert engine.dump(again.state) == engine.dump(live.state)


def test_replay_names_the_first_entry_whose_dice_or_events_differ(engine):
    log = stored(played(engine, 10))
    opts = dict(engine.default_options())
    extra = {"n": 99, "sides": 6, "value": 1, "purpose": "made up", "to": None}
    dice = [Stored(1, None, log[0].move, log[0].events, [*log[0].draws, extra]), *log[1:]]
    with pytest.raises(ReplayError, match="entry 1: the dice differ from the recorded draws"):
        replay(engine, opts, engine.min_seats, b"session", dice)
    made_up = [{"kind": "made-up", "data": {}, "to": None}]
    events = [log[0], Stored(log[1].seq, log[1].seat, log[1].move, made_up, log[1].draws), *log[2:]]
    with pytest.raises(ReplayError, match=f"entry {log[1].seq}: the events differ from the recorded ones"):
        replay(engine, opts, engine.min_seats, b"session", events)


def test_replay_refuses_a_move_the_engine_no_longer_allows(engine):
    log = stored(played(engine, 3))
    log[1] = Stored(2, log[1].seat, {"kind": "no-such-move"}, [], [])
    with pytest.raises(ReplayError, match="entry 2 no longer applies: unknown_move"):
        replay(engine, dict(engine.default_options()), engine.min_seats, b"session", log)


def test_a_session_may_keep_only_its_last_record():
    engine = ENGINES[0]
    session = Session.begin(engine, engine.min_seats, b"s")
    session.keep = False
    seat = min(engine.active_seats(session.state))
    session.advance(seat, engine.legal_moves(session.state, seat)[0])
    assert [r.seq for r in session.records] == [2]

"""The engine contract (ARCHITECTURE §9), run against every registered engine."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engines import all_engines
from games.engines.base import Invalid, Move, Step
from games.engines.dice import Dice
from games.engines.session import Stored, replay

from .contract import (
    GARBAGE_MOVES,
    event_roundtrip,
    log_items,
    run,
    secrets_kept,
    start,
    variants,
)

ENGINES = all_engines()
ENGINE_IDS = [e.key for e in ENGINES]

PLAYOUT = settings(
    max_examples=12,
    deadline=None,
    # Engines are stateless singletons, so sharing the function-scoped fixture is safe.
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.function_scoped_fixture,
    ],
)

seeds = st.binary(min_size=8, max_size=16)


def seat_counts(engine):
    return range(engine.min_seats, engine.max_seats + 1)


@pytest.fixture(params=ENGINES, ids=ENGINE_IDS)
def engine(request):
    return request.param


def test_every_engine_has_a_stable_key_title_and_version(engine):
    assert engine.key and engine.title and engine.version
    assert 1 <= engine.min_seats <= engine.max_seats


def test_every_option_has_a_default(engine):
    schema = engine.options_schema()
    assert schema["type"] == "object"
    for name, spec in schema.get("properties", {}).items():
        assert "default" in spec, f"option {name} has no default"


@PLAYOUT
@given(seed=seeds)
def test_setup_is_deterministic(engine, seed):
    for n in seat_counts(engine):
        a, b = start(engine, n, seed), start(engine, n, seed)
        assert engine.dump(a.state) == engine.dump(b.state)
        assert a.history[0].draws == b.history[0].draws
        assert [ev.to_json() for ev in a.history[0].step.events] == [
            ev.to_json() for ev in b.history[0].step.events
        ]


@PLAYOUT
@given(seed=seeds, rng_seed=st.integers(0, 2**32))
def test_apply_never_mutates_and_every_listed_move_is_accepted(engine, seed, rng_seed):
    rng = random.Random(rng_seed)
    for n in seat_counts(engine):
        p = start(engine, n, seed)
        for _ in run(p, rng, 60):
            before = json.dumps(engine.dump(p.state), sort_keys=True)
            for seat in range(n):
                moves = engine.legal_moves(p.state, seat)
                assert len(moves) == len(set(moves)), "legal_moves lists a move twice"
                for m in rng.sample(moves, min(len(moves), 8)):
                    result = engine.apply(p.state, seat, m, Dice(seed, 999))
                    assert isinstance(result, Step), f"{m} is listed but refused: {result}"
            assert json.dumps(engine.dump(p.state), sort_keys=True) == before


@PLAYOUT
@given(
    seed=seeds,
    rng_seed=st.integers(0, 2**32),
    garbage=st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=12),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
        max_leaves=8,
    ),
)
def test_garbage_is_invalid_never_an_exception(engine, seed, rng_seed, garbage):
    rng = random.Random(rng_seed)
    n = engine.min_seats
    p = start(engine, n, seed)
    for _ in run(p, rng, rng.randrange(0, 40)):
        pass
    for raw in [garbage, *GARBAGE_MOVES]:
        move = Move.from_json(raw)
        if isinstance(move, Invalid):
            continue
        for seat in range(n):
            result = engine.apply(p.state, seat, move, Dice(seed, 999))
            if isinstance(result, Step):
                assert move in engine.legal_moves(p.state, seat), f"{raw} accepted but not listed"
            else:
                assert isinstance(result, Invalid)
                assert result.code and result.message
    for seat in range(n):
        for text in ["", "   ", "fly to the moon", "move", "attack z9 z10", "%%%", "move a1 a1 a1"]:
            parsed = engine.parse(text, p.state, seat)
            assert isinstance(parsed, Invalid | Move)


@PLAYOUT
@given(seed=seeds, rng_seed=st.integers(0, 2**32))
def test_dump_load_round_trips_through_json(engine, seed, rng_seed):
    rng = random.Random(rng_seed)
    p = start(engine, engine.min_seats, seed)
    for _ in run(p, rng, 80):
        data = json.loads(json.dumps(engine.dump(p.state)))
        assert engine.dump(engine.load(data)) == engine.dump(p.state)
        for played in p.history[-1:]:
            for ev in played.step.events:
                assert event_roundtrip(ev) == ev


@PLAYOUT
@given(seed=seeds, rng_seed=st.integers(0, 2**32))
def test_replay_equals_live(engine, seed, rng_seed):
    """The server's replay of the stored log gives the live state, events and dice."""
    rng = random.Random(rng_seed)
    p = start(engine, engine.min_seats, seed)
    for _ in run(p, rng, 120):
        pass
    stored = [
        Stored(r.seq, r.seat, json.loads(json.dumps(r.move)), [e.to_json() for e in r.events], r.draws)
        for r in p.history
    ]
    replayed = replay(engine, p.options, p.seats, seed, stored)
    assert engine.dump(replayed.state) == engine.dump(p.state)
    assert [h.draws for h in replayed.records] == [h.draws for h in p.history]


@PLAYOUT
@given(seed=seeds, rng_seed=st.integers(0, 2**32))
def test_outcome_is_set_exactly_when_no_seat_is_active(engine, seed, rng_seed):
    rng = random.Random(rng_seed)
    for n in seat_counts(engine):
        p = start(engine, n, seed)
        for _ in run(p, rng, 3000):
            assert (engine.outcome(p.state) is None) == bool(engine.active_seats(p.state))
        if engine.outcome(p.state) is not None:
            for seat in range(n):
                assert engine.legal_moves(p.state, seat) == []


@PLAYOUT
@given(seed=seeds, rng_seed=st.integers(0, 2**32))
def test_notation_parses_back_to_every_listed_move(engine, seed, rng_seed):
    rng = random.Random(rng_seed)
    p = start(engine, engine.min_seats, seed)
    for _ in run(p, rng, 60):
        for seat in range(engine.min_seats):
            for m in engine.legal_moves(p.state, seat):
                text = engine.notation(m)
                assert engine.parse(text, p.state, seat) == m, f"{text!r} does not parse back to {m}"
                assert engine.parse(text.upper(), p.state, seat) == m


@PLAYOUT
@given(seed=seeds, rng_seed=st.integers(0, 2**32))
def test_describe_gives_one_line_for_every_viewer(engine, seed, rng_seed):
    rng = random.Random(rng_seed)
    p = start(engine, engine.min_seats, seed)
    for _ in run(p, rng, 60):
        pass
    for viewer in [None, *range(engine.min_seats)]:
        for item in log_items(p, viewer):
            text = engine.describe(item, viewer)
            assert text and "\n" not in text


@PLAYOUT
@given(seed=seeds, rng_seed=st.integers(0, 2**32))
def test_canary_no_seat_sees_another_seats_secrets(engine, seed, rng_seed):
    """Every hidden value carries a marker; no other seat (nor a spectator) may read it.
    Every engine holds a secret from the start (standing orders at least), so the canary
    checks something in every playout, however short."""
    rng = random.Random(rng_seed)
    p = start(engine, engine.min_seats, seed)
    checked = secrets_kept(p)
    for _ in run(p, rng, 150):
        checked += secrets_kept(p)
    assert checked > 0, "the playout never held a secret: the canary checked nothing"


def test_a_move_of_a_kind_the_game_does_not_have_is_refused_as_unknown_move_naming_the_kinds(engine):
    p = start(engine, engine.min_seats, b"unknown-kind")
    seat = min(engine.active_seats(p.state))
    result = engine.apply(p.state, seat, Move.of("hyperjump"), Dice(b"x" * 32, 2))
    assert isinstance(result, Invalid) and result.code == "unknown_move"
    listed = {m.kind for s in engine.active_seats(p.state) for m in engine.legal_moves(p.state, s)}
    assert "hyperjump" in result.message and any(kind in result.message for kind in listed)


def test_a_finished_match_reveals_everything_to_its_players(engine):
    rng = random.Random(7)
    for attempt in range(20):
        p = start(engine, engine.min_seats, f"finish-{attempt}".encode())
        for _ in run(p, rng, 5000):
            pass
        if engine.outcome(p.state) is not None:
            break
    else:
        pytest.fail("no random playout reached the end")
    full = engine.view(p.state, 0, reveal_all=True)
    for seat in range(engine.min_seats):
        assert engine.view(p.state, seat, reveal_all=True) == full
    # What a seat still held alone at the end is in every player's revealed view.
    shown = json.dumps(full)
    held = {m for markers in engine.secrets(p.state).values() for m in markers}
    assert all(m in shown for m in held), sorted(m for m in held if m not in shown)


VARIANTS = [(e, n, opts) for e in ENGINES for n, opts in variants(e)]


@pytest.mark.parametrize(
    ("engine", "seats", "options"),
    VARIANTS,
    ids=[f"{e.key}-{n}p-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'default'}" for e, n, o in VARIANTS],
)
def test_every_variant_keeps_its_secrets_and_ends_properly(engine, seats, options):
    """The canary and the outcome rule for each scenario, mission, side and seat count."""
    rng = random.Random(f"{engine.key}-{seats}-{sorted(options.items())}")
    p = start(engine, seats, b"variant-seed", options)
    checked = secrets_kept(p)
    for step, _ in enumerate(run(p, rng, 120)):
        assert (engine.outcome(p.state) is None) == bool(engine.active_seats(p.state))
        if step % 6 == 0:
            checked += secrets_kept(p)
    assert checked > 0, "the playout never held a secret: the canary checked nothing"

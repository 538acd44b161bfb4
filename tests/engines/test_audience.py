"""The log's redaction rule (``games.engines.audience``), which the server and these tests share."""

from __future__ import annotations

from games.engines import get
from games.engines.audience import Logged, knowers, read, redact, sealed, unseen, visible_draws
from games.engines.base import Event

DRAWS = [
    {"n": 0, "sides": 6, "value": 3, "purpose": "public", "to": None},
    {"n": 1, "sides": 6, "value": 5, "purpose": "blue's", "to": [0]},
    {"n": 2, "sides": 6, "value": 1, "purpose": "nobody's until the end", "to": []},
]
EVENTS = [Event("public", {"seat": 0}), Event("private", {"seat": 0}, frozenset({0}))]
SEALED = Logged(7, 0, {"kind": "orders", "def_counter": "never"}, [0], EVENTS, DRAWS)
OPEN = Logged(8, 1, {"kind": "end"}, None, EVENTS, DRAWS)


def test_a_sealed_move_is_read_by_its_audience_only_until_the_end():
    assert not sealed([0], 0)
    assert sealed([0], 1) and sealed([0], None)
    assert not sealed([0], 1, reveal_all=True) and not sealed(None, None)


def test_redact_hides_a_sealed_move_and_the_events_of_others():
    assert redact(SEALED, 1).move is None
    assert [e.kind for e in redact(SEALED, 1).events] == ["public"]
    assert redact(SEALED, 0).move == SEALED.move
    assert [e.kind for e in redact(SEALED, 0).events] == ["public", "private"]
    assert [e.kind for e in redact(OPEN, None, reveal_all=True).events] == ["public", "private"]


def test_visible_draws_are_the_public_ones_and_the_viewers_own():
    assert [d["n"] for d in visible_draws(DRAWS, 1)] == [0]
    assert [d["n"] for d in visible_draws(DRAWS, None)] == [0]
    assert [d["n"] for d in visible_draws(DRAWS, 0)] == [0, 1]
    assert [d["n"] for d in visible_draws(DRAWS, 1, reveal_all=True)] == [0, 1, 2]


def test_read_hides_the_kind_of_a_sealed_move_too():
    engine = get("space-dogfight")
    other = read(engine, SEALED, 1)
    assert (other["kind"], other["sealed"], other["move"]) == (None, True, None)
    assert other["events"] == [{"kind": "public", "data": {"seat": 0}, "to": None}]
    assert other["dice"] == [DRAWS[0]]
    own = read(engine, SEALED, 0)
    assert (own["kind"], own["sealed"], own["move"]) == ("orders", False, SEALED.move)
    assert own["text"].startswith("You set standing orders: never DEF counter")
    assert read(engine, OPEN, None, text="Red resigned.")["text"] == "Red resigned."


def test_unseen_an_entry_is_unknown_to_a_reader_when_its_move_is_sealed_and_no_event_is_theirs():
    """AS-SF-1.6 (docs/rules-readings.md SF-R5): such an entry is left out of what they read."""
    blind = Logged(9, 0, {"kind": "roll"}, [0], [Event("rolled", {"seat": 0}, frozenset({0}))], DRAWS[1:])
    assert unseen(blind, 1) and unseen(blind, None)
    assert not unseen(blind, 0) and not unseen(blind, 1, reveal_all=True)
    assert not unseen(SEALED, 1)  # a public event: they know a sealed move was made
    assert not unseen(OPEN, 1)
    assert not unseen(Logged(9, 0, {"kind": "roll"}, [0], [], DRAWS[:1]), 1)  # a public die


def test_knowers_an_entry_is_known_to_the_seats_that_may_know_of_it_and_to_everyone_when_a_spectator_may():
    """AS-SF-1.6: a blind step is known to its seat only; one that tells another seat an event
    (a Fire that stops their roll) to both; anything a spectator may see, to everyone."""
    blind = Logged(9, 0, {"kind": "roll"}, [0], [Event("rolled", {"seat": 0}, frozenset({0}))], DRAWS[1:])
    assert knowers(blind, 3) == [0]
    told = Logged(9, 0, {"kind": "fire"}, [0], [Event("stopped", {"seat": 2}, frozenset({2}))], [])
    assert knowers(told, 3) == [0, 2]
    assert knowers(SEALED, 3) is None and knowers(OPEN, 3) is None

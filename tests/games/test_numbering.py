"""Each reader's numbering of the log (AS-SF-1.6, docs/rules-readings.md SF-R5): the seqs a
reader reads and sends count only the entries they may know of; a game without a blind phase
keeps the stored seqs and reads them with no query."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from django.db import connection

from games import selectors
from games.engines.audience import Logged, knowers
from games.engines.base import Event
from games.models import LogEntry, Match
from games.play import services
from games.rows import insert_row
from games.selectors import Numbering, Viewer
from tests.games.helpers import started_match, submit

pytestmark = pytest.mark.django_db


def test_a_numbering_counts_only_the_entries_its_reader_may_know_of():
    n = Numbering((2, 3, 6))  # the reader may not know of entries 2, 3 and 6
    assert [n.shown(seq) for seq in range(8)] == [0, 1, 1, 1, 2, 3, 3, 4]
    assert [n.stored(k) for k in range(5)] == [0, 1, 4, 5, 7]
    assert all(n.shown(n.stored(k)) == k for k in range(10))
    assert n.stored(9) == 12  # past the last entry, as far past the match's
    assert Numbering().shown(5) == Numbering().stored(5) == 5


def _star_fighters(alice, bob) -> Match:
    match = services.match_create(user=alice, game="star-fighters", invite=["bob"])
    services.match_join(user=bob, match_id=match.pk)
    match.refresh_from_db()
    return match


def test_as_sf1_6_a_game_without_a_blind_phase_numbers_its_log_with_no_query(
    alice, bob, django_assert_num_queries
):
    match = started_match(alice, bob)
    with django_assert_num_queries(0):
        for seat in (None, 0, 1):
            assert selectors.numbering(match, Viewer.for_seat(match, seat)) == selectors.GLOBAL
            assert selectors.seen_by(match, Viewer.for_seat(match, seat)).seq == match.seq


def test_as_sf1_6_a_blind_phase_game_reads_a_numbering_in_one_query_per_reader_and_match_state(
    alice, bob, django_assert_num_queries
):
    match = _star_fighters(alice, bob)
    submit(match, alice, {"kind": "roll"})
    submit(match, alice, {"kind": "roll"})
    match.refresh_from_db()
    with django_assert_num_queries(1):
        bobs = selectors.numbering(match, Viewer.for_seat(match, 1))
        assert selectors.numbering(match, Viewer.for_seat(match, 1)) is bobs  # the same read
    assert bobs.hidden == (match.seq - 1, match.seq)
    assert selectors.numbering(match, Viewer.for_seat(match, 0)).hidden == ()
    assert selectors.numbering(match, Viewer.for_seat(match, None)).hidden == bobs.hidden


def test_as_sf1_6_the_write_path_records_who_may_know_of_each_entry(alice, bob):
    match = _star_fighters(alice, bob)
    submit(match, alice, {"kind": "roll"})
    submit(match, bob, {"kind": "roll"})
    known = list(match.log.order_by("seq").values_list("known_to", flat=True))
    assert known[-2:] == [[0], [1]] and set(map(str, known[:-2])) == {"None"}


def test_as_sf1_6_stored_entries_get_who_may_know_of_them_from_the_migration(alice, bob):
    match = _star_fighters(alice, bob)
    submit(match, alice, {"kind": "roll"})
    step = match.log.get(seq=Match.objects.get(pk=match.pk).seq)
    copy = LogEntry(**{f.attname: getattr(step, f.attname) for f in LogEntry._meta.concrete_fields})
    copy.pk, copy.seq, copy.known_to = None, step.seq + 1, None  # as stored before the column
    insert_row(copy)
    with connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")  # the test's own insert is checked now
    migration = importlib.import_module("games.migrations.0009_logentry_known_to")
    with connection.schema_editor() as editor:
        migration._fill(apps, editor)
    copy.refresh_from_db()
    assert copy.known_to == [0]
    expected = knowers(
        Logged(
            step.seq,
            step.seat,
            step.move,
            step.move_audience,
            [Event.from_json(e) for e in step.events],
            step.dice,
        ),
        match.num_seats,
    )
    assert copy.known_to == expected
    with pytest.raises(Exception, match="append-only"):  # the log is append-only again
        LogEntry.objects.filter(pk=copy.pk).update(known_to=None)

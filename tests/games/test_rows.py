"""games.rows writes and reads exactly what the ORM would, on either database."""

from __future__ import annotations

from datetime import time, timedelta

import pytest
from django.db import connection, transaction
from django.utils import timezone

from accounts.models import NotificationPrefs, Vacation
from games.models import LogEntry, Match, Seat
from games.play.locking import match_for_update
from games.rows import insert_row, seats_with_players, update_row
from notifications.models import PushSubscription
from tests.support.sqlite import run_file_on_sqlite

pytestmark = pytest.mark.django_db


def _values(obj):
    return {f.attname: getattr(obj, f.attname) for f in type(obj)._meta.concrete_fields}


@pytest.fixture
def match(alice, bob, carol):
    now = timezone.now()
    m = Match.objects.create(
        game="space-dogfight",
        engine_version="1",
        num_seats=4,
        seed=b"s",
        seed_commitment="c",
        created_by=alice,
    )
    Seat.objects.create(
        match=m, index=0, user=alice, awaiting=True, turn_started_at=now, time_used=timedelta(hours=5)
    )
    Seat.objects.create(match=m, index=1, user=bob, deadline=now + timedelta(days=2))
    Seat.objects.create(match=m, index=2, user=carol)
    Seat.objects.create(match=m, index=3, invited=carol)  # nobody sits here yet
    NotificationPrefs.objects.create(
        user=alice, email="digest", push="immediate", quiet_start=time(22), quiet_end=time(7)
    )
    PushSubscription.objects.create(user=bob, endpoint="https://push.example/1", p256dh="k", auth="a")
    Vacation.objects.create(user=alice, start=now - timedelta(days=1), end=now + timedelta(days=1))
    Vacation.objects.create(user=carol, start=now - timedelta(days=9), end=now - timedelta(days=8))
    return m


def test_it_reads_what_select_related_reads(match):
    orm = list(match.seats.select_related("user", "user__prefs").order_by("index"))
    fast = seats_with_players(match.pk)
    assert [s.index for s in fast] == [0, 1, 2, 3]
    for a, b in zip(orm, fast, strict=True):
        assert _values(a) == _values(b)
        assert (a.user is None) == (b.user is None)
        if a.user is not None:
            assert _values(a.user) == _values(b.user)
            assert b.user.tz == a.user.tz
            try:
                prefs = a.user.prefs
            except NotificationPrefs.DoesNotExist:
                with pytest.raises(NotificationPrefs.DoesNotExist):
                    b.user.prefs  # noqa: B018 - the access is the test
            else:
                assert _values(prefs) == _values(b.user.prefs)


def test_it_reads_the_related_objects_without_another_query(match):
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        seats = seats_with_players(match.pk)
        names = [s.user.username for s in seats if s.user]
        modes = [s.user.prefs.email for s in seats[:1]]
    assert names == ["alice", "bob", "carol"] and modes == ["digest"]
    assert len(queries) == 1


def test_it_says_who_is_on_vacation_now(match):
    seats = seats_with_players(match.pk)
    assert [s.has_vacation for s in seats] == [True, False, False, False]  # carol's is over


def test_a_row_inserted_reads_back_as_written(match, alice):
    now = timezone.now()
    entry = LogEntry(
        match=match,
        seq=1,
        seat=0,
        user=alice,
        kind="move",
        move={"kind": "move", "to": "b3", "n": [1, None, True]},
        move_audience=[0],
        events=[{"kind": "moved", "data": {"é": "ü"}}],
        dice=[],
        engine_version="1",
        source="api",
        idempotency_key=None,
        prev_hash="p" * 64,
        hash="h" * 64,
        created_at=now,
    )
    insert_row(entry)
    assert entry.pk is not None and not entry._state.adding
    assert _values(LogEntry.objects.get(pk=entry.pk)) == _values(entry)


def test_an_update_changes_the_named_fields_only(match):
    before = _values(Match.objects.get(pk=match.pk))
    when = timezone.now() + timedelta(days=3)
    update_row(
        Match,
        match.pk,
        {"seq": 7, "state": {"board": [[None, 1]], "turn": 2}, "active_seats": [1, 0], "deadline": when},
    )
    after = _values(Match.objects.get(pk=match.pk))
    changed = {k for k in after if after[k] != before[k]}
    assert changed == {"seq", "state", "active_seats", "deadline"}
    assert (after["seq"], after["state"], after["active_seats"], after["deadline"]) == (
        7,
        {"board": [[None, 1]], "turn": 2},
        [1, 0],
        when,
    )
    update_row(Seat, Seat.objects.get(match=match, index=0).pk, {"time_used": timedelta(hours=9)})
    assert Seat.objects.get(match=match, index=0).time_used == timedelta(hours=9)


def test_the_locked_match_reads_as_the_orm_reads_it_with_the_viewers_seat(match, bob, make_user):
    stranger = make_user("stranger")
    with transaction.atomic():
        locked = match_for_update(match.pk, bob.pk)
        assert _values(locked) == _values(Match.objects.get(pk=match.pk))
        assert locked.viewer_seat == 1 and not locked._state.adding
        assert match_for_update(match.pk, stranger.pk).viewer_seat is None
        assert match_for_update(match.pk, None).viewer_seat is None
        assert match_for_update(987654, bob.pk) is None


def test_an_unknown_match_has_no_seats(db):
    assert seats_with_players(987654) == []


@pytest.mark.skipif(connection.vendor == "sqlite", reason="this is the SQLite run itself")
def test_the_same_holds_on_sqlite(tmp_path):
    """The embedded default runs on SQLite: its converters (durations, times) must apply."""
    run = run_file_on_sqlite(__file__, tmp_path, "rows.sqlite3")
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert " passed, 1 skipped" in run.stdout and "failed" not in run.stdout

"""Turn notices: one row in the move's transaction, announced once by a worker as each
recipient's outbox rows (games.notify)."""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from django.test import TestCase

from games import notify, tasks
from games.models import TurnNotice
from notifications import notices
from notifications.models import Outbox

from .helpers import FLEET_SMALL, committed, started_match, submit, user_of

pytestmark = pytest.mark.django_db


def held():
    """Keep what waits for the commit from running: the notices stay unannounced."""
    return TestCase.captureOnCommitCallbacks(execute=False)


def turn_rows() -> list[tuple[str, str, str]]:
    return sorted(Outbox.objects.values_list("kind", "user__username", "channel"))


def test_a_turn_change_writes_one_notice_and_its_announcement_one_row_per_recipient(alice, bob):
    with held():
        match = started_match(alice, bob)
    notice = TurnNotice.objects.get(match=match)
    assert (notice.seq, notice.kind, notice.before, notice.after) == (1, "your_turn", [], [0, 1])
    assert not Outbox.objects.filter(kind="your_turn").exists()
    assert notify.announce(notice.pk) is True
    assert [r for r in turn_rows() if r[0] == "your_turn"] == [
        ("your_turn", "alice", "email"),
        ("your_turn", "bob", "email"),
    ]


def test_a_notice_is_announced_once_however_often_it_is_asked(alice, bob):
    with held():
        match = started_match(alice, bob)
    notice = TurnNotice.objects.get(match=match)
    assert notify.announce(notice.pk) is True
    rows = turn_rows()
    assert notify.announce(notice.pk) is False
    assert turn_rows() == rows
    assert TurnNotice.objects.get(pk=notice.pk).status == TurnNotice.Status.DONE


def test_a_move_that_brings_nobody_new_on_turn_writes_no_notice(alice, bob):
    with held():
        match = started_match(alice, bob)
        submit(match, alice, FLEET_SMALL)  # bob is still building: nobody new to tell
    assert list(TurnNotice.objects.values_list("seq", flat=True)) == [1]


def test_an_announcement_that_fails_half_way_writes_nothing_and_leaves_the_notice_pending(
    alice, bob, monkeypatch
):
    with held():
        match = started_match(alice, bob)
    notice = TurnNotice.objects.get(match=match)

    def broken(*args, **kwargs):
        raise RuntimeError("the worker died while writing")

    monkeypatch.setattr(notices, "webhook_messages", broken)
    with pytest.raises(RuntimeError):
        notify.announce(notice.pk)
    assert TurnNotice.objects.get(pk=notice.pk).status == TurnNotice.Status.PENDING
    assert not Outbox.objects.filter(kind="your_turn").exists()
    monkeypatch.undo()
    assert notify.announce(notice.pk) is True
    assert len([r for r in turn_rows() if r[0] == "your_turn"]) == 2


def test_the_sweep_announces_the_notices_left_pending(alice, bob, settings):
    settings.STARPOST_NOTICE_GRACE_SECONDS = 0
    with held():
        match = started_match(alice, bob)  # the broker was down: nobody announced it
    with committed():
        assert tasks.sweep_turn_notices() == 1
    assert TurnNotice.objects.get(match=match).status == TurnNotice.Status.DONE
    assert len([r for r in turn_rows() if r[0] == "your_turn"]) == 2
    assert tasks.sweep_turn_notices() == 0


def test_the_sweep_leaves_a_fresh_notice_to_the_fast_path(alice, bob, settings):
    settings.STARPOST_NOTICE_GRACE_SECONDS = 3600
    with held():
        started_match(alice, bob)
    assert tasks.sweep_turn_notices() == 0


def test_a_late_notice_tells_only_the_players_still_on_turn(alice, bob):
    with held():
        match = started_match(alice, bob)
        submit(match, alice, FLEET_SMALL)  # alice is done before her notice is announced
    notify.announce(TurnNotice.objects.get(match=match, seq=1).pk)
    assert [r for r in turn_rows() if r[0] == "your_turn"] == [("your_turn", "bob", "email")]
    email = Outbox.objects.get(kind="your_turn")
    assert email.dedupe_key.startswith(f"your_turn:{match.pk}:1:1:")  # about entry 1
    assert email.payload["context"]["match"]["seq"] == 2  # shows the match as it stands


def test_a_late_turn_notice_of_a_finished_match_tells_nobody_but_the_end_is_announced(alice, bob):
    from games.play import services

    with held():
        match = started_match(alice, bob)
        services.match_resign(match_id=match.pk, user=user_of(match, 1))
    first, last = TurnNotice.objects.filter(match=match).order_by("seq")
    assert (first.kind, last.kind) == ("your_turn", "match_over")
    assert notify.announce(first.pk) is True
    assert not Outbox.objects.filter(kind="your_turn").exists()
    assert notify.announce(last.pk) is True
    assert [r for r in turn_rows() if r[0] == "match_over"] == [
        ("match_over", "alice", "email"),
        ("match_over", "bob", "email"),
    ]


@pytest.mark.django_db(transaction=True)
def test_two_workers_announcing_the_same_notice_at_once_write_its_rows_once(alice, bob):
    if connection.vendor != "postgresql":
        pytest.fail("the race test needs PostgreSQL (set DATABASE_URL)")
    match = started_match(alice, bob)  # announced on commit: make a fresh notice to race on
    TurnNotice.objects.filter(match=match).update(status=TurnNotice.Status.PENDING)
    Outbox.objects.filter(kind="your_turn").delete()
    pk = TurnNotice.objects.get(match=match).pk
    barrier = threading.Barrier(4)
    results: list[object] = []

    def worker():
        try:
            barrier.wait()
            results.append(notify.announce(pk))
        except Exception as exc:
            results.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results, key=str) == [False, False, False, True]
    assert Outbox.objects.filter(kind="your_turn").count() == 2

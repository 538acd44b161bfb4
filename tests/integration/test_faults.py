"""Faults against real components: the broker down at commit, a worker killed mid-send, an
SMTP server refusing for a while. Each ends with every message delivered once: 0 lost,
0 duplicated (the counts are printed)."""

from __future__ import annotations

import pytest

from config.celery import app as celery_app
from games.models import Match, TurnNotice
from games.play import services
from notifications.models import Outbox

from .realservices import Mailbox, PrivateRedis, Worker, smtp_server, use_broker, wait_for

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def redis(tmp_path):
    r = PrivateRedis(tmp_path)
    r.start()
    before = celery_app.conf.broker_url
    use_broker(r.url)
    celery_app.conf.task_always_eager = False
    yield r
    celery_app.conf.task_always_eager = True
    r.stop()
    use_broker(before)


@pytest.fixture
def mailbox():
    box = Mailbox()
    controller = smtp_server(box)
    box.port = controller.port
    yield box
    box.stall.clear()
    controller.stop()


@pytest.fixture
def worker(redis, mailbox, tmp_path):
    w = Worker(redis.url, mailbox.port, tmp_path / "worker.log")
    w.start()
    yield w
    w.stop()
    print((tmp_path / "worker.log").read_text()[-2500:])


def report(mailbox: Mailbox, label: str) -> None:
    ids = mailbox.ids()
    expected = list(Outbox.objects.values_list("dedupe_key", flat=True))
    lost = sorted(set(expected) - set(ids))
    duplicated = len(ids) - len(set(ids))
    print(f"{label}: sent {len(ids)} ({', '.join(sorted(ids))}); lost {len(lost)}; duplicated {duplicated}")
    assert not lost and not duplicated and sorted(ids) == sorted(expected)


def start_match(alice, bob) -> Match:
    match = services.match_create(user=alice, game="space-dogfight", invite=["bob"])
    services.match_join(user=bob, match_id=match.pk)
    return match


def test_a_notification_written_while_the_broker_is_down_arrives_once_it_is_back(
    redis, mailbox, worker, alice, bob
):
    redis.stop()
    match = start_match(alice, bob)  # commits although nothing can be queued
    assert Match.objects.get(pk=match.pk).status == "active"
    # the invitation waits in the outbox, the turn change as a notice nobody has announced
    assert Outbox.objects.filter(status="pending").count() == Outbox.objects.count() == 1
    assert TurnNotice.objects.filter(status="pending").count() == 1
    redis.start()  # same port: the worker reconnects, beat sweeps the notice and the rows
    assert wait_for(lambda: len(mailbox.ids()) >= 3, 60), mailbox.ids()
    assert wait_for(lambda: not Outbox.objects.exclude(status="sent").exists(), 30)
    assert TurnNotice.objects.get(match=match).status == "done"
    wait_for(lambda: False, 3)  # a few more sweeps: nothing may arrive twice
    report(mailbox, "broker down at commit")


def test_a_worker_killed_mid_send_delivers_once(redis, mailbox, worker, alice, bob):
    mailbox.stall.set()
    start_match(alice, bob)
    assert wait_for(mailbox.stalled.is_set, 30), "the worker never reached the SMTP server"
    worker.kill()  # dies while the SMTP server holds its DATA unanswered
    mailbox.stall.clear()
    assert Outbox.objects.filter(status="sending").count() == 1
    worker.start()  # a new worker: the sweeper takes the stale claim back after the lease
    assert wait_for(lambda: len(mailbox.ids()) >= 3, 90), mailbox.ids()
    assert wait_for(lambda: not Outbox.objects.exclude(status="sent").exists(), 30)
    wait_for(lambda: False, 3)
    report(mailbox, "worker killed mid-send")


def test_an_smtp_server_refusing_for_a_while_gets_each_message_once_with_backoff(
    redis, mailbox, worker, alice, bob
):
    mailbox.refusals_left = 4
    start_match(alice, bob)
    assert wait_for(lambda: len(mailbox.ids()) >= 3, 90), (mailbox.ids(), mailbox.refused)
    assert mailbox.refused == 4
    attempts = list(Outbox.objects.values_list("attempts", flat=True))
    assert sum(attempts) == 3 + 4  # every refusal was one more attempt, with backoff
    wait_for(lambda: False, 3)
    report(mailbox, "SMTP refusing 4 times")


def test_two_sweepers_running_at_once_handle_each_deadline_once(redis, mailbox, tmp_path, make_user):
    """Two workers, each with its own beat sweeping deadlines every second, on matches whose
    deadlines have all passed: one server move per late seat, each email sent once."""
    from datetime import timedelta

    from django.utils import timezone

    from games.models import LogEntry, Seat
    from tests.games.helpers import play_to_turns

    players = []
    for i in range(8):
        user = make_user(f"late{i}")
        user.auto_vacation = False
        user.save(update_fields=["auto_vacation"])
        players.append(user)
    matches = []
    for i in range(4):
        match = services.match_create(
            user=players[2 * i], game="space-dogfight", options={"first_player": "blue"}
        )
        services.match_join(user=players[2 * i + 1], match_id=match.pk)
        matches.append(play_to_turns(match))
    # the start's notices and mail are not what this test counts
    TurnNotice.objects.update(status="done")
    Outbox.objects.update(status="sent")
    late = Seat.objects.filter(match__in=matches, awaiting=True)
    assert late.count() == 4
    late.update(deadline=timezone.now() - timedelta(minutes=1))
    started = timezone.now()
    Match.objects.filter(pk__in=[m.pk for m in matches]).update(
        deadline=timezone.now() - timedelta(minutes=1)
    )

    before = Outbox.objects.filter(kind="your_turn").count()
    env = {"STARPOST_DEADLINE_SWEEP_SECONDS": "1"}
    workers = [Worker(redis.url, mailbox.port, tmp_path / f"worker{i}.log", **env) for i in range(2)]
    for w in workers:
        w.start()
    try:
        handled = lambda: LogEntry.objects.filter(match__in=matches, source="timeout").count()  # noqa: E731
        assert wait_for(lambda: handled() >= 4, 90), handled()
        expected = lambda: list(  # noqa: E731
            Outbox.objects.filter(kind="your_turn").exclude(status="sent").values_list("pk", flat=True)
        )
        assert wait_for(
            lambda: Outbox.objects.filter(kind="your_turn").count() >= 4 + before and not expected(), 60
        )
        wait_for(lambda: False, 4)  # several more sweeps by both beats: nothing more may happen
    finally:
        for w in workers:
            w.stop()
    assert handled() == 4
    per_match = sorted(
        LogEntry.objects.filter(match__in=matches, source="timeout").values_list("match_id", flat=True)
    )
    assert per_match == sorted(m.pk for m in matches)
    ids = mailbox.ids()
    turn_keys = sorted(
        Outbox.objects.filter(kind="your_turn", created_at__gte=started).values_list("dedupe_key", flat=True)
    )
    duplicated = len(ids) - len(set(ids))
    lost = sorted(set(turn_keys) - set(ids))
    print(
        f"two sweepers at once: {handled()} deadlines handled for 4 late seats; sent {len(ids)} "
        f"({', '.join(sorted(ids))}); lost {len(lost)}; duplicated {duplicated}"
    )
    assert len(turn_keys) == 4 and not lost and not duplicated and sorted(ids) == turn_keys

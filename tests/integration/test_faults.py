"""Faults against real components: the broker down at commit, a worker killed mid-send, an
SMTP server refusing for a while. Each ends with every message delivered once: 0 lost,
0 duplicated (the counts are printed)."""

from __future__ import annotations

import pytest

from config.celery import app as celery_app
from games import services
from games.models import Match, TurnNotice
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

"""A real Celery worker on the real Redis broker delivers "your turn" mail to a real SMTP server.

The test process commits moves to PostgreSQL; the outbox rows go to Redis after the
commit; a separate ``celery worker`` process claims each row and hands the message to
an aiosmtpd server listening on loopback.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from email import message_from_bytes
from email.policy import default as default_policy
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller
from django.db import connection

from config.celery import app as celery_app
from games.play import services
from notifications.models import Outbox
from notifications.tasks import sweep_outbox
from tests.support.waiting import free_port, wait_for

from .realservices import use_broker

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


class Inbox:
    """aiosmtpd handler that keeps every accepted message."""

    def __init__(self):
        self.messages = []

    async def handle_DATA(self, server, session, envelope):
        self.messages.append(message_from_bytes(envelope.original_content, policy=default_policy))
        return "250 OK"


def database_url() -> str:
    d = connection.settings_dict
    if connection.vendor != "postgresql":
        pytest.fail("the worker test needs PostgreSQL: the worker is another process")
    auth = d["USER"] + (f":{d['PASSWORD']}" if d["PASSWORD"] else "")
    return f"postgres://{auth}@{d['HOST'] or '127.0.0.1'}:{d['PORT'] or 5432}/{d['NAME']}"


@pytest.fixture
def smtp():
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    yield controller, inbox
    controller.stop()


@pytest.fixture
def worker(smtp, tmp_path):
    broker = celery_app.conf.broker_url
    if not broker or broker.startswith("memory"):
        pytest.fail("set CELERY_BROKER_URL (make test does) to a real broker, e.g. redis://127.0.0.1:6379/15")
    controller, _ = smtp
    use_broker(broker)  # fresh connections, whatever an earlier test pointed them at
    celery_app.conf.task_always_eager = False
    with celery_app.connection_for_write() as conn:
        conn.default_channel.queue_purge("celery")
    env = {
        **os.environ,
        "DATABASE_URL": database_url(),
        "CELERY_BROKER_URL": broker,
        "CELERY_TASK_ALWAYS_EAGER": "0",
        "EMAIL_URL": f"smtp://127.0.0.1:{controller.port}",
        "DATABASE_CONN_MAX_AGE": "0",
    }
    logfile = (tmp_path / "worker.log").open("w")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--pool=solo",
            "--loglevel=INFO",
            "--without-heartbeat",
            "--without-mingle",
            "--without-gossip",
        ],
        cwd=ROOT,
        env=env,
        stdout=logfile,
        stderr=subprocess.STDOUT,
    )
    yield proc
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
    logfile.close()
    celery_app.conf.task_always_eager = True
    print((tmp_path / "worker.log").read_text()[-3000:])


def test_the_worker_delivers_each_your_turn_email_once_over_smtp(worker, smtp, alice, bob):
    _, inbox = smtp
    match = services.match_create(user=alice, game="space-dogfight", invite=["bob"])
    assert wait_for(lambda: len(inbox.messages) == 1), "the invitation never arrived"
    services.match_join(user=bob, match_id=match.pk)  # both must now build a fleet
    assert wait_for(lambda: len(inbox.messages) == 3), [m["Subject"] for m in inbox.messages]
    turn_mails = [m for m in inbox.messages if "Your turn" in m["Subject"]]
    assert sorted(m["To"] for m in turn_mails) == ["alice@example.test", "bob@example.test"]
    for m in turn_mails:
        assert m.get_body(("plain",)) is not None and m.get_body(("html",)) is not None
        assert "fleet" in m.get_body(("plain",)).get_content()
    assert wait_for(lambda: not Outbox.objects.exclude(status=Outbox.Status.SENT).exists())
    # The sweeper finds nothing left to send, and nothing arrives twice.
    assert sweep_outbox() == 0
    time.sleep(2)
    keys = [m["X-Starpost-Outbox"] for m in inbox.messages]
    assert len(keys) == len(set(keys)) == Outbox.objects.filter(status=Outbox.Status.SENT).count() == 3
    print(f"sent {len(keys)} messages, 0 duplicated, 0 lost: {keys}")

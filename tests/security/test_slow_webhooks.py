"""Issue 13, item 4: no outbound call runs inside a web request. With tasks run in-process
(the embedded default), a join that starts a match whose player has ten webhooks that accept
a connection and never answer returns before any of them is called; the calls run on the
background threads, each with the short timeouts (tests/security/test_outbound_pinning.py),
and a player has at most STARPOST_WEBHOOKS_PER_USER webhooks (tests/notifications/test_webhooks.py).
The password reset's email, the one email not sent through the outbox, leaves after the
answer too."""

from __future__ import annotations

import socket
import threading

import pytest

from games.play import services
from notifications import background, channels
from notifications.models import Outbox
from notifications.webhooks import webhook_create
from tests.support.waiting import wait_for

pytestmark = pytest.mark.django_db(transaction=True)  # deliveries read committed rows


class Silent:
    """A receiver that accepts connections and never answers them."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.port = self.sock.getsockname()[1]
        self.accepted: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.accepted.append(conn)

    def close(self) -> None:
        for conn in self.accepted:
            conn.close()
        self.sock.close()


@pytest.fixture
def silent_receivers():
    receivers = [Silent() for _ in range(10)]
    yield receivers
    assert background.wait_idle(timeout=60), "deliveries still running"
    for r in receivers:
        r.close()


@pytest.fixture
def in_process(settings):
    settings.STARPOST_INPROCESS_THREADS = 4  # as deployed: the test settings run them inline
    settings.STARPOST_OUTBOUND_ALLOW = ["127.0.0.1/32"]
    settings.STARPOST_OUTBOUND_CONNECT_TIMEOUT_SECONDS = 1
    settings.STARPOST_OUTBOUND_READ_TIMEOUT_SECONDS = 1
    return settings


def test_a_join_never_waits_for_webhooks_that_never_answer(
    api, alice, bob, in_process, silent_receivers, monkeypatch
):
    for r in silent_receivers:
        webhook_create(user=alice, url=f"http://127.0.0.1:{r.port}/hook", events=["your_turn"])
    calls: list[tuple[int, bool]] = []  # (thread, the request had returned)
    answered = threading.Event()
    send_webhook = channels.CHANNELS[Outbox.Channel.WEBHOOK]

    def recording(row):
        calls.append((threading.get_ident(), answered.is_set()))
        return send_webhook(row)

    monkeypatch.setitem(channels.CHANNELS, Outbox.Channel.WEBHOOK, recording)
    match = services.match_create(user=alice, game="space-dogfight", invite=["bob"])
    response = api.as_user(bob).post(f"/api/matches/{match.pk}/join/", {}, format="json")
    answered.set()
    assert response.status_code in (200, 201), response.content
    request_thread = threading.get_ident()
    assert all(thread != request_thread for thread, _ in calls), "a webhook was called in the request"
    assert wait_for(lambda: sum(len(r.accepted) for r in silent_receivers) >= 10, timeout=60)
    assert background.wait_idle(timeout=60)
    assert len(calls) == 10
    assert all(thread != request_thread for thread, _ in calls)
    assert Outbox.objects.filter(channel="webhook", status="pending", attempts=1).count() == 10


def test_the_password_reset_email_is_sent_after_the_answer_not_in_the_request(
    client, alice, settings, monkeypatch
):
    settings.STARPOST_INPROCESS_THREADS = 2
    sent_on: list[int] = []
    from django.core.mail.backends.locmem import EmailBackend

    send_messages = EmailBackend.send_messages

    def recording(self, messages):
        sent_on.append(threading.get_ident())
        return send_messages(self, messages)

    monkeypatch.setattr(EmailBackend, "send_messages", recording)
    response = client.post("/accounts/password/reset/", {"email": alice.email})
    assert response.status_code == 302
    assert background.wait_idle(timeout=60)
    assert len(sent_on) == 1 and sent_on[0] != threading.get_ident()

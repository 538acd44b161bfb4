"""Webhook and push destinations never reach internal addresses (issue 13, item 5).

The server connects only to the address it checked (a name is not resolved twice), refuses
every special-purpose range in every mode, DEBUG included, unless the operator allows a
network for local testing, and never follows a redirect.
"""

from __future__ import annotations

import contextlib
import io
import socket
import threading

import pytest
import urllib3.util.connection

from notifications.models import Outbox, PushSubscription, Webhook
from notifications.services import outbox_add
from notifications.tasks import deliver
from notifications.webhooks import webhook_messages

pytestmark = pytest.mark.django_db

TURN = {
    "match_id": 1,
    "seq": 2,
    "game": "Space Dogfight",
    "url": "https://starpost.test/matches/1/",
    "to_move": [{"seat": "Blue", "username": "bob"}],
}

SPECIAL = [
    "127.0.0.1",
    "10.1.2.3",
    "100.64.0.1",  # carrier-grade NAT
    "169.254.169.254",  # cloud metadata
    "192.0.0.8",
    "198.18.0.1",
    "224.0.0.1",  # multicast
    "240.0.0.1",  # reserved
    "0.0.0.0",
    "::1",
    "::7f00:1",  # IPv4-compatible 127.0.0.1
    "::ffff:127.0.0.1",  # IPv4-mapped
    "::ffff:8.8.8.8",  # IPv4-mapped, even of a public address
    "64:ff9b::7f00:1",  # NAT64 of 127.0.0.1
    "64:ff9b:1::a00:1",  # local-use NAT64
    "2002:7f00:1::1",  # 6to4 of 127.0.0.1
    "2001:0:4136:e378:8000:63bf:3fff:fdd2",  # Teredo
    "fc00::1",
    "fe80::1",
    "ff02::1",  # multicast
]


class Listener:
    """A TCP listener on 127.0.0.1 that records every connection made to it (and answers 200)."""

    def __init__(self):
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.port = self.sock.getsockname()[1]
        self.connections = 0
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self):
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.connections += 1
            try:
                conn.settimeout(2)
                conn.recv(65536)
                conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
            except OSError:
                pass
            finally:
                conn.close()

    def close(self):
        self.sock.close()


@pytest.fixture
def listener():
    lst = Listener()
    yield lst
    lst.close()


def browser_keys() -> tuple[str, str]:
    """A browser's subscription keys: its P-256 public point and a 16-byte secret, base64url."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    from notifications.push import b64url

    point = (
        ec.generate_private_key(ec.SECP256R1())
        .public_key()
        .public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    )
    return b64url(point), b64url(bytes(range(16)))


def webhook_row(user, url: str) -> Outbox:
    Webhook.objects.create(user=user, url=url, secret="s", events=["your_turn"])
    [pk] = outbox_add(webhook_messages([user.pk], "your_turn", TURN))
    return Outbox.objects.get(pk=pk)


def resolving_to(monkeypatch, *answers: str):
    """Make every name resolve to ``answers`` in turn (the last one repeats): a DNS server
    that changes its answer between the check and the connection."""
    calls = iter(answers)
    last = [answers[0]]

    def fake(host, port, *args, **kwargs):
        with contextlib.suppress(StopIteration):
            last[0] = next(calls)
        family = socket.AF_INET6 if ":" in last[0] else socket.AF_INET
        return [(family, socket.SOCK_STREAM, 6, "", (last[0], port or 443))]

    monkeypatch.setattr(socket, "getaddrinfo", fake)


def test_a_webhook_is_not_posted_to_loopback_in_debug(bob, listener, settings):
    settings.DEBUG = True
    settings.STARPOST_OUTBOUND_ALLOW = []
    row = webhook_row(bob, f"http://127.0.0.1:{listener.port}/hook")
    assert deliver(row.pk) == "retry"
    assert listener.connections == 0
    assert "public host" in Outbox.objects.get(pk=row.pk).last_error


def test_a_loopback_webhook_url_is_refused_in_debug_unless_allowed(api, bob, settings):
    settings.DEBUG = True
    settings.STARPOST_OUTBOUND_ALLOW = []
    body = {"url": "http://127.0.0.1:8080/hook", "events": ["your_turn"]}
    response = api.as_user(bob).post("/api/webhooks/", body, format="json")
    assert response.status_code == 400 and response.json()["code"] == "bad_webhook_url"
    settings.STARPOST_OUTBOUND_ALLOW = ["127.0.0.1/32"]
    assert api.as_user(bob).post("/api/webhooks/", body, format="json").status_code == 201


@pytest.mark.parametrize("address", SPECIAL)
def test_special_purpose_addresses_are_refused_as_webhook_urls(address, api, bob, settings):
    host = f"[{address}]" if ":" in address else address
    body = {"url": f"https://{host}/hook", "events": ["your_turn"]}
    response = api.as_user(bob).post("/api/webhooks/", body, format="json")
    assert response.status_code == 400, response.json()
    assert response.json()["code"] == "bad_webhook_url"
    assert not Webhook.objects.exists()


@pytest.mark.parametrize("address", SPECIAL)
def test_special_purpose_addresses_are_refused_as_push_endpoints(address, api, bob, settings):
    from notifications.push import generate_vapid_keys

    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = generate_vapid_keys()
    host = f"[{address}]" if ":" in address else address
    p256dh, auth = browser_keys()
    body = {"endpoint": f"https://{host}/push/1", "keys": {"p256dh": p256dh, "auth": auth}}
    response = api.as_user(bob).post("/api/push/subscriptions/", body, format="json")
    assert response.status_code == 400, response.json()
    assert response.json()["field"] == "endpoint"
    assert not PushSubscription.objects.exists()


@pytest.mark.parametrize("address", SPECIAL)
def test_a_name_resolving_to_a_special_purpose_address_is_not_posted_to(address, bob, monkeypatch):
    resolving_to(monkeypatch, address)
    row = webhook_row(bob, "https://hooks.example.com/hook")
    assert deliver(row.pk) == "retry"
    assert "special-purpose" in Outbox.objects.get(pk=row.pk).last_error


def test_dns_rebinding_cannot_turn_a_checked_webhook_towards_an_internal_address(
    bob, listener, monkeypatch, settings
):
    """The name resolves to a public address when checked and to 127.0.0.1 a moment later:
    the connection goes to the address that was checked, never to the internal one."""
    settings.DEBUG = False
    public = "93.184.215.14"
    resolving_to(monkeypatch, public, "127.0.0.1")
    targets: list[str] = []
    real = urllib3.util.connection.create_connection

    def connect(address, *args, **kwargs):
        targets.append(address[0])
        if address[0] == public:  # no real network in tests: the checked address refuses
            raise ConnectionRefusedError("test: the public address is not reachable from here")
        return real(address, *args, **kwargs)

    monkeypatch.setattr(urllib3.util.connection, "create_connection", connect)
    row = webhook_row(bob, f"https://hooks.example.com:{listener.port}/hook")
    assert deliver(row.pk) == "retry"
    assert listener.connections == 0, "the webhook reached the internal address"
    assert targets == [public]


def test_a_redirect_from_a_push_service_is_not_followed(bob, settings, monkeypatch):
    """A push service answering 307 to an internal address is a failure, not a hop."""
    import requests

    from notifications.push import generate_vapid_keys

    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = generate_vapid_keys()
    resolving_to(monkeypatch, "93.184.215.14")
    sent: list[str] = []

    def send(self, request, **kwargs):
        sent.append(request.url)
        response = requests.Response()
        response.status_code = 307
        response.headers["Location"] = "http://169.254.169.254/latest/meta-data/"
        response.request = request
        response.url = request.url
        response._content = b""
        response.raw = io.BytesIO(b"")
        return response

    monkeypatch.setattr(requests.adapters.HTTPAdapter, "send", send)
    p256dh, auth = browser_keys()
    PushSubscription.objects.create(
        user=bob, endpoint="https://push.example.com/device/1", p256dh=p256dh, auth=auth
    )
    row = Outbox.objects.create(
        dedupe_key="push-1", user=bob, kind="your_turn", channel="push", payload={"title": "t", "body": "b"}
    )
    assert deliver(row.pk) == "retry"
    assert sent == ["https://93.184.215.14:443/device/1"]  # the checked address, once

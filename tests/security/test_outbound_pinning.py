"""The pinned connection keeps what TLS and HTTP need of the name, and every outbound call
has short timeouts (issue 13, items 4 and 5)."""

from __future__ import annotations

import datetime
import http.server
import io
import ipaddress
import socket
import ssl
import threading

import pytest
import requests
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from notifications import net
from notifications.models import Outbox, Webhook
from notifications.services import outbox_add
from notifications.tasks import deliver
from notifications.webhooks import webhook_messages

NAME = "hooks.example.test"


def certificate(tmp_path):
    """A self-signed certificate for NAME, as files: (cert, key)."""
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, NAME)])
    now = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=3650))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName(NAME)]), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = tmp_path / "cert.pem", tmp_path / "key.pem"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
    )
    return cert_path, key_path


@pytest.fixture
def tls_server(tmp_path):
    """An HTTPS server on 127.0.0.1 for NAME that records the SNI name and Host header it gets."""
    cert_path, key_path = certificate(tmp_path)
    seen: dict[str, list[str]] = {"sni": [], "host": []}

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            seen["host"].append(self.headers.get("Host", ""))
            self.rfile.read(int(self.headers.get("Content-Length", 0)))
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args):
            pass

    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert_path, key_path)
    context.sni_callback = lambda sock, name, ctx: seen["sni"].append(name or "")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server.server_address[1], cert_path, seen
    server.shutdown()
    server.server_close()


def test_the_pinned_connection_keeps_sni_host_and_certificate_checks_for_the_name(
    tls_server, monkeypatch, settings
):
    port, cert_path, seen = tls_server
    settings.STARPOST_OUTBOUND_ALLOW = ["127.0.0.1/32"]
    calls: list[str] = []

    def resolve(host, *args, **kwargs):
        calls.append(host)
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.0.1", port))]

    monkeypatch.setattr(socket, "getaddrinfo", resolve)
    url = f"https://{NAME}:{port}/hook"
    with net.pinned_session(url) as session:
        session.verify = str(cert_path)
        response = session.post(url, data=b"{}")
    assert response.status_code == 204
    assert seen["sni"] == [NAME]
    assert seen["host"] == [f"{NAME}:{port}"]
    names = [c for c in calls if c != "127.0.0.1"]  # the connection looks up the literal only
    assert names == [NAME], "the name was resolved once, for the check"
    assert session.ip == ipaddress.ip_address("127.0.0.1")


def test_a_certificate_for_another_name_is_refused_over_the_pinned_connection(
    tls_server, monkeypatch, settings
):
    port, cert_path, _seen = tls_server
    settings.STARPOST_OUTBOUND_ALLOW = ["127.0.0.1/32"]
    monkeypatch.setattr(
        socket,
        "getaddrinfo",
        lambda *a, **k: [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.0.1", port))],
    )
    url = f"https://other.example.test:{port}/hook"
    with net.pinned_session(url) as session, pytest.raises(requests.exceptions.SSLError):
        session.verify = str(cert_path)
        session.post(url, data=b"{}")


def test_a_pinned_session_sends_to_its_own_destination_only(monkeypatch, settings):
    monkeypatch.setattr(
        socket,
        "getaddrinfo",
        lambda *a, **k: [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("93.184.215.14", 443))],
    )
    with net.pinned_session("https://hooks.example.com/x") as session, pytest.raises(net.DestinationRefused):
        session.post("https://elsewhere.example.com/x", data=b"{}")


@pytest.mark.django_db
def test_every_outbound_call_has_the_short_connect_and_read_timeouts(bob, monkeypatch, settings):
    """Webhooks and push alike: (connect, read) from settings, whatever the caller asked."""
    from notifications.models import PushSubscription
    from notifications.push import generate_vapid_keys
    from tests.security.test_outbound_destinations import browser_keys

    settings.STARPOST_OUTBOUND_CONNECT_TIMEOUT_SECONDS = 2
    settings.STARPOST_OUTBOUND_READ_TIMEOUT_SECONDS = 4
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = generate_vapid_keys()
    monkeypatch.setattr(
        socket,
        "getaddrinfo",
        lambda *a, **k: [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("93.184.215.14", 443))],
    )
    timeouts: list[object] = []

    def send(self, request, **kwargs):
        timeouts.append(kwargs.get("timeout"))
        response = requests.Response()
        response.status_code = 201
        response.request, response.url, response._content = request, request.url, b""
        response.raw = io.BytesIO(b"")
        return response

    monkeypatch.setattr(requests.adapters.HTTPAdapter, "send", send)
    Webhook.objects.create(user=bob, url="https://hooks.example.com/x", secret="s", events=["your_turn"])
    event = {"match_id": 1, "seq": 2, "game": "G", "url": "https://s.test/", "to_move": []}
    [hook_row] = outbox_add(webhook_messages([bob.pk], "your_turn", event))
    p256dh, auth = browser_keys()
    PushSubscription.objects.create(
        user=bob, endpoint="https://push.example.com/d/1", p256dh=p256dh, auth=auth
    )
    push_row = Outbox.objects.create(
        dedupe_key="push-1", user=bob, kind="your_turn", channel="push", payload={"title": "t", "body": "b"}
    )
    assert deliver(hook_row) == "sent"
    assert deliver(push_row.pk) == "sent"
    assert timeouts == [(2.0, 4.0), (2.0, 4.0)]

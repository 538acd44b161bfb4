"""Web Push against real components on loopback: a push service that records what it is sent,
and fake browsers with their own P-256 keys that decrypt it (RFC 8291, aes128gcm)."""

from __future__ import annotations

import base64
import json
import os
import random
import re
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import http_ece
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command
from django.urls import include, path
from django.utils import timezone
from py_vapid import jwt as vapid_jwt

from config.urls import urlpatterns as site_urlpatterns
from games import selectors
from games.models import Match
from games.play import services
from notifications.models import Outbox, PushSubscription
from notifications.push import DELIVERED, generate_vapid_keys
from notifications.tasks import deliver
from notifications.urls import root_urlpatterns
from tests.games.helpers import started_match
from tests.support.http_recorder import PushService

# The site's URLs plus this app's (config/urls.py includes them too once wired).
urlpatterns = [*root_urlpatterns, path("api/", include("notifications.api_urls")), *site_urlpatterns]
pytestmark = [pytest.mark.django_db, pytest.mark.urls(__name__)]

SUBJECT = "mailto:ops@starpost.test"
PAYLOAD = {
    "title": "Your turn: Space Dogfight #7",
    "body": "Due Mon",
    "url": "http://x/matches/7/",
    "tag": "match-7",
}


# -- a push service and browsers ---------------------------------------------------------------


class Browser:
    """What a browser keeps for one subscription: an ECDH P-256 key pair and an auth secret."""

    def __init__(self, endpoint: str):
        self.endpoint = endpoint
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)

    def subscription(self) -> dict:
        point = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {
            "endpoint": self.endpoint,
            "expirationTime": None,
            "keys": {"p256dh": b64(point), "auth": b64(self.auth)},
        }

    def decrypt(self, body: bytes) -> dict:
        return json.loads(
            http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth, version="aes128gcm")
        )


def b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


@pytest.fixture
def service():
    s = PushService()
    yield s
    s.close()


@pytest.fixture
def vapid(settings):
    """Keys as `manage.py vapid_keys` makes them; the allow-list lets endpoints be http://127.0.0.1."""
    public, private = generate_vapid_keys()
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY, settings.VAPID_SUBJECT = public, private, SUBJECT
    settings.STARPOST_OUTBOUND_ALLOW = ["127.0.0.1/32"]
    return public


def subscribe(api, user, browser: Browser, **extra):
    return api.as_user(user).post("/api/push/subscriptions/", browser.subscription(), format="json", **extra)


def push_row(user, payload=PAYLOAD, key="push-1") -> Outbox:
    return Outbox.objects.create(dedupe_key=key, user=user, kind="your_turn", channel="push", payload=payload)


def due_now(row: Outbox) -> None:
    """Move the clock to the row's retry time (the retry is due now)."""
    Outbox.objects.filter(pk=row.pk).update(available_at=timezone.now())


# -- configuration ------------------------------------------------------------------------------


def test_push_is_disabled_without_vapid_keys_and_subscribing_says_so(api, bob, settings, service):
    settings.VAPID_PUBLIC_KEY = settings.VAPID_PRIVATE_KEY = ""
    settings.STARPOST_OUTBOUND_ALLOW = ["127.0.0.1/32"]
    assert api.get("/api/push/").json() == {"enabled": False, "public_key": ""}
    response = subscribe(api, bob, Browser(service.endpoint("a")))
    assert response.status_code == 503
    assert response.json()["code"] == "push_disabled"
    assert not PushSubscription.objects.exists()


def test_the_push_config_gives_the_vapid_public_key_to_anyone(api, vapid):
    assert api.get("/api/push/").json() == {"enabled": True, "public_key": vapid}


def test_a_private_key_that_does_not_match_the_public_key_fails_loudly(bob, vapid, settings, service):
    settings.VAPID_PUBLIC_KEY = generate_vapid_keys()[0]
    PushSubscription.objects.create(user=bob, endpoint=service.endpoint("a"), p256dh="x", auth="y")
    with pytest.raises(ImproperlyConfigured, match="not the public half"):
        from notifications.push import send_push

        send_push(push_row(bob))


def test_vapid_keys_command_prints_env_lines(capsys):
    call_command("vapid_keys", "--subject", SUBJECT)
    out = capsys.readouterr().out
    public = re.search(r"^VAPID_PUBLIC_KEY=([\w-]+)$", out, re.M).group(1)
    private = re.search(r"^VAPID_PRIVATE_KEY=([\w-]+)$", out, re.M).group(1)
    assert f"VAPID_SUBJECT={SUBJECT}" in out
    assert (
        len(base64.urlsafe_b64decode(public + "=")) == 65
        and len(base64.urlsafe_b64decode(private + "=")) == 32
    )


def test_vapid_keys_if_missing_writes_the_file_once_and_settings_read_it(tmp_path, settings):
    settings.VAPID_FILE = tmp_path / "vapid.json"
    call_command("vapid_keys", "--if-missing")
    first = json.loads(settings.VAPID_FILE.read_text())
    assert settings.VAPID_FILE.stat().st_mode & 0o077 == 0  # the private key is the server's alone
    call_command("vapid_keys", "--if-missing")
    assert json.loads(settings.VAPID_FILE.read_text()) == first
    # A fresh process with no VAPID_* variables takes the keys from the file.
    env = {k: v for k, v in os.environ.items() if not k.startswith("VAPID_")}
    env |= {"STARPOST_VAR_DIR": str(tmp_path), "DJANGO_SETTINGS_MODULE": "config.settings"}
    code = "from django.conf import settings as s; print(s.VAPID_PUBLIC_KEY, s.VAPID_PRIVATE_KEY)"
    out = subprocess.run(
        [sys.executable, "-c", code],
        env=env,
        cwd=Path(__file__).resolve().parents[2],
        capture_output=True,
        text=True,
    )
    assert out.stdout.split() == [first["public_key"], first["private_key"]], out.stderr


def test_the_service_worker_is_served_from_the_root_for_the_whole_site(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Service-Worker-Allowed"] == "/"
    assert response["Content-Type"].startswith("text/javascript")
    body = response.content.decode()
    assert 'addEventListener("push"' in body and "showNotification" in body and "notificationclick" in body


# -- subscribing --------------------------------------------------------------------------------


def test_each_device_is_stored_once_and_subscribing_again_refreshes_it(api, bob, vapid, service):
    phone, laptop = Browser(service.endpoint("phone")), Browser(service.endpoint("laptop"))
    assert subscribe(api, bob, phone).status_code == 201
    assert subscribe(api, bob, laptop).status_code == 201
    phone.auth = os.urandom(16)  # the browser renewed its keys
    again = subscribe(api, bob, phone)
    assert again.status_code == 200
    assert PushSubscription.objects.filter(user=bob).count() == 2
    assert PushSubscription.objects.get(endpoint=phone.endpoint).auth == b64(phone.auth)
    listed = api.as_user(bob).get("/api/push/subscriptions/").json()["subscriptions"]
    assert [s["endpoint"] for s in listed] == [phone.endpoint, laptop.endpoint]


def test_a_browser_that_changes_hands_follows_the_account_that_subscribed_last(
    api, alice, bob, vapid, service
):
    shared = Browser(service.endpoint("shared"))
    subscribe(api, alice, shared)
    assert subscribe(api, bob, shared).status_code == 200
    assert list(PushSubscription.objects.values_list("user__username", flat=True)) == ["bob"]


def test_unsubscribing_deletes_only_your_own_device(api, alice, bob, vapid, service):
    mine, theirs = Browser(service.endpoint("mine")), Browser(service.endpoint("theirs"))
    subscribe(api, bob, mine)
    subscribe(api, alice, theirs)
    response = api.as_user(bob).delete(
        "/api/push/subscriptions/", {"endpoint": theirs.endpoint}, format="json"
    )
    assert response.status_code == 204 and PushSubscription.objects.filter(endpoint=theirs.endpoint).exists()
    api.as_user(bob).delete("/api/push/subscriptions/", {"endpoint": mine.endpoint}, format="json")
    assert not PushSubscription.objects.filter(user=bob).exists()


def test_subscribing_needs_a_signed_in_player(api, vapid, service):
    response = api.post(
        "/api/push/subscriptions/", Browser(service.endpoint("a")).subscription(), format="json"
    )
    assert response.status_code == 401


def _not_on_curve() -> str:
    x = 5
    while True:  # a point (x, 1): on the curve only if 1 = x³ - 3x + b (mod p), which it is not
        raw = b"\x04" + x.to_bytes(32, "big") + (1).to_bytes(32, "big")
        try:
            ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), raw)
        except ValueError:
            return b64(raw)
        x += 1


def _compressed() -> str:
    key = ec.generate_private_key(ec.SECP256R1()).public_key()
    return b64(key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.CompressedPoint))


BAD = {
    "endpoint missing": ({"endpoint": None}, "endpoint"),
    "endpoint not a URL": ({"endpoint": "not a url"}, "endpoint"),
    "endpoint plain http": ({"endpoint": "http://push.example.com/x"}, "endpoint"),
    "endpoint ftp": ({"endpoint": "ftp://push.example.com/x"}, "endpoint"),
    "endpoint private address": ({"endpoint": "https://10.0.0.7/push"}, "endpoint"),
    "endpoint with credentials": ({"endpoint": "https://u:p@push.example.com/x"}, "endpoint"),
    "keys missing": ({"keys": None}, "keys"),
    "p256dh missing": ({"p256dh": None}, "keys.p256dh"),
    "p256dh not base64url": ({"p256dh": "BNc+/+" + "A" * 80}, "keys.p256dh"),
    "p256dh too short": ({"p256dh": b64(b"\x04" + os.urandom(31))}, "keys.p256dh"),
    "p256dh compressed": ({"p256dh": _compressed()}, "keys.p256dh"),
    "p256dh first byte not 0x04": ({"p256dh": b64(b"\x05" + os.urandom(64))}, "keys.p256dh"),
    "p256dh not on the curve": ({"p256dh": _not_on_curve()}, "keys.p256dh"),
    "auth missing": ({"auth": ""}, "keys.auth"),
    "auth not base64url": ({"auth": "!!!!!!!!!!!!!!!!!!!!!!"}, "keys.auth"),
    "auth 15 bytes": ({"auth": b64(os.urandom(15))}, "keys.auth"),
    "auth 32 bytes": ({"auth": b64(os.urandom(32))}, "keys.auth"),
}


@pytest.mark.parametrize("case", BAD, ids=list(BAD))
def test_a_subscription_with_bad_keys_is_refused_naming_the_field_and_stores_nothing(
    case, api, bob, vapid, service
):
    change, field = BAD[case]
    body = Browser(service.endpoint("a")).subscription()
    for name, value in change.items():
        target = body["keys"] if name in ("p256dh", "auth") else body
        target[name] = value
    response = api.as_user(bob).post("/api/push/subscriptions/", body, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "bad_push_subscription"
    assert response.json()["field"] == field and response.json()["message"].startswith(field)
    assert not PushSubscription.objects.exists()


def test_a_loopback_endpoint_is_refused_unless_the_operator_allows_it(api, bob, vapid, settings, service):
    settings.DEBUG = True  # the same rule in DEBUG
    settings.STARPOST_OUTBOUND_ALLOW = []
    response = subscribe(api, bob, Browser(service.endpoint("a")))
    assert response.status_code == 400 and response.json()["field"] == "endpoint"
    assert not PushSubscription.objects.exists()


def test_a_bad_resubscription_leaves_the_good_one_untouched(api, bob, vapid, service):
    browser = Browser(service.endpoint("a"))
    subscribe(api, bob, browser)
    before = PushSubscription.objects.values().get()
    body = browser.subscription()
    body["keys"]["auth"] = b64(os.urandom(8))
    assert api.as_user(bob).post("/api/push/subscriptions/", body, format="json").status_code == 400
    assert PushSubscription.objects.values().get() == before


def test_a_body_that_is_not_an_object_is_refused(api, bob, vapid):
    response = api.as_user(bob).post("/api/push/subscriptions/", ["x"], format="json")
    assert response.status_code == 400 and response.json()["code"] == "bad_push_subscription"


# -- sending ------------------------------------------------------------------------------------


def test_a_push_row_reaches_every_device_encrypted_for_each_and_signed_with_vapid(api, bob, vapid, service):
    phone, laptop = Browser(service.endpoint("phone")), Browser(service.endpoint("laptop"))
    subscribe(api, bob, phone)
    subscribe(api, bob, laptop)
    row = push_row(bob)
    assert deliver(row.pk) == "sent"
    for browser, device in ((phone, "phone"), (laptop, "laptop")):
        [got] = service.delivered(device)
        assert browser.decrypt(got["body"]) == PAYLOAD
        assert got["headers"]["content-encoding"] == "aes128gcm"
        assert got["headers"]["ttl"] == str(2 * 24 * 3600)
        assert got["headers"]["topic"] == "match-7"
        token, key = re.fullmatch(r"vapid t=([^,]+),k=(.+)", got["headers"]["authorization"]).groups()
        assert key == vapid
        claims = vapid_jwt.decode(token, key)  # raises unless signed by the VAPID private key
        assert claims["aud"] == service.base and claims["sub"] == SUBJECT
    assert all(s.last_success_at for s in PushSubscription.objects.all())
    assert Outbox.objects.get(pk=row.pk).status == Outbox.Status.SENT


@pytest.mark.parametrize("gone", [404, 410])
def test_a_device_the_service_calls_gone_is_pruned_and_the_row_still_completes(
    gone, api, bob, vapid, service
):
    old, new = Browser(service.endpoint("old")), Browser(service.endpoint("new"))
    subscribe(api, bob, old)
    subscribe(api, bob, new)
    service.answers["/push/old"] = [gone]
    row = push_row(bob)
    assert deliver(row.pk) == "sent"
    assert list(PushSubscription.objects.values_list("endpoint", flat=True)) == [new.endpoint]
    assert new.decrypt(service.delivered("new")[0]["body"]) == PAYLOAD


def test_a_500_puts_the_row_back_with_backoff_and_the_retry_reaches_each_device_once(
    api, bob, vapid, service
):
    ok, flaky = Browser(service.endpoint("ok")), Browser(service.endpoint("flaky"))
    subscribe(api, bob, ok)
    subscribe(api, bob, flaky)
    service.answers["/push/flaky"] = [500]
    row = push_row(bob)
    before = timezone.now()
    assert deliver(row.pk) == "retry"
    row.refresh_from_db()
    assert row.status == Outbox.Status.PENDING and "HTTP 500" in row.last_error
    assert row.available_at >= before + timedelta(seconds=30)
    assert deliver(row.pk) == "skipped"  # not due yet
    due_now(row)
    assert deliver(row.pk) == "sent"
    assert deliver(row.pk) == "skipped"
    assert len(service.delivered("ok")) == 1 and len(service.delivered("flaky")) == 1
    assert flaky.decrypt(service.delivered("flaky")[0]["body"]) == PAYLOAD  # no bookkeeping inside
    assert DELIVERED in Outbox.objects.get(pk=row.pk).payload


def test_a_push_service_that_is_down_puts_the_row_back(bob, vapid, service):
    browser = Browser("http://127.0.0.1:9/push/nobody-listens")
    PushSubscription.objects.create(user=bob, endpoint=browser.endpoint, **browser.subscription()["keys"])
    row = push_row(bob)
    assert deliver(row.pk) == "retry"
    assert "ConnectionError" in Outbox.objects.get(pk=row.pk).last_error


def test_a_player_with_no_devices_left_counts_as_sent(bob, vapid):
    assert deliver(push_row(bob).pk) == "sent"


# -- the real write path ------------------------------------------------------------------------


def found(text: str, marker: str) -> bool:
    return re.search(r"(?<![\w-])" + re.escape(marker) + r"(?![\w-])", text) is not None


def test_bobs_turn_pushes_carry_none_of_alices_hidden_values(
    api, alice, bob, vapid, service, django_capture_on_commit_callbacks
):
    phone = Browser(service.endpoint("bob-phone"))
    subscribe(api, bob, phone)
    rng = random.Random(7)
    with django_capture_on_commit_callbacks(execute=True):
        match = started_match(alice, bob)
    engine = selectors.engine_of(match)
    hidden: set[str] = set()
    for _ in range(24):
        match.refresh_from_db()
        if match.state:
            hidden |= engine.secrets(engine.load(match.state))[0]
        if match.status != Match.Status.ACTIVE:
            break
        seat = rng.choice(match.active_seats)
        user = alice if seat == 0 else bob
        moves = selectors.legal_moves_view(match, selectors.Viewer.for_seat(match, seat))["moves"]
        with django_capture_on_commit_callbacks(execute=True):
            services.move_submit(match_id=match.pk, user=user, expected_seq=match.seq, move=rng.choice(moves))
    payloads = [phone.decrypt(r["body"]) for r in service.delivered("bob-phone")]
    assert any(
        p["title"].startswith("Your turn") and p["url"].endswith(f"/matches/{match.pk}/") for p in payloads
    )
    assert {"orders-0"} < hidden and any(m.startswith("hold-0-") for m in hidden)
    text = json.dumps(payloads)
    assert not [m for m in hidden if found(text, m)]
    assert not Outbox.objects.filter(user=alice, channel="push").exists()  # alice has no device


def test_an_endpoint_with_a_nul_character_is_refused_by_the_service_itself(alice):
    from notifications.push import PushError, push_subscription_delete

    with pytest.raises(PushError) as exc:
        push_subscription_delete(user=alice, data={"endpoint": "https://push.example.test/\x00"})
    assert "NUL" in exc.value.message

"""Issue 13, item 6: registering a push endpoint another account holds does not take that
account's device; only the browser itself (the same keys) can move it."""

from __future__ import annotations

import base64
import os

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from notifications.models import PushSubscription
from notifications.push import generate_vapid_keys

pytestmark = pytest.mark.django_db

ENDPOINT = "https://push.example.test/send/victims-phone"


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def keys() -> dict:
    key = ec.generate_private_key(ec.SECP256R1()).public_key()
    point = key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return {"p256dh": b64(point), "auth": b64(os.urandom(16))}


@pytest.fixture(autouse=True)
def vapid(settings):
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = generate_vapid_keys()
    settings.STARPOST_OUTBOUND_ALLOW = ["0.0.0.0/0", "::/0"]  # the name is not resolved here


def subscribe(api, user, endpoint: str, device_keys: dict):
    return api.as_user(user).post(
        "/api/push/subscriptions/", {"endpoint": endpoint, "keys": device_keys}, format="json"
    )


def test_someone_elses_endpoint_with_other_keys_does_not_move_their_device(api, alice, bob):
    victims = keys()
    assert subscribe(api, alice, ENDPOINT, victims).status_code == 201
    stolen = subscribe(api, bob, ENDPOINT, keys())
    assert stolen.status_code == 409 and stolen.json()["code"] == "endpoint_taken"
    sub = PushSubscription.objects.get(endpoint=ENDPOINT)
    assert (sub.user, sub.auth) == (alice, victims["auth"])


def test_the_same_browser_changing_hands_still_moves_with_its_keys(api, alice, bob):
    device = keys()
    subscribe(api, alice, ENDPOINT, device)
    assert subscribe(api, bob, ENDPOINT, device).status_code == 200
    assert PushSubscription.objects.get(endpoint=ENDPOINT).user == bob

"""Web Push from the preferences page in real Chromium: the page registers the service
worker, asks permission, subscribes with the server's VAPID key and sends the subscription
to the API; "Turn off here" takes it back.

A headless browser on a machine without internet has no push service to talk to, so the
one call that would reach one, ``PushManager.subscribe``, is answered in the page by a
stand-in that returns a subscription with a real P-256 key; everything else (service
worker, permission, the VAPID key handed over, the API calls, CSRF) is the browser's own.
"""

from __future__ import annotations

import base64
import json

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.test import Client

from notifications.models import PushSubscription
from notifications.push import generate_vapid_keys

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ENDPOINT = "https://push.example.test/send/device-1"


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def stand_in(p256dh: str, auth: str) -> str:
    """Script run in the page first: a PushManager whose subscribe records the key it got."""
    sub = json.dumps({"endpoint": ENDPOINT, "expirationTime": None, "keys": {"p256dh": p256dh, "auth": auth}})
    return f"""
      (() => {{
        let current = null;
        const data = {sub};
        PushManager.prototype.getSubscription = function () {{ return Promise.resolve(current); }};
        PushManager.prototype.subscribe = function (options) {{
          window.__serverKey = Array.from(new Uint8Array(options.applicationServerKey));
          current = {{
            endpoint: data.endpoint,
            options: {{ applicationServerKey: options.applicationServerKey }},
            toJSON: () => data,
            unsubscribe: () => {{ current = null; return Promise.resolve(true); }},
          }};
          return Promise.resolve(current);
        }};
      }})();
    """


def test_a_player_turns_push_on_and_off_for_this_browser_from_the_preferences_page(
    chromium, live_server, settings, make_user
):
    public, private = generate_vapid_keys()
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = public, private
    settings.VAPID_SUBJECT = "mailto:admin@starpost.test"
    alice = make_user("alice")
    web = Client()
    web.force_login(alice)
    key = ec.generate_private_key(ec.SECP256R1()).public_key()
    p256dh = b64(key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint))
    auth = b64(b"sixteen-byte-key")

    context = chromium.new_context()
    context.grant_permissions(["notifications"], origin=live_server.url)
    host = live_server.url.split("://", 1)[1].split(":")[0]
    context.add_cookies(
        [{"name": "sessionid", "value": web.cookies["sessionid"].value, "domain": host, "path": "/"}]
    )
    context.add_init_script(stand_in(p256dh, auth))
    page = context.new_page()
    page.goto(f"{live_server.url}/notifications/")
    page.wait_for_selector("[data-push-status='off']")

    page.click("button[data-push='enable']")
    page.wait_for_selector("[data-push-status='on']")
    sub = PushSubscription.objects.get(user=alice)
    assert (sub.endpoint, sub.p256dh, sub.auth) == (ENDPOINT, p256dh, auth)
    handed = bytes(page.evaluate("window.__serverKey"))
    assert b64(handed) == public  # subscribed with the server's VAPID public key
    assert page.evaluate("navigator.serviceWorker.getRegistration('/').then(r => !!r && r.active !== null)")

    page.click("button[data-push='disable']")
    page.wait_for_selector("[data-push-status='off']")
    assert not PushSubscription.objects.filter(user=alice).exists()
    context.close()

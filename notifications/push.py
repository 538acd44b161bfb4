"""Web Push (RFC 8030/8291/8292): browsers subscribe, the worker encrypts and sends with VAPID.

Keys come from settings (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT); with none,
push is off. ``manage.py vapid_keys`` makes a pair. A player may have several devices; a
device the push service says is gone (404, 410) is forgotten. The payload of an outbox row
is already redacted by its writer (games.notify.push_payload) and is sent as it is.
"""

from __future__ import annotations

import base64
import binascii
import json
import logging
import re
from functools import lru_cache
from typing import Any

import requests
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db import transaction
from django.utils import timezone
from django.utils.crypto import constant_time_compare
from py_vapid import Vapid, Vapid01
from pywebpush import WebPushException, webpush

from accounts.errors import DomainError

from .models import Outbox, PushSubscription
from .net import DestinationRefused, network_error, pinned_session, url_problem

log = logging.getLogger(__name__)

MAX_DEVICES_PER_USER = 20
# Outbox payload key listing the subscriptions that already have this row: a retry after a
# partial failure goes only to the devices that did not get it.
DELIVERED = "_delivered"
_TOPIC = re.compile(r"^[A-Za-z0-9_-]{1,32}$")  # RFC 8030 §5.4
_B64URL = re.compile(r"^[A-Za-z0-9_-]*={0,2}$")


class PushError(DomainError):
    status = 400


class PushConflict(PushError):
    status = 409


class PushDisabled(DomainError):
    status = 503


class PushFailed(Exception):
    """Some device's push service did not take the message; the outbox retries it."""


# -- keys --------------------------------------------------------------------------------------


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def b64url_decode(text: str) -> bytes:
    """Strict base64url (padding optional); ValueError otherwise."""
    if not _B64URL.match(text) or len(text.rstrip("=")) % 4 == 1:
        raise ValueError("not base64url")
    stripped = text.rstrip("=")
    try:
        return base64.b64decode(stripped + "=" * (-len(stripped) % 4), altchars=b"-_", validate=True)
    except binascii.Error as exc:
        raise ValueError("not base64url") from exc


def generate_vapid_keys() -> tuple[str, str]:
    """A new P-256 pair as (public: uncompressed point, private: 32-byte scalar), base64url."""
    key = ec.generate_private_key(ec.SECP256R1())
    private = key.private_numbers().private_value.to_bytes(32, "big")
    return _public_of(key), b64url(private)


def _public_of(key: ec.EllipticCurvePrivateKey) -> str:
    point = key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return b64url(point)


def push_enabled() -> bool:
    return bool(settings.VAPID_PUBLIC_KEY and settings.VAPID_PRIVATE_KEY)


def push_config() -> dict[str, Any]:
    """What a browser needs to subscribe (GET /api/push/)."""
    enabled = push_enabled()
    return {"enabled": enabled, "public_key": settings.VAPID_PUBLIC_KEY if enabled else ""}


@lru_cache(maxsize=4)
def _vapid_for(private_key: str, public_key: str) -> Vapid01:
    try:
        vapid = Vapid.from_string(private_key)
    except Exception as exc:  # py_vapid raises whatever cryptography raised
        raise ImproperlyConfigured(f"VAPID_PRIVATE_KEY is not a P-256 private key: {exc}") from exc
    if _public_of(vapid.private_key) != public_key.rstrip("="):
        raise ImproperlyConfigured("VAPID_PUBLIC_KEY is not the public half of VAPID_PRIVATE_KEY")
    return vapid


def vapid() -> Vapid01:
    if not push_enabled():
        raise PushFailed("Web Push is off: no VAPID keys are configured")
    return _vapid_for(settings.VAPID_PRIVATE_KEY, settings.VAPID_PUBLIC_KEY)


# -- subscriptions --------------------------------------------------------------------------------


def _bad(field: str, problem: str) -> PushError:
    return PushError("bad_push_subscription", f"{field} {problem}.", field=field)


def _key(keys: dict[str, Any], name: str, length: int) -> bytes:
    value = keys.get(name)
    if not isinstance(value, str) or not value:
        raise _bad(f"keys.{name}", "is required (base64url text)")
    try:
        raw = b64url_decode(value)
    except ValueError:
        raise _bad(f"keys.{name}", "is not base64url") from None
    if len(raw) != length:
        raise _bad(f"keys.{name}", f"must decode to {length} bytes, not {len(raw)}")
    return raw


def subscription_check(data: object) -> tuple[str, str, str]:
    """(endpoint, p256dh, auth) from a browser's PushSubscription JSON, or PushError naming
    the field. p256dh must be an uncompressed point on P-256, auth a 16-byte secret."""
    if not isinstance(data, dict):
        raise _bad("body", "must be the browser's PushSubscription as a JSON object")
    endpoint = data.get("endpoint")
    problem = url_problem(endpoint)
    if problem:
        raise _bad("endpoint", problem)
    keys = data.get("keys")
    if not isinstance(keys, dict):
        raise _bad("keys", "is required: an object with p256dh and auth")
    p256dh = _key(keys, "p256dh", 65)
    if p256dh[0] != 0x04:
        raise _bad("keys.p256dh", "must be an uncompressed P-256 point (first byte 0x04)")
    try:
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), p256dh)
    except ValueError:
        raise _bad("keys.p256dh", "is not a point on the P-256 curve") from None
    auth = _key(keys, "auth", 16)
    return str(endpoint), b64url(p256dh), b64url(auth)


def push_subscription_save(*, user, data: object, user_agent: str = "") -> tuple[PushSubscription, bool]:
    """Store a device for ``user`` (upsert by endpoint); True if it is new.

    An endpoint belongs to one browser profile. If another account holds it, it moves to
    ``user`` only with the same keys (the browser itself, changed hands): knowing someone's
    endpoint is not enough to take their device.
    """
    if not push_enabled():
        raise PushDisabled("push_disabled", "Web Push is off on this server (no VAPID keys configured).")
    endpoint, p256dh, auth = subscription_check(data)
    with transaction.atomic():
        held = (
            PushSubscription.objects.select_for_update().filter(endpoint=endpoint).exclude(user=user).first()
        )
        if held is not None and not (
            constant_time_compare(held.auth, auth) and constant_time_compare(held.p256dh, p256dh)
        ):
            raise PushConflict(
                "endpoint_taken",
                "This push endpoint belongs to another account's device; subscribe this browser anew.",
                field="endpoint",
            )
        sub, created = PushSubscription.objects.update_or_create(
            endpoint=endpoint,
            defaults={"user": user, "p256dh": p256dh, "auth": auth, "user_agent": user_agent[:300]},
        )
        if created:
            old = PushSubscription.objects.filter(user=user).order_by("-created_at", "-pk")[
                MAX_DEVICES_PER_USER:
            ]
            PushSubscription.objects.filter(pk__in=list(old.values_list("pk", flat=True))).delete()
    return sub, created


def push_subscription_delete(*, user, data: object) -> int:
    """Forget one of ``user``'s devices by endpoint; how many were deleted (0 or 1)."""
    endpoint = data.get("endpoint") if isinstance(data, dict) else None
    if not isinstance(endpoint, str) or not endpoint:
        raise _bad("endpoint", "is required")
    if "\x00" in endpoint:  # no stored endpoint has one; the database could not compare it
        raise _bad("endpoint", "may not contain NUL characters")
    deleted, _ = PushSubscription.objects.filter(user=user, endpoint=endpoint).delete()
    return deleted


def push_subscription_json(sub: PushSubscription) -> dict[str, Any]:
    return {
        "id": sub.pk,
        "endpoint": sub.endpoint,
        "user_agent": sub.user_agent,
        "created_at": sub.created_at.isoformat(),
        "last_success_at": sub.last_success_at.isoformat() if sub.last_success_at else None,
    }


# -- sending -----------------------------------------------------------------------------------------


def send_push(row: Outbox) -> None:
    """Send the row's payload to every device of its user.

    A device that is gone (404, 410) is deleted. Any other failure raises after the other
    devices were tried; the devices that took it are remembered in the row, so the retry
    goes only to those that did not. No devices left: nothing to do, the row is done.
    """
    done = set(row.payload.get(DELIVERED, []))
    data = json.dumps({k: v for k, v in row.payload.items() if k != DELIVERED}, separators=(",", ":"))
    subs = [
        s for s in PushSubscription.objects.filter(user_id=row.user_id).order_by("pk") if s.pk not in done
    ]
    if not subs:
        return
    signer = vapid()
    headers = {"Urgency": "normal"}
    if _TOPIC.match(str(row.payload.get("tag", ""))):
        # A newer message about the same match replaces one the device has not fetched yet.
        headers["Topic"] = row.payload["tag"]
    errors = []
    for sub in subs:
        try:
            # Each device's push service at the address checked now (net.PinnedSession: no
            # redirects, short timeouts).
            with pinned_session(sub.endpoint) as session:
                webpush(
                    subscription_info={
                        "endpoint": sub.endpoint,
                        "keys": {"p256dh": sub.p256dh, "auth": sub.auth},
                    },
                    data=data,
                    vapid_private_key=signer,
                    vapid_claims={"sub": settings.VAPID_SUBJECT},
                    ttl=settings.STARPOST_PUSH_TTL_SECONDS,
                    headers=headers,
                    requests_session=session,
                )
        except WebPushException as exc:
            if exc.status_code in (404, 410):
                log.info("push subscription %s of user %s expired; deleted", sub.pk, row.user_id)
                sub.delete()
                continue
            errors.append(f"device {sub.pk}: HTTP {exc.status_code or '?'} {exc.message[:200]}")
            continue
        except DestinationRefused as exc:
            errors.append(f"device {sub.pk}: {exc}")
            continue
        except requests.RequestException as exc:
            errors.append(f"device {sub.pk}: {network_error(sub.endpoint, exc)}")
            continue
        PushSubscription.objects.filter(pk=sub.pk).update(last_success_at=timezone.now())
        done.add(sub.pk)
        Outbox.objects.filter(pk=row.pk).update(payload={**row.payload, DELIVERED: sorted(done)})
    if errors:
        raise PushFailed("; ".join(errors))

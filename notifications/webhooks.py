"""Webhooks: "your turn" and "match over" POSTed as Discord/Slack-style JSON, signed.

A player (or a club's organiser, with a club label) registers a URL and the events it wants;
the server keeps a random secret and signs every delivery with it::

    X-Starpost-Event: your_turn
    X-Starpost-Timestamp: 1767225600            (Unix seconds)
    X-Starpost-Delivery: 4711                   (the same on every retry of one message)
    X-Starpost-Signature: sha256=<hex HMAC-SHA256(secret, timestamp + "." + raw body)>

A receiver checks it with :func:`verify_signature` (or the same five lines in its language)::

    from notifications.webhooks import verify_signature

    ok = verify_signature(
        secret, request.body, request.headers["X-Starpost-Timestamp"],
        request.headers["X-Starpost-Signature"],
    )  # False if forged, altered, or older than five minutes (a replay)

Delivery goes through the outbox: a non-2xx answer or a network error raises, and the outbox
retries with backoff. Each failed attempt counts; after STARPOST_WEBHOOK_MAX_FAILURES (20)
in a row the webhook is switched off; a success resets the count.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import secrets
import time
from collections.abc import Iterable, Mapping
from typing import Any
from urllib.parse import urlsplit

import requests
from django.conf import settings
from django.db import connection
from django.db.models import F
from django.utils import timezone

from accounts.errors import DomainError
from accounts.models import Club, ClubMember

from .messages import Message
from .models import Outbox, Webhook
from .net import DestinationRefused, network_error, pinned_session, url_problem

log = logging.getLogger(__name__)

SIGNATURE_TOLERANCE_SECONDS = 300
DISCORD_CONTENT_LIMIT = 2000
Event = Webhook.Event


class WebhookError(DomainError):
    status = 400


class WebhookNotFound(DomainError):
    status = 404


class WebhookFailed(Exception):
    """The receiver did not take the delivery; the outbox retries it with backoff."""


# -- signatures -------------------------------------------------------------------------------


def sign(secret: str, timestamp: str, body: bytes) -> str:
    """The X-Starpost-Signature value for a body sent at ``timestamp`` (Unix seconds, as text)."""
    mac = hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256)
    return f"sha256={mac.hexdigest()}"


def verify_signature(
    secret: str,
    body: bytes,
    timestamp: str,
    signature: str,
    *,
    tolerance: int = SIGNATURE_TOLERANCE_SECONDS,
    now: float | None = None,
) -> bool:
    """For receivers: True if ``signature`` is ours for this exact body and the timestamp is
    within ``tolerance`` seconds of ``now`` (so a captured delivery cannot be replayed later)."""
    try:
        sent = int(timestamp)
    except (TypeError, ValueError):
        return False
    if abs((time.time() if now is None else now) - sent) > tolerance:
        return False
    return hmac.compare_digest(sign(secret, str(sent), body), signature or "")


# -- writing: the outbox messages of an event -----------------------------------------------------

_REQUIRED: dict[str, tuple[str, ...]] = {
    Event.YOUR_TURN: ("match_id", "seq", "game", "url", "to_move"),
    Event.MATCH_OVER: ("match_id", "seq", "game", "url", "outcome"),
}


def public_event(kind: str, event: Mapping[str, Any]) -> dict[str, Any]:
    """The fields a webhook carries, copied one by one: anything else the caller passed is
    dropped, so a private view can never ride along to a club channel."""
    missing = [f for f in _REQUIRED[kind] if f not in event]
    if missing:
        raise ValueError(f"a {kind} webhook event needs {', '.join(missing)}")
    out: dict[str, Any] = {
        "match_id": int(event["match_id"]),
        "seq": int(event["seq"]),
        "game": str(event["game"]),
        "url": str(event["url"]),
    }
    if kind == Event.YOUR_TURN:
        out["to_move"] = [{"seat": str(p["seat"]), "username": str(p["username"])} for p in event["to_move"]]
    else:
        out["outcome"] = str(event["outcome"])
    return out


def event_text(kind: str, public: Mapping[str, Any]) -> str:
    """One line for a chat channel: who is to move, or how the match ended, and the link."""
    head = f"{public['game']} #{public['match_id']}"
    if kind == Event.MATCH_OVER:
        outcome = public["outcome"].strip().rstrip(".")
        return (
            f"{head} is over: {outcome}. {public['url']}" if outcome else f"{head} is over. {public['url']}"
        )
    names = [f"{p['username']} ({p['seat']})" for p in public["to_move"]]
    who = " and ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else "".join(names)
    return f"{head}: {who} to move. {public['url']}" if who else f"{head}: next turn. {public['url']}"


def _hooks_for(user_ids: set[int], club_user_ids: set[int]) -> list[Webhook]:
    """Active webhooks: the personal ones of ``user_ids`` and the club ones of every club any
    of ``club_user_ids`` belongs to. One statement, written out: it runs inside every move
    that changes the turn, and the ORM spends several times longer building it than the
    database spends running it."""
    q = connection.ops.quote_name
    params: list[Any] = [True]
    wanted = []
    if user_ids:
        wanted.append(f"(w.user_id IN ({', '.join(['%s'] * len(user_ids))}) AND w.club = %s)")
        params += [*sorted(user_ids), ""]
    if club_user_ids:
        wanted.append(
            f"w.club IN (SELECT c.name FROM {q(Club._meta.db_table)} c"  # noqa: S608 (as below)
            f" JOIN {q(ClubMember._meta.db_table)} m ON m.club_id = c.id"
            f" WHERE m.user_id IN ({', '.join(['%s'] * len(club_user_ids))}))"
        )
        params += sorted(club_user_ids)
    if not wanted:
        return []
    sql = (
        f"SELECT w.* FROM {q(Webhook._meta.db_table)} w"  # noqa: S608 (names from model metadata; values are parameters)
        f" WHERE w.active = %s AND ({' OR '.join(wanted)}) ORDER BY w.id"
    )
    return list(Webhook.objects.raw(sql, params))


def webhook_messages(
    user_ids: Iterable[int],
    kind: str,
    event: Mapping[str, Any],
    *,
    club_user_ids: Iterable[int] | None = None,
) -> list[Message]:
    """Outbox messages for ``kind`` (your_turn, match_over), one per active webhook that asked
    for it: the personal webhooks of ``user_ids`` (the players the event is for) and the club
    webhooks of ``club_user_ids`` (every player of the match; default ``user_ids``), a club
    URL registered by several of them once. ``event`` must be public: see :func:`public_event`.
    """
    if kind not in _REQUIRED:
        return []
    ids = set(user_ids)
    club_ids = ids if club_user_ids is None else set(club_user_ids)
    if not ids | club_ids:
        return []
    public = public_event(kind, event)
    text = event_text(kind, public)
    hooks = _hooks_for(ids, club_ids)
    club_urls: set[str] = set()
    out = []
    for hook in hooks:
        if kind not in hook.events:  # filtered here: JSON containment is not portable to SQLite
            continue
        if hook.club:
            if hook.url in club_urls:  # one post per channel, however many members play
                continue
            club_urls.add(hook.url)
        out.append(
            Message(
                dedupe_key=f"webhook:{kind}:{public['match_id']}:{public['seq']}:{hook.pk}",
                user_id=hook.user_id,
                kind=kind,
                payload={"webhook": hook.pk, "text": text, "starpost": {"event": kind, **public}},
                channel=Outbox.Channel.WEBHOOK,
            )
        )
    return out


# -- sending ----------------------------------------------------------------------------------


def _slack_escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def webhook_body(row_payload: Mapping[str, Any]) -> bytes:
    """The JSON a receiver gets: Discord reads ``content``, Slack ``text``; ours in ``starpost``."""
    text = row_payload["text"]
    body = {
        "content": text[:DISCORD_CONTENT_LIMIT],
        "text": _slack_escape(text),
        "username": "Starpost",
        # A username such as "@everyone" must not ping a whole Discord server.
        "allowed_mentions": {"parse": []},
        "starpost": row_payload["starpost"],
    }
    return json.dumps(body, separators=(",", ":")).encode()


def send_webhook(row: Outbox) -> None:
    """POST one outbox row to its webhook; raise on anything but a 2xx (the outbox retries)."""
    hook = Webhook.objects.filter(pk=row.payload["webhook"]).first()
    if hook is None or not hook.active:
        log.info(
            "outbox %s: webhook %s is gone or switched off; nothing to send", row.pk, row.payload["webhook"]
        )
        return
    body = webhook_body(row.payload)
    timestamp = str(int(time.time()))
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "Starpost-Webhook/1",
        "X-Starpost-Event": row.kind,
        "X-Starpost-Delivery": str(row.pk),
        "X-Starpost-Timestamp": timestamp,
        "X-Starpost-Signature": sign(hook.secret, timestamp, body),
    }
    try:
        # Connects to the address checked now, never follows a redirect (net.PinnedSession).
        with (
            pinned_session(hook.url) as session,
            session.post(hook.url, data=body, headers=headers, stream=True) as response,
        ):
            if not 200 <= response.status_code < 300:
                raise WebhookFailed(f"HTTP {response.status_code} from {urlsplit(hook.url).hostname}")
    except (WebhookFailed, DestinationRefused) as exc:
        raise _counted_failure(hook, exc) from exc
    except requests.RequestException as exc:
        raise _counted_failure(hook, network_error(hook.url, exc)) from exc
    Webhook.objects.filter(pk=hook.pk).update(last_success_at=timezone.now(), failures=0)


def _counted_failure(hook: Webhook, exc: Exception | str) -> WebhookFailed:
    """Count one more failure in a row (atomically: deliveries may run in parallel) and
    switch the webhook off at the limit; the error to raise."""
    Webhook.objects.filter(pk=hook.pk).update(failures=F("failures") + 1)
    limit = settings.STARPOST_WEBHOOK_MAX_FAILURES
    switched_off = Webhook.objects.filter(pk=hook.pk, active=True, failures__gte=limit).update(active=False)
    if switched_off:
        log.warning("webhook %s switched off after %s failures in a row", hook.pk, limit)
        return WebhookFailed(f"{exc} (webhook switched off after {limit} failures in a row)")
    return WebhookFailed(str(exc))


# -- the owner's services (the API calls these) ---------------------------------------------------


def _events(value: object) -> list[str]:
    allowed = list(_REQUIRED)
    if not isinstance(value, list) or not value:
        raise WebhookError(
            "bad_webhook_events", f"events must be a non-empty list of: {', '.join(allowed)}.", field="events"
        )
    unknown = [e for e in value if e not in allowed]
    if unknown:
        raise WebhookError(
            "bad_webhook_events",
            f"events: unknown event {unknown[0]!r}; choose from {', '.join(allowed)}.",
            field="events",
        )
    return [e for e in allowed if e in value]


def _url(value: object) -> str:
    problem = url_problem(value)
    if problem:
        raise WebhookError("bad_webhook_url", f"url {problem}.", field="url")
    return str(value)


def _club(value: object, user) -> str:
    """A club webhook is added by the club's organiser, under the club's exact name."""
    if value is None or value == "":
        return ""
    if not isinstance(value, str) or len(value.strip()) > 100 or "\x00" in value:
        raise WebhookError("bad_webhook_club", "club is the name of a club you run.", field="club")
    club = Club.objects.filter(name__iexact=value.strip(), owner=user).first()
    if club is None:
        raise WebhookError("bad_webhook_club", f"You run no club called {value.strip()!r}.", field="club")
    return club.name


def webhook_create(*, user, url: object, events: object, club: object = None) -> Webhook:
    """A new webhook with a fresh secret (returned to the owner once, by the API)."""
    hook = Webhook(user=user, url=_url(url), events=_events(events), club=_club(club, user))
    most = settings.STARPOST_WEBHOOKS_PER_USER
    if Webhook.objects.filter(user=user).count() >= most:
        raise WebhookError("too_many_webhooks", f"You have {most} webhooks already; delete one first.")
    hook.secret = secrets.token_urlsafe(32)
    hook.save()
    return hook


def _own(user, webhook_id: int) -> Webhook:
    hook = Webhook.objects.filter(pk=webhook_id, user=user).first()
    if hook is None:  # someone else's looks the same as none at all
        raise WebhookNotFound("webhook_not_found", f"You have no webhook {webhook_id}.")
    return hook


def webhook_update(*, user, webhook_id: int, active: object = None, events: object = None) -> Webhook:
    """Switch a webhook on or off, or change its events. Switching on forgets past failures."""
    hook = _own(user, webhook_id)
    fields = []
    if events is not None:
        hook.events = _events(events)
        fields.append("events")
    if active is not None:
        if not isinstance(active, bool):
            raise WebhookError("bad_webhook_active", "active is true or false.", field="active")
        hook.active = active
        fields.append("active")
        if active:
            hook.failures = 0
            fields.append("failures")
    if fields:
        hook.save(update_fields=fields)
    return hook


def webhook_delete(*, user, webhook_id: int) -> None:
    _own(user, webhook_id).delete()


def webhook_json(hook: Webhook, *, with_secret: bool = False) -> dict[str, Any]:
    out = {
        "id": hook.pk,
        "url": hook.url,
        "club": hook.club,
        "events": hook.events,
        "active": hook.active,
        "failures": hook.failures,
        "created_at": hook.created_at.isoformat(),
        "last_success_at": hook.last_success_at.isoformat() if hook.last_success_at else None,
    }
    if with_secret:
        out["secret"] = hook.secret
    return out

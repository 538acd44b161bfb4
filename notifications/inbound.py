"""Replies by email: receive a message, store it once per Message-ID, process it after commit.

Every way in (anymail's inbound webhooks, ``manage.py receive_email`` from an MTA pipe or
a Maildir) calls :func:`receive`. Processing runs in a Celery task after the commit: it
reads the reply's own first lines and hands them to the handler named in settings
(STARPOST_REPLY_HANDLER, :func:`reply_handler`; notifications never imports games), records the outcome
on the row and answers with one email.

Answers go only to the address the reply address was sent to (the player it was made for,
while that is still their address), never to the reply's From: a forged From cannot make
the server mail a stranger. Answers to refused replies are limited per player and per
address (STARPOST_INBOUND_REFUSALS_PER_HOUR). A message larger than STARPOST_INBOUND_MAX_BYTES
or nested deeper than STARPOST_INBOUND_MAX_MIME_DEPTH is kept as its headers only and
refused (too_large, too_deep); a reply address older than STARPOST_REPLY_ADDRESS_DAYS is
refused (reply_address_expired).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import timedelta
from email.message import EmailMessage
from email.utils import getaddresses
from functools import partial
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import DatabaseError, IntegrityError, transaction
from django.utils import timezone
from django.utils.module_loading import import_string

from . import replyaddr, senderauth
from .contracts import ReplyOffer
from .mailread import (
    addresses,
    header,
    message_id_of,
    mime_depth,
    parse,
    parse_headers,
    reply_lines,
    reply_text,
    sender_of,
)
from .messages import Message
from .models import InboundEmail, Outbox
from .notices import offer_for
from .services import outbox_add

log = logging.getLogger(__name__)

TEMPLATE = "reply_result"
# Where an MTA or provider may have put the address the mail was sent to.
RECIPIENT_HEADERS = ("To", "Cc", "Delivered-To", "X-Original-To", "Envelope-To")
# Refusals decided when the message arrives (kept as its headers only): code, message.
ARRIVAL_REFUSALS = {
    "too_large": "Your reply was too large to read ({size} bytes; at most {most}). Reply with your move "
    "only, without attachments, or play on the web.",
    "too_deep": "Your reply's parts were nested too deep to read (at most {most} levels). Reply with your "
    "move as plain text, or play on the web.",
}
EXPIRED = (
    "This reply address has expired (it is good for {days} days after the email that gave it out), "
    "so no move was made. Reply to the latest email about your match, or play on the web."
)

Status = InboundEmail.Status


@dataclass(frozen=True)
class Reply:
    """A received reply as the handler sees it: who sent it, to which address, what it says."""

    inbound_id: int
    message_id: str
    sender: str  # the From address, lowercased; "" if there is not exactly one
    recipient: str  # our reply address it was sent to, "" if none was found
    token: replyaddr.ReplyToken | None  # None: no address of ours, or not one we signed
    lines: tuple[str, ...]  # the reply's own first lines: quotes, attribution, signature cut
    # the moves the email with this reply address offered (None: unknown or forgotten)
    offer: ReplyOffer | None = None


@dataclass(frozen=True)
class Answer:
    """What the handler made of a reply, and what to tell the sender.

    ``context`` is rendered with ``templates/emails/reply_result-*``, redacted for the
    player the reply address was made for: the answer goes to them, at the address the
    reply address was sent to, and to nobody else (``user_id``, if given, must be them).
    """

    status: str  # Status.APPLIED (at least one move went in) or Status.REFUSED
    code: str = ""  # the first error's code, "" when every line applied
    result: str = ""  # one line for the row and the log
    context: dict[str, Any] = field(default_factory=dict)
    user_id: int | None = None
    reply_to: str | None = None  # a fresh reply address: the player is still on turn
    send: bool = True


Handler = Callable[[Reply], Answer]


def reply_handler() -> Handler:
    """The function that knows what a reply means, named by STARPOST_REPLY_HANDLER (the
    games app's ``games.email_replies.handle``): notifications never imports games."""
    return import_string(settings.STARPOST_REPLY_HANDLER)


def connect_anymail() -> None:
    """Called once at start-up (notifications.apps): providers' inbound posts come in here."""
    from anymail.signals import inbound

    inbound.connect(on_anymail_inbound, dispatch_uid="notifications.inbound.anymail")


# -- what is ours in a message ----------------------------------------------------------


def find_recipient(msg: EmailMessage, envelope: Iterable[str] = ()) -> str:
    """Our reply address among the envelope and header recipients: a signed one first."""
    candidates = [a.strip().strip("<>").lower() for a in envelope if a]
    for name in RECIPIENT_HEADERS:
        candidates += addresses(msg, name)
    ours = [a for a in candidates if replyaddr.split(a)]
    return next((a for a in ours if replyaddr.read(a)), ours[0] if ours else "")


def is_automatic(msg: EmailMessage) -> bool:
    """An auto-reply, bounce or list mail (RFC 3834): never a move, never answered (no loops)."""
    auto = header(msg, "Auto-Submitted").lower()
    if auto and auto != "no":
        return True
    if header(msg, "Precedence").lower() in ("bulk", "junk", "list", "auto_reply"):
        return True
    if header(msg, "X-Autoreply") or header(msg, "X-Autorespond") or header(msg, "Return-Path") == "<>":
        return True
    sender = sender_of(msg)
    ours = {a.lower() for _, a in getaddresses([settings.DEFAULT_FROM_EMAIL, settings.SERVER_EMAIL])}
    return (
        sender.partition("@")[0] in ("mailer-daemon", "postmaster")
        or sender in ours
        or sender.endswith("@" + settings.STARPOST_REPLY_DOMAIN.lower())
    )


# -- receiving ----------------------------------------------------------------------------


def receive(raw: bytes, via: str, recipients: Iterable[str] = ()) -> InboundEmail | None:
    """Store one received message and queue its processing after commit.

    Returns the new row, or None for a message already received (same Message-ID), which
    changes nothing and sends nothing. ``recipients`` are envelope recipients, if known.
    Bad input never raises; a database that is down does, so the caller can retry.
    """
    if not replyaddr.enabled():
        log.warning("inbound: reply by email is off (STARPOST_REPLY_BY_EMAIL); message dropped")
        return None
    raw = bytes(raw)
    code, size = "", len(raw)
    if size > settings.STARPOST_INBOUND_MAX_BYTES:
        code = "too_large"
    elif mime_depth(raw, settings.STARPOST_INBOUND_MAX_MIME_DEPTH) is None:
        code = "too_deep"
    msg = parse_headers(raw) if code else parse(raw)
    message_id = message_id_of(msg, raw)
    if code:  # kept: the headers, to answer the player; refused when processed
        log.warning("inbound: %s via %s refused: %s (%s bytes)", message_id, via, code, size)
        raw = bytes(msg)
    sender = sender_of(msg) or header(msg, "From")[:320]
    recipient = find_recipient(msg, recipients)
    with transaction.atomic():
        if InboundEmail.objects.filter(message_id=message_id).exists():
            log.info("inbound: duplicate %s via %s ignored", message_id, via)
            return None
        try:
            with transaction.atomic():
                row = InboundEmail.objects.create(
                    message_id=message_id,
                    sender=sender[:320],
                    recipient=recipient[:320],
                    subject=header(msg, "Subject")[:500],
                    raw=raw,
                    via=via[:20],
                    code=code,
                    result=f"{size} bytes" if code else "",
                )
        except IntegrityError:  # the same message arriving through two ways at once
            log.info("inbound: duplicate %s via %s ignored (concurrent)", message_id, via)
            return None
        log.info("inbound: %s from %s to %s via %s stored as %s", message_id, sender, recipient, via, row.pk)
        transaction.on_commit(partial(_queue, row.pk), robust=True)
    return row


def _queue(pk: int) -> None:
    from .inbound_tasks import process_inbound

    try:
        process_inbound.delay(pk)
    except Exception as exc:  # broker down: the sweeper picks the row up
        log.warning("inbound %s not queued (%s); the sweeper will process it", pk, exc)


def on_anymail_inbound(sender: Any, event: Any, esp_name: str, **kwargs: Any) -> None:
    """anymail.signals.inbound: a provider posted a received message to /anymail/<esp>/inbound/."""
    message = event.message
    try:
        raw = message.as_bytes()
    except Exception:  # a message the generator cannot write back: keep what it says
        log.warning("inbound: %s message could not be serialised; using its text form", esp_name)
        raw = str(message).encode("utf-8", "replace")
    envelope = [message.envelope_recipient] if getattr(message, "envelope_recipient", None) else []
    receive(raw, via="webhook", recipients=envelope)


# -- processing ---------------------------------------------------------------------------


def process(pk: int) -> str:
    """Apply one stored reply (once: the row is locked and must still be "received")."""
    try:
        handler = reply_handler()
    except ImportError:
        log.exception("inbound %s: no reply handler (STARPOST_REPLY_HANDLER); left for the sweeper", pk)
        return "no_handler"
    with transaction.atomic():
        row = InboundEmail.objects.select_for_update().filter(pk=pk, status=Status.RECEIVED).first()
        if row is None:
            return "skipped"
        answer = _answer(row, handler)
        row.status, row.code, row.result = answer.status, answer.code[:60], answer.result
        row.processed_at = timezone.now()
        row.save(update_fields=["status", "code", "result", "processed_at"])
        if answer.send:
            _send(row, answer)
    log.info("inbound %s (%s) from %s: %s %s %s", pk, row.message_id, row.sender, *_summary(answer))
    return answer.status


def _summary(answer: Answer) -> tuple[str, str, str]:
    return answer.status, answer.code or "-", answer.result


def _refusal(code: str, message: str, result: str = "") -> Answer:
    context = {"result": "refused", "error": {"code": code, "message": message}, "url": settings.SITE_URL}
    return Answer(Status.REFUSED, code, result or message, context=context)


def _answer(row: InboundEmail, handler: Handler) -> Answer:
    msg = parse(bytes(row.raw))
    if is_automatic(msg):
        return Answer(Status.REFUSED, "auto_reply", "automatic message (auto-reply or bounce)", send=False)
    if row.code in ARRIVAL_REFUSALS:
        size = row.result.split()[0] if row.result else "?"
        big = row.code == "too_large"
        most = settings.STARPOST_INBOUND_MAX_BYTES if big else settings.STARPOST_INBOUND_MAX_MIME_DEPTH
        text = ARRIVAL_REFUSALS[row.code].format(size=size, most=most)
        return _refusal(row.code, text, f"{row.code}: {row.result or 'refused on arrival'}")
    why = senderauth.refusal(msg)
    if why:
        return _refused_unauthenticated(why)
    token = replyaddr.read(row.recipient) if row.recipient else None
    if token is not None and replyaddr.expired(token):
        days = settings.STARPOST_REPLY_ADDRESS_DAYS
        return _refusal("reply_address_expired", EXPIRED.format(days=days))
    parts = replyaddr.split(row.recipient) if token is not None else None
    reply = Reply(
        inbound_id=row.pk,
        message_id=row.message_id,
        sender=sender_of(msg),
        recipient=row.recipient,
        token=token,
        lines=tuple(reply_lines(reply_text(msg))),
        offer=offer_for(parts[0]) if parts else None,
    )
    try:
        with transaction.atomic():  # a bug in the handler takes back any move it made
            return handler(reply)
    except DatabaseError:
        raise  # the database is unwell: the row stays "received" and is tried again
    except Exception:
        log.exception("inbound %s: the reply handler failed", row.pk)
        return Answer(
            Status.REFUSED,
            "server_error",
            "the reply handler failed",
            context={
                "error": {
                    "code": "server_error",
                    "message": "Something went wrong on our side and nothing was applied. "
                    "Please make your move on the web.",
                },
                "url": settings.SITE_URL,
            },
        )


def _refused_unauthenticated(why: str) -> Answer:
    """Told to whoever really has the From address: someone used it, or their mail is misrouted."""
    message = (
        f"A reply from your address was not applied: {why}. If you sent it, your mail provider "
        "may be misconfigured; make your move on the web instead."
    )
    return Answer(
        Status.REFUSED,
        "unauthenticated_sender",
        why,
        context={
            "result": "refused",
            "error": {"code": "unauthenticated_sender", "message": message},
            "url": settings.SITE_URL,
        },
    )


def issued_to(address: str) -> str | None:
    """The email address the reply address ``address`` was sent to, from the outbox."""
    to = (
        Outbox.objects.filter(channel=Outbox.Channel.EMAIL, payload__reply_to=address)
        .order_by("-pk")
        .values_list("payload__to", flat=True)
        .first()
    )
    return to.strip().lower() if isinstance(to, str) and "@" in to else None


def _send(row: InboundEmail, answer: Answer) -> None:
    """One email, through the outbox, to the player the reply address was made for, at the
    address it was sent to (while that is still theirs); refusals at most
    STARPOST_INBOUND_REFUSALS_PER_HOUR an hour to one player and to one address."""
    token = replyaddr.read(row.recipient) if row.recipient else None
    if token is None:
        log.info("inbound %s: not an address we gave out; not answered", row.pk)
        return
    if answer.user_id is not None and answer.user_id != token.user_id:
        log.error("inbound %s: an answer for user %s, not the address's; not sent", row.pk, answer.user_id)
        return
    user = get_user_model().objects.filter(pk=token.user_id).first()
    email = (user.email or "").strip().lower() if user is not None else ""
    if not email or issued_to(row.recipient) != email:
        log.info(
            "inbound %s: the address was not sent to user %s's email; not answered", row.pk, token.user_id
        )
        return
    refused = answer.status != Status.APPLIED
    if refused and _refusals_exhausted(row, token.user_id, email):
        return
    headers = {"Auto-Submitted": "auto-replied"}
    if not row.message_id.startswith(("<derived-", "<long-")):
        headers |= {"In-Reply-To": row.message_id, "References": row.message_id}
    payload: dict[str, Any] = {
        "template": TEMPLATE,
        "context": answer.context,
        "headers": headers,
        "to": email,
    }
    if answer.reply_to:
        payload["reply_to"] = answer.reply_to
    key = f"reply:{row.pk}:{'refused' if refused else 'email'}"
    outbox_add([Message(key, token.user_id, TEMPLATE, payload)])


def _refusals_exhausted(row: InboundEmail, user_id: int, email: str) -> bool:
    most = settings.STARPOST_INBOUND_REFUSALS_PER_HOUR
    if most <= 0:
        return False
    sent = Outbox.objects.filter(
        kind=TEMPLATE,
        dedupe_key__startswith="reply:",
        dedupe_key__endswith=":refused",
        created_at__gte=timezone.now() - timedelta(hours=1),
    )
    for what, rows in (("player", sent.filter(user_id=user_id)), ("address", sent.filter(payload__to=email))):
        if rows.count() >= most:
            log.warning("inbound %s: %s refusals to this %s this hour; not answered", row.pk, most, what)
            return True
    return False

"""Replies by email: receive a message, store it once per Message-ID, process it after commit.

Every way in (anymail's inbound webhooks, ``manage.py receive_email`` from an MTA pipe or
a Maildir) calls :func:`receive`. Processing runs in a Celery task after the commit: it
reads the reply's own first lines and hands them to the handler named in settings
(STARPOST_REPLY_HANDLER, :func:`reply_handler`; notifications never imports games), records the outcome
on the row and answers the sender with one email.
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
from django.core.mail import EmailMultiAlternatives
from django.db import DatabaseError, IntegrityError, transaction
from django.utils import timezone
from django.utils.module_loading import import_string

from . import replyaddr, senderauth
from .contracts import ReplyOffer
from .mailread import addresses, header, message_id_of, parse, reply_lines, reply_text, sender_of
from .models import InboundEmail
from .notices import offer_for
from .rendering import render_email
from .services import Message, outbox_add

log = logging.getLogger(__name__)

TEMPLATE = "reply_result"
# Where an MTA or provider may have put the address the mail was sent to.
RECIPIENT_HEADERS = ("To", "Cc", "Delivered-To", "X-Original-To", "Envelope-To")
# Answers to an address no player has (a second address of theirs): at most this many an hour.
UNKNOWN_SENDER_ANSWERS_PER_HOUR = 5

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

    ``context`` is rendered with ``templates/emails/reply_result-*`` and must already be
    redacted for whoever has the From address. ``user_id`` is the verified player it goes
    to; with None it goes to the player with the From address, or, when
    ``answer_unknown_sender``, to that address even if no player has it.
    """

    status: str  # Status.APPLIED (at least one move went in) or Status.REFUSED
    code: str = ""  # the first error's code, "" when every line applied
    result: str = ""  # one line for the row and the log
    context: dict[str, Any] = field(default_factory=dict)
    user_id: int | None = None
    reply_to: str | None = None  # a fresh reply address: the player is still on turn
    answer_unknown_sender: bool = False
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
    msg = parse(raw)
    message_id = message_id_of(msg, raw)
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


def _answer(row: InboundEmail, handler: Handler) -> Answer:
    msg = parse(bytes(row.raw))
    if is_automatic(msg):
        return Answer(Status.REFUSED, "auto_reply", "automatic message (auto-reply or bounce)", send=False)
    why = senderauth.refusal(msg)
    if why:
        return _refused_unauthenticated(why)
    token = replyaddr.read(row.recipient) if row.recipient else None
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


def _send(row: InboundEmail, answer: Answer) -> None:
    """One email to the sender: through the outbox to a player, directly to another address."""
    User = get_user_model()
    user = (
        User.objects.filter(pk=answer.user_id).first()
        if answer.user_id is not None
        else User.objects.filter(email__iexact=row.sender).order_by("pk").first()
        if "@" in row.sender
        else None
    )
    headers = {"Auto-Submitted": "auto-replied"}
    if not row.message_id.startswith(("<derived-", "<long-")):
        headers |= {"In-Reply-To": row.message_id, "References": row.message_id}
    payload: dict[str, Any] = {"template": TEMPLATE, "context": answer.context, "headers": headers}
    if answer.reply_to:
        payload["reply_to"] = answer.reply_to
    if user is not None and user.email:
        outbox_add([Message(f"reply:{row.pk}:email", user.pk, TEMPLATE, {**payload, "to": user.email})])
    elif answer.answer_unknown_sender and "@" in row.sender:
        since = timezone.now() - timedelta(hours=1)
        recent = InboundEmail.objects.filter(
            sender=row.sender, status=Status.REFUSED, processed_at__gte=since
        ).count()
        if recent > UNKNOWN_SENDER_ANSWERS_PER_HOUR:
            log.warning("inbound %s: %s had %s refusals this hour; not answered", row.pk, row.sender, recent)
            return
        transaction.on_commit(partial(_send_direct, {**payload, "to": row.sender}), robust=True)
    else:
        log.info("inbound %s: %r is not a player's address; not answered", row.pk, row.sender)


def _send_direct(payload: dict[str, Any]) -> None:
    """An answer to an address no player has: no outbox row (it belongs to a player), no retry."""
    rendered = render_email(payload["template"], payload["context"])
    msg = EmailMultiAlternatives(
        subject=rendered["subject"],
        body=rendered["text"],
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[payload["to"]],
        headers=payload["headers"],
    )
    msg.attach_alternative(rendered["html"], "text/html")
    try:
        msg.send(fail_silently=False)
    except Exception as exc:
        log.warning("inbound: answer to %s not sent: %s", payload["to"], exc)

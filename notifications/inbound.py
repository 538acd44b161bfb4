"""Replies by email, as they arrive: store a message once per Message-ID, queue it.

Every way in (anymail's inbound webhooks, ``manage.py receive_email`` from an MTA pipe or
a Maildir) calls :func:`receive`. It stores the message once per Message-ID and, after the
commit, queues its processing (notifications.inbound_tasks, which applies it through
notifications.replies). A message larger than STARPOST_INBOUND_MAX_BYTES or nested deeper
than STARPOST_INBOUND_MAX_MIME_DEPTH is kept as its headers only, to be refused when
processed (too_large, too_deep).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from email.message import EmailMessage
from functools import partial
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction

from . import replyaddr
from .inbound_tasks import process_inbound
from .mailread import addresses, header, message_id_of, mime_depth, parse, parse_headers, sender_of
from .models import InboundEmail

log = logging.getLogger(__name__)

# Where an MTA or provider may have put the address the mail was sent to.
RECIPIENT_HEADERS = ("To", "Cc", "Delivered-To", "X-Original-To", "Envelope-To")


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

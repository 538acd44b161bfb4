"""Replies by email, once stored: apply one, record what came of it, answer the player.

A stored reply (notifications.inbound received it) is processed in a Celery task after the
commit (notifications.inbound_tasks): it reads the reply's own first lines and hands them to
the handler named in settings (STARPOST_REPLY_HANDLER, :func:`reply_handler`; notifications
never imports games), records the outcome on the row and answers with one email. This
module is the port games answers through: :class:`Reply` in, :class:`Answer` out.

Answers go only to the address the reply address was sent to (the player it was made for,
while that is still their address), never to the reply's From: a forged From cannot make
the server mail a stranger. Answers to refused replies are limited per player and per
address (STARPOST_INBOUND_REFUSALS_PER_HOUR). A message refused when it arrived (too_large,
too_deep) is answered here; a reply address older than STARPOST_REPLY_ADDRESS_DAYS is
refused (reply_address_expired).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from email.message import EmailMessage
from email.utils import getaddresses
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import DatabaseError, transaction
from django.utils import timezone
from django.utils.module_loading import import_string

from . import replyaddr, senderauth
from .contracts import ReplyOffer
from .mailread import header, parse, reply_lines, reply_text, sender_of
from .messages import Message
from .models import InboundEmail, Outbox
from .notices import offer_for
from .services import outbox_add

log = logging.getLogger("notifications.inbound")

TEMPLATE = "reply_result"
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

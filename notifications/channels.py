"""Delivery channels. Each takes an outbox row whose payload is ready to send."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.core.mail import EmailMultiAlternatives

from .models import Outbox
from .push import send_push
from .rendering import render_email
from .unsubscribe import headers_for, url_for
from .webhooks import send_webhook


def send_email(row: Outbox) -> None:
    p = row.payload
    if "template" in p:
        context = {**p["context"], "unsubscribe_url": url_for(row.user_id)}
        p = {**p, **render_email(p["template"], context)}
    msg = EmailMultiAlternatives(
        subject=p["subject"],
        body=p["text"],
        from_email=p.get("from") or settings.DEFAULT_FROM_EMAIL,
        to=[p["to"]],
        headers={
            # One Message-ID per outbox row: a message sent again after a crash is the same message.
            "Message-ID": f"<outbox-{row.pk}.{row.created_at:%Y%m%d%H%M%S}@{settings.STARPOST_MAIL_DOMAIN}>",
            "X-Starpost-Outbox": row.dedupe_key,
            **headers_for(row.user_id),
            **p.get("headers", {}),
        },
        reply_to=[p["reply_to"]] if p.get("reply_to") else None,
    )
    if p.get("html"):
        msg.attach_alternative(p["html"], "text/html")
    msg.send(fail_silently=False)


CHANNELS: dict[str, Callable[[Outbox], None]] = {
    Outbox.Channel.EMAIL: send_email,
    Outbox.Channel.PUSH: send_push,
    Outbox.Channel.WEBHOOK: send_webhook,
}


def send(row: Outbox) -> None:
    CHANNELS[row.channel](row)

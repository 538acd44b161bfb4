"""The delivery policy: which notices go out, on which channels, and when.

The games app hands over :class:`~notifications.contracts.Notice` values (what to tell
whom); :func:`notice_send` decides, per recipient, from their preferences:

- each channel (email, push) is "at once", "daily digest" or "never": a notice goes on the
  channels set to "at once", and an urgent one (news about the player's own clock) on the
  digest channels too;
- no email without an address, no push without a device;
- no email about a turn while the player has the match open in a browser (the page tells
  them), unless it is urgent;
- a player who takes one email per game round gets the first of each round only;
- the daily digest goes on the channels set to "daily digest", once a day at the hour the
  player chose (``digests_due``, ``digest_claim``; its content is the games app's);
- during the player's quiet hours it waits for their end, except urgent news that would
  otherwise arrive after the deadline it is about.

It writes the outbox rows (sent once the caller's transaction commits) and, for an email
whose reply may carry a move, the reply address and the moves it offered.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from django.db.models import Q
from django.utils import timezone

from accounts.models import NotificationPrefs, prefs_of

from .contracts import Content, Email, Notice, Push, ReplyOffer, WebhookEvent
from .messages import Message
from .models import Outbox, PushSubscription
from .models import ReplyOffer as ReplyOfferRow
from .replyaddr import reply_address, split
from .services import outbox_add
from .webhooks import webhook_messages

Mode = NotificationPrefs.Mode


def notice_send(notices: Sequence[Notice], webhooks: Iterable[WebhookEvent] = ()) -> list[int]:
    """Write the outbox rows the recipients' preferences ask for, in the caller's transaction."""
    with_push = _with_push({n.user.pk for n in notices})
    messages = [m for n in notices for m in _messages(n, n.user.pk in with_push)]
    for event in webhooks:
        messages += webhook_messages(
            event.user_ids, event.kind, event.data, club_user_ids=event.club_user_ids
        )
    return outbox_add(messages)


def _with_push(user_ids: set[int]) -> set[int]:
    """The recipients with at least one push device: one query for the whole batch."""
    if not user_ids:
        return set()
    return set(PushSubscription.objects.filter(user_id__in=user_ids).values_list("user_id", flat=True))


def digests_due(now: datetime) -> list[NotificationPrefs]:
    """Players on a digest whose local digest hour it is and who had none today."""
    due = []
    for prefs in NotificationPrefs.objects.filter(Q(email=Mode.DIGEST) | Q(push=Mode.DIGEST)).select_related(
        "user"
    ):
        local = now.astimezone(prefs.user.tz)
        if local.hour != prefs.digest_hour:
            continue
        last = prefs.last_digest_at
        if last is not None and last.astimezone(prefs.user.tz).date() >= local.date():
            continue
        due.append(prefs)
    return due


def digest_claim(prefs: NotificationPrefs, now: datetime) -> bool:
    """Take today's digest of this player (a conditional UPDATE of ``last_digest_at``): False
    if another beat already did, so two beats never send a digest twice."""
    claimed = NotificationPrefs.objects.filter(pk=prefs.pk, last_digest_at=prefs.last_digest_at).update(
        last_digest_at=now
    )
    return claimed == 1


def wanted_channels(notice: Notice, prefs: NotificationPrefs, has_push: bool) -> set[str]:
    """The channels ``notice`` goes out on for a recipient with these preferences."""
    user = notice.user
    wanted = {
        channel
        for channel, mode in (("email", prefs.email), ("push", prefs.push))
        if (
            mode == Mode.DIGEST
            if notice.digest
            else mode == Mode.IMMEDIATE or (notice.urgent and mode != Mode.OFF)
        )
    }
    if not user.email or (notice.watching and not notice.urgent):
        wanted.discard("email")
    per_round = notice.round_key and prefs.email_per_round and not notice.urgent
    if (
        "email" in wanted
        and per_round
        and Outbox.objects.filter(dedupe_key=f"{notice.round_key}:email").exists()
    ):
        wanted.discard("email")
    if not has_push:
        wanted.discard("push")
    return wanted


def _messages(notice: Notice, has_push: bool) -> list[Message]:
    user = notice.user
    prefs = prefs_of(user)
    wanted = wanted_channels(notice, prefs, has_push)
    if not wanted:
        return []
    content: Content = notice.content()
    later = None if notice.digest else prefs.quiet_until(timezone.now())
    if later is not None and notice.urgent and notice.until is not None and later >= notice.until:
        later = None  # news about a deadline that quiet hours would hold past it goes out now
    out = []
    if "email" in wanted and content.email is not None:
        per_round = notice.round_key and prefs.email_per_round and not notice.urgent
        key = f"{notice.round_key if per_round else notice.key}:email"
        payload = email_payload(content.email, user.email)
        out.append(Message(key, user.pk, notice.kind, payload, Outbox.Channel.EMAIL, later))
    if "push" in wanted and content.push is not None:
        push = push_payload(content.push)
        out.append(Message(f"{notice.key}:push", user.pk, notice.kind, push, Outbox.Channel.PUSH, later))
    return out


def email_payload(email: Email, to: str) -> dict[str, Any]:
    """The outbox payload of an email; with its reply address (and the offer kept with the
    address's token) when a reply to it may carry a move and reply by email is on."""
    payload: dict[str, Any] = {"to": to, "template": email.template, "context": dict(email.context)}
    if email.headers:
        payload["headers"] = dict(email.headers)
    address = offer_reply(email.reply) if email.reply is not None else None
    if address:
        payload["reply_to"] = address
    return payload


def offer_reply(offer: ReplyOffer) -> str | None:
    """The reply address for ``offer``'s turn, with its moves kept under the address's token;
    None when reply by email is off or the offer lists no move."""
    if not offer.moves:
        return None
    address = reply_address(offer.match_id, offer.seat, offer.seq, offer.user_id)
    if address is None:
        return None
    token, _ = split(address) or ("", "")
    ReplyOfferRow.objects.update_or_create(
        token=token,
        defaults={
            "user_id": offer.user_id,
            "match_id": offer.match_id,
            "seat": offer.seat,
            "seq": offer.seq,
            "moves": offer.moves_json(),
        },
    )
    return address


def offer_for(token: str) -> ReplyOffer | None:
    """The moves the emails with this reply token offered; None if unknown (or forgotten)."""
    row = ReplyOfferRow.objects.filter(token=token).first()
    if row is None:
        return None
    return ReplyOffer.of(row.match_id, row.seat, row.seq, row.user_id, row.moves)


def push_payload(push: Push) -> dict[str, Any]:
    return {"title": push.title, "body": push.body, "url": push.url, "tag": push.tag}

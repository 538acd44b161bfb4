"""What the games app hands to notifications: typed messages, one notice per recipient and event.

The games app says what to tell whom (games/notify.py): a :class:`Notice` per recipient,
whose content (an :class:`Email`, a :class:`Push`) is already redacted for that recipient,
and :class:`WebhookEvent` values with public facts only. Notifications decides the rest
(notifications/notices.py): on which channels and when, from the recipient's preferences
(at once, daily digest, never; one email per game round), quiet hours, devices and whether
they are watching the match in a browser; it keeps the outbox and sends.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any


@dataclass(frozen=True)
class OfferedMove:
    """One move an email offers: its number in the list (None: not numbered, written in
    notation, as standing orders are), how the game writes it, and the move as JSON."""

    number: int | None
    text: str
    move: Mapping[str, Any]


@dataclass(frozen=True)
class ReplyOffer:
    """An email a reply can answer with a move: the turn it is about and the moves it offered.

    Kept with the reply token (notifications.models.ReplyOffer) when the email is written,
    and handed back with the reply (notifications.replies.Reply.offer)."""

    match_id: int
    seat: int
    seq: int
    user_id: int
    moves: tuple[OfferedMove, ...]

    def numbered(self, n: int) -> OfferedMove | None:
        return next((m for m in self.moves if m.number == n), None)

    @property
    def listed(self) -> list[str]:
        """Every move offered, numbered or not, in the order the game lists them."""
        return [m.text for m in self.moves]

    def moves_json(self) -> list[list[Any]]:
        return [[m.number, m.text, dict(m.move)] for m in self.moves]

    @classmethod
    def of(cls, match_id: int, seat: int, seq: int, user_id: int, moves: Any) -> ReplyOffer:
        return cls(match_id, seat, seq, user_id, tuple(OfferedMove(n, text, move) for n, text, move in moves))


@dataclass(frozen=True)
class Email:
    """An email rendered from ``templates/emails/<template>-*`` with ``context`` (plain JSON,
    stored in the outbox row). ``reply``: the moves a reply to it may make (a reply address
    is added when reply by email is on)."""

    template: str
    context: Mapping[str, Any]
    reply: ReplyOffer | None = None
    headers: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Push:
    """A short notification for a browser or device."""

    title: str
    body: str
    url: str
    tag: str


@dataclass(frozen=True)
class Content:
    """What a notice says on each channel; None where it has nothing to say there."""

    email: Email | None = None
    push: Push | None = None


@dataclass(frozen=True)
class WebhookEvent:
    """An event for the webhooks of the players in ``user_ids`` and of clubs with a member in
    ``club_user_ids``: public facts only (a club's channel is public)."""

    kind: str
    data: Mapping[str, Any]
    user_ids: tuple[int, ...]
    club_user_ids: tuple[int, ...] = ()


@dataclass(frozen=True)
class Notice:
    """Tell ``user`` about an event of ``kind``.

    ``key`` names the event for this recipient (the outbox's dedupe key, channel added):
    the same notice twice is written once. ``content`` is called only when some channel
    wants the notice (building it reads the match). ``urgent``: news about the recipient's
    own clock, sent at once even to a player on the daily digest, and never held by quiet
    hours past ``until`` (the deadline it is about). ``round_key``: the game round the
    notice belongs to, for players who take one email per round. ``watching``: the
    recipient has the match open in a browser now, and the page tells them. ``digest``: the
    daily digest itself, sent at once on the channels set to "daily digest" only.
    """

    user: Any
    kind: str
    key: str
    content: Callable[[], Content]
    urgent: bool = False
    until: datetime | None = None
    round_key: str | None = None
    watching: bool = False
    digest: bool = False

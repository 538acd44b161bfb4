"""Signed reply addresses: ``move+<token>@<STARPOST_REPLY_DOMAIN>``, bound to match, seat, seq and player.

The token is ``<match>-<seat>-<seq>-<user>-<day>-<mac>``: the four numbers and the day it
was made (days since 2020-01-01) in base 36, and an HMAC-SHA256 (with the reply addresses'
own key, accounts.keys) cut to 80 bits, in base 32. An address is good for
``STARPOST_REPLY_ADDRESS_DAYS`` days from that day (:func:`expired`).
Everything is lowercase and made of letters, digits and "-", so a mail system that folds
the case of the local part, or a client that retypes it, keeps the address valid; with
ids below 36^8 the local part stays well under the 64 characters RFC 5321 allows.
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass
from datetime import date

from django.conf import settings
from django.utils import timezone
from django.utils.crypto import constant_time_compare, salted_hmac

from accounts.keys import purpose_key, purpose_keys

SALT = "starpost.replyaddr"
LOCAL = "move"
MAC_CHARS = 16  # 80 bits: out of reach of anyone who can only guess by sending mail
MAX_LOCAL = 64
EPOCH = date(2020, 1, 1)  # the day numbers in tokens count from here

_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
_TOKEN = re.compile(
    r"^(?P<match>[0-9a-z]{1,13})-(?P<seat>[0-9a-z]{1,4})-(?P<seq>[0-9a-z]{1,13})"
    r"-(?P<user>[0-9a-z]{1,13})-(?P<day>[0-9a-z]{1,4})"
    rf"-(?P<mac>[a-z2-7]{{{MAC_CHARS}}})$"
)


@dataclass(frozen=True)
class ReplyToken:
    """What a verified reply address says: the reply is a move of this player, seat and turn."""

    match_id: int
    seat: int
    seq: int
    user_id: int
    day: int = 0  # the day the address was made, counted from EPOCH


def enabled() -> bool:
    return bool(settings.STARPOST_REPLY_BY_EMAIL and settings.STARPOST_REPLY_DOMAIN)


def _b36(n: int) -> str:
    if n < 0:
        raise ValueError("reply addresses bind non-negative ids")
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = _DIGITS[r] + out
        if n == 0:
            return out


def _mac(body: str, secret: str) -> str:
    digest = salted_hmac(SALT, body, secret=secret, algorithm="sha256").digest()
    return base64.b32encode(digest).decode("ascii").lower()[:MAC_CHARS]


def today() -> int:
    return (timezone.now().date() - EPOCH).days


def token_for(match_id: int, seat: int, seq: int, user_id: int, day: int | None = None) -> str:
    body = "-".join(_b36(n) for n in (match_id, seat, seq, user_id, today() if day is None else day))
    return f"{body}-{_mac(body, purpose_key(SALT))}"


def expired(token: ReplyToken) -> bool:
    """Older than STARPOST_REPLY_ADDRESS_DAYS: the address no longer carries a move."""
    return today() - token.day > settings.STARPOST_REPLY_ADDRESS_DAYS


def reply_address(match_id: int, seat: int, seq: int, user_id: int) -> str | None:
    """The address a reply to the email about move ``seq`` goes to; None if reply-by-email is off."""
    if not enabled():
        return None
    local = f"{LOCAL}+{token_for(match_id, seat, seq, user_id)}"
    if len(local) > MAX_LOCAL:  # ids beyond 36^13: a bug, not a player's doing
        raise ValueError(f"reply address local part {local!r} is longer than {MAX_LOCAL}")
    return f"{local}@{settings.STARPOST_REPLY_DOMAIN}"


def split(address: str) -> tuple[str, str] | None:
    """(token, domain) if ``address`` is one of ours by its shape (signed or not), else None."""
    addr = (address or "").strip().strip("<>").strip().lower()
    local, at, domain = addr.rpartition("@")
    if not at or domain != settings.STARPOST_REPLY_DOMAIN.lower() or not local.startswith(f"{LOCAL}+"):
        return None
    return local[len(LOCAL) + 1 :], domain


def read(address: str) -> ReplyToken | None:
    """The token of a reply address if we signed it (with the current or a fallback key), else None."""
    parts = split(address)
    if parts is None:
        return None
    m = _TOKEN.match(parts[0])
    if m is None:
        return None
    body = parts[0][: -(MAC_CHARS + 1)]
    if not any(constant_time_compare(m["mac"], _mac(body, key)) for key in purpose_keys(SALT)):
        return None
    return ReplyToken(*(int(m[k], 36) for k in ("match", "seat", "seq", "user", "day")))

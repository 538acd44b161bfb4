"""One-click unsubscribe: a link signed per player and channel (RFC 8058 headers)."""

from __future__ import annotations

from django.conf import settings
from django.core import signing
from django.urls import reverse

from accounts.keys import signer

SALT = "starpost.unsubscribe"


def token_for(user_id: int, channel: str = "email") -> str:
    return signer(SALT).sign_object({"u": user_id, "c": channel}, compress=True)


def read_token(token: str) -> tuple[int, str] | None:
    """(user id, channel) from a token, or None if it is not one we signed."""
    try:
        data = signer(SALT).unsign_object(token)
    except signing.BadSignature:
        return None
    if (
        not isinstance(data, dict)
        or not isinstance(data.get("u"), int)
        or data.get("c") not in ("email", "push")
    ):
        return None
    return data["u"], data["c"]


def url_for(user_id: int, channel: str = "email") -> str:
    return settings.SITE_URL + reverse("unsubscribe", args=[token_for(user_id, channel)])


def headers_for(user_id: int) -> dict[str, str]:
    """List-Unsubscribe with one-click POST, as mail providers expect from bulk senders."""
    return {
        "List-Unsubscribe": f"<{url_for(user_id)}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    }

"""API tokens: made, listed, revoked, expired when unused. Only a key's SHA-256 is stored."""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from .errors import AccountError
from .models import ApiToken, User, shown

MAX_TOKENS_PER_USER = 20
TOUCH_EVERY = timedelta(hours=1)  # last_used_at is written at most this often


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def idle_limit() -> timedelta:
    return timedelta(days=settings.STARPOST_TOKEN_IDLE_DAYS)


def expires_at(token: ApiToken) -> datetime:
    return (token.last_used_at or token.created_at) + idle_limit()


def token_create(*, user: User, name: Any = "api", key: str | None = None) -> tuple[ApiToken, str]:
    """A new token for ``user`` and its key (shown this once). Beyond MAX_TOKENS_PER_USER
    the least recently used ones go."""
    name = "api" if name in (None, "") else name
    if not isinstance(name, str) or len(name.strip()) > 100 or "\x00" in name:
        raise AccountError(
            "bad_token_name", f"A token's name is text of at most 100 characters, not {shown(name)}."
        )
    key = key or secrets.token_hex(20)
    with transaction.atomic():
        now = timezone.now()  # made counts as used: no write on its first use
        token = ApiToken.objects.create(
            user=user,
            name=name.strip() or "api",
            key_hash=key_hash(key),
            prefix=key[:8],
            created_at=now,
            last_used_at=now,
        )
        keep = ApiToken.objects.filter(user=user).order_by("-last_used_at", "-created_at")
        stale = list(keep.values_list("pk", flat=True)[MAX_TOKENS_PER_USER:])
        ApiToken.objects.filter(pk__in=stale).exclude(pk=token.pk).delete()
    return token, key


def token_revoke(*, user: User, token_id: Any) -> None:
    deleted = 0
    if isinstance(token_id, int):
        deleted, _ = ApiToken.objects.filter(user=user, pk=token_id).delete()
    if not deleted:
        raise AccountError("token_not_found", "You have no such token.")


def token_touch(token_id: int, last_used_at: datetime | None) -> None:
    """Note that the token was used, at most once per TOUCH_EVERY (one UPDATE then)."""
    now = timezone.now()
    if last_used_at is None or now - last_used_at >= TOUCH_EVERY:
        ApiToken.objects.filter(pk=token_id).update(last_used_at=now)


def token_json(token: ApiToken, *, current: int | None = None) -> dict[str, Any]:
    return {
        "id": token.pk,
        "name": token.name,
        "prefix": token.prefix,
        "created_at": token.created_at.isoformat(),
        "last_used_at": token.last_used_at.isoformat() if token.last_used_at else None,
        "expires_at": expires_at(token).isoformat(),
        "current": token.pk == current,
    }

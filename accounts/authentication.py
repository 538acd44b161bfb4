"""API token authentication: ``Authorization: Token <key>``, against the SHA-256 of the key
(accounts/tokens.py), in one plain SQL join.

Every API request pays for this check. Building the ``select_related`` query through the
ORM costs about three times what running it does; the statement below is the same join,
written once. A key made before keys were hashed (a row of DRF's own token table) is
carried over the first time it is used.
"""

from __future__ import annotations

from datetime import UTC, datetime
from functools import cache
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext_lazy as _
from rest_framework import authentication, exceptions
from rest_framework.authtoken.models import Token

from .models import ApiToken
from .tokens import idle_limit, key_hash, token_touch


@cache
def _sql() -> str:
    q = connection.ops.quote_name
    users = q(get_user_model()._meta.db_table)
    tokens = q(ApiToken._meta.db_table)
    columns = "u.*, t.id AS token_id, t.created_at AS token_created_at, t.last_used_at AS token_last_used_at"
    # names from model metadata; the key's hash is a parameter
    return f"SELECT {columns} FROM {users} u JOIN {tokens} t ON t.user_id = u.id WHERE t.key_hash = %s"  # noqa: S608


def _when(value) -> datetime | None:
    """A timestamp column read by raw SQL (SQLite gives text)."""
    if isinstance(value, str):
        value = parse_datetime(value)
    if value is not None and timezone.is_naive(value):
        value = value.replace(tzinfo=UTC)
    return value


def _carry_over(key: str):
    """The user of an older, unhashed key, now moved into ApiToken; None if there is none."""
    old = Token.objects.filter(key=key).select_related("user").first()
    if old is None:
        return None
    with transaction.atomic():
        now = timezone.now()
        token = ApiToken.objects.create(
            user=old.user,
            name="api",
            key_hash=key_hash(key),
            prefix=key[:8],
            created_at=now,
            last_used_at=now,
        )
        old.delete()
    user = old.user
    user.token_id, user.token_created_at, user.token_last_used_at = token.pk, now, now
    return user


class TokenAuthentication(authentication.TokenAuthentication):
    """Same answers as DRF's own class, and ``token_expired`` for a key unused too long."""

    def authenticate_credentials(self, key: str):
        # the raw query's user carries its token's columns (token_id, ...), which the model does not declare
        user: Any = next(iter(get_user_model().objects.raw(_sql(), [key_hash(key)])), None)
        if user is None:
            user = _carry_over(key)
        if user is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        last_used, created = _when(user.token_last_used_at), _when(user.token_created_at)
        assert created is not None  # the token's created_at is NOT NULL
        if timezone.now() - (last_used or created) > idle_limit():
            raise exceptions.AuthenticationFailed(
                "This token expired unused; ask for a new one at /api/auth/token/.", code="token_expired"
            )
        token_touch(user.token_id, last_used)
        return (user, ApiToken(pk=user.token_id, user=user))

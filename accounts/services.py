"""Writes for accounts: the one way a player is registered, whatever the transport."""

from __future__ import annotations

from django.contrib.auth import password_validation
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction

from .errors import AccountError
from .models import User, validate_timezone

USERNAME_MAX = 30


def user_register(*, username: str, email: str, password: str, timezone: str = "UTC") -> User:
    """Create a player; every refusal is an AccountError with a code and a message."""
    username = (username or "").strip()
    email = (email or "").strip()
    if not username:
        raise AccountError("username_required", "Choose a username.")
    if len(username) > USERNAME_MAX or not all(c.isalnum() or c in "_-." for c in username):
        raise AccountError(
            "bad_username",
            f"A username has at most {USERNAME_MAX} letters, digits, '.', '-' or '_'.",
        )
    try:
        validate_email(email)
    except ValidationError as exc:
        raise AccountError("bad_email", f"{email!r} is not an email address.") from exc
    try:
        validate_timezone(timezone)
    except ValidationError as exc:
        raise AccountError("bad_timezone", exc.messages[0]) from exc
    if User.objects.filter(username__iexact=username).exists():
        raise AccountError("username_taken", f"The username {username!r} is taken; choose another.")
    if User.objects.filter(email__iexact=email).exists():
        raise AccountError("email_taken", "An account with this email address already exists.")
    user = User(username=username, email=email, timezone=timezone)
    try:
        password_validation.validate_password(password or "", user)
    except ValidationError as exc:
        raise AccountError("weak_password", " ".join(exc.messages)) from exc
    user.set_password(password)
    try:
        with transaction.atomic():
            user.save()
    except IntegrityError as exc:  # a concurrent registration won the race
        raise AccountError("username_taken", "That username or email was just taken.") from exc
    return user


def user_update_profile(*, user: User, timezone: str | None = None, email: str | None = None) -> User:
    fields = []
    if timezone is not None:
        try:
            validate_timezone(timezone)
        except ValidationError as exc:
            raise AccountError("bad_timezone", exc.messages[0]) from exc
        user.timezone = timezone
        fields.append("timezone")
    if email is not None and email.strip().lower() != user.email.lower():
        try:
            validate_email(email)
        except ValidationError as exc:
            raise AccountError("bad_email", f"{email!r} is not an email address.") from exc
        if User.objects.filter(email__iexact=email).exclude(pk=user.pk).exists():
            raise AccountError("email_taken", "An account with this email address already exists.")
        user.email = email.strip()
        fields.append("email")
    if fields:
        user.save(update_fields=fields)
    return user

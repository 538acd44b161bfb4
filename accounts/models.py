"""Players: a Django user with the profile a turn server needs (timezone)."""

from __future__ import annotations

import zoneinfo

from django.contrib.auth.models import AbstractUser, UserManager
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.functions import Lower


def validate_timezone(value: str) -> None:
    if value not in available_timezones():
        raise ValidationError(f"{value!r} is not a known timezone (e.g. Europe/Stockholm).")


_TIMEZONES: frozenset[str] | None = None


def available_timezones() -> frozenset[str]:
    global _TIMEZONES
    if _TIMEZONES is None:
        _TIMEZONES = frozenset(zoneinfo.available_timezones())
    return _TIMEZONES


class User(AbstractUser):
    email = models.EmailField("email address")
    timezone = models.CharField(max_length=64, default="UTC", validators=[validate_timezone])
    # Take a day from the vacation bank by itself when a deadline would pass.
    auto_vacation = models.BooleanField(default=True)

    objects = UserManager()

    class Meta:
        constraints = [
            models.UniqueConstraint(Lower("email"), name="accounts_user_email_ci_unique"),
            models.UniqueConstraint(Lower("username"), name="accounts_user_username_ci_unique"),
        ]

    def __str__(self) -> str:
        return self.username

    @property
    def tz(self) -> zoneinfo.ZoneInfo:
        return zoneinfo.ZoneInfo(self.timezone)


class Vacation(models.Model):
    """Days off: every clock of the player's stops from ``start`` to ``end``."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="vacations")
    start = models.DateTimeField()
    end = models.DateTimeField()
    auto = models.BooleanField(default=False, help_text="Taken by the server when a deadline would pass.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["user", "start"]
        indexes = [models.Index(fields=["user", "end"])]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(end__gt=models.F("start")), name="vacation_ends_after_start"
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} off {self.start:%Y-%m-%d} to {self.end:%Y-%m-%d}"

"""Players: a Django user with the profile a turn server needs (timezone)."""

from __future__ import annotations

import zoneinfo
from datetime import UTC, datetime, timedelta
from typing import ClassVar, Self

from django.contrib.auth.models import AbstractUser, UserManager
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.functions import Lower


def validate_timezone(value: object) -> None:
    if not isinstance(value, str):
        raise ValidationError("A timezone is a name such as Europe/Stockholm.")
    if value not in available_timezones():
        raise ValidationError(f"{shown(value)} is not a known timezone (e.g. Europe/Stockholm).")


def shown(value: object, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters, for echoing a client's input in a message."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


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

    objects: ClassVar[UserManager[Self]] = UserManager()

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


class NotificationPrefs(models.Model):
    """How a player wants to hear about their matches, per channel, in their own time."""

    class Mode(models.TextChoices):
        IMMEDIATE = "immediate", "At once"
        DIGEST = "digest", "One daily digest"
        OFF = "off", "Never"

    user = models.OneToOneField(User, on_delete=models.CASCADE, primary_key=True, related_name="prefs")
    email = models.CharField(max_length=10, choices=Mode.choices, default=Mode.IMMEDIATE)
    push = models.CharField(max_length=10, choices=Mode.choices, default=Mode.IMMEDIATE)
    digest_hour = models.PositiveSmallIntegerField(
        default=8, help_text="Local hour of the daily digest (0-23)."
    )
    # Nothing is sent between these local times; it waits for the end of the quiet hours.
    quiet_start = models.TimeField(null=True, blank=True)
    quiet_end = models.TimeField(null=True, blank=True)
    reminder_hours = models.PositiveSmallIntegerField(
        default=24, help_text="Remind me this many hours before a deadline (0: never)."
    )
    last_digest_at = models.DateTimeField(null=True, blank=True)
    # In games played in rounds, one "your turn" email per round (the first time in it).
    email_per_round = models.BooleanField(
        default=False, help_text="One your-turn email per game round, in games played in rounds."
    )

    class Meta:
        verbose_name_plural = "notification preferences"

    def __str__(self) -> str:
        return f"notification preferences of {self.user_id}"

    def quiet_until(self, now: datetime) -> datetime | None:
        """The end of the quiet hours if ``now`` falls inside them, else None."""
        if self.quiet_start is None or self.quiet_end is None or self.quiet_start == self.quiet_end:
            return None
        tz = self.user.tz
        local = now.astimezone(tz)
        t = local.time().replace(tzinfo=None)
        start, end = self.quiet_start, self.quiet_end
        inside = (start <= t < end) if start < end else (t >= start or t < end)
        if not inside:
            return None
        day = local.date() if t < end else local.date() + timedelta(days=1)
        return datetime.combine(day, end).replace(tzinfo=tz).astimezone(UTC)


def prefs_of(user: User) -> NotificationPrefs:
    """The player's preferences; the defaults (unsaved) if they never changed them."""
    try:
        return user.prefs
    except NotificationPrefs.DoesNotExist:
        return NotificationPrefs(user=user)


class Club(models.Model):
    """A group of players (a club league, a campaign group). Its organiser invites players,
    who become members when they accept; a club webhook hears about every match any member
    plays."""

    name = models.CharField(max_length=100)
    owner = models.ForeignKey(User, on_delete=models.CASCADE, related_name="clubs_run")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(Lower("name"), name="accounts_club_name_ci_unique")]
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class ClubMember(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="members")
    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="club_memberships")
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["club", "user"], name="accounts_clubmember_once")]

    def __str__(self) -> str:
        return f"{self.user} in {self.club}"


class ClubInvite(models.Model):
    """An organiser's invitation: the player is not a member (and the club hears nothing of
    their matches) until they accept it."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invites")
    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="club_invites")
    invited_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["club", "user"], name="accounts_clubinvite_once")]

    def __str__(self) -> str:
        return f"{self.user} invited to {self.club}"


class ApiToken(models.Model):
    """An API key of a player's: only its SHA-256 is stored (the key is shown once); it can be
    listed and revoked, and it expires when unused for STARPOST_TOKEN_IDLE_DAYS."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=100, default="api")
    key_hash = models.CharField(max_length=64, unique=True)
    prefix = models.CharField(max_length=8, help_text="The key's first characters, to tell keys apart.")
    created_at = models.DateTimeField()
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["user", "-created_at"]

    def __str__(self) -> str:
        return f"{self.user}'s token {self.prefix}…"

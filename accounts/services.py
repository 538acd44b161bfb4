"""Writes for accounts: the one way a player is registered, whatever the transport."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, time, timedelta
from email.utils import parseaddr
from typing import Any

from django.conf import settings
from django.contrib.auth import password_validation
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.db.models import CharField
from django.utils import timezone
from django.utils.module_loading import import_string

from .errors import AccountError
from .models import (
    Club,
    ClubInvite,
    ClubMember,
    NotificationPrefs,
    User,
    Vacation,
    prefs_of,
    shown,
    validate_timezone,
)

USERNAME_MAX = 30


def _max_length(name: str) -> int:
    field = User._meta.get_field(name)
    if not isinstance(field, CharField) or field.max_length is None:
        raise TypeError(f"User.{name} is not text of a bounded length")
    return field.max_length


USERNAME_FIELD_MAX = _max_length("username")  # older accounts may be longer
EMAIL_MAX = _max_length("email")
EMAIL_IS_TEXT = "An email address is text, such as ada@example.com."
# Whether an address has an account is the owner's business: the same words whatever the reason.
EMAIL_UNUSABLE = (
    "This email address cannot be used for a new account. If it is yours, sign in, or reset your password."
)


def _text(value: Any, code: str, message: str) -> str:
    """``value`` stripped, or AccountError(code, message) when it is not text (None is "")."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise AccountError(code, message)
    return value.strip()


def _checked_email(email: str) -> str:
    if len(email) > EMAIL_MAX:
        raise AccountError("bad_email", f"An email address has at most {EMAIL_MAX} characters.")
    try:
        validate_email(email)
    except ValidationError as exc:
        raise AccountError("bad_email", f"{shown(email)} is not an email address.") from exc
    return email


# Mailboxes that belong to a mail system, never to a player.
SYSTEM_MAILBOXES = frozenset({"postmaster", "mailer-daemon", "abuse", "hostmaster", "noreply", "no-reply"})


def email_unusable(email: str, *, user: User | None = None) -> bool:
    """Whether no account may have this address: another account has it, it is at one of our
    own mail domains (mail there comes back to us), or it is a mail system's mailbox. All
    three are refused with the same code and words, so a refusal does not say which."""
    local, _, domain = email.strip().lower().rpartition("@")
    ours = {
        (settings.STARPOST_REPLY_DOMAIN or "").lower(),
        (settings.STARPOST_MAIL_DOMAIN or "").lower(),
        parseaddr(settings.DEFAULT_FROM_EMAIL)[1].rpartition("@")[2].lower(),
    } - {""}
    if domain in ours or local in SYSTEM_MAILBOXES:
        return True
    others = User.objects.filter(email__iexact=email)
    return (others.exclude(pk=user.pk) if user is not None else others).exists()


def user_register(*, username: Any, email: Any, password: Any, timezone: Any = "UTC") -> User:
    """Create a player; every refusal is an AccountError with a code and a message."""
    username = _text(username, "bad_username", "A username is text: letters, digits, '.', '-' or '_'.")
    email = _text(email, "bad_email", EMAIL_IS_TEXT)
    if not isinstance(password, str):
        raise AccountError("weak_password", "A password must be text.")
    if not username:
        raise AccountError("username_required", "Choose a username.")
    if len(username) > USERNAME_MAX or not all(c.isalnum() or c in "_-." for c in username):
        raise AccountError(
            "bad_username",
            f"A username has at most {USERNAME_MAX} letters, digits, '.', '-' or '_'.",
        )
    _checked_email(email)
    try:
        validate_timezone(timezone)
    except ValidationError as exc:
        raise AccountError("bad_timezone", exc.messages[0]) from exc
    user = User(username=username, email=email, timezone=timezone)
    # The password is judged before anything is looked up, so that a probe with a throwaway
    # password learns nothing of which names and addresses have accounts.
    try:
        password_validation.validate_password(password, user)
    except ValidationError as exc:
        raise AccountError("weak_password", " ".join(exc.messages)) from exc
    if User.objects.filter(username__iexact=username).exists():  # names are public: say so
        raise AccountError("username_taken", f"The username {shown(username)} is taken; choose another.")
    if email_unusable(email):
        raise AccountError("email_unusable", EMAIL_UNUSABLE)
    user.set_password(password)
    try:
        with transaction.atomic():
            user.save()
    except IntegrityError as exc:  # a concurrent registration won the race
        raise AccountError("username_taken", "That username was just taken, or: " + EMAIL_UNUSABLE) from exc
    return user


def user_update_profile(*, user: User, timezone: Any = None, email: Any = None, password: Any = None) -> User:
    """Change a player's timezone and/or email (None: leave it); checked before anything is
    written, so a refusal changes nothing. A new email needs the current password: whoever
    holds a session or a token must not be able to take the account's password reset."""
    changes = {}
    if timezone is not None:
        try:
            validate_timezone(timezone)
        except ValidationError as exc:
            raise AccountError("bad_timezone", exc.messages[0]) from exc
        changes["timezone"] = timezone
    if email is not None:
        email = _checked_email(_text(email, "bad_email", EMAIL_IS_TEXT))
        if email.lower() != user.email.lower():
            if not isinstance(password, str) or not password:
                raise AccountError("password_required", "Give your current password to change your email.")
            if not user.check_password(password):
                raise AccountError(
                    "wrong_password", "That is not your current password; the email is unchanged."
                )
            if email_unusable(email, user=user):
                raise AccountError("email_unusable", EMAIL_UNUSABLE)
            changes["email"] = email
    if changes:
        before = {field: getattr(user, field) for field in changes}
        for field, value in changes.items():
            setattr(user, field, value)
        try:
            with transaction.atomic():
                user.save(update_fields=list(changes))
        except IntegrityError as exc:  # a concurrent change took the address first
            for field, value in before.items():
                setattr(user, field, value)
            raise AccountError("email_unusable", EMAIL_UNUSABLE) from exc
    return user


# -- vacation -----------------------------------------------------------------------------


def vacation_days_used(user: User, year: int) -> int:
    """Whole days of vacation that began in ``year`` (the player's own calendar)."""
    tz = user.tz
    total = timedelta(0)
    for v in user.vacations.all():
        if v.start.astimezone(tz).year == year:
            total += v.end - v.start
    return -(-total // timedelta(days=1))  # round up: a started day counts


def vacation_days_left(user: User, at: datetime | None = None) -> int:
    at = at or timezone.now()
    year = at.astimezone(user.tz).year
    return max(settings.STARPOST_VACATION_DAYS_PER_YEAR - vacation_days_used(user, year), 0)


def _run_length(user: User, start: datetime, end: datetime) -> timedelta:
    """Length of the unbroken stretch of vacation that [start, end) would belong to."""
    spans = sorted([(v.start, v.end) for v in user.vacations.all()] + [(start, end)])
    (run_start, run_end), longest = spans[0], timedelta(0)
    for s, e in spans:
        if s > run_end:
            run_start, run_end = s, e
        else:
            run_end = max(run_end, e)
        if run_start <= start < run_end:
            longest = max(longest, run_end - run_start)
    return longest


# How far ahead a vacation may be booked. The bank is per calendar year, and a start near the
# end of the calendar (year 9999) would overflow every date computed from it.
VACATION_HORIZON = timedelta(days=366)


def vacation_take(user: User, *, start: datetime, days: int, auto: bool = False) -> Vacation:
    """Take ``days`` days off from ``start``. Limits: the yearly bank, no overlap, and at most
    STARPOST_VACATION_MAX_DAYS in a row, so that vacations cannot stall a match forever."""
    if not isinstance(days, int) or isinstance(days, bool) or days < 1:
        raise AccountError("bad_vacation", "Take at least one whole day.")
    if not isinstance(start, datetime) or start.tzinfo is None:
        raise AccountError("bad_vacation", "start is a date and time with its timezone.")
    now = timezone.now()
    # Checked before any date arithmetic: near the year 9999 it overflows.
    if start > now + VACATION_HORIZON:
        raise AccountError(
            "bad_vacation",
            f"Book a vacation at most {VACATION_HORIZON.days} days ahead: start it by "
            f"{(now + VACATION_HORIZON).astimezone(user.tz):%Y-%m-%d}.",
        )
    if start < now - VACATION_HORIZON:
        raise AccountError("bad_vacation", "A vacation cannot be entirely in the past.")
    left = vacation_days_left(user, start)
    if days > left:  # also bounds days before they are added to a date
        raise AccountError(
            "vacation_bank_empty", f"You have {left} vacation days left this year; you asked for {days}."
        )
    end = start + timedelta(days=days)
    if end <= now:
        raise AccountError("bad_vacation", "A vacation cannot be entirely in the past.")
    if user.vacations.filter(start__lt=end, end__gt=start).exists():
        raise AccountError("vacation_overlaps", "You are already on vacation for part of that time.")
    most = settings.STARPOST_VACATION_MAX_DAYS
    if _run_length(user, start, end) > timedelta(days=most):
        raise AccountError("vacation_too_long", f"At most {most} days of vacation in a row.")
    vacation = Vacation.objects.create(user=user, start=start, end=end, auto=auto)
    vacations_changed(user)
    return vacation


def vacations_changed(user: User) -> None:
    """The clocks of the player's matches follow their vacations: call the function named by
    STARPOST_VACATION_CHANGED (the games app's, which accounts cannot import)."""
    import_string(settings.STARPOST_VACATION_CHANGED)(user)


# -- notification preferences ----------------------------------------------------------------

PREF_MODES = {m.value for m in NotificationPrefs.Mode}


def _hh_mm(value: Any, field: str) -> time | None:
    if value in (None, "") or not isinstance(value, str) or len(value) != 5:
        return None
    try:
        return time.fromisoformat(value)
    except ValueError:
        return None


def prefs_update(user: User, data: Mapping[str, Any]) -> NotificationPrefs:
    """Change some of a player's notification preferences; unknown or bad values are refused.
    Everything is checked before anything is written, so a refusal changes nothing."""
    if not isinstance(data, Mapping):
        raise AccountError("bad_prefs", "Send the preferences as a JSON object.")
    known = {
        "email",
        "push",
        "digest_hour",
        "quiet_start",
        "quiet_end",
        "reminder_hours",
        "auto_vacation",
        "email_per_round",
    }
    unknown = sorted(str(k) for k in set(data) - known)
    if unknown:
        raise AccountError(
            "bad_prefs", f"Unknown preference {shown(unknown[0])}; known: {', '.join(sorted(known))}."
        )
    changes: dict[str, Any] = {}
    for channel in ("email", "push"):
        if channel in data:
            mode = data[channel]
            if not isinstance(mode, str) or mode not in PREF_MODES:
                raise AccountError("bad_prefs", f"{channel} is one of {', '.join(sorted(PREF_MODES))}.")
            changes[channel] = mode
    if "digest_hour" in data:
        hour = data["digest_hour"]
        if not isinstance(hour, int) or isinstance(hour, bool) or not 0 <= hour <= 23:
            raise AccountError("bad_prefs", "digest_hour is a local hour from 0 to 23.")
        changes["digest_hour"] = hour
    for field in ("quiet_start", "quiet_end"):
        if field in data:
            value = _hh_mm(data[field], field)
            if value is None and data[field] not in (None, ""):
                raise AccountError("bad_prefs", f"{field} is a local time like 22:30, or null.")
            changes[field] = value
    current = prefs_of(user)
    quiet = [changes.get(f, getattr(current, f)) for f in ("quiet_start", "quiet_end")]
    if (quiet[0] is None) != (quiet[1] is None):
        raise AccountError("bad_prefs", "Quiet hours need both a start and an end.")
    if "reminder_hours" in data:
        hours = data["reminder_hours"]
        if not isinstance(hours, int) or isinstance(hours, bool) or not 0 <= hours <= 168:
            raise AccountError("bad_prefs", "reminder_hours is from 0 (no reminders) to 168.")
        changes["reminder_hours"] = hours
    if "email_per_round" in data:
        if not isinstance(data["email_per_round"], bool):
            raise AccountError("bad_prefs", "email_per_round is true or false.")
        changes["email_per_round"] = data["email_per_round"]
    auto_vacation = data.get("auto_vacation")
    if "auto_vacation" in data and not isinstance(auto_vacation, bool):
        raise AccountError("bad_prefs", "auto_vacation is true or false.")
    with transaction.atomic():
        prefs, _ = NotificationPrefs.objects.select_for_update().get_or_create(user=user)
        for field, value in changes.items():
            setattr(prefs, field, value)
        prefs.save(update_fields=list(changes))
        if isinstance(auto_vacation, bool):
            user.auto_vacation = auto_vacation
            user.save(update_fields=["auto_vacation"])
    user.prefs = prefs  # what prefs_of(user) answers from now on
    return prefs


def prefs_unsubscribe(user: User, channel: str) -> NotificationPrefs:
    """An unsubscribe link was followed: nothing more on ``channel`` (email or push)."""
    if channel not in ("email", "push"):
        raise AccountError("bad_prefs", "A channel is email or push.")
    with transaction.atomic():
        prefs, _ = NotificationPrefs.objects.select_for_update().get_or_create(user=user)
        setattr(prefs, channel, NotificationPrefs.Mode.OFF)
        prefs.save(update_fields=[channel])
    user.prefs = prefs
    return prefs


def prefs_json(user: User) -> dict[str, Any]:
    p = prefs_of(user)
    return {
        "email": p.email,
        "push": p.push,
        "digest_hour": p.digest_hour,
        "quiet_start": p.quiet_start.strftime("%H:%M") if p.quiet_start else None,
        "quiet_end": p.quiet_end.strftime("%H:%M") if p.quiet_end else None,
        "reminder_hours": p.reminder_hours,
        "email_per_round": p.email_per_round,
        "auto_vacation": user.auto_vacation,
        "timezone": user.timezone,
    }


# -- clubs ------------------------------------------------------------------------------------


def club_create(*, owner: User, name: Any) -> Club:
    """A new club run by ``owner``, who is its first member."""
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > 100:
        raise AccountError("bad_club_name", "A club name has 1 to 100 characters.")
    name = name.strip()
    taken = AccountError("club_name_taken", f"There is already a club called {shown(name)}.")
    if Club.objects.filter(name__iexact=name).exists():
        raise taken
    try:
        with transaction.atomic():
            club = Club.objects.create(name=name, owner=owner)
            ClubMember.objects.create(club=club, user=owner)
    except IntegrityError as exc:  # founded a moment ago by someone else
        raise taken from exc
    return club


def _club_run_by(owner: User, club_id: Any) -> Club:
    club = Club.objects.filter(pk=club_id).first() if isinstance(club_id, int) else None
    if club is None or club.owner_id != owner.pk:
        raise AccountError("club_not_found", "You run no such club.")
    return club


def _player_named(username: Any) -> User | None:
    """The player with this username (any case), or None; text PostgreSQL cannot hold (NUL,
    from a URL's %00) is nobody's name rather than a database error."""
    if not isinstance(username, str) or "\x00" in username or len(username) > USERNAME_FIELD_MAX:
        return None
    return User.objects.filter(username__iexact=username).first()


MAX_PENDING_CLUB_INVITES = 50


def club_add_member(*, owner: User, club_id: Any, username: Any) -> ClubInvite | ClubMember:
    """The organiser invites a player; they become a member only when they accept."""
    club = _club_run_by(owner, club_id)
    user = _player_named(username)
    if user is None:
        raise AccountError("unknown_user", f"There is no player called {shown(username)}.")
    member = ClubMember.objects.filter(club=club, user=user).first()
    if member is not None:
        return member
    if club.invites.count() >= MAX_PENDING_CLUB_INVITES:
        raise AccountError(
            "too_many_invites",
            f"A club has at most {MAX_PENDING_CLUB_INVITES} invitations waiting for an answer.",
        )
    invite, _ = ClubInvite.objects.get_or_create(club=club, user=user)
    return invite


def club_accept(*, user: User, club_id: Any) -> ClubMember:
    """The invited player joins the club."""
    invite = (
        ClubInvite.objects.filter(club_id=club_id, user=user).select_related("club").first()
        if isinstance(club_id, int)
        else None
    )
    if invite is None:
        raise AccountError("no_club_invite", "You have no invitation to that club.")
    with transaction.atomic():
        member, _ = ClubMember.objects.get_or_create(club=invite.club, user=user)
        invite.delete()
    return member


def club_invites_for(user: User) -> list[dict[str, Any]]:
    return [
        {
            "club": i.club_id,
            "name": i.club.name,
            "owner": i.club.owner.username,
            "invited_at": i.invited_at.isoformat(),
        }
        for i in user.club_invites.select_related("club__owner").order_by("invited_at")
    ]


def club_remove_member(*, actor: User, club_id: Any, username: Any) -> None:
    """The organiser removes a member or withdraws an invitation; a member leaves or an
    invited player declines. The organiser stays."""
    club = Club.objects.filter(pk=club_id).first() if isinstance(club_id, int) else None
    if club is None:
        raise AccountError("club_not_found", "There is no such club.")
    user = _player_named(username)
    if user is None or actor.pk not in (club.owner_id, user.pk):
        raise AccountError("club_not_found", "You cannot change that membership.")
    if user.pk == club.owner_id:
        raise AccountError("club_owner_stays", "The organiser cannot leave their own club.")
    ClubMember.objects.filter(club=club, user=user).delete()
    ClubInvite.objects.filter(club=club, user=user).delete()


def club_json(club: Club) -> dict[str, Any]:
    return {
        "id": club.pk,
        "name": club.name,
        "owner": club.owner.username,
        "members": sorted(m.user.username for m in club.members.select_related("user")),
        "invited": sorted(i.user.username for i in club.invites.select_related("user")),
    }

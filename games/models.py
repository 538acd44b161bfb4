"""Matches, their seats, and the append-only log of moves (ARCHITECTURE §3)."""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models
from django.db.models import Q

if TYPE_CHECKING:
    from accounts.models import User


class Match(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", "Waiting for players"
        ACTIVE = "active", "In play"
        FINISHED = "finished", "Finished"
        CANCELLED = "cancelled", "Cancelled by its creator before it started"

    game = models.CharField(max_length=40)
    engine_version = models.CharField(max_length=20)
    options = models.JSONField(default=dict)
    num_seats = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    seq = models.PositiveIntegerField(default=0, help_text="Log entries so far.")
    # The engine's dump after `seq` entries. Never shown as is: read through games.selectors.
    state = models.JSONField(null=True, blank=True)
    active_seats = models.JSONField(default=list)
    # The server's secret seed, its public commitment, and the seed the dice use once the
    # players' salts are mixed in at the start. Both seeds stay secret until the end.
    seed = models.BinaryField()
    seed_commitment = models.CharField(max_length=64)
    dice_seed = models.BinaryField(null=True, blank=True)
    log_head = models.CharField(max_length=64, blank=True, default="")
    outcome = models.JSONField(null=True, blank=True)
    # The earliest deadline among the seats to move (denormalised from Seat.deadline).
    deadline = models.DateTimeField(null=True, blank=True)
    # Time control (see games.clock.deadlines): days per move (0 = untimed), an optional fixed
    # local time of day, whether weekends count, each player's total for the match, and
    # what happens when a deadline passes.
    days_per_move = models.PositiveSmallIntegerField(default=3)
    deadline_time = models.TimeField(null=True, blank=True)
    count_weekends = models.BooleanField(default=True)
    max_days = models.PositiveSmallIntegerField(null=True, blank=True)

    class Timeout(models.TextChoices):
        AUTO = "auto", "The game's default action (pass, standing orders); forfeit where there is none"
        EXTEND = "extend", "One extension per player, then the default action"
        FORFEIT = "forfeit", "The player who runs out of time loses"

    timeout_policy = models.CharField(max_length=10, choices=Timeout.choices, default=Timeout.AUTO)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="created_matches"
    )
    # The finished match this one replays with the seats turned (games.play.lobby.match_rematch).
    rematch_of = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="rematches"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    # Not a column: set on the match row the write path locks (games.play.locking), the
    # seat index of the user it was locked for, or None.
    viewer_seat: int | None

    class Meta:
        indexes = [models.Index(fields=["status", "-updated_at"])]
        ordering = ["-updated_at"]
        verbose_name_plural = "matches"

    def __str__(self) -> str:
        return f"#{self.pk} {self.game} ({self.status})"

    @property
    def is_over(self) -> bool:
        return self.status == self.Status.FINISHED


class Seat(models.Model):
    match = models.ForeignKey(Match, on_delete=models.PROTECT, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="seats"
    )
    # A seat reserved for an invited player until they join.
    invited = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="invitations",
    )
    salt = models.CharField(max_length=200, blank=True, default="")
    # Denormalised from Match.active_seats so that "awaiting me" is one indexed query.
    awaiting = models.BooleanField(default=False)
    joined_at = models.DateTimeField(null=True, blank=True)
    # The clock of this seat: when its current turn began, when it is due, time spent so
    # far in the match, whether its one extension is used, which deadline was reminded.
    turn_started_at = models.DateTimeField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True)
    time_used = models.DurationField(default=timedelta(0))
    extension_used = models.BooleanField(default=False)
    reminded_for = models.DateTimeField(null=True, blank=True)
    # When the player's browser last asked for news of the match (its page polls): while
    # recent, the page tells them it is their turn and no "your turn" email is sent.
    watched_at = models.DateTimeField(null=True, blank=True)

    # Not a column: set on the seats the write path reads with their players
    # (games.rows.seats_with_players), whether the player has a vacation not yet over.
    has_vacation: bool

    class Meta:
        ordering = ["match", "index"]
        constraints = [
            models.UniqueConstraint(fields=["match", "index"], name="games_seat_unique_index"),
            models.UniqueConstraint(
                fields=["match", "user"], condition=Q(user__isnull=False), name="games_seat_one_per_user"
            ),
        ]
        indexes = [models.Index(fields=["user", "awaiting"]), models.Index(fields=["awaiting", "deadline"])]

    def __str__(self) -> str:
        return f"seat {self.index} of match {self.match_id}"

    @property
    def player(self) -> User:
        """The seat's user, where it must have one: every seat of a match that has started."""
        if self.user is None:
            raise ValueError(f"{self} has no player")
        return self.user


# The kinds of the entries the server writes itself, which no rules engine knows: a player's
# resignation, the server's forfeit, and its note that a seat's clock moved when its deadline
# passed (its one extension, or a day from its vacation bank; the game's state is unchanged).
RESIGN = "resign"
FORFEIT = "forfeit"
CLOCK = "clock"


class LogEntry(models.Model):
    """One validated move. Rows are never updated or deleted: a database trigger refuses it."""

    match = models.ForeignKey(Match, on_delete=models.PROTECT, related_name="log")
    seq = models.PositiveIntegerField()
    seat = models.SmallIntegerField(null=True, blank=True, help_text="None for the server.")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    kind = models.CharField(max_length=40)
    move = models.JSONField()
    # Seats that may read the move while the match runs (None = everyone): sealed moves.
    move_audience = models.JSONField(null=True, blank=True)
    # Seats that may know of the entry at all while the match runs (None = everyone, spectators
    # too): a blind phase's step is known to its own seat only (AS-SF-1.6). Readers number
    # the entries they may know of (games.selectors.Numbering).
    known_to = models.JSONField(null=True, blank=True)
    events = models.JSONField(default=list)
    dice = models.JSONField(default=list)
    engine_version = models.CharField(max_length=20)
    source = models.CharField(max_length=20, default="api")
    idempotency_key = models.CharField(max_length=200, null=True, blank=True)  # noqa: DJ001 - NULL = no key
    prev_hash = models.CharField(max_length=64)
    hash = models.CharField(max_length=64)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["match", "seq"]
        verbose_name_plural = "log entries"
        constraints = [
            models.UniqueConstraint(fields=["match", "seq"], name="games_logentry_unique_seq"),
            models.UniqueConstraint(
                fields=["match", "seat", "idempotency_key"],
                condition=Q(idempotency_key__isnull=False),
                name="games_logentry_unique_idempotency_key",
            ),
        ]
        # a player's latest entries in a match: the move limits (games/movelimits.py) read
        # the last minute's, however long the log
        indexes = [models.Index(fields=["match", "user", "created_at"], name="games_logentry_mover_recent")]

    def __str__(self) -> str:
        return f"match {self.match_id} #{self.seq} {self.kind}"


class TurnNotice(models.Model):
    """Entry ``seq`` changed whose turn it is, or ended the match. Written in the move's
    transaction (one small row); a worker claims it once and writes each recipient's
    outbox rows with what their seat may see (games.notify.announce). Building those
    emails is the slow part of a turn change, so the request does not wait for it."""

    class Kind(models.TextChoices):
        YOUR_TURN = "your_turn"
        MATCH_OVER = "match_over"

    class Status(models.TextChoices):
        PENDING = "pending"
        DONE = "done"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="+")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=20, choices=Kind.choices)
    # The seats on turn before and after the entry: "your turn" goes to those that joined.
    before = models.JSONField(default=list)
    after = models.JSONField(default=list)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField()
    done_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "seq"], name="games_turnnotice_unique_seq")]
        indexes = [models.Index(fields=["status", "created_at"])]

    def __str__(self) -> str:
        return f"{self.kind} at match {self.match_id} #{self.seq} ({self.status})"

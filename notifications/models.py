"""The outbox: one row per (event, recipient, channel), written in the move's transaction."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone


class Outbox(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending"
        SENDING = "sending"
        SENT = "sent"
        FAILED = "failed"

    class Channel(models.TextChoices):
        EMAIL = "email"
        PUSH = "push"
        WEBHOOK = "webhook"

    dedupe_key = models.CharField(max_length=200, unique=True)
    channel = models.CharField(max_length=20, choices=Channel.choices, default=Channel.EMAIL)
    kind = models.CharField(max_length=40)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    # Already redacted for the recipient by the code that wrote the row.
    payload = models.JSONField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    available_at = models.DateTimeField(default=timezone.now)
    claimed_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["status", "available_at"])]
        ordering = ["id"]
        verbose_name_plural = "outbox"

    def __str__(self) -> str:
        return f"{self.kind} to {self.user_id} via {self.channel} ({self.status})"


class PushSubscription(models.Model):
    """One browser or device that accepts Web Push for a player (several per player)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    user_agent = models.CharField(max_length=300, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    last_success_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"push to {self.user_id} via {self.endpoint[:40]}"


class Webhook(models.Model):
    """A URL told about a player's matches (Discord/Slack-style JSON), signed with a secret."""

    class Event(models.TextChoices):
        YOUR_TURN = "your_turn"
        MATCH_OVER = "match_over"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="webhooks")
    # A club's webhook is owned by the organiser and told about every match of its members.
    club = models.CharField(
        max_length=100, blank=True, default="", help_text="Label of a club channel, if any."
    )
    url = models.URLField(max_length=1000)
    secret = models.CharField(max_length=100)
    events = models.JSONField(default=list, help_text="Which events to send: your_turn, match_over.")
    active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_success_at = models.DateTimeField(null=True, blank=True)
    failures = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"webhook {self.pk} of {self.user_id} to {self.url[:40]}"


class InboundEmail(models.Model):
    """A reply received by email. The Message-ID is unique: a second delivery is ignored."""

    class Status(models.TextChoices):
        RECEIVED = "received"
        APPLIED = "applied"
        REFUSED = "refused"

    message_id = models.CharField(max_length=500, unique=True)
    sender = models.CharField(max_length=320)
    recipient = models.CharField(max_length=320)
    subject = models.CharField(max_length=500, blank=True, default="")
    raw = models.BinaryField()
    via = models.CharField(max_length=20, default="command", help_text="webhook, command or maildir")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.RECEIVED)
    code = models.CharField(max_length=60, blank=True, default="")
    result = models.TextField(blank=True, default="")
    received_at = models.DateTimeField(auto_now_add=True)
    processed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-received_at"]

    def __str__(self) -> str:
        return f"reply {self.message_id[:40]} from {self.sender} ({self.status})"


class ReplyOffer(models.Model):
    """The moves an email with a reply address offered, kept with the address's token: a
    reply's move number means the move the email listed under it, and a reply still counts
    after others moved only if the player's moves are still the ones it listed."""

    # Forgotten after this many days (notifications.tasks.sweep_outbox): a reply to so old an
    # email is almost surely stale; without its offer it counts only if the match has not moved.
    KEEP_DAYS = 60

    token = models.CharField(max_length=100, unique=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    match_id = models.PositiveBigIntegerField()
    seat = models.PositiveSmallIntegerField()
    seq = models.PositiveIntegerField()
    # [[number or null, notation, move JSON], ...] in the order the game lists the moves
    moves = models.JSONField(default=list)
    created_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"reply offer for match {self.match_id} seat {self.seat} move {self.seq}"

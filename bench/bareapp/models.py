"""A stream with a counter and its append-only rows: the smallest shape of Match + LogEntry."""

from __future__ import annotations

from django.db import models


class BareStream(models.Model):
    seq = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"bare stream {self.pk} at {self.seq}"


class BareEntry(models.Model):
    stream = models.ForeignKey(BareStream, on_delete=models.PROTECT, related_name="entries")
    seq = models.PositiveIntegerField()
    data = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["stream", "seq"], name="bench_bareentry_unique_seq")]

    def __str__(self) -> str:
        return f"bare stream {self.stream_id} #{self.seq}"

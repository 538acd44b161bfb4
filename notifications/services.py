"""Writing to the outbox. Callers pass payloads that are already redacted for the recipient.

The rows are sent once the caller's transaction commits, by the delivery task (``tasks``):
this module imports the tasks, never the other way round."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from functools import partial

from django.db import transaction
from django.utils import timezone

from . import background, tasks
from .messages import Message
from .models import Outbox

log = logging.getLogger(__name__)


def outbox_add(messages: Iterable[Message]) -> list[int]:
    """Write outbox rows in the caller's transaction and send them once it commits."""
    now = timezone.now()
    rows = [
        Outbox(
            dedupe_key=m.dedupe_key,
            user_id=m.user_id,
            kind=m.kind,
            payload=m.payload,
            channel=m.channel,
            available_at=m.available_at or now,
        )
        for m in messages
    ]
    if not rows:
        return []
    # The unique dedupe key is the guard against writing a message twice; the keys the
    # games app uses include the log seq, so a conflict here means a bug, not a retry.
    created = Outbox.objects.bulk_create(rows)
    ids = [r.pk for r in created]
    if None in ids:  # backends without RETURNING: read the ids back
        keys = [r.dedupe_key for r in rows]
        ids = list(Outbox.objects.filter(dedupe_key__in=keys).values_list("pk", flat=True))
    for row, pk in zip(rows, ids, strict=True):
        if row.available_at <= now:  # the others wait for the sweeper
            transaction.on_commit(partial(_publish, pk), robust=True)
    return ids


def _publish(pk: int) -> None:
    """The fast path after commit. If the broker is down the row stays pending and the
    beat sweeper sends it later: a move never fails because a notification could not be
    queued (robust=True above keeps this from reaching the request even if it raised).
    Without a worker (tasks in-process) the delivery runs on a background thread, never in
    the request (notifications/background.py)."""
    deliver = tasks.deliver
    if deliver.app.conf.task_always_eager:
        background.run(deliver, pk)
        return
    try:
        deliver.delay(pk)
    except Exception as exc:  # kombu raises OperationalError and friends
        log.warning("outbox %s not queued (%s); the sweeper will send it", pk, exc)

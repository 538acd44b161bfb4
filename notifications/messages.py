"""The outbox's message: one row to write, already redacted for its recipient.

Written by the outbox's services (``services.outbox_add``) and built by the policy
(``notices``), the replies (``inbound``) and the webhooks (``webhooks.webhook_messages``).
It sits below all of them, so that none of them imports another only for this type.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from .models import Outbox


@dataclass(frozen=True)
class Message:
    dedupe_key: str
    user_id: int
    kind: str
    payload: dict[str, Any]
    channel: str = Outbox.Channel.EMAIL
    # Not before this moment (the end of the recipient's quiet hours); None: now.
    available_at: datetime | None = None

"""The log's hash chain: canonical JSON, and the hash of one entry.

``tools/verify_export.py`` repeats this with the standard library only; keep them in step.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any


def canonical(data: Any) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def entry_payload(
    *,
    match_id: int,
    seq: int,
    seat: int | None,
    move: Any,
    move_audience: Any,
    events: Any,
    dice: Any,
    engine_version: str,
    created_at: str,
    prev_hash: str,
    nonce: str,
) -> dict[str, Any]:
    return {
        "match": match_id,
        "seq": seq,
        "seat": seat,
        "move": move,
        "move_audience": move_audience,
        "events": events,
        "dice": dice,
        "engine_version": engine_version,
        "created_at": created_at,
        "prev_hash": prev_hash,
        "nonce": nonce,
    }


def entry_hash(payload: dict[str, Any]) -> str:
    """SHA-256 of the canonical payload. The payload includes ``prev_hash`` (the chain) and a
    per-entry nonce derived from the secret seed, so nobody can test guesses of hidden content
    against a published hash while the match runs."""
    return hashlib.sha256(canonical(payload)).hexdigest()

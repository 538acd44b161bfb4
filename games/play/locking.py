"""The one way to lock a match: its row, ``FOR NO KEY UPDATE``, for the whole transaction.

Every write to a match, its seats or its log first takes this lock, so writers of one match
run one at a time and each sees the one before it. ``NO KEY`` because no writer changes the
match's key: inserting log entries, seats and notices that reference the match (which take
``FOR KEY SHARE`` on it) is not blocked by it, while two writers still exclude each other.
The statement is written out (games.rows): it runs on every write.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.db import connection

from ..errors import NotFound
from ..models import Match, Seat
from ..rows import build, columns


@cache
def _lock_sql() -> str:
    q = connection.ops.quote_name
    match_cols, _, _ = columns(Match, "m")
    sql = (
        f"SELECT {match_cols}, (SELECT s.{q('index')} FROM {q(Seat._meta.db_table)} s"  # noqa: S608 (names from model metadata; values are parameters)
        f" WHERE s.match_id = m.id AND s.user_id = %s LIMIT 1)"
        f" FROM {q(Match._meta.db_table)} m WHERE m.id = %s"
    )
    features = connection.features
    if features.has_select_for_no_key_update and features.has_select_for_update_of:
        sql += " FOR NO KEY UPDATE OF m"
    elif features.has_select_for_update:  # a database without NO KEY locks
        sql += " FOR UPDATE"
    return sql  # SQLite has no row locks: its writers are serialised by the database lock


def match_for_update(pk: int, user_id: int | None) -> Match | None:
    """The match row locked for this transaction (None if there is none), with
    ``match.viewer_seat``: the seat index of ``user_id`` in it, or None."""
    with connection.cursor() as cursor:
        cursor.execute(_lock_sql(), [user_id, pk])
        row = cursor.fetchone()
    if row is None:
        return None
    match = build(Match, "m", list(row[:-1]))
    match.viewer_seat = row[-1]
    return match


def match_pk(match_id: Any) -> int:
    """A match id from a client, or NotFound."""
    try:
        pk = int(match_id)
    except (TypeError, ValueError):
        pk = 0
    if not 0 < pk < 2**63:
        raise NotFound("match_not_found", f"There is no match {match_id}.")
    return pk


def match_lock(match_id: Any, viewer: Any = None) -> Match:
    """The match, locked for this transaction, or NotFound. With ``viewer``, the same
    statement reads the viewer's seat index into ``match.viewer_seat`` (None if none)."""
    user_id = viewer.pk if viewer is not None and getattr(viewer, "is_authenticated", False) else None
    match = match_for_update(match_pk(match_id), user_id)
    if match is None:
        raise NotFound("match_not_found", f"There is no match {match_id}.")
    return match

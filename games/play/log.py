"""The log: appending an entry to a match's hash chain, and rebuilding a match from it.

Appending is only ever done by the write path (games.play), inside the transaction that
holds the match row's lock; the database refuses to update or delete an entry once written.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.utils import timezone

from ..engines import get as get_engine
from ..engines import named as engine_named
from ..engines.audience import Logged, knowers
from ..engines.base import Engine, Event
from ..engines.dice import entry_nonce
from ..engines.session import replay as session_replay
from ..models import LogEntry, Match
from ..rows import insert_row, update_row
from ..selectors import replayable
from .hashing import entry_hash, entry_payload


def append_entry(
    match: Match,
    *,
    seat: int | None,
    user: Any,
    move: dict[str, Any],
    step_events: Sequence[Event],
    move_audience: frozenset[int] | None,
    draws: list[dict[str, Any]],
    source: str,
    idempotency_key: str | None = None,
    at: datetime | None = None,
) -> LogEntry:
    """Append entry ``match.seq + 1`` to the chain; the caller holds the match row lock.
    ``at``: the request's one instant, when a request appends several entries (a route)."""
    seq = match.seq + 1
    now = at or timezone.now()
    events = [e.to_json() for e in step_events]
    audience = None if move_audience is None else sorted(move_audience)
    prev = match.log_head or match.seed_commitment
    payload = entry_payload(
        match_id=match.pk,
        seq=seq,
        seat=seat,
        move=move,
        move_audience=audience,
        events=events,
        dice=draws,
        engine_version=match.engine_version,
        created_at=now.isoformat(),
        prev_hash=prev,
        nonce=entry_nonce(bytes(match.dice_seed or match.seed), seq),
    )
    # Who may know of the entry at all (AS-SF-1.6): kept with it, so that each reader's
    # numbering of the log (games.selectors.Numbering) is one query.
    known_to = knowers(Logged(seq, seat, move, move_audience, step_events, draws), match.num_seats)
    entry = LogEntry(
        match=match,
        seq=seq,
        seat=seat,
        user=user,
        kind=str(move.get("kind", "")),
        move=move,
        move_audience=audience,
        known_to=known_to,
        events=events,
        dice=draws,
        engine_version=match.engine_version,
        source=source,
        idempotency_key=idempotency_key,
        prev_hash=prev,
        hash=entry_hash(payload),
        created_at=now,
    )
    insert_row(entry)
    match.seq = seq
    match.log_head = entry.hash
    return entry


def rules_continued(match: Match, engine: Engine) -> None:
    """Record the match under ``engine``'s version from the entry about to be appended on: a
    match of an earlier version the engine continues (``Engine.continues``) is upgraded by the
    first entry the engine writes for it, never by a read. Called by the write path holding
    the match lock, after the engine accepted the move; earlier entries keep their version."""
    if match.engine_version != engine.version:
        match.engine_version = engine.version
        update_row(Match, match.pk, {"engine_version": engine.version})


def concede_outcome(match: Match, state: Any, seat: int, reason: str) -> dict[str, Any]:
    """The result of ``seat`` resigning or forfeiting, by the game's own rule (teams)."""
    engine = engine_named(match.game)
    return engine.concede(state, seat, match.num_seats, reason).to_json()


def replay(match: Match) -> tuple[Any, dict[str, Any] | None]:
    """Rebuild the state from the log alone; returns (engine dump, outcome).

    The server's own entries are not the engine's: a clock note changes nothing, and a
    resignation or forfeit ends the match by the game's concession rule."""
    engine = get_engine(match.game)
    if engine is None:
        raise ValueError(f"no engine {match.game!r}")
    if not match.dice_seed:
        return None, None  # not started: nothing logged yet
    entries, conceded = replayable(match)
    session = session_replay(engine, match.options, match.num_seats, bytes(match.dice_seed), entries)
    state = session.state
    result = None if state is None else engine.outcome(state)
    outcome = None if result is None else result.to_json()
    if conceded is not None:
        assert conceded.seat is not None  # replayable returns a player's concession only
        outcome = concede_outcome(match, state, conceded.seat, conceded.move.get("reason", "resignation"))
    return (engine.dump(state) if state is not None else None), outcome

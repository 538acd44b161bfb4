"""The log: appending an entry to a match's hash chain, and rebuilding a match from it.

Appending is only ever done by the write path (games.play), inside the transaction that
holds the match row's lock; the database refuses to update or delete an entry once written.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils import timezone

from ..engines import get as get_engine
from ..engines.base import Event, Invalid, Move, Step
from ..engines.dice import Dice, entry_nonce
from ..models import CLOCK, FORFEIT, RESIGN, LogEntry, Match
from ..rows import insert_row
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
) -> LogEntry:
    """Append entry ``match.seq + 1`` to the chain; the caller holds the match row lock."""
    seq = match.seq + 1
    now = timezone.now()
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
    entry = LogEntry(
        match=match,
        seq=seq,
        seat=seat,
        user=user,
        kind=str(move.get("kind", "")),
        move=move,
        move_audience=audience,
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


def concede_outcome(match: Match, state: Any, seat: int, reason: str) -> dict[str, Any]:
    """The result of ``seat`` resigning or forfeiting, by the game's own rule (teams)."""
    engine = get_engine(match.game)
    return engine.concede(state, seat, match.num_seats, reason).to_json()


def replay(match: Match) -> tuple[Any, dict[str, Any] | None]:
    """Rebuild the state from the log alone; returns (engine dump, outcome)."""
    engine = get_engine(match.game)
    if engine is None:
        raise ValueError("no engine {match.game!r}")
    seed = bytes(match.dice_seed) if match.dice_seed else None
    state: Any = None
    outcome = None
    for entry in match.log.order_by("seq").iterator():
        dice = Dice(seed, entry.seq) if seed else None
        if entry.kind == "setup":
            step: Step | Invalid = engine.setup(match.options, match.num_seats, dice)
        elif entry.kind in (RESIGN, FORFEIT) and entry.seat is not None:
            outcome = concede_outcome(match, state, entry.seat, entry.move.get("reason", "resignation"))
            break
        elif entry.kind == CLOCK and entry.seat is not None:
            continue
        else:
            step = engine.apply(state, entry.seat, Move.from_json(entry.move), dice)
        if isinstance(step, Invalid):
            raise ValueError(f"entry {entry.seq} no longer applies: {step.code}: {step.message}")
        if dice is not None and dice.draws != entry.dice:
            raise ValueError(f"entry {entry.seq}: the dice differ from the recorded draws")
        if [e.to_json() for e in step.events] != entry.events:
            raise ValueError(f"entry {entry.seq}: the events differ from the recorded ones")
        state = step.state
        result = engine.outcome(state)
        if result is not None:
            outcome = result.to_json()
    return (engine.dump(state) if state is not None else None), outcome

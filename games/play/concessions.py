"""Entries the rules engines do not know, written by the one write path (move_submit): a
player's resignation, the server's forfeit, and the server's clock notes. The caller holds
the match row's lock and has checked that the match is in play."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from .. import notify
from ..engines import named as engine_named
from ..engines.base import Event, Move
from ..errors import BadRequest
from ..models import CLOCK, FORFEIT, RESIGN, Match
from ..rows import update_row
from .log import append_entry, concede_outcome
from .turns import clocks_run, seats_of

KINDS = (RESIGN, FORFEIT, CLOCK)


def server_kind(move: Move, *, system: bool) -> Move:
    """A move the engines do not know: a resignation (a player's), a forfeit or a clock
    note (the server's), with only the fields they take."""
    if move.kind == FORFEIT and not system:
        raise BadRequest("bad_move", "Only the server records a forfeit; to concede, resign.")
    if move.kind == CLOCK:
        action = move.get("action")
        if not system or action not in ("extend", "vacation"):
            raise BadRequest("bad_move", "Only the server notes a deadline's extension or vacation day.")
        return Move.of(CLOCK, action=action)
    extra = sorted(k for k, _ in move.args if k != "reason")
    if extra:
        raise BadRequest("bad_move", f"A {move.kind} takes no {', '.join(extra)}.")
    if move.kind == RESIGN:
        return Move.of(RESIGN, reason="resignation")
    reason = move.get("reason", "timeout")
    return Move.of(FORFEIT, reason=reason if isinstance(reason, str) and reason else "timeout")


def clock_note(match: Match, seat: int, move: dict[str, Any], source: str) -> int:
    """Note that ``seat``'s clock moved; the game's state is unchanged. Returns the seq."""
    append_entry(
        match,
        seat=seat,
        user=None,
        move=move,
        step_events=[Event("clock", {"seat": seat, "action": move["action"]})],
        move_audience=None,
        draws=[],
        source=source,
    )
    match.updated_at = timezone.now()
    update_row(
        Match, match.pk, {"seq": match.seq, "log_head": match.log_head, "updated_at": match.updated_at}
    )
    return match.seq


def concede(match: Match, seat: int, *, user: Any, move: dict[str, Any], source: str, key: str | None) -> int:
    """The end of the match against ``seat``; the caller holds the lock and checked it is in play."""
    seats = seats_of(match)
    before = list(match.active_seats)
    kind = move["kind"]
    append_entry(
        match,
        seat=seat,
        user=user,
        move=move,
        step_events=[
            Event("resigned" if kind == RESIGN else "forfeited", {"seat": seat, "reason": move["reason"]})
        ],
        move_audience=None,
        draws=[],
        source=source,
        idempotency_key=key,
    )
    now = timezone.now()
    match.status = Match.Status.FINISHED
    engine = engine_named(match.game)
    assert match.state is not None  # the match is in play (the caller checked)
    match.outcome = concede_outcome(match, engine.load(match.state), seat, move["reason"])
    match.finished_at = now
    match.active_seats = []
    clocks_run(match, seats, [], now)
    match.save(
        update_fields=[
            "seq",
            "log_head",
            "status",
            "outcome",
            "finished_at",
            "active_seats",
            "deadline",
            "updated_at",
        ]
    )
    notify.turn_changed(match, before=before, after=[])
    return match.seq

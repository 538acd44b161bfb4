"""After an entry: store the new state and who is on turn, run the seats' clocks, and leave
a notice for the notifications when the turn changed. The caller holds the match lock."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.utils import timezone

from .. import clock, notify
from ..engines.base import Engine, Outcome
from ..engines.dice import Dice, mix_seed
from ..models import Match, Seat
from ..rows import seats_with_players, update_row
from .log import append_entry


def seats_of(match: Match) -> list[Seat]:
    """The seats with their players, their preferences and a fact the turn change needs
    (any vacation not yet over), read in one query (games.rows)."""
    return seats_with_players(match.pk)


def clocks_run(match: Match, seats: Sequence[Seat], active: Sequence[int], now: datetime) -> None:
    """Start and stop the seats' clocks for the seats now on turn, and store the seats that
    changed (usually two: one starts, one stops); sets ``match.deadline``."""
    for s in clock.turns_changed(match, seats, active, now):
        update_row(Seat, s.pk, {f: getattr(s, f) for f in clock.CLOCK_FIELDS})


@dataclass(frozen=True)
class Position:
    """The engine's reading of a state, for the match row: its dump, the seats on turn, the outcome."""

    state: dict[str, Any]
    active: list[int]
    outcome: Outcome | None


def position_after(engine: Engine, state: Any) -> Position:
    return Position(engine.dump(state), sorted(engine.active_seats(state)), engine.outcome(state))


def settle(match: Match, after: Position, before: Sequence[int], seats: list[Seat] | None = None) -> None:
    """Store the new state, who is on turn and any outcome; when the turn changed, run the
    clocks and leave a notice for the notifications (the seats are loaded only then: most
    moves keep the turn)."""
    active, outcome = after.active, after.outcome
    now = timezone.now()
    match.state = after.state
    match.active_seats = active
    fields = ["seq", "log_head", "state", "active_seats", "updated_at"]
    if outcome is not None:
        match.status = Match.Status.FINISHED
        match.outcome = outcome.to_json()
        match.finished_at = now
        fields += ["status", "outcome", "finished_at"]
    changed = list(before) != active or outcome is not None
    if changed:
        clocks_run(match, seats_of(match) if seats is None else seats, active, now)
        fields.append("deadline")
    match.updated_at = now
    update_row(Match, match.pk, {f: getattr(match, f) for f in fields})
    if changed:
        notify.turn_changed(match, before=before, after=active)


def start(match: Match, engine: Engine) -> None:
    """All seats are taken: mix the salts into the seed, set the board up (log entry 1)."""
    seats = seats_of(match)
    match.dice_seed = mix_seed(bytes(match.seed), [s.salt for s in seats])
    dice = Dice(bytes(match.dice_seed), match.seq + 1)
    step = engine.setup(match.options, match.num_seats, dice)
    append_entry(
        match,
        seat=None,
        user=None,
        move={"kind": "setup"},
        step_events=step.events,
        move_audience=None,
        draws=dice.draws,
        source="server",
    )
    match.status = Match.Status.ACTIVE
    match.started_at = timezone.now()
    match.save(update_fields=["dice_seed", "status", "started_at"])
    settle(match, position_after(engine, step.state), before=[], seats=seats)

"""Every write to a match goes through here: create, join, move, resign (ARCHITECTURE §3).

``move_submit`` is the ONE way a move enters a match, for the web, the API, email replies,
timeouts and bots. Each service locks the match row, checks, writes the log entry and the
cached state and the outbox rows, and commits; nothing slow happens inside the transaction
(notifications leave after the commit).
"""

from __future__ import annotations

import secrets as pysecrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import jsonschema
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone

from . import clock, notify, server_kinds
from .engines import get as get_engine
from .engines.base import Engine, Invalid, Move
from .engines.dice import Dice, commitment, mix_seed
from .errors import BadRequest, Conflict, Forbidden, IllegalMove, NotFound
from .jsonlimits import text_problem
from .log import CLOCK, FORFEIT, RESIGN, append_entry
from .models import LogEntry, Match, Seat
from .play.checks import check_current
from .rows import match_for_update, seats_with_players, update_row

User = get_user_model()

MAX_SALT = 200
MAX_IDEMPOTENCY_KEY = 200


@dataclass(frozen=True)
class MoveResult:
    seq: int
    replayed: bool = False


# -- helpers ------------------------------------------------------------------------------


def engine_for(game: str) -> Engine:
    engine = get_engine(game) if isinstance(game, str) else None
    if engine is None:
        raise BadRequest("unknown_game", f"There is no game {game!r}; see GET /api/games/ for the list.")
    return engine


def options_validate(engine: Engine, options: Any) -> dict[str, Any]:
    """The engine's defaults overlaid with ``options``, checked against its JSON Schema."""
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise BadRequest("invalid_options", "options must be a JSON object.")
    merged = {**engine.default_options(), **options}
    validator = jsonschema.Draft202012Validator(engine.options_schema())
    errors = sorted(validator.iter_errors(merged), key=lambda e: list(e.path))
    if errors:
        err = errors[0]
        where = ".".join(str(p) for p in err.path) or "options"
        raise BadRequest("invalid_options", f"{where}: {err.message}")
    return merged


def _pk(match_id: Any) -> int:
    try:
        pk = int(match_id)
    except (TypeError, ValueError):
        pk = 0
    if not 0 < pk < 2**63:
        raise NotFound("match_not_found", f"There is no match {match_id}.")
    return pk


def _lock(match_id: Any, viewer: Any = None) -> Match:
    """The match row, locked for this transaction. With ``viewer``, the same query also reads
    the viewer's seat index into ``match.viewer_seat`` (None if they have no seat).

    One statement written out (games.rows): it runs on every write."""
    pk = _pk(match_id)
    user_id = viewer.pk if viewer is not None and getattr(viewer, "is_authenticated", False) else None
    match = match_for_update(pk, user_id)
    if match is None:
        raise NotFound("match_not_found", f"There is no match {match_id}.")
    return match


def _salt(salt: Any) -> str:
    if salt is None:
        return ""
    if not isinstance(salt, str) or len(salt) > MAX_SALT:
        raise BadRequest("bad_salt", f"A salt is a string of at most {MAX_SALT} characters.")
    problem = text_problem(salt)
    if problem:
        raise BadRequest("bad_salt", problem)
    return salt


def _settle(
    match: Match, engine: Engine, state: Any, before: Sequence[int], seats: list[Seat] | None = None
) -> None:
    """Store the new state, who is on turn and any outcome; when the turn changed, run the
    clocks and leave a notice for the notifications (the seats are loaded only then: most
    moves keep the turn)."""
    active = sorted(engine.active_seats(state))
    outcome = engine.outcome(state)
    now = timezone.now()
    match.state = engine.dump(state)
    match.active_seats = active
    fields = ["seq", "log_head", "state", "active_seats", "updated_at"]
    if outcome is not None:
        match.status = Match.Status.FINISHED
        match.outcome = outcome.to_json()
        match.finished_at = now
        fields += ["status", "outcome", "finished_at"]
    changed = list(before) != active or outcome is not None
    if changed:
        seats = _seats(match) if seats is None else seats
        clock.turns_changed(match, seats, active, now)
        fields.append("deadline")
    match.updated_at = now
    update_row(Match, match.pk, {f: getattr(match, f) for f in fields})
    if changed:
        notify.turn_changed(match, before=before, after=active)


def _seats(match: Match) -> list[Seat]:
    """The seats with their players, their preferences and two facts the turn change needs
    (any push device, any vacation not yet over), read in one query (games.rows)."""
    return seats_with_players(match.pk)


# -- create / join ------------------------------------------------------------------------


def match_create(
    *,
    user: Any,
    game: str,
    options: Any = None,
    seats: Any = None,
    invite: Any = (),
    seat: Any = None,
    salt: Any = "",
    time_control: Any = None,
) -> Match:
    """Open a match of ``game``; the creator takes a seat, invited players get theirs reserved."""
    engine = engine_for(game)
    clock_fields = clock.time_control_fields(clock.time_control_validate(time_control))
    n = engine.min_seats if seats is None else seats
    if not isinstance(n, int) or isinstance(n, bool) or not engine.min_seats <= n <= engine.max_seats:
        span = (
            f"{engine.min_seats}"
            if engine.min_seats == engine.max_seats
            else f"{engine.min_seats} to {engine.max_seats}"
        )
        raise BadRequest("invalid_seats", f"{engine.title} is played by {span} players.")
    opts = options_validate(engine, options)
    if invite is None:
        invite = []
    if not isinstance(invite, list | tuple) or not all(isinstance(u, str) for u in invite):
        raise BadRequest("bad_invite", "invite is a list of usernames.")
    names = [u.strip() for u in invite if u.strip()]
    if len({u.lower() for u in names}) != len(names):
        raise BadRequest("bad_invite", "A player is invited twice.")
    if len(names) > n - 1:
        raise BadRequest("too_many_invites", f"This match has {n} seats: invite at most {n - 1} players.")
    invitees = []
    for name in names:
        if name.lower() == user.username.lower():
            raise BadRequest("bad_invite", "You take a seat yourself; invite the other players.")
        found = User.objects.filter(username__iexact=name).first()
        if found is None:
            raise BadRequest("unknown_user", f"There is no player called {name!r}.")
        invitees.append(found)
    own = 0 if seat is None else seat
    if not isinstance(own, int) or isinstance(own, bool) or not 0 <= own < n:
        raise BadRequest("bad_seat", f"Choose a seat from 0 to {n - 1}.")
    salt = _salt(salt)
    seed = pysecrets.token_bytes(32)
    with transaction.atomic():
        match = Match.objects.create(
            game=engine.key,
            engine_version=engine.version,
            options=opts,
            num_seats=n,
            seed=seed,
            seed_commitment=commitment(seed),
            created_by=user,
            **clock_fields,
        )
        others = iter(i for i in range(n) if i != own)
        reserved = {next(others): invitee for invitee in invitees}
        Seat.objects.bulk_create(
            [
                Seat(
                    match=match,
                    index=i,
                    user=user if i == own else None,
                    invited=reserved.get(i),
                    salt=salt if i == own else "",
                    joined_at=timezone.now() if i == own else None,
                )
                for i in range(n)
            ]
        )
        notify.invitations(match, reserved)
        if n == 1:
            _start(match, engine)
    return match


def match_join(*, user: Any, match_id: Any, seat: Any = None, salt: Any = "") -> Match:
    """Take a seat (the one reserved for you, the one asked for, or the first free one)."""
    salt = _salt(salt)
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
        raise BadRequest("bad_seat", "seat is a seat number.")
    with transaction.atomic():
        match = _lock(match_id)
        if match.status != Match.Status.OPEN:
            raise Conflict("match_full", "This match has started: all its seats are taken.", seq=match.seq)
        seats = list(match.seats.all())
        if any(s.user_id == user.pk for s in seats):
            raise Conflict("already_seated", "You already have a seat in this match.", seq=match.seq)
        free = [s for s in seats if s.user_id is None]
        mine = [s for s in free if s.invited_id == user.pk]
        if seat is not None:
            chosen = next((s for s in seats if s.index == seat), None)
            if chosen is None:
                raise BadRequest("bad_seat", f"Choose a seat from 0 to {match.num_seats - 1}.")
            if chosen.user_id is not None:
                raise Conflict("seat_taken", f"Seat {seat} is taken.", seq=match.seq)
            if chosen.invited_id not in (None, user.pk):
                raise Forbidden("seat_reserved", f"Seat {seat} is reserved for an invited player.")
        elif mine:
            chosen = mine[0]
        else:
            open_seats = [s for s in free if s.invited_id is None]
            if not open_seats:
                raise Conflict("match_full", "No seat in this match is free for you.", seq=match.seq)
            chosen = open_seats[0]
        chosen.user = user
        chosen.salt = salt
        chosen.joined_at = timezone.now()
        chosen.save(update_fields=["user", "salt", "joined_at"])
        if all(s.user_id is not None for s in seats):
            _start(match, engine_for(match.game))
        else:
            match.save(update_fields=["updated_at"])
    return match


def _start(match: Match, engine: Engine) -> None:
    """All seats are taken: mix the salts into the seed, set the board up (log entry 1)."""
    seats = _seats(match)
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
    _settle(match, engine, step.state, before=[], seats=seats)


# -- moves --------------------------------------------------------------------------------


def _check_expected_seq(expected_seq: Any) -> int:
    if not isinstance(expected_seq, int) or isinstance(expected_seq, bool) or expected_seq < 0:
        raise BadRequest("bad_expected_seq", "expected_seq is the match's seq as you last saw it.")
    return expected_seq


def move_submit(
    *,
    match_id: Any,
    user: Any,
    expected_seq: Any,
    move: Any,
    idempotency_key: str | None = None,
    source: str = "api",
    system_seat: int | None = None,
) -> MoveResult:
    """Validate ``move`` for the user's seat against the match as of ``expected_seq`` and
    append it. The match row is locked for the check and the write. A repeated request
    (same idempotency key, or the identical move at the same expected_seq) returns the
    original answer instead of a second entry.

    The server itself moves for a seat (a timeout) with ``user=None, system_seat=N``.
    Conceding is a move too: ``{"kind": "resign"}`` by a player, ``{"kind": "forfeit"}`` by
    the server; they need no ``expected_seq`` (None: whatever the match is at).
    """
    concession = isinstance(move, Mapping) and move.get("kind") in (RESIGN, FORFEIT, CLOCK)
    if not (concession and expected_seq is None):
        expected_seq = _check_expected_seq(expected_seq)
    if idempotency_key is not None and (
        not isinstance(idempotency_key, str) or not 0 < len(idempotency_key) <= MAX_IDEMPOTENCY_KEY
    ):
        raise BadRequest(
            "bad_idempotency_key", f"An Idempotency-Key has 1 to {MAX_IDEMPOTENCY_KEY} characters."
        )
    if idempotency_key is not None and text_problem(idempotency_key):
        raise BadRequest("bad_idempotency_key", text_problem(idempotency_key))
    parsed = Move.from_json(move)
    if isinstance(parsed, Invalid):
        raise BadRequest(parsed.code, parsed.message)
    if concession:
        parsed = server_kinds.server_kind(parsed, system=user is None and system_seat is not None)
    move_json = parsed.to_json()
    try:
        return _move_submit(
            match_id, user, expected_seq, parsed, move_json, idempotency_key, source, system_seat
        )
    except IntegrityError as exc:
        # The unique keys (match, seq) and (match, seat, idempotency key) are the last line
        # of defence: a concurrent request won; the client reloads (and replays its key).
        now_at = Match.objects.filter(pk=_pk(match_id)).values_list("seq", flat=True).first()
        raise Conflict("stale_seq", "Another move was recorded first: reload the match.", seq=now_at) from exc


def _move_submit(
    match_id, user, expected_seq, parsed, move_json, idempotency_key, source, system_seat
) -> MoveResult:
    with transaction.atomic():
        match = _lock(match_id, viewer=user)
        if user is None and system_seat is not None:
            seat = system_seat
        elif match.viewer_seat is None:
            raise Forbidden(
                "not_a_player",
                "Sign in to play."
                if user is None or not user.is_authenticated
                else "You do not have a seat in this match.",
            )
        else:
            seat = match.viewer_seat
        if idempotency_key is not None:
            earlier = LogEntry.objects.filter(match=match, seat=seat, idempotency_key=idempotency_key).first()
            if earlier is not None:
                if earlier.move != move_json:
                    raise Conflict(
                        "idempotency_key_reused",
                        "This Idempotency-Key was already used for a different move.",
                        seq=match.seq,
                    )
                return MoveResult(earlier.seq, replayed=True)
        if expected_seq is not None:
            twin = check_current(match, seat, expected_seq, move=move_json)
            if twin is not None:
                return MoveResult(twin, replayed=True)
        if match.status == Match.Status.OPEN:
            raise Conflict("match_not_started", "The match starts when every seat is taken.", seq=match.seq)
        if match.status == Match.Status.FINISHED:
            raise Conflict("match_over", "This match is over.", seq=match.seq)
        if parsed.kind in (RESIGN, FORFEIT):
            return MoveResult(
                server_kinds.concede(
                    match, seat, user=user, move=move_json, source=source, key=idempotency_key
                )
            )
        if parsed.kind == CLOCK:
            return MoveResult(server_kinds.clock_note(match, seat, move_json, source))
        engine = engine_for(match.game)
        if match.engine_version != engine.version:
            raise Conflict(
                "rules_version_changed",
                f"This match was started under version {match.engine_version} of {engine.title}'s "
                f"rules engine and the server now plays version {engine.version}: it can be read "
                "and exported, but not continued. Start a new match.",
                seq=match.seq,
            )
        state = engine.load(match.state)
        dice = Dice(bytes(match.dice_seed), match.seq + 1)
        result = engine.apply(state, seat, parsed, dice)
        if isinstance(result, Invalid):
            if result.code == "not_your_turn":
                raise Conflict("not_your_turn", result.message, seq=match.seq)
            raise IllegalMove(result.code, result.message, seq=match.seq)
        before = list(match.active_seats)
        append_entry(
            match,
            seat=seat,
            user=user,
            move=move_json,
            step_events=result.events,
            move_audience=result.move_audience,
            draws=dice.draws,
            source=source,
            idempotency_key=idempotency_key,
        )
        _settle(match, engine, result.state, before)
        return MoveResult(match.seq)


def match_resign(*, match_id: Any, user: Any, expected_seq: Any = None) -> MoveResult:
    """Concede: the log records it and the other players win (through ``move_submit``)."""
    return move_submit(match_id=match_id, user=user, expected_seq=expected_seq, move={"kind": RESIGN})


def match_forfeit(*, match_id: Any, seat: int, reason: str = "timeout") -> MoveResult:
    """The server ends the match against ``seat`` (its time ran out and the policy says so)."""
    return move_submit(
        match_id=match_id,
        user=None,
        system_seat=seat,
        expected_seq=None,
        move={"kind": FORFEIT, "reason": reason},
        source="timeout",
    )


def clock_note(*, match_id: Any, seat: int, action: str) -> MoveResult:
    """Log that ``seat``'s deadline passed and the server moved its clock instead of
    playing for it: its one extension (``"extend"``) or a vacation day (``"vacation"``)."""
    return move_submit(
        match_id=match_id,
        user=None,
        system_seat=seat,
        expected_seq=None,
        move={"kind": CLOCK, "action": action},
        source="timeout",
    )


def timeout_move_for(match: Match, seat: int) -> dict[str, Any] | None:
    """The game's default move for a seat whose time ran out, if it has one now."""
    engine = engine_for(match.game)
    move = engine.timeout_move(engine.load(match.state), seat)
    return None if move is None else move.to_json()

"""Every read of a match for a person or a client goes through here (ARCHITECTURE §5).

Each function takes the viewer and returns only what the viewer's seat may see: the
engine's view for that seat, log entries filtered by audience, sealed moves hidden, dice
draws filtered. Once a match is over its players see everything, with the seed.
Nothing else in the project serialises ``Match.state`` or the seeds.
"""

from __future__ import annotations

import bisect
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.db.models import Q, QuerySet, prefetch_related_objects
from django.utils import timezone

from .clock.deadlines import TIME_CONTROL_SCHEMA
from .engines import all_engines, audience
from .engines import get as get_engine
from .engines.audience import Logged
from .engines.base import Engine, Event, ForceBuilding, Invalid, Routes
from .engines.kit.routes import as_json as routes_json
from .engines.session import ReplayError, Stored
from .engines.session import replay as session_replay
from .errors import BadRequest, Conflict, Forbidden
from .models import CLOCK, FORFEIT, RESIGN, LogEntry, Match, Seat, TurnNotice


@dataclass(frozen=True)
class Viewer:
    """Who is looking: their seat (None for a spectator) and whether all is revealed."""

    seat: int | None
    reveal_all: bool

    @classmethod
    def of(cls, match: Match, user: Any, seats: list[Seat] | None = None) -> Viewer:
        seat = None
        if user is not None and getattr(user, "is_authenticated", False):
            if seats is not None:
                seat = next((s.index for s in seats if s.user_id == user.pk), None)
            else:
                seat = match.seats.filter(user=user).values_list("index", flat=True).first()
        return cls(seat, match.is_over and seat is not None)

    @classmethod
    def for_seat(cls, match: Match, seat: int | None) -> Viewer:
        return cls(seat, match.is_over and seat is not None)


@dataclass(frozen=True)
class Numbering:
    """A reader's numbering of the log (AS-SF-1.6): their entries are numbered 1, 2, ... among
    the entries they may know of, so that the seqs they read never tell how many entries
    they may not know of came between (another player's steps in a blind Roll phase). Every
    seq a reader is shown is ``shown`` of the stored one; every seq they send back is read
    with ``stored``. ``hidden`` holds the stored seqs of the entries they may not know of,
    ascending: none in a game without a blind phase, and none once all is revealed."""

    hidden: tuple[int, ...] = ()

    def shown(self, seq: int) -> int:
        """The reader's number for stored seq ``seq`` (for an entry they may not know of, the
        number of the last one before it that they may)."""
        return seq - bisect.bisect_right(self.hidden, seq) if self.hidden else seq

    def stored(self, n: int) -> int:
        """The stored seq of the reader's entry ``n`` (0: 0; past their last entry, as far
        past the match's last entry)."""
        seq = n
        while self.hidden:
            at = n + bisect.bisect_right(self.hidden, seq)
            if at == seq:
                break
            seq = at
        return seq


GLOBAL = Numbering()


def _has_blind_phase(match: Match) -> bool:
    return type(engine_of(match)).blind is not Engine.blind


def numbering(match: Match, viewer: Viewer) -> Numbering:
    """``viewer``'s numbering of the match's log as it stands (``Numbering``): one query in a
    game with a blind phase, kept with the match object for the rest of the read; none in
    any other game, nor once the match is over (every reader then numbers every entry: the
    stored seqs)."""
    if viewer.reveal_all or match.is_over or match.seq == 0 or not _has_blind_phase(match):
        return GLOBAL
    memo: dict[tuple[int | None, int], Numbering] = match.__dict__.setdefault("_numberings", {})
    key = (viewer.seat, match.seq)
    if key not in memo:
        qs = match.log.filter(known_to__isnull=False).order_by("seq")
        if viewer.seat is None:
            unknown = tuple(qs.values_list("seq", flat=True))
        elif connection.features.supports_json_field_contains:  # PostgreSQL: filtered in SQL
            unknown = tuple(qs.exclude(known_to__contains=[viewer.seat]).values_list("seq", flat=True))
        else:  # SQLite, the embedded default, has no JSON containment
            rows = qs.values_list("seq", "known_to")
            unknown = tuple(seq for seq, known in rows if viewer.seat not in (known or ()))
        memo[key] = Numbering(unknown)
    return memo[key]


def seq_for(match: Match, seat: int | None) -> int:
    """The match's seq as ``seat`` (None: a spectator) may read it now."""
    return seen_by(match, Viewer.for_seat(match, seat)).seq


@dataclass(frozen=True)
class Seen:
    """How far a viewer may know the match has gone: the last entry they may see (an entry
    they may not know of at all, ``audience.unseen``, such as another player's step in a
    blind Roll phase, moves none of these) and the match as it stood then. ``seq`` is that
    entry's number as the viewer reads it (``Numbering``), ``entry`` its stored seq."""

    seq: int
    entry: int
    log_head: str
    updated_at: Any
    active_seats: list[int]


SEEN_BATCH = 50


def _may_be_blind(match: Match) -> bool:
    """Whether the match is in a blind phase now (a game without one never is, and its state
    is not even read); only then can its latest entries be unknown to a viewer."""
    engine = engine_of(match)
    if type(engine).blind is Engine.blind or match.state is None:
        return False
    return bool(engine.blind(engine.load(match.state)))


def seen_by(match: Match, viewer: Viewer) -> Seen:
    """What ``viewer`` may know of the match's progress (AS-SF-1.6): in play, the last entry
    they may see (its seq, hash and time) and the seats on turn after it; the match's own
    otherwise. An active match's time is its last entry's the viewer may see, so that an
    unseen entry moves nothing."""
    shown = numbering(match, viewer).shown
    now = Seen(shown(match.seq), match.seq, match.log_head, match.updated_at, list(match.active_seats))
    if viewer.reveal_all or match.status != Match.Status.ACTIVE or match.seq == 0:
        return now
    if not _may_be_blind(match):
        return now  # no query: outside a blind phase the latest entry is everyone's
    top = match.seq + 1
    while True:
        rows = list(
            match.log.filter(seq__lt=top)
            .order_by("-seq")
            .values_list("seq", "seat", "move_audience", "events", "dice", "hash", "created_at")[:SEEN_BATCH]
        )
        for seq, seat, aud, events, draws, digest, at in rows:
            logged = Logged(seq, seat, {}, aud, [Event.from_json(e) for e in events], draws)
            if audience.unseen(logged, viewer.seat):
                continue
            if seq == match.seq:
                return Seen(shown(seq), seq, match.log_head, at, list(match.active_seats))
            after = (
                TurnNotice.objects.filter(match=match, seq__lte=seq)
                .order_by("-seq")
                .values_list("after", flat=True)
                .first()
            )
            return Seen(shown(seq), seq, digest, at, list(match.active_seats if after is None else after))
        if len(rows) < SEEN_BATCH:
            return now
        top = rows[-1][0]


def engine_of(match: Match) -> Engine:
    engine = get_engine(match.game)
    if engine is None:  # a match of a game this server no longer knows
        raise LookupError(f"no engine {match.game!r}")
    return engine


def engine_list() -> list[dict[str, Any]]:
    return [
        {
            "key": e.key,
            "title": e.title,
            "version": e.version,
            "min_seats": e.min_seats,
            "max_seats": e.max_seats,
            "seat_names": list(e.seat_names),
            "options_schema": e.options_schema(),
            "time_control_schema": TIME_CONTROL_SCHEMA,
        }
        for e in all_engines()
    ]


def seats_json(
    match: Match, seats: list[Seat], engine: Engine, viewer: Viewer | None = None
) -> list[dict[str, Any]]:
    """The seats; in a blind phase (``Engine.blind``) a viewer reads only their own deadline."""
    blind = viewer is not None and _blind(match, engine)
    return [
        {
            "index": s.index,
            "name": engine.seat_name(s.index),
            "username": s.user.username if s.user is not None else None,
            "invited": s.invited.username if s.user_id is None and s.invited is not None else None,
            "salt": s.salt,
            "deadline": _deadline(s.deadline, blind and (viewer is None or viewer.seat != s.index)),
        }
        for s in seats
    ]


def _deadline(when: Any, hidden: bool) -> str | None:
    return None if when is None or hidden else when.isoformat()


def _match_deadline(match: Match, seats: Iterable[Seat], engine: Engine, seat: int | None) -> str | None:
    """The earliest deadline of the seats to move; in a blind phase the viewer's own only."""
    if not _blind(match, engine):
        return _deadline(match.deadline, False)
    return next((_deadline(s.deadline, False) for s in seats if s.index == seat), None)


def _blind(match: Match, engine: Engine) -> bool:
    return (
        match.status == Match.Status.ACTIVE
        and match.state is not None
        and engine.blind(engine.load(match.state))
    )


def time_control_json(match: Match) -> dict[str, Any]:
    return {
        "days_per_move": match.days_per_move,
        "deadline_time": match.deadline_time.strftime("%H:%M") if match.deadline_time else None,
        "count_weekends": match.count_weekends,
        "max_days": match.max_days,
        "timeout": match.timeout_policy,
    }


def _seats(match: Match) -> list[Seat]:
    return list(match.seats.select_related("user", "invited").order_by("index"))


def board_view(match: Match, viewer: Viewer) -> dict[str, Any] | None:
    """The engine's view of the current state for this viewer (None before the start)."""
    if match.state is None:
        return None
    engine = engine_of(match)
    return engine.view(engine.load(match.state), viewer.seat, reveal_all=viewer.reveal_all)


def match_view_for(match: Match, user: Any) -> dict[str, Any]:
    seats = _seats(match)
    viewer = Viewer.of(match, user, seats)
    return match_view(match, viewer, seats)


def match_view(match: Match, viewer: Viewer, seats: list[Seat] | None = None) -> dict[str, Any]:
    engine = engine_of(match)
    seats = _seats(match) if seats is None else seats
    seen = seen_by(match, viewer)
    return {
        "id": match.pk,
        "game": match.game,
        "title": engine.title,
        "engine_version": match.engine_version,
        "options": match.options,
        "status": match.status,
        "seq": seen.seq,
        "seats": seats_json(match, seats, engine, viewer),
        "active_seats": seen.active_seats,
        "your_seat": viewer.seat,
        "view": board_view(match, viewer),
        "deadline": _match_deadline(match, seats, engine, viewer.seat),
        "time_control": time_control_json(match),
        "outcome": match.outcome,
        "seed_commitment": match.seed_commitment,
        "seed": bytes(match.seed).hex() if viewer.reveal_all else None,
        "log_head": seen.log_head,
        "created_by": match.created_by.username,
        "rematch_of": match.rematch_of_id,
        "rematch": rematch_of(match),
        "created_at": match.created_at.isoformat(),
        "updated_at": seen.updated_at.isoformat(),
    }


def rematch_of(match: Match) -> int | None:
    """The rematch opened from this finished match and not cancelled, if there is one."""
    if not match.is_over:
        return None
    rematches = Match.objects.filter(rematch_of=match).exclude(status=Match.Status.CANCELLED)
    return rematches.order_by("pk").values_list("pk", flat=True).first()


def clock_text(name: str, action: Any) -> str:
    if action == "vacation":
        return f"{name}'s deadline passed: a day from their vacation bank pauses their clock."
    return f"{name}'s deadline passed: their one extension gives them more time."


def game_round(match: Match) -> int | None:
    """The game round the match is in, for players who take one email per round; None for
    a game without rounds (or a match not in play)."""
    if match.state is None or match.status != Match.Status.ACTIVE:
        return None
    engine = engine_of(match)
    return engine.round_of(engine.load(match.state))


def watching(seat: Seat) -> bool:
    """Whether the seat's player has the match open in a browser now: its page asked for
    news within the last STARPOST_WATCHING_SECONDS (games.play.presence)."""
    seen = seat.watched_at
    return seen is not None and timezone.now() - seen <= timedelta(seconds=settings.STARPOST_WATCHING_SECONDS)


def entry_for(engine: Engine, entry: LogEntry, viewer: Viewer, numbers: Numbering = GLOBAL) -> dict[str, Any]:
    """One log entry as ``viewer`` may see it, with its line of text and its seq in their
    ``numbers``: the redaction rule is ``games.engines.audience``'s; the server writes the
    lines of its own entries."""
    text = None
    if entry.kind == RESIGN and entry.seat is not None:
        text = f"{engine.seat_name(entry.seat)} resigned."
    elif entry.kind == FORFEIT and entry.seat is not None:
        text = f"{engine.seat_name(entry.seat)} ran out of time and forfeits."
    elif entry.kind == CLOCK and entry.seat is not None:
        text = clock_text(engine.seat_name(entry.seat), entry.move.get("action"))
    events = [Event.from_json(e) for e in entry.events]
    logged = Logged(entry.seq, entry.seat, entry.move, entry.move_audience, events, entry.dice)
    return {
        **audience.read(engine, logged, viewer.seat, viewer.reveal_all, text=text),
        "seq": numbers.shown(entry.seq),
        "prev_hash": entry.prev_hash,
        "hash": entry.hash,
        "created_at": entry.created_at.isoformat(),
    }


def log_for(match: Match, user: Any, *, after: int = 0, limit: int | None = None) -> list[dict[str, Any]]:
    return log_view(match, Viewer.of(match, user), after=after, limit=limit)


def log_view(
    match: Match, viewer: Viewer, *, after: int = 0, limit: int | None = None
) -> list[dict[str, Any]]:
    """The entries ``viewer`` may know of after their seq ``after``, oldest first."""
    engine = engine_of(match)
    numbers = numbering(match, viewer)
    rows = _readable(match, viewer, after=numbers.stored(after), newest_first=False)
    out: list[dict[str, Any]] = []
    for e in rows:
        if limit is not None and len(out) >= limit:
            break
        out.append(entry_for(engine, e, viewer, numbers))
    return out


def _readable(
    match: Match, viewer: Viewer, *, after: int | None = None, before: int | None = None, newest_first: bool
) -> Iterable[LogEntry]:
    """The log entries ``viewer`` may know of (``audience.unseen`` leaves the others out),
    read in batches, oldest or newest first."""
    cursor_after, cursor_before = after, before
    while True:
        qs = match.log.all()
        if cursor_after is not None:
            qs = qs.filter(seq__gt=cursor_after)
        if cursor_before is not None:
            qs = qs.filter(seq__lt=cursor_before)
        rows = list(qs.order_by("-seq" if newest_first else "seq")[:SEEN_BATCH])
        for e in rows:
            events = [Event.from_json(x) for x in e.events]
            logged = Logged(e.seq, e.seat, e.move, e.move_audience, events, e.dice)
            if not audience.unseen(logged, viewer.seat, viewer.reveal_all):
                yield e
        if len(rows) < SEEN_BATCH:
            return
        if newest_first:
            cursor_before = rows[-1].seq
        else:
            cursor_after = rows[-1].seq


def recent_log(match: Match, viewer: Viewer, count: int) -> list[dict[str, Any]]:
    """The last ``count`` entries, oldest first."""
    return log_page(match, viewer, before=None, limit=count).entries


LOG_PAGE_MAX = 200
"""The most log entries one read returns (API, match page, poll): a long log is read in pages."""


@dataclass(frozen=True)
class LogPage:
    """Entries oldest first, and the cursors of the pages on either side (None: no more)."""

    entries: list[dict[str, Any]]
    older: int | None  # read ``before=older`` for the entries before these
    newer: int | None  # read ``after=newer`` for the entries after these


def _take(rows: Iterable[LogEntry], n: int) -> list[LogEntry]:
    out = []
    for e in rows:
        out.append(e)
        if len(out) >= n:
            break
    return out


def log_page(
    match: Match, viewer: Viewer, *, after: int | None = None, before: int | None = None, limit: int
) -> LogPage:
    """Up to ``limit`` (at most LOG_PAGE_MAX) entries the viewer may know of: the first ones
    after seq ``after``, or else the last ones before seq ``before`` (None: the latest). Seqs
    are the cursors, in the viewer's numbering: a page stays the same page while the log grows."""
    limit = max(1, min(limit, LOG_PAGE_MAX))
    engine = engine_of(match)
    numbers = numbering(match, viewer)
    after = None if after is None else numbers.stored(after)
    before = None if before is None else numbers.stored(before)
    last = seen_by(match, viewer).entry
    if after is not None:
        rows = _take(_readable(match, viewer, after=after, newest_first=False), limit + 1)
        more_after, rows = len(rows) > limit, rows[:limit]
        more_before = after > 0 and bool(rows or last)
    else:
        rows = _take(_readable(match, viewer, before=before, newest_first=True), limit + 1)
        more_before, rows = len(rows) > limit, rows[:limit][::-1]
        more_after = bool(rows) and rows[-1].seq < last
    return LogPage(
        [entry_for(engine, e, viewer, numbers) for e in rows],
        older=numbers.shown(rows[0].seq) if rows and more_before else None,
        newer=numbers.shown(rows[-1].seq) if rows and more_after else None,
    )


def legal_moves_view(match: Match, viewer: Viewer) -> dict[str, Any]:
    engine = engine_of(match)
    seq = seen_by(match, viewer).seq
    if (
        viewer.seat is None
        or match.status != Match.Status.ACTIVE
        or match.state is None
        or not engine.plays_on(match.engine_version)  # the server refuses its moves
    ):
        return {"seq": seq, "moves": [], "notation": []}
    moves = engine.legal_moves(engine.load(match.state), viewer.seat)
    return {
        "seq": seq,
        "moves": [m.to_json() for m in moves],
        "notation": [engine.notation(m) for m in moves],
    }


def routes_view(match: Match, viewer: Viewer) -> list[dict[str, Any]]:
    """Where the viewer's pieces may end their movement now, each with the listed moves that
    take it there (an engine with the ``Routes`` capability; none when not on turn). All
    pieces at once, explored now: a page asks per piece (``piece_routes_view``)."""
    engine = engine_of(match)
    if not isinstance(engine, Routes) or not _may_route(match, viewer, engine):
        return []
    assert match.state is not None and viewer.seat is not None  # _may_route
    return routes_json(engine, engine.routes(engine.load(match.state), viewer.seat))


def _may_route(match: Match, viewer: Viewer, engine: Engine) -> bool:
    return (
        viewer.seat is not None
        and match.status == Match.Status.ACTIVE
        and match.state is not None
        and engine.plays_on(match.engine_version)
        and viewer.seat in match.active_seats
    )


def route_pieces_view(match: Match, viewer: Viewer) -> list[str]:
    """The viewer's pieces that may move by destination now (read from the seat's listed
    moves, so cheap; where each may go is asked for one piece at a time)."""
    engine = engine_of(match)
    if not isinstance(engine, Routes) or not _may_route(match, viewer, engine):
        return []
    assert match.state is not None and viewer.seat is not None  # _may_route
    return engine.route_pieces(engine.load(match.state), viewer.seat)


ROUTES_CACHED_FOR = 6 * 3600
"""Seconds one piece's routes are kept: they follow from the position alone (its key names
the log head), so this only bounds the cache's size, never what is correct."""


def piece_routes_view(match: Match, viewer: Viewer, piece: Any, seen_seq: Any = None) -> dict[str, Any]:
    """Where one of the viewer's pieces may end its movement now, each destination with the
    listed moves that take it there: ``{seq, piece, routes}``. For the seat on turn only;
    with ``seen_seq`` (the seq the client saw), refused as stale when the match moved on.
    Kept in the cache by match, log head, seat, piece and engine version: asking again is free."""
    engine = engine_of(match)
    if viewer.seat is None:
        raise Forbidden("not_a_player", "Only the match's players can ask where their pieces can go.")
    if not isinstance(engine, Routes):
        raise BadRequest("routes_not_offered", f"{engine.title} does not move pieces by their destination.")
    if match.status != Match.Status.ACTIVE or match.state is None:
        raise Conflict("match_not_in_play", "The match is not in play: nothing moves now.", seq=match.seq)
    if not engine.plays_on(match.engine_version):
        raise Conflict(
            "rules_version_changed",
            f"This match was started under version {match.engine_version} of {engine.title}'s rules "
            f"engine and the server now plays version {engine.version}: it cannot be continued.",
            seq=match.seq,
        )
    seen = seen_by(match, viewer)
    if seen_seq is not None and seen_seq != seen.seq:
        raise Conflict(
            "stale_seq", f"The match is at seq {seen.seq}, not {seen_seq}: reload it.", seq=seen.seq
        )
    if viewer.seat not in match.active_seats:
        raise Conflict("not_your_turn", "It is not your turn: your pieces move when it is.", seq=seen.seq)
    if not isinstance(piece, str) or not 0 < len(piece) <= MOST_PIECE_NAME:
        raise BadRequest("bad_piece", "Name the piece to move (`piece`), as the legal moves name it.")
    key = ":".join(
        (
            "routes",
            str(match.pk),
            str(match.seq),
            match.log_head,
            str(viewer.seat),
            engine.key,
            engine.version,
            piece,
        )
    )
    found = cache.get(key)
    if found is None:
        state = engine.load(match.state)
        movers = engine.route_pieces(state, viewer.seat)
        if piece not in movers:
            raise BadRequest(
                "bad_piece",
                f"{piece} cannot move now; "
                + (f"these can: {', '.join(movers)}." if movers else "none of your pieces can."),
            )
        found = routes_json(engine, engine.routes(state, viewer.seat, piece))
        cache.set(key, found, ROUTES_CACHED_FOR)
    return {"seq": seen.seq, "piece": piece, "routes": found}


def piece_routes_for(match: Match, user: Any, piece: Any, seen_seq: Any = None) -> dict[str, Any]:
    return piece_routes_view(match, Viewer.of(match, user), piece, seen_seq)


MOST_PIECE_NAME = 40
"""The longest piece name asked for (the games' are a few characters: R2a, ISD-1)."""


def forces_buildable_now(
    match: Match, viewer: Viewer, forces: list[Any], legal: dict[str, Any]
) -> list[bool]:
    """For each saved force list, whether the viewer's seat may start building it now: the
    first of its build moves is among the seat's legal moves (so, during the build phase,
    and only for lists whose first unit the scenario allows)."""
    engine = engine_of(match)
    if viewer.seat is None or match.state is None or not isinstance(engine, ForceBuilding):
        return [False for _ in forces]
    state = engine.load(match.state)
    out = []
    for force in forces:
        moves = engine.force_moves(state, viewer.seat, force)
        out.append(not isinstance(moves, Invalid) and bool(moves) and moves[0].to_json() in legal["moves"])
    return out


def parse_notation(match: Match, viewer: Viewer, text: str) -> dict[str, Any] | tuple[str, str]:
    """A move typed in the game's notation, as JSON for move_submit, or (code, message)."""
    engine = engine_of(match)
    if viewer.seat is None or match.state is None:
        return ("not_a_player", "Only the match's players can move.")
    parsed = engine.parse(text, engine.load(match.state), viewer.seat)
    if isinstance(parsed, Invalid):
        return (parsed.code, parsed.message)
    return parsed.to_json()


def legal_moves_for(match: Match, user: Any) -> dict[str, Any]:
    return legal_moves_view(match, Viewer.of(match, user))


EXPORT_CHUNK = 100
"""Log entries read, and written out, at a time by the streamed export."""


def _export_check(match: Match, user: Any) -> None:
    if not match.is_over:
        at = seen_by(match, Viewer.of(match, user)).seq
        raise Conflict("match_not_over", "The export is available once the match is over.", seq=at)
    authed = user is not None and getattr(user, "is_authenticated", False)
    if not authed or not match.seats.filter(user=user).exists():
        raise Forbidden("not_a_player", "Only the match's players can export it.")


def match_export_for(match: Match, user: Any) -> dict[str, Any]:
    """The export of a finished match for one of its players: only players, only once over."""
    _export_check(match, user)
    return export_for(match)


def match_export_stream(match: Match, user: Any) -> Iterator[str]:
    """The same export as JSON text, written a few entries at a time: however long the log,
    it is never held whole in memory. Refusals are raised here, before any text."""
    _export_check(match, user)
    return _export_chunks(match)


def _export_head(match: Match) -> dict[str, Any]:
    seats = _seats(match)
    return {
        "format": "starpost-export/1",
        "match": match.pk,
        "game": match.game,
        "engine_version": match.engine_version,
        "options": match.options,
        "num_seats": match.num_seats,
        "salts": [s.salt for s in seats],
        "seed": bytes(match.seed).hex(),
        "seed_commitment": match.seed_commitment,
        "dice_seed": bytes(match.dice_seed).hex() if match.dice_seed else None,
        "outcome": match.outcome,
        "log_head": match.log_head,
    }


def _export_entry(e: LogEntry) -> dict[str, Any]:
    return {
        "seq": e.seq,
        "seat": e.seat,
        "move": e.move,
        "move_audience": e.move_audience,
        "events": e.events,
        "dice": e.dice,
        "engine_version": e.engine_version,
        "created_at": e.created_at.isoformat(),
        "prev_hash": e.prev_hash,
        "hash": e.hash,
    }


def export_for(match: Match) -> dict[str, Any]:
    """The whole log of a finished match with its seeds: what the verifier checks."""
    return _export_head(match) | {"entries": [_export_entry(e) for e in match.log.order_by("seq")]}


def _export_chunks(match: Match) -> Iterator[str]:
    marker = "\u0000entries\u0000"
    before, _, after = json.dumps(_export_head(match) | {"entries": marker}).rpartition(json.dumps(marker))
    yield before + "["
    batch: list[str] = []
    first = True
    for entry in match.log.order_by("seq").iterator(chunk_size=EXPORT_CHUNK):
        batch.append(json.dumps(_export_entry(entry)))
        if len(batch) == EXPORT_CHUNK:
            yield ("" if first else ", ") + ", ".join(batch)
            batch, first = [], False
    if batch:
        yield ("" if first else ", ") + ", ".join(batch)
    yield "]" + after


def match_list(
    user: Any, *, mine: bool = False, awaiting: bool = False, open_only: bool = False
) -> QuerySet[Match]:
    qs = Match.objects.all()
    authed = user is not None and getattr(user, "is_authenticated", False)
    if awaiting:
        if not authed:
            return qs.none()
        qs = qs.filter(seats__user=user, seats__awaiting=True)
    elif mine:
        if not authed:
            return qs.none()
        qs = qs.filter(seats__user=user)
    if open_only:
        qs = qs.filter(status=Match.Status.OPEN)
        if authed:
            qs = qs.exclude(seats__user=user).filter(
                Q(seats__user__isnull=True, seats__invited__isnull=True)
                | Q(seats__user__isnull=True, seats__invited=user)
            )
        else:
            qs = qs.filter(seats__user__isnull=True, seats__invited__isnull=True)
    return qs.distinct().order_by("-updated_at")


def match_summaries(matches: Iterable[Match], user: Any) -> list[dict[str, Any]]:
    """Rows for a list of matches (a queryset, sliced or not, or a page of one), their seats
    and players read in one query for the whole list."""
    if isinstance(matches, QuerySet):
        matches = matches.prefetch_related("seats__user")
    else:
        matches = list(matches)
        prefetch_related_objects(matches, "seats__user")
    return [match_summary(m, user) for m in matches]


def match_summary(match: Match, user: Any) -> dict[str, Any]:
    """A row for lists: no board, no hidden information (for many, ``match_summaries``)."""
    engine = engine_of(match)
    seats = list(match.seats.all())
    your = next((s.index for s in seats if user is not None and s.user_id == getattr(user, "pk", None)), None)
    seen = seen_by(match, Viewer(your, match.is_over and your is not None))
    blind = _blind(match, engine)
    return {
        "id": match.pk,
        "game": match.game,
        "title": engine.title,
        "status": match.status,
        "seq": seen.seq,
        "num_seats": match.num_seats,
        "seats": [
            {
                "index": s.index,
                "name": engine.seat_name(s.index),
                "username": s.user.username if s.user is not None else None,
                "deadline": _deadline(s.deadline, blind and s.index != your),
            }
            for s in seats
        ],
        "active_seats": seen.active_seats,
        "your_seat": your,
        "your_turn": your is not None and your in seen.active_seats,
        "deadline": _match_deadline(match, seats, engine, your),
        "time_control": time_control_json(match),
        "outcome": match.outcome,
        "updated_at": seen.updated_at.isoformat(),
    }


# -- replay: the board as the viewer saw it at each entry --------------------------------------


def replayable(match: Match, upto: int | None = None) -> tuple[list[Stored], LogEntry | None]:
    """The log's entries up to seq ``upto`` (all: None) as the engine plays them again, and
    the resignation or forfeit that ended the match there, if any. The server's clock notes
    change nothing on the board; a concession ends the match by the game's own rule."""
    qs = match.log.order_by("seq")
    if upto is not None:
        qs = qs.filter(seq__lte=upto)
    entries: list[Stored] = []
    for entry in qs.iterator():
        if entry.kind == CLOCK and entry.seat is not None:
            continue
        if entry.kind in (RESIGN, FORFEIT) and entry.seat is not None:
            return entries, entry
        entries.append(
            Stored(entry.seq, entry.seat, entry.move, entry.events, entry.dice, entry.engine_version)
        )
    return entries, None


@dataclass(frozen=True)
class ReplayFrame:
    """One step of a match's replay: the board after entry ``at`` as the viewer's seat saw
    it then, and that entry as they read it then (sealed moves of others stay sealed and
    hidden things hidden, even once the match is over; entries the seat never knew of, such
    as another player's steps in a blind Roll phase, are no steps of theirs). ``view`` is
    None when the match was played under rules this server no longer plays step by step
    (``problem`` says so). The other fields are the seqs of the steps to go to (None: none)."""

    at: int
    last: int
    view: dict[str, Any] | None
    entry: dict[str, Any] | None
    problem: str = ""
    first: int | None = None
    previous: int | None = None
    next: int | None = None
    back: int | None = None  # ten steps back
    forward: int | None = None  # ten steps on


REPLAY_JUMP = 10


def _known_seqs(match: Match, seat: int | None) -> list[int]:
    """The seqs of the entries ``seat`` knew of as they were played (``audience.unseen``)."""
    rows = match.log.order_by("seq").values_list("seq", "seat", "move_audience", "events", "dice")
    return [
        seq
        for seq, by, heard, events, dice in rows.iterator()
        if not audience.unseen(Logged(seq, by, {}, heard, [Event.from_json(e) for e in events], dice), seat)
    ]


def replay_frame(match: Match, viewer: Viewer, at: int | None) -> ReplayFrame:
    """The replay's step ``at`` (the nearest step at or before it; None: the last) for
    ``viewer``, seqs in their numbering (``Numbering``).

    The board is the engine's view for the viewer's seat of the position the log gives after
    entry ``at``, with nothing revealed that the seat could not see at that moment."""
    seqs = _known_seqs(match, viewer.seat) if match.seq and match.dice_seed else []
    if not seqs:
        return ReplayFrame(0, 0, None, None, "The match has not started: there is nothing to replay yet.")
    numbers = numbering(match, viewer)
    shown = numbers.shown
    i = len(seqs) - 1 if at is None else max(0, bisect.bisect_right(seqs, numbers.stored(at)) - 1)
    at, last = seqs[i], seqs[-1]

    def step(j: int) -> int | None:
        j = max(0, min(j, len(seqs) - 1))
        return None if j == i else shown(seqs[j])

    moves = {
        "first": step(0),
        "previous": step(i - 1),
        "next": step(i + 1),
        "back": step(i - REPLAY_JUMP),
        "forward": step(i + REPLAY_JUMP),
    }
    engine = engine_of(match)
    then = Viewer(viewer.seat, reveal_all=False)
    entry = entry_for(engine, match.log.get(seq=at), then, numbers)
    if not engine.plays_on(match.engine_version):
        return ReplayFrame(shown(at), shown(last), None, entry, _OLD_RULES, **moves)
    entries, _conceded = replayable(match, at)
    assert match.dice_seed is not None  # a match with entries has started
    try:
        session = session_replay(engine, match.options, match.num_seats, bytes(match.dice_seed), entries)
    except ReplayError:
        return ReplayFrame(shown(at), shown(last), None, entry, _OLD_RULES, **moves)
    state = session.state
    view = None if state is None else engine.view(state, then.seat, reveal_all=False)
    return ReplayFrame(shown(at), shown(last), view, entry, "", **moves)


_OLD_RULES = (
    "This match was played under an earlier version of the game's rules: its log and dice "
    "can still be verified, but its board cannot be shown step by step."
)

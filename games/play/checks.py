"""Write preconditions, checked holding the match's lock: is what the player saw still the
position they are playing, whose seat moves, is the match in play, under which rules.

For staleness there is ONE rule, used by every way a move comes in (the web form, the API, saved force
lists, email replies): a move or a reply is made for the match as its player last saw it,
at entry ``seen_seq``. It still counts when nothing that player could see has happened
since; otherwise it is refused as stale (``stale_seq``) and the player reloads.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..engines.base import Engine
from ..errors import Conflict, Forbidden
from ..models import CLOCK, Match, TurnNotice
from ..selectors import Numbering, Viewer, legal_moves_view, numbering, seen_by


def check_current(
    match: Match,
    seat: int,
    seen_seq: int,
    *,
    move: Mapping[str, Any] | None = None,
    listed: Sequence[str] | None = None,
    numbers: Numbering | None = None,
) -> int | None:
    """None when what ``seat`` saw at entry ``seen_seq`` is still current; the seq of ``move``
    when it is already recorded (a retry whose answer was lost); else Conflict("stale_seq").
    Seqs in and out are in the seat's numbering (``numbers``, read here when not given:
    ``selectors.Numbering``).

    Current means: nothing but the server's clock notes since; or ``seat`` is still on the
    same turn, has not moved since, and what it chose from is unchanged: the others' entries
    since are all sealed moves it may not see (each on their own board, in a phase played at
    once), or, when the player picked from a ``listed`` set of moves sent to them (an email;
    pass ``()`` if that list is unknown), the seat's moves now are that list.
    Reads as of the caller's transaction; ``move_submit`` calls it holding the match lock.
    """
    if numbers is None:
        numbers = numbering(match, Viewer.for_seat(match, seat))
    asked, seen_seq = seen_seq, numbers.stored(seen_seq)
    if seen_seq == match.seq:
        return None
    if seen_seq < match.seq:
        later = list(
            match.log.filter(seq__gt=seen_seq)
            .exclude(kind=CLOCK)
            .order_by("seq")
            .values_list("seq", "seat", "move_audience")
        )
        if not later:
            return None
        own = next((seq for seq, by, _ in later if by == seat), None)
        # The others' sealed moves, before the seat's own entry if it has one since.
        sealed = all(
            by is not None and by != seat and aud is not None and seat not in aud
            for seq, by, aud in later
            if own is None or seq < own
        )
        if own is not None:
            if move is not None and sealed and _move_at(match, own) == move:
                return numbers.shown(own)
        elif _same_turn(match, seat, seen_seq) and (
            sealed if listed is None else bool(listed) and list(listed) == _listed_now(match, seat)
        ):
            return None
    # The seq the seat may know of: another player's unseen steps (AS-SF-1.6) do not count,
    # so a seat that saw all it may know of is current, on turn or not (standing orders).
    now = seen_by(match, Viewer.for_seat(match, seat))
    if seen_seq == now.entry:
        return None
    raise Conflict(
        "stale_seq",
        f"The match is at seq {now.seq}, not {asked}: reload it and try again.",
        seq=now.seq,
    )


def _same_turn(match: Match, seat: int, since: int) -> bool:
    """``seat`` is on turn and was not brought on turn anew by a notice since entry ``since``."""
    if seat not in match.active_seats:
        return False
    notices = TurnNotice.objects.filter(match=match, seq__gt=since).values_list("before", "after")
    return not any(seat in after and seat not in before for before, after in notices)


def _move_at(match: Match, seq: int) -> Any:
    return match.log.filter(seq=seq).values_list("move", flat=True).first()


def _listed_now(match: Match, seat: int) -> list[str]:
    return legal_moves_view(match, Viewer.for_seat(match, seat))["notation"]


def check_seat(match: Match, user: Any, system_seat: int | None = None) -> int:
    """The seat that moves: the server's ``system_seat`` (user None), else the user's seat,
    read with the lock (games.play.locking); Forbidden for anyone without one."""
    if user is None and system_seat is not None:
        return system_seat
    if match.viewer_seat is None:
        raise Forbidden(
            "not_a_player",
            "Sign in to play."
            if user is None or not user.is_authenticated
            else "You do not have a seat in this match.",
        )
    return match.viewer_seat


def check_in_play(match: Match) -> None:
    """Moves are for a match that has started and is not over."""
    if match.status == Match.Status.OPEN:
        raise Conflict("match_not_started", "The match starts when every seat is taken.", seq=match.seq)
    if match.status == Match.Status.FINISHED:
        raise Conflict("match_over", "This match is over.", seq=match.seq)
    if match.status == Match.Status.CANCELLED:
        raise cancelled(match)


def cancelled(match: Match) -> Conflict:
    """The refusal of anything but reading a match its creator cancelled before it started."""
    return Conflict("match_cancelled", "This match was cancelled by the player who opened it.", seq=match.seq)


def check_rules_version(match: Match, engine: Engine, at: int | None = None) -> None:
    """A match continues only under the rules engine version it is recorded under, or one
    that declares it plays that version's matches on (``Engine.continues``). ``at``: the
    match's seq as the mover reads it (default the match's own)."""
    if not engine.plays_on(match.engine_version):
        raise Conflict(
            "rules_version_changed",
            f"This match was started under version {match.engine_version} of {engine.title}'s "
            f"rules engine and the server now plays version {engine.version}: it can be read "
            "and exported, but not continued. Start a new match.",
            seq=match.seq if at is None else at,
        )

"""Matches before and after play: declining an invitation, cancelling an open match, and a
rematch of a finished one (same settings, seats turned by one: in a two-player game the
sides are swapped). Each locks the match row first, as every write does."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from ..errors import Conflict, Forbidden
from ..models import Match
from ..selectors import seq_for, time_control_json
from .checks import cancelled
from .inputs import salt_checked
from .locking import match_lock
from .services import match_create

__all__ = ["match_cancel", "match_decline", "match_rematch", "rematch_seats"]


def _not_open(match: Match) -> Conflict:
    if match.status == Match.Status.CANCELLED:
        return cancelled(match)
    return Conflict(
        "match_not_open",
        "This match has started: it is no longer waiting for players.",
        seq=seq_for(match, match.viewer_seat),
    )


def match_decline(*, user: Any, match_id: Any) -> Match:
    """Decline an invitation: the seat reserved for ``user`` opens to anyone in the lobby."""
    with transaction.atomic():
        match = match_lock(match_id, viewer=user)
        if match.status != Match.Status.OPEN:
            raise _not_open(match)
        seat = match.seats.filter(invited=user, user__isnull=True).first()
        if seat is None:
            raise Forbidden("not_invited", "You have no invitation to this match to decline.")
        seat.invited = None
        seat.save(update_fields=["invited"])
        match.save(update_fields=["updated_at"])
    return match


def match_cancel(*, user: Any, match_id: Any) -> Match:
    """Cancel an open match: only its creator, only before it starts. The match stays, marked
    cancelled (its page says so); nobody can join it any more."""
    with transaction.atomic():
        match = match_lock(match_id, viewer=user)
        if match.created_by_id != getattr(user, "pk", None):
            raise Forbidden("not_creator", "Only the player who opened this match can cancel it.")
        if match.status != Match.Status.OPEN:
            raise _not_open(match)
        match.status = Match.Status.CANCELLED
        match.save(update_fields=["status", "updated_at"])
    return match


def rematch_seats(num_seats: int) -> dict[int, int]:
    """Each seat of the finished match -> its player's seat in the rematch: turned by one, so
    that with two players the sides are swapped."""
    return {i: (i + 1) % num_seats for i in range(num_seats)}


def match_rematch(*, user: Any, match_id: Any, salt: Any = "") -> Match:
    """Open a rematch of a finished match for one of its players: the same game, options and
    time control, each player one seat on, the others invited. One open rematch per match."""
    salt = salt_checked(salt)
    with transaction.atomic():
        old = match_lock(match_id, viewer=user)
        if old.viewer_seat is None:
            raise Forbidden("not_a_player", "Only the match's players can ask for a rematch.")
        if not old.is_over:
            raise Conflict(
                "match_not_over",
                "A rematch can be asked for once the match is over.",
                seq=seq_for(old, old.viewer_seat),
            )
        earlier = Match.objects.filter(rematch_of=old).exclude(status=Match.Status.CANCELLED).first()
        if earlier is not None:
            raise Conflict(
                "rematch_exists", f"A rematch of this match is already open: #{earlier.pk}.", seq=old.seq
            )
        turned = rematch_seats(old.num_seats)
        others = sorted(
            (s for s in old.seats.select_related("user") if s.index != old.viewer_seat),
            key=lambda s: turned[s.index],
        )
        # match_create reserves the free seats in order for the invited players, so listing
        # them by their new seat puts each one where the turn sends them.
        match = match_create(
            user=user,
            game=old.game,
            options=old.options,
            seats=old.num_seats,
            seat=turned[old.viewer_seat],
            invite=[s.player.username for s in others],
            salt=salt,
            time_control=time_control_json(old),
        )
        Match.objects.filter(pk=match.pk).update(rematch_of=old)
        match.rematch_of = old
    return match

"""Building matches of Space Dogfight through the services, for service and API tests."""

from __future__ import annotations

from django.test import TestCase

from games import selectors
from games.models import Match
from games.play import services

FLEET_SMALL = {"kind": "fleet", "ships": {"A": 2, "B": 0, "C": 0, "D": 0}}


def committed():
    """Run what waits for the commit (announcing turns, sending) when the block ends, as a
    real commit would; tests run inside a transaction that never commits."""
    return TestCase.captureOnCommitCallbacks(execute=True)


def started_match(alice, bob, **options) -> Match:
    match = services.match_create(user=alice, game="space-dogfight", options=options, invite=["bob"])
    services.match_join(user=bob, match_id=match.pk)
    match.refresh_from_db()
    return match


def submit(match: Match, user, move: dict, **kw):
    """``move`` by ``user`` for the match as they may see it now (their own seq)."""
    match.refresh_from_db()
    seat = match.seats.filter(user=user).values_list("index", flat=True).first()
    seq = selectors.seq_for(match, seat)
    return services.move_submit(match_id=match.pk, user=user, expected_seq=seq, move=move, **kw)


def user_of(match: Match, seat: int):
    return match.seats.get(index=seat).user


def play_to_turns(match: Match) -> Match:
    """Both seal a two-A fleet and place their ships: the first player's turn 1 begins."""
    alice = user_of(match, 0)
    bob = user_of(match, 1)
    submit(match, alice, FLEET_SMALL)
    submit(match, bob, FLEET_SMALL)
    from games import selectors

    while True:
        match.refresh_from_db()
        if match.state and not any(
            m["kind"] == "place"
            for seat in match.active_seats
            for m in selectors.legal_moves_view(match, selectors.Viewer.for_seat(match, seat))["moves"]
        ):
            return match
        seat = match.active_seats[0]
        moves = selectors.legal_moves_view(match, selectors.Viewer.for_seat(match, seat))["moves"]
        submit(match, user_of(match, seat), moves[0])

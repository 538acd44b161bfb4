"""A unit's whole move, picked by its destination, sent as one request: its moves played in
order in one transaction (games.play.services.moves_submit), each its own entry; refused
whole, with nothing recorded; the next player told once."""

from __future__ import annotations

import json

import pytest

from accounts.errors import DomainError, RateLimited
from games import selectors
from games.models import LogEntry, TurnNotice
from games.play import services

from .helpers import HTMX, advance, html_of, match_url, page, started

pytestmark = pytest.mark.django_db


def _fresh_mover(seat, moves):
    """A seat of "The early days" about to move a unit (no unit is half-way through its move)."""
    return any(m["kind"] == "move" for m in moves) and not any(m["kind"] == "end" for m in moves)


@pytest.fixture
def moving(alice, bob):
    """A match where a unit is about to move, the mover, and a route of several moves."""
    match = started("early-days", alice, bob)
    match, seat, _ = advance(match, _fresh_mover, seed="routes")
    routes = selectors.routes_view(match, selectors.Viewer.for_seat(match, seat))
    route = max(routes, key=lambda r: len(r["moves"]))
    assert len(route["moves"]) >= 3
    return match, (alice, bob)[seat], route


def _post(client, match, seq, moves):
    return client.post(
        match_url(match, "match-move"), {"expected_seq": seq, "move": json.dumps(moves)}, **HTMX
    )


def _unit(match, seat, uid):
    view = selectors.match_view(match, selectors.Viewer.for_seat(match, seat))["view"]
    return next(u for u in view["units"] if u["id"] == uid)


def test_a_route_is_played_move_by_move_each_its_own_entry(client, moving):
    match, user, route = moving
    seq = match.seq
    response = _post(page(client, user), match, seq, route["moves"])
    assert response.status_code == 200 and "refused" not in html_of(response)
    entries = list(LogEntry.objects.filter(match=match, seq__gt=seq).order_by("seq"))
    assert [e.move for e in entries] == route["moves"]
    assert {e.source for e in entries} == {"web"}
    match.refresh_from_db()
    unit = _unit(match, entries[0].seat, route["piece"])
    assert [unit["hex"]] == route["hexes"] and unit["facing"] == route["facing"]


def test_a_route_with_a_refused_move_records_none_of_its_moves(client, moving):
    match, user, route = moving
    seq = match.seq
    moves = [
        *route["moves"][:2],
        {"kind": "move", "unit": route["piece"], "step": "IMM"},
        *route["moves"][2:],
    ]
    response = _post(page(client, user), match, seq, moves)
    assert "Move 3 of" in html_of(response) and "none was played" in html_of(response)
    match.refresh_from_db()
    assert match.seq == seq
    assert not LogEntry.objects.filter(match=match, seq__gt=seq).exists()


def test_a_route_sent_for_an_older_position_is_refused_and_nothing_is_recorded(moving):
    match, user, route = moving
    seq = match.seq
    with pytest.raises(DomainError) as refused:
        services.moves_submit(match_id=match.pk, user=user, expected_seq=seq - 1, moves=route["moves"])
    assert refused.value.code == "stale_seq"
    match.refresh_from_db()
    assert match.seq == seq and not LogEntry.objects.filter(match=match, seq__gt=seq).exists()


def test_a_route_tells_the_next_player_once(moving):
    match, user, route = moving
    seq, before = match.seq, list(match.active_seats)
    services.moves_submit(match_id=match.pk, user=user, expected_seq=seq, moves=route["moves"], source="web")
    match.refresh_from_db()
    assert match.active_seats != before  # the unit's move over, the other side moves one
    notices = list(TurnNotice.objects.filter(match=match, seq__gt=seq))
    assert [(n.seq, n.before, n.after) for n in notices] == [(match.seq, before, match.active_seats)]


@pytest.mark.parametrize(
    ("moves", "code"),
    [
        ([], "bad_moves"),
        ([{"kind": "resign"}], "bad_moves"),
        ([{"nokind": 1}], "bad_move"),
        ("end", "bad_moves"),
    ],
)
def test_a_list_of_moves_that_is_not_one_is_refused(moving, moves, code):
    match, user, _ = moving
    with pytest.raises(DomainError) as refused:
        services.moves_submit(match_id=match.pk, user=user, expected_seq=match.seq, moves=moves)
    assert refused.value.code == code


def test_a_route_counts_as_one_request_against_the_move_limit(moving, settings, time_travel):
    match, user, route = moving
    time_travel.shift(61)  # the set-up's moves are more than a minute old
    settings.STARPOST_MOVES_PER_MINUTE = 2
    services.moves_submit(
        match_id=match.pk, user=user, expected_seq=match.seq, moves=route["moves"], source="web"
    )
    match.refresh_from_db()
    seat = LogEntry.objects.filter(match=match).latest("seq").seat
    orders = [
        m
        for m in selectors.legal_moves_view(match, selectors.Viewer.for_seat(match, seat))["moves"]
        if m["kind"] == "orders"
    ]
    # the route's moves were one request of the two a minute: one more is allowed, then none
    services.move_submit(match_id=match.pk, user=user, expected_seq=match.seq, move=orders[0], source="web")
    match.refresh_from_db()
    with pytest.raises(RateLimited) as refused:
        services.move_submit(
            match_id=match.pk, user=user, expected_seq=match.seq, move=orders[1], source="web"
        )
    assert refused.value.code == "too_many_moves"


def test_the_move_limit_still_counts_each_single_move(moving, settings, time_travel):
    match, user, route = moving
    time_travel.shift(61)
    settings.STARPOST_MOVES_PER_MINUTE = 2
    seat = next(s.index for s in match.seats.all() if s.user_id == user.pk)
    for move in route["moves"][:2]:
        services.move_submit(match_id=match.pk, user=user, expected_seq=match.seq, move=move, source="web")
        match.refresh_from_db()
    assert seat in match.active_seats
    with pytest.raises(RateLimited) as refused:
        services.move_submit(
            match_id=match.pk, user=user, expected_seq=match.seq, move=route["moves"][2], source="web"
        )
    assert refused.value.code == "too_many_moves"

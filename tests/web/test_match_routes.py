"""The match page names the pieces that move by destination and asks for one piece's
destinations when it is clicked (``/matches/<id>/routes/?piece=&seq=``): for the seat on
turn only, the match's position as the page saw it, answered from the cache the second time."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from games import selectors
from games.engines.earlydays.engine import EarlyDays

from .helpers import advance, html_of, match_url, page, started

pytestmark = pytest.mark.django_db


def _mover(seat, moves):
    return len({m["unit"] for m in moves if m["kind"] == "move"}) >= 2


@pytest.fixture
def moving(alice, bob):
    """A match of "The early days" where the seat on turn has two or more units to move."""
    match = started("early-days", alice, bob, points=40)
    match, seat, moves = advance(match, _mover, seed="piece-routes")
    units = list(dict.fromkeys(m["unit"] for m in moves if m["kind"] == "move"))
    return match, seat, (alice, bob)[seat], (alice, bob)[1 - seat], units


def _ask(client, match, piece, seq):
    return client.get(match_url(match, "match-routes"), {"piece": piece, "seq": seq})


def _picks(response) -> dict:
    found = re.search(
        r'<script id="pick-moves" type="application/json">(.*?)</script>', html_of(response), re.S
    )
    assert found, "the page lists its moves for the picker"
    return json.loads(found[1])


def test_the_page_names_the_pieces_to_move_and_lists_none_of_their_routes(client, moving):
    match, _, user, _, units = moving
    picks = _picks(page(client, user).get(match_url(match)))
    assert picks["routes"]["pieces"] == units
    assert picks["routes"]["seq"] == match.seq and picks["routes"]["field"] == "unit"
    assert not [m for m in picks["moves"] if m["kind"] == "route"]
    assert "route" in picks["kinds"], "the picker says how to move by destination"


def test_a_piece_s_routes_are_its_destinations_as_steps_to_click(client, moving):
    match, seat, user, _, units = moving
    response = _ask(page(client, user), match, units[0], match.seq)
    assert response.status_code == 200
    body = response.json()
    whole = [
        r
        for r in selectors.routes_view(match, selectors.Viewer.for_seat(match, seat))
        if r["piece"] == units[0]
    ]
    assert body["seq"] == match.seq and whole
    assert [m["move"] for m in body["moves"]] == [r["moves"] for r in whole]
    for pick, route in zip(body["moves"], whole, strict=True):
        assert pick["kind"] == "route"
        assert [s["value"] for s in pick["steps"]] == [units[0], route["hexes"][0], route["facing"]]


def test_asking_again_is_answered_from_the_cache(client, moving, monkeypatch):
    match, _, user, _, units = moving
    explored = []
    real = EarlyDays.routes
    monkeypatch.setattr(EarlyDays, "routes", lambda self, *a, **k: explored.append(a) or real(self, *a, **k))
    first = _ask(page(client, user), match, units[1], match.seq)
    again = _ask(client, match, units[1], match.seq)
    assert first.status_code == again.status_code == 200
    assert first.json() == again.json()
    assert len(explored) == 1


def test_the_player_not_on_turn_is_refused(client, moving):
    match, _, _, other, units = moving
    response = _ask(page(client, other), match, units[0], match.seq)
    assert response.status_code == 409 and response.json()["code"] == "not_your_turn"


def test_someone_without_a_seat_is_refused(moving, make_user):
    match, _, _, _, units = moving
    for client in (Client(), page(Client(), make_user("carol"))):
        response = _ask(client, match, units[0], match.seq)
        assert response.status_code == 403 and response.json()["code"] == "not_a_player"


def test_routes_for_an_older_position_are_refused_as_stale(client, moving):
    match, _, user, _, units = moving
    response = _ask(page(client, user), match, units[0], match.seq - 1)
    assert response.status_code == 409
    assert response.json()["code"] == "stale_seq" and response.json()["seq"] == match.seq


@pytest.mark.parametrize(
    ("piece", "seq", "code"), [("nobody", 0, "bad_piece"), ("", 0, "bad_piece"), (None, "x", "bad_seq")]
)
def test_a_piece_that_cannot_move_or_a_missing_seq_is_refused(client, moving, piece, seq, code):
    match, _, user, _, _ = moving
    response = _ask(page(client, user), match, piece or "", match.seq if seq == 0 else seq)
    assert response.status_code == 400 and response.json()["code"] == code
    assert response.json()["message"]

"""Moving by destination through the API: a piece's routes (``GET .../routes/?piece=``) and
a list of moves played as one request (``POST .../move-list/``), all or none, with the same
refusals and ``expected_seq`` check as a single move."""

from __future__ import annotations

import pytest

from games.models import LogEntry
from tests.support.api_play import client_for

from ..web.helpers import advance, started

pytestmark = pytest.mark.django_db


def _fresh_mover(seat, moves):
    return any(m["kind"] == "move" for m in moves) and not any(m["kind"] == "end" for m in moves)


@pytest.fixture
def moving(alice, bob):
    """A match of "The early days" where a unit is about to move: the match, the clients of
    the player on turn and of the other, the unit, and its longest route as the API gives it."""
    match = started("early-days", alice, bob)
    match, seat, moves = advance(match, _fresh_mover, seed="api-routes")
    mover, other = client_for((alice, bob)[seat]), client_for((alice, bob)[1 - seat])
    unit = next(m["unit"] for m in moves if m["kind"] == "move")
    answer = mover.get(f"/api/matches/{match.pk}/routes/", {"piece": unit, "seq": match.seq})
    assert answer.status_code == 200, answer.json()
    route = max(answer.json()["routes"], key=lambda r: len(r["moves"]))
    assert len(route["moves"]) >= 3
    return match, mover, other, unit, route


def _post(client, match, seq, moves):
    return client.post(
        f"/api/matches/{match.pk}/move-list/", {"expected_seq": seq, "moves": moves}, format="json"
    )


def refused(response, status: int, code: str) -> None:
    assert (response.status_code, response.json()["code"]) == (status, code), response.json()
    assert response.json()["message"]


def test_a_piece_s_routes_name_where_it_ends_and_the_moves_there(moving):
    match, mover, _, unit, _ = moving
    body = mover.get(f"/api/matches/{match.pk}/routes/", {"piece": unit}).json()
    assert body["seq"] == match.seq and body["piece"] == unit and body["routes"]
    for r in body["routes"]:
        assert r["piece"] == unit and r["hexes"] and r["facing"]
        assert len(r["notation"]) == len(r["moves"])
        assert all(m["unit"] == unit for m in r["moves"] if m["kind"] in ("move", "end"))


def test_a_route_posted_as_a_list_is_played_move_by_move(moving):
    match, mover, _, unit, route = moving
    seq = match.seq
    answer = _post(mover, match, seq, route["moves"])
    assert answer.status_code == 201 and answer.json() == {"seq": seq + len(route["moves"])}
    entries = list(LogEntry.objects.filter(match=match, seq__gt=seq).order_by("seq"))
    assert [e.move for e in entries] == route["moves"] and {e.source for e in entries} == {"api"}
    view = mover.get(f"/api/matches/{match.pk}/").json()["view"]
    placed = next(u for u in view["units"] if u["id"] == unit)
    assert [placed["hex"]] == route["hexes"] and placed["facing"] == route["facing"]


def test_a_list_with_a_refused_move_records_none_and_names_the_move(moving):
    match, mover, _, unit, route = moving
    seq = match.seq
    moves = [route["moves"][0], {"kind": "move", "unit": unit, "step": "IMM"}, *route["moves"][1:]]
    answer = _post(mover, match, seq, moves)
    assert answer.status_code == 422 and answer.json()["code"] == "immelmann_straight", answer.json()
    assert "Move 2 of" in answer.json()["message"] and "none was played" in answer.json()["message"]
    assert not LogEntry.objects.filter(match=match, seq__gt=seq).exists()


def test_a_list_for_an_older_position_is_refused_as_stale(moving):
    match, mover, _, unit, route = moving
    seq = match.seq
    refused(_post(mover, match, seq - 1, route["moves"]), 409, "stale_seq")
    refused(mover.get(f"/api/matches/{match.pk}/routes/", {"piece": unit, "seq": seq - 1}), 409, "stale_seq")
    assert not LogEntry.objects.filter(match=match, seq__gt=seq).exists()


def test_the_player_not_on_turn_is_refused(moving):
    match, _, other, unit, route = moving
    seq = match.seq
    refused(_post(other, match, seq, route["moves"]), 409, "not_your_turn")
    refused(other.get(f"/api/matches/{match.pk}/routes/", {"piece": unit}), 409, "not_your_turn")
    assert not LogEntry.objects.filter(match=match, seq__gt=seq).exists()


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"moves": []}, "bad_moves"),
        ({"moves": [{"kind": "resign"}]}, "bad_moves"),
        ({"moves": [{"nokind": 1}]}, "bad_move"),
        ({"moves": "end"}, "invalid_request"),
        ({}, "invalid_request"),
        ({"moves": [{"kind": "end"}], "expected_seq": "seven"}, "invalid_request"),
    ],
)
def test_a_malformed_list_is_refused_with_its_code(moving, body, code):
    match, mover, _, _, _ = moving
    seq = match.seq
    answer = mover.post(f"/api/matches/{match.pk}/move-list/", {"expected_seq": seq, **body}, format="json")
    refused(answer, 400, code)
    assert not LogEntry.objects.filter(match=match, seq__gt=seq).exists()


@pytest.mark.parametrize(
    ("query", "code"),
    [({}, "bad_piece"), ({"piece": "nobody"}, "bad_piece"), ({"piece": "R1", "seq": "x"}, "bad_seq")],
)
def test_a_routes_question_without_a_piece_that_moves_is_refused(moving, query, code):
    match, mover, _, _, _ = moving
    refused(mover.get(f"/api/matches/{match.pk}/routes/", query), 400, code)


def test_routes_and_move_lists_are_for_signed_in_players(moving, make_user):
    match, _, _, unit, route = moving
    refused(
        client_for(make_user("carol")).get(f"/api/matches/{match.pk}/routes/", {"piece": unit}),
        403,
        "not_a_player",
    )
    refused(_post(client_for(make_user("dave")), match, match.seq, route["moves"]), 403, "not_a_player")

"""A rules engine that fails on a move (a bug) never half-applies it: the move is refused
with ``engine_fault``, the fault is logged with where it happened, nothing is written, and
the match stays playable (issue 14, item 1)."""

from __future__ import annotations

import logging

import pytest

from games.engines import get as get_engine
from games.models import LogEntry, TurnNotice
from tests.web.helpers import HTMX, html_of, match_url, page

from .helpers import FLEET_SMALL, started_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def faulty(monkeypatch):
    """Space Dogfight's engine, raising on any fleet move as a bug in a rule would."""
    engine = get_engine("space-dogfight")
    apply = type(engine).apply

    def broken(self, state, seat, move, dice):
        if move.kind == "fleet":
            raise AssertionError("the drives step lost the turn order")
        return apply(self, state, seat, move, dice)

    monkeypatch.setattr(type(engine), "apply", broken)
    return monkeypatch


def snapshot(match):
    match.refresh_from_db()
    return (
        match.seq,
        match.state,
        match.log_head,
        list(match.active_seats),
        LogEntry.objects.filter(match=match).count(),
        TurnNotice.objects.filter(match=match).count(),
    )


def test_an_engine_fault_through_the_api_is_a_clear_refusal_logged_with_nothing_written(
    api, alice, bob, faulty, caplog
):
    match = started_match(alice, bob)
    before = snapshot(match)
    api.as_user(alice)
    with caplog.at_level(logging.ERROR, logger="games.play.services"):
        r = api.post(
            f"/api/matches/{match.pk}/moves/", {"expected_seq": match.seq, "move": FLEET_SMALL}, format="json"
        )
    assert r.status_code == 500, r.content
    body = r.json()
    assert body["code"] == "engine_fault" and body["seq"] == match.seq
    assert "Nothing was recorded" in body["message"]
    assert snapshot(match) == before
    fault = next(rec for rec in caplog.records if rec.name == "games.play.services")
    text = fault.getMessage()
    assert f"match {match.pk} at seq {match.seq}, seat 0" in text and "'kind': 'fleet'" in text
    assert fault.exc_info is not None and "turn order" in str(fault.exc_info[1])
    # fixed: the same move now plays, so the match was left playable
    faulty.undo()
    r = api.post(
        f"/api/matches/{match.pk}/moves/", {"expected_seq": match.seq, "move": FLEET_SMALL}, format="json"
    )
    assert r.status_code == 201, r.json()
    assert r.json()["seq"] == match.seq + 1


def test_an_engine_fault_on_the_web_form_shows_the_refusal_and_writes_nothing(client, alice, bob, faulty):
    match = started_match(alice, bob)
    before = snapshot(match)
    post = {
        "expected_seq": match.seq,
        "kind": "fleet",
        "f.ships.A": "2",
        "f.ships.B": "0",
        "f.ships.C": "0",
        "f.ships.D": "0",
    }
    response = page(client, alice).post(match_url(match, "match-move"), post, **HTMX)
    body = html_of(response)
    assert response.status_code == 200 and 'id="move-error"' in body
    assert "the rules engine failed on it" in body
    assert snapshot(match) == before

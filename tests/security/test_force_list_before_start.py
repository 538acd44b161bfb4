"""A saved force list sent to a match that has not started is refused with a clear 409."""

from __future__ import annotations

import pytest

from games.models import LogEntry
from games.play import match_create

pytestmark = pytest.mark.django_db

REBELS = {"units": [{"type": "x_wing", "flights": 2, "options": [], "transport": False}]}


def test_a_force_list_for_a_match_that_has_not_started_is_a_409_and_changes_nothing(api, alice, bob):
    api.as_user(alice)
    saved = api.post(
        "/api/force-lists/",
        {"name": "mine", "side": "rebels", "scenario": "fighter_clash", "points": 100, "force": REBELS},
        format="json",
    )
    assert saved.status_code == 201, saved.json()
    match = match_create(user=alice, game="early-days", invite=["bob"])
    r = api.post(
        f"/api/matches/{match.pk}/force-list/",
        {"force_list": saved.json()["id"], "expected_seq": 0},
        format="json",
    )
    assert r.status_code == 409, r.content
    assert r.json()["code"] == "match_not_started"
    assert r.json()["seq"] == 0
    match.refresh_from_db()
    assert (match.status, match.seq, match.state) == ("open", 0, None)
    assert not LogEntry.objects.filter(match=match).exists()

"""The API of declining, cancelling and rematches: the same services as the web page, the
same refusal codes."""

from __future__ import annotations

import pytest

from games.models import Match

from .test_matches_api import a, b, client_for, new_match  # noqa: F401 - fixtures

pytestmark = pytest.mark.django_db


def open_match(a, *invite):  # noqa: F811
    r = a.post("/api/matches/", {"game": "space-dogfight", "invite": list(invite)}, format="json")
    assert r.status_code == 201, r.json()
    return r.json()["id"]


def test_decline_through_the_api(a, b, carol):  # noqa: F811
    pk = open_match(a, "bob")
    c = client_for(carol)
    r = c.post(f"/api/matches/{pk}/decline/")
    assert (r.status_code, r.json()["code"]) == (403, "not_invited")
    r = b.post(f"/api/matches/{pk}/decline/")
    assert r.status_code == 200, r.json()
    assert r.json()["seats"][1]["invited"] is None
    assert c.post(f"/api/matches/{pk}/join/", {}, format="json").status_code == 200


def test_cancel_through_the_api(a, b):  # noqa: F811
    pk = open_match(a, "bob")
    r = b.post(f"/api/matches/{pk}/cancel/")
    assert (r.status_code, r.json()["code"]) == (403, "not_creator")
    r = a.post(f"/api/matches/{pk}/cancel/")
    assert r.status_code == 200 and r.json()["status"] == "cancelled"
    r = b.post(f"/api/matches/{pk}/join/", {}, format="json")
    assert (r.status_code, r.json()["code"]) == (409, "match_cancelled")
    started = new_match(a, b)
    r = a.post(f"/api/matches/{started}/cancel/")
    assert (r.status_code, r.json()["code"]) == (409, "match_not_open")


def test_rematch_through_the_api(a, b):  # noqa: F811
    pk = new_match(a, b)
    r = a.post(f"/api/matches/{pk}/rematch/", {}, format="json")
    assert (r.status_code, r.json()["code"]) == (409, "match_not_over")
    assert b.post(f"/api/matches/{pk}/resign/", {}, format="json").status_code == 201
    r = b.post(f"/api/matches/{pk}/rematch/", {"salt": "pepper"}, format="json")
    assert r.status_code == 201, r.json()
    new = r.json()
    assert new["rematch_of"] == pk and new["your_seat"] == 0 and new["status"] == "open"
    assert new["seats"][1]["invited"] == "alice"
    assert a.get(f"/api/matches/{pk}/").json()["rematch"] == new["id"]
    r = a.post(f"/api/matches/{pk}/rematch/", {}, format="json")
    assert (r.status_code, r.json()["code"]) == (409, "rematch_exists")
    assert Match.objects.filter(rematch_of_id=pk).count() == 1


def test_rematch_refuses_a_bad_salt_and_strangers(a, b, carol):  # noqa: F811
    pk = new_match(a, b)
    b.post(f"/api/matches/{pk}/resign/", {}, format="json")
    r = a.post(f"/api/matches/{pk}/rematch/", {"salt": "x" * 201}, format="json")
    assert r.status_code == 400
    r = client_for(carol).post(f"/api/matches/{pk}/rematch/", {}, format="json")
    assert (r.status_code, r.json()["code"]) == (403, "not_a_player")
    r = a.post("/api/matches/999999/rematch/", {}, format="json")
    assert (r.status_code, r.json()["code"]) == (404, "match_not_found")

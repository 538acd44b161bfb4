"""Saved force lists for "The early days": priced and checked when saved, reused in matches."""

from __future__ import annotations

import json

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.extensions.forcelists.models import ForceList
from games.models import LogEntry
from games.play import services

pytestmark = pytest.mark.django_db

REBELS = {"units": [{"type": "x_wing", "flights": 2, "options": [], "transport": False}]}
IMPERIALS = {"units": [{"type": "tie_fighter", "flights": 3, "options": [], "transport": False}]}


def client(user) -> APIClient:
    c = APIClient()
    c.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return c


def save(c, name, side, force, scenario="fighter_clash", points=100):
    return c.post(
        "/api/force-lists/",
        {"name": name, "side": side, "scenario": scenario, "points": points, "force": force},
        format="json",
    )


def test_a_saved_list_is_priced(alice):
    r = save(client(alice), "Red Two and Three", "rebels", REBELS)
    assert r.status_code == 201, r.json()
    assert r.json()["cost"] == 20 and r.json()["side"] == "rebels"
    assert [f["name"] for f in client(alice).get("/api/force-lists/").json()] == ["Red Two and Three"]


def test_a_list_breaking_restrictions_is_refused_naming_each_problem(alice):
    force = {"units": [{"type": "x_wing", "flights": 9, "options": [], "transport": False}]}
    r = save(client(alice), "too big", "rebels", force)
    body = r.json()
    assert r.status_code == 400 and body["code"] == "too_many_flights"
    assert {p["code"] for p in body["problems"]} >= {"too_many_flights"}
    assert not ForceList.objects.exists()


def test_an_over_budget_list_is_refused(alice):
    force = {"units": [{"type": "x_wing", "flights": 3, "options": [], "transport": False}] * 4}
    r = save(client(alice), "too dear", "rebels", force)
    assert r.status_code == 400 and "over_budget" in {p["code"] for p in r.json()["problems"]}


def test_names_are_unique_per_player_and_lists_are_private(alice, bob):
    save(client(alice), "main", "rebels", REBELS)
    r = save(client(alice), "main", "rebels", REBELS)
    assert r.status_code == 409 and r.json()["code"] == "name_taken"
    pk = ForceList.objects.get().pk
    assert client(bob).get(f"/api/force-lists/{pk}/").status_code == 404
    assert client(bob).delete(f"/api/force-lists/{pk}/").status_code == 404
    assert ForceList.objects.count() == 1


def test_a_saved_list_builds_the_force_in_a_match_as_sealed_moves(alice, bob):
    a, b = client(alice), client(bob)
    rebels = save(a, "mine", "rebels", REBELS).json()["id"]
    imperials = save(b, "theirs", "imperials", IMPERIALS).json()["id"]
    match = services.match_create(user=alice, game="early-days", invite=["bob"])
    services.match_join(user=bob, match_id=match.pk)
    seq = a.get(f"/api/matches/{match.pk}/").json()["seq"]
    r = a.post(
        f"/api/matches/{match.pk}/force-list/", {"force_list": rebels, "expected_seq": seq}, format="json"
    )
    assert r.status_code == 201, r.json()
    entries = LogEntry.objects.filter(match=match, source="force-list")
    assert entries.count() >= 2 and all(e.move_audience == [0] for e in entries)
    # the Imperial player sees that a force was built, not what it is
    assert "x_wing" not in json.dumps(b.get(f"/api/matches/{match.pk}/log/").json())
    seq = b.get(f"/api/matches/{match.pk}/").json()["seq"]
    r = b.post(
        f"/api/matches/{match.pk}/force-list/", {"force_list": imperials, "expected_seq": seq}, format="json"
    )
    assert r.status_code == 201, r.json()


def test_a_list_sent_while_the_other_side_sealed_its_force_still_counts(alice, bob):
    # Both build their forces at once: the Rebels' sealed force, written after the Imperial
    # player loaded the match, changes nothing the Imperial player can see.
    a, b = client(alice), client(bob)
    rebels = save(a, "mine", "rebels", REBELS).json()["id"]
    imperials = save(b, "theirs", "imperials", IMPERIALS).json()["id"]
    match = services.match_create(user=alice, game="early-days", invite=["bob"])
    services.match_join(user=bob, match_id=match.pk)
    bob_saw = b.get(f"/api/matches/{match.pk}/").json()["seq"]
    r = a.post(
        f"/api/matches/{match.pk}/force-list/", {"force_list": rebels, "expected_seq": bob_saw}, format="json"
    )
    assert r.status_code == 201, r.json()
    r = b.post(
        f"/api/matches/{match.pk}/force-list/",
        {"force_list": imperials, "expected_seq": bob_saw},
        format="json",
    )
    assert r.status_code == 201, r.json()
    assert LogEntry.objects.filter(match=match, seat=1, source="force-list").exists()


def test_using_a_list_for_the_wrong_side_or_a_stale_match_changes_nothing(alice, bob):
    a = client(alice)
    imperial = save(a, "imp", "imperials", IMPERIALS).json()["id"]
    rebel = save(a, "reb", "rebels", REBELS).json()["id"]
    match = services.match_create(user=alice, game="early-days", invite=["bob"])
    services.match_join(user=bob, match_id=match.pk)
    before = LogEntry.objects.count()
    r = a.post(
        f"/api/matches/{match.pk}/force-list/", {"force_list": imperial, "expected_seq": 1}, format="json"
    )
    assert r.status_code == 400 and r.json()["code"] == "wrong_side"
    r = a.post(
        f"/api/matches/{match.pk}/force-list/", {"force_list": rebel, "expected_seq": 0}, format="json"
    )
    assert r.status_code == 409 and r.json()["code"] == "stale_seq"
    assert LogEntry.objects.count() == before

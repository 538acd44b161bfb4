"""Clubs: an organiser founds one and adds members; members may leave."""

from __future__ import annotations

import pytest

from accounts.models import ClubMember

pytestmark = pytest.mark.django_db


def test_a_player_founds_a_club_and_adds_members(api, alice, bob):
    r = api.as_user(alice).post("/api/clubs/", {"name": "Orion League"}, format="json")
    assert r.status_code == 201 and r.json()["members"] == ["alice"]
    pk = r.json()["id"]
    r = api.post(f"/api/clubs/{pk}/members/", {"username": "bob"}, format="json")
    assert r.status_code == 201 and r.json()["members"] == ["alice", "bob"]
    assert [c["name"] for c in api.as_user(bob).get("/api/clubs/").json()] == ["Orion League"]


@pytest.mark.parametrize(
    ("body", "code"),
    [({"name": ""}, "bad_club_name"), ({"name": "orion league"}, "club_name_taken"), ([], "bad_club_name")],
)
def test_bad_club_names_are_refused(api, alice, body, code):
    api.as_user(alice).post("/api/clubs/", {"name": "Orion League"}, format="json")
    r = api.post("/api/clubs/", body, format="json")
    assert r.status_code == 400 and r.json()["code"] == code


def test_only_the_organiser_adds_members_and_a_member_may_leave(api, alice, bob, carol):
    pk = api.as_user(alice).post("/api/clubs/", {"name": "Orion"}, format="json").json()["id"]
    api.post(f"/api/clubs/{pk}/members/", {"username": "bob"}, format="json")
    r = api.as_user(bob).post(f"/api/clubs/{pk}/members/", {"username": "carol"}, format="json")
    assert r.status_code == 400 and r.json()["code"] == "club_not_found"
    r = api.as_user(alice).post(f"/api/clubs/{pk}/members/", {"username": "nobody"}, format="json")
    assert r.status_code == 400 and r.json()["code"] == "unknown_user"
    assert api.as_user(bob).delete(f"/api/clubs/{pk}/members/bob/").status_code == 204
    r = api.as_user(alice).delete(f"/api/clubs/{pk}/members/alice/")
    assert r.status_code == 400 and r.json()["code"] == "club_owner_stays"
    assert list(ClubMember.objects.values_list("user__username", flat=True)) == ["alice"]

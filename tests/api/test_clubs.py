"""Clubs: an organiser founds one and invites players, who are members once they accept;
members may leave, invited players may decline."""

from __future__ import annotations

import pytest

from accounts.models import ClubInvite, ClubMember

pytestmark = pytest.mark.django_db


def test_a_player_founds_a_club_invites_a_player_who_accepts(api, alice, bob):
    r = api.as_user(alice).post("/api/clubs/", {"name": "Orion League"}, format="json")
    assert r.status_code == 201 and r.json()["members"] == ["alice"]
    pk = r.json()["id"]
    r = api.post(f"/api/clubs/{pk}/members/", {"username": "bob"}, format="json")
    assert r.status_code == 201 and r.json()["members"] == ["alice"] and r.json()["invited"] == ["bob"]
    assert api.as_user(bob).get("/api/clubs/").json() == []
    assert [i["name"] for i in api.get("/api/clubs/invitations/").json()] == ["Orion League"]
    r = api.post(f"/api/clubs/{pk}/join/")
    assert r.status_code == 201 and r.json()["members"] == ["alice", "bob"] and r.json()["invited"] == []
    assert [c["name"] for c in api.get("/api/clubs/").json()] == ["Orion League"]


def test_joining_a_club_needs_an_invitation(api, alice, bob):
    pk = api.as_user(alice).post("/api/clubs/", {"name": "Orion"}, format="json").json()["id"]
    r = api.as_user(bob).post(f"/api/clubs/{pk}/join/")
    assert r.status_code == 400 and r.json()["code"] == "no_club_invite"
    assert not ClubMember.objects.filter(user=bob).exists()


def test_an_invited_player_declines(api, alice, bob):
    pk = api.as_user(alice).post("/api/clubs/", {"name": "Orion"}, format="json").json()["id"]
    api.post(f"/api/clubs/{pk}/members/", {"username": "bob"}, format="json")
    assert api.as_user(bob).delete(f"/api/clubs/{pk}/members/bob/").status_code == 204
    assert not ClubInvite.objects.exists() and not ClubMember.objects.filter(user=bob).exists()


@pytest.mark.parametrize(
    ("body", "code"),
    [({"name": ""}, "bad_club_name"), ({"name": "orion league"}, "club_name_taken"), ([], "bad_club_name")],
)
def test_bad_club_names_are_refused(api, alice, body, code):
    api.as_user(alice).post("/api/clubs/", {"name": "Orion League"}, format="json")
    r = api.post("/api/clubs/", body, format="json")
    assert r.status_code == 400 and r.json()["code"] == code


def test_only_the_organiser_invites_and_a_member_may_leave(api, alice, bob, carol):
    pk = api.as_user(alice).post("/api/clubs/", {"name": "Orion"}, format="json").json()["id"]
    api.post(f"/api/clubs/{pk}/members/", {"username": "bob"}, format="json")
    api.as_user(bob).post(f"/api/clubs/{pk}/join/")
    r = api.as_user(bob).post(f"/api/clubs/{pk}/members/", {"username": "carol"}, format="json")
    assert r.status_code == 400 and r.json()["code"] == "club_not_found"
    r = api.as_user(alice).post(f"/api/clubs/{pk}/members/", {"username": "nobody"}, format="json")
    assert r.status_code == 400 and r.json()["code"] == "unknown_user"
    assert api.as_user(bob).delete(f"/api/clubs/{pk}/members/bob/").status_code == 204
    r = api.as_user(alice).delete(f"/api/clubs/{pk}/members/alice/")
    assert r.status_code == 400 and r.json()["code"] == "club_owner_stays"
    assert list(ClubMember.objects.values_list("user__username", flat=True)) == ["alice"]

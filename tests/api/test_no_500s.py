"""Each input that once gave a 500 through the API: now a 4xx with a specific code and a
message a person can act on, and nothing written."""

from __future__ import annotations

import pytest
from django.apps import apps

from accounts.models import ClubMember, NotificationPrefs, User, Vacation
from games.engines.base import Move
from tests.games.helpers import started_match

pytestmark = pytest.mark.django_db


def database():
    return {
        model._meta.label: list(model.objects.order_by("pk").values())
        for label in ("accounts", "games", "notifications", "authtoken")
        for model in apps.get_app_config(label).get_models()
    }


def refused(response, status: int, code: str) -> str:
    assert (response.status_code, response.json()["code"]) == (status, code), response.json()
    assert response.json()["message"]
    return response.json()["message"]


# -- moves -----------------------------------------------------------------------------------


def test_a_move_may_carry_fields_named_like_the_parameters_of_move_of():
    move = Move.from_json({"kind": "fleet", "cls": 1, "self": 2, "args": 3})
    assert move.kind == "fleet" and (move["cls"], move["self"], move["args"]) == (1, 2, 3)
    assert Move.of("fleet", kind="kept apart", cls=1).get("kind") == "kept apart"


def test_a_move_with_a_field_named_cls_is_refused_by_the_rules_and_records_nothing(api, alice, bob):
    match = started_match(alice, bob)
    api.as_user(alice)
    before = database()
    r = api.post(
        f"/api/matches/{match.pk}/moves/",
        {"expected_seq": match.seq, "move": {"kind": "fleet", "cls": 1}},
        format="json",
    )
    assert "ships" in refused(r, 422, "bad_move")
    assert database() == before


# -- bodies the parser refuses ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "path", ["/api/matches/1/moves/", "/api/accounts/", "/api/auth/token/", "/api/clubs/"]
)
def test_a_body_nested_5000_levels_deep_is_malformed_json_naming_the_limit(api, alice, path):
    api.as_user(alice)
    before = database()
    r = api.generic("POST", path, b"[" * 5000, content_type="application/json")
    assert "at most 32 levels" in refused(r, 400, "malformed_json")
    assert database() == before


def test_text_postgresql_cannot_store_is_malformed_json_even_where_it_would_be_echoed(api, alice):
    # A lone surrogate in a choice field once crashed the renderer of DRF's error message.
    for body, words in [
        (b'{"name": "n", "side": "\\ud800", "scenario": "x", "points": 1, "force": {}}', "surrogates"),
        (b'{"endpoint": "\\u0000"}', "NUL"),
        (b'{"name": 1e999}', "finite"),
    ]:
        r = api.as_user(alice).generic("POST", "/api/force-lists/", body, content_type="application/json")
        assert words in refused(r, 400, "malformed_json")


# -- profile ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("email", [5, True, 1.5, [], {"a": 1}])
def test_an_email_that_is_not_text_is_refused_as_bad_email_and_changes_nothing(api, alice, email):
    r = api.as_user(alice).patch(
        "/api/accounts/me/", {"email": email, "timezone": "Asia/Tokyo"}, format="json"
    )
    assert "ada@example.com" in refused(r, 400, "bad_email")
    alice.refresh_from_db()
    assert (alice.email, alice.timezone) == ("alice@example.test", "UTC")


@pytest.mark.parametrize("tz", [[], ["UTC"], {}, 5, True])
def test_a_timezone_that_is_not_text_is_refused_as_bad_timezone(api, alice, tz):
    r = api.as_user(alice).patch(
        "/api/accounts/me/", {"timezone": tz, "email": "new@example.test"}, format="json"
    )
    assert "Europe/Stockholm" in refused(r, 400, "bad_timezone")
    alice.refresh_from_db()
    assert (alice.email, alice.timezone) == ("alice@example.test", "UTC")


def test_an_email_longer_than_its_column_is_refused_as_bad_email(api, alice):
    long_but_well_formed = "a" * 60 + "@" + "b" * 60 + "." + "c" * 60 + "." + "d" * 60 + ".example.com"
    assert len(long_but_well_formed) > 254
    r = api.as_user(alice).patch("/api/accounts/me/", {"email": long_but_well_formed}, format="json")
    assert "254" in refused(r, 400, "bad_email")


# -- notification preferences -----------------------------------------------------------------------


@pytest.mark.parametrize("body", [{"email": []}, {"push": {}}, {"email": ["off"]}, {"push": {"off": 1}}])
def test_a_notification_mode_that_is_a_list_or_object_is_refused_as_bad_prefs(api, alice, body):
    r = api.as_user(alice).patch("/api/accounts/me/notifications/", body, format="json")
    assert "immediate" in refused(r, 400, "bad_prefs")
    assert not NotificationPrefs.objects.exists()


def test_a_refused_preference_leaves_the_others_in_the_same_request_unwritten(api, alice):
    r = api.as_user(alice).patch(
        "/api/accounts/me/notifications/",
        {"email": "off", "digest_hour": 6, "auto_vacation": "yes"},
        format="json",
    )
    refused(r, 400, "bad_prefs")
    assert not NotificationPrefs.objects.exists()
    alice.refresh_from_db()
    assert alice.auto_vacation is True
    assert api.get("/api/accounts/me/notifications/").json()["email"] == "immediate"


# -- vacations ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "code", "words"),
    [
        ({"days": 3, "start": "2026-13-45T00:00:00"}, "bad_vacation", "ISO 8601"),
        ({"days": 3, "start": "2026-02-30T00:00:00"}, "bad_vacation", "ISO 8601"),
        ({"days": 10**9}, "vacation_bank_empty", "30 vacation days left"),
        ({"days": 10**30}, "vacation_bank_empty", "30 vacation days left"),
        ({"days": 3, "start": "9999-12-30T00:00:00"}, "bad_vacation", "366 days ahead"),
        ({"days": 3, "start": "0001-01-01T00:00:00+14:00"}, "bad_vacation", "in the past"),
    ],
)
def test_a_vacation_with_an_impossible_start_or_length_is_refused_and_takes_nothing(
    api, alice, body, code, words
):
    r = api.as_user(alice).post("/api/accounts/me/vacations/", body, format="json")
    assert words in refused(r, 400, code)
    assert not Vacation.objects.exists()


# -- clubs ---------------------------------------------------------------------------------------------


def test_removing_a_member_whose_name_in_the_url_holds_a_nul_is_refused_as_club_not_found(api, alice, bob):
    club = api.as_user(alice).post("/api/clubs/", {"name": "Red Squadron"}, format="json").json()["id"]
    api.post(f"/api/clubs/{club}/members/", {"username": "bob"}, format="json")
    api.as_user(bob).post(f"/api/clubs/{club}/join/")
    r = api.as_user(alice).delete(f"/api/clubs/{club}/members/b%00ob/")
    refused(r, 400, "club_not_found")
    assert ClubMember.objects.filter(club_id=club, user=bob).exists()


def test_a_club_name_that_is_not_text_is_refused_as_bad_club_name(api, alice):
    for name in (None, 5, [], {"cls": 1}, "x" * 101):
        refused(api.as_user(alice).post("/api/clubs/", {"name": name}, format="json"), 400, "bad_club_name")
    assert not User.objects.filter(clubs_run__isnull=False).exists()


def test_a_request_django_refuses_before_any_view_still_answers_json_on_the_api(db):
    from django.test import Client

    r = Client().get("/api/games/", HTTP_HOST="not-ours.example")
    assert r.status_code == 400 and r["Content-Type"] == "application/json"
    assert r.json()["code"] == "bad_request" and r.json()["message"]
    page = Client().get("/", HTTP_HOST="not-ours.example")
    assert page.status_code == 400 and "json" not in page["Content-Type"]

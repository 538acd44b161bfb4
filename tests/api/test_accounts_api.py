"""POST /api/accounts/, POST /api/auth/token/, /api/accounts/me/."""

from __future__ import annotations

import pytest

from accounts.models import User

pytestmark = pytest.mark.django_db

GOOD = {"username": "dana", "email": "dana@example.test", "password": "a-long-passphrase-9"}


def test_it_registers_a_player_and_hands_out_a_token(api):
    r = api.post("/api/accounts/", GOOD, format="json")
    assert r.status_code == 201, r.json()
    assert r.json()["username"] == "dana" and "password" not in r.json()
    r = api.post("/api/auth/token/", {"username": "dana", "password": GOOD["password"]}, format="json")
    assert r.status_code == 200 and len(r.json()["token"]) == 40
    api.credentials(HTTP_AUTHORIZATION=f"Token {r.json()['token']}")
    assert api.get("/api/accounts/me/").json()["username"] == "dana"


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"username": "ALICE"}, "username_taken"),
        ({"email": "Alice@Example.test"}, "email_unusable"),
        ({"email": "not-an-address"}, "bad_email"),
        ({"password": "123"}, "weak_password"),
        ({"username": "no spaces"}, "bad_username"),
        ({"timezone": "Mars/Olympus"}, "bad_timezone"),
    ],
)
def test_it_refuses_a_bad_registration_with_a_specific_code(api, alice, change, code):
    before = User.objects.count()
    r = api.post("/api/accounts/", {**GOOD, **change}, format="json")
    assert r.status_code == 400
    assert r.json()["code"] == code and r.json()["message"]
    assert User.objects.count() == before


def test_it_refuses_malformed_json_with_400(api):
    r = api.generic("POST", "/api/accounts/", '{"username": "x",', content_type="application/json")
    assert r.status_code == 400 and r.json()["code"] == "malformed_json"


def test_it_refuses_a_missing_field_naming_it(api):
    r = api.post("/api/accounts/", {"username": "x"}, format="json")
    assert r.status_code == 400
    assert r.json()["code"] == "invalid_request" and r.json()["field"] == "email"


def test_a_wrong_password_gets_no_token(api, alice):
    r = api.post("/api/auth/token/", {"username": "alice", "password": "nope"}, format="json")
    assert r.status_code == 401 and r.json()["code"] == "bad_credentials"


def test_a_bad_token_is_401(api):
    api.credentials(HTTP_AUTHORIZATION="Token " + "0" * 40)
    r = api.get("/api/accounts/me/")
    assert r.status_code == 401 and r.json()["code"] == "not_authenticated"


def test_a_real_token_authenticates_its_own_user_and_no_other(api, alice, bob):
    from rest_framework.authtoken.models import Token

    for user in (alice, bob):
        key = Token.objects.create(user=user).key
        api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
        assert api.get("/api/accounts/me/").json()["username"] == user.username


def test_a_deactivated_players_token_is_refused(api, alice):
    from rest_framework.authtoken.models import Token

    key = Token.objects.create(user=alice).key
    User.objects.filter(pk=alice.pk).update(is_active=False)
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    r = api.get("/api/accounts/me/")
    assert r.status_code == 401 and r.json()["code"] == "not_authenticated"


def test_a_player_sets_their_timezone(api, alice):
    r = api.as_user(alice).patch("/api/accounts/me/", {"timezone": "America/New_York"}, format="json")
    assert r.status_code == 200 and r.json()["timezone"] == "America/New_York"
    r = api.patch("/api/accounts/me/", {"timezone": "Nowhere/Land"}, format="json")
    assert r.status_code == 400 and r.json()["code"] == "bad_timezone"
    alice.refresh_from_db()
    assert alice.timezone == "America/New_York"

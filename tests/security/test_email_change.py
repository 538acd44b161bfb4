"""Issue 13, item 6: whoever holds a player's session or token cannot move the account's
email (and with it the password reset) without the player's current password."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

PASSWORD = "pw-not-common-42"  # tests/conftest.py's make_user


def test_a_token_alone_cannot_change_the_email(api, alice):
    r = api.as_user(alice).patch("/api/accounts/me/", {"email": "thief@example.test"}, format="json")
    assert r.status_code == 400 and r.json()["code"] == "password_required"
    r = api.patch("/api/accounts/me/", {"email": "thief@example.test", "password": "guess"}, format="json")
    assert r.status_code == 400 and r.json()["code"] == "wrong_password"
    alice.refresh_from_db()
    assert alice.email == "alice@example.test"


def test_the_player_changes_their_email_with_their_password(api, alice):
    r = api.as_user(alice).patch(
        "/api/accounts/me/", {"email": "alice@new.example.test", "password": PASSWORD}, format="json"
    )
    assert r.status_code == 200 and r.json()["email"] == "alice@new.example.test"


def test_a_timezone_change_needs_no_password(api, alice):
    r = api.as_user(alice).patch("/api/accounts/me/", {"timezone": "Asia/Tokyo"}, format="json")
    assert r.status_code == 200


def test_the_profile_page_asks_for_the_password_to_change_the_email(alice):
    c = Client()
    c.force_login(alice)
    r = c.post("/accounts/profile/", {"email": "thief@example.test", "timezone": "UTC"})
    assert r.status_code == 200 and "current password" in r.content.decode()
    alice.refresh_from_db()
    assert alice.email == "alice@example.test"
    r = c.post(
        "/accounts/profile/", {"email": "alice2@example.test", "timezone": "UTC", "password": PASSWORD}
    )
    assert r.status_code == 302
    alice.refresh_from_db()
    assert alice.email == "alice2@example.test"

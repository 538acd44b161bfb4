"""Issue 13, item 6: registration tells a stranger as little as it can about which email
addresses have accounts (usernames are public and must still be said, or nobody could pick
one); the password reset says the same for every address (tests/accounts)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def register(api, **fields):
    body = {"username": "probe", "email": "probe@example.test", "password": "a-long-pass-phrase-9"} | fields
    return api.post("/api/accounts/", body, format="json").json()


def test_a_probe_with_a_throwaway_password_learns_nothing_of_existing_accounts(api, alice):
    for fields in ({"email": "alice@example.test"}, {"username": "alice"}, {}):
        answer = register(api, password="123", **fields)
        assert answer["code"] == "weak_password", fields


def test_a_taken_email_is_refused_without_saying_an_account_has_it(api, alice):
    answer = register(api, email="ALICE@example.test")
    assert answer["code"] == "email_unusable"
    assert "exists" not in answer["message"] and "account with this" not in answer["message"]
    changed = api.as_user(alice)
    from accounts.models import User

    User.objects.create_user("zed", "zed@example.test", "pw-not-common-42")
    answer = changed.patch(
        "/api/accounts/me/", {"email": "zed@example.test", "password": "pw-not-common-42"}, format="json"
    ).json()
    assert (
        answer["code"] == "email_unusable"
        and answer["message"] == register(api, email="zed@example.test")["message"]
    )


@pytest.mark.parametrize(
    "email", ["someone@reply.starpost.localhost", "postmaster@example.test", "turns@starpost.localhost"]
)
def test_a_taken_email_is_refused_exactly_as_an_address_no_account_may_have(api, alice, email):
    taken = register(api, email="alice@example.test")
    other = register(api, email=email)
    assert taken == other
    assert other["code"] == "email_unusable"

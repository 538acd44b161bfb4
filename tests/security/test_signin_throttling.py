"""Issue 13, item 6: passwords cannot be guessed at speed. The sign-in page, the admin's
sign-in and the API's token endpoint lock an account, and an address, after a few failures,
with a clear 429; the API endpoints are throttled per address and per account name."""

from __future__ import annotations

import pytest
from django.core.cache import cache

pytestmark = pytest.mark.django_db

WRONG = {"password": "not-the-password"}


@pytest.fixture(autouse=True)
def _fresh_throttles(settings):
    settings.AXES_FAILURE_LIMIT = 5  # the production default (the suite raises it for its fuzzers)
    cache.clear()
    yield
    cache.clear()


def test_the_sign_in_page_locks_an_account_after_repeated_failures(client, alice, settings):
    codes = [
        client.post("/accounts/login/", {"username": "alice", **WRONG}).status_code
        for _ in range(settings.AXES_FAILURE_LIMIT)
    ]
    assert codes == [200] * (settings.AXES_FAILURE_LIMIT - 1) + [429]
    locked = client.post("/accounts/login/", {"username": "alice", "password": "pw-not-common-42"})
    assert locked.status_code == 429
    assert "Too many failed sign-ins" in locked.content.decode()
    assert int(locked["Retry-After"]) > 0
    assert "_auth_user_id" not in client.session  # even the right password waits


def test_the_sign_in_page_locks_an_address_trying_many_accounts(client, make_user, settings):
    for n in range(settings.AXES_FAILURE_LIMIT):
        make_user(f"victim{n}")
        client.post("/accounts/login/", {"username": f"victim{n}", **WRONG})
    make_user("another")
    assert client.post("/accounts/login/", {"username": "another", **WRONG}).status_code == 429


def test_the_admin_sign_in_is_locked_the_same_way(client, make_user, settings):
    make_user("boss", is_staff=True, is_superuser=True)
    for _ in range(settings.AXES_FAILURE_LIMIT):
        client.post("/admin/login/", {"username": "boss", **WRONG})
    response = client.post("/admin/login/", {"username": "boss", "password": "pw-not-common-42"})
    assert response.status_code == 429


def test_the_token_endpoint_locks_an_account_after_repeated_failures_with_json(api, alice, settings):
    codes = [
        api.post("/api/auth/token/", {"username": "alice", **WRONG}, format="json").status_code
        for _ in range(settings.AXES_FAILURE_LIMIT)
    ]
    assert codes == [401] * (settings.AXES_FAILURE_LIMIT - 1) + [429]
    r = api.post("/api/auth/token/", {"username": "alice", "password": "pw-not-common-42"}, format="json")
    assert r.status_code == 429
    assert r.json()["code"] == "too_many_attempts" and int(r["Retry-After"]) > 0


def test_the_token_endpoint_is_throttled_per_account_name(api, alice, settings):
    settings.STARPOST_TOKEN_RATE_PER_ACCOUNT = "2/min"
    for _ in range(2):
        api.post("/api/auth/token/", {"username": "ALICE", "password": "pw-not-common-42"}, format="json")
    r = api.post("/api/auth/token/", {"username": "alice", "password": "pw-not-common-42"}, format="json")
    assert r.status_code == 429
    assert r.json()["code"] == "throttled" and int(r["Retry-After"]) > 0


def test_the_token_endpoint_is_throttled_per_address_whatever_x_forwarded_for_says(api, alice, settings):
    settings.STARPOST_TOKEN_RATE_PER_ADDRESS = "3/min"
    codes = [
        api.post(
            "/api/auth/token/",
            {"username": f"user{n}", **WRONG},
            format="json",
            HTTP_X_FORWARDED_FOR=f"10.0.0.{n}",
        ).status_code
        for n in range(4)
    ]
    assert codes == [401, 401, 401, 429]


def test_registration_is_throttled_per_address(api, settings):
    settings.STARPOST_REGISTER_RATE_PER_ADDRESS = "2/hour"
    codes = [
        api.post(
            "/api/accounts/",
            {"username": f"new{n}", "email": f"new{n}@example.test", "password": "a-long-pass-phrase-9"},
            format="json",
        ).status_code
        for n in range(3)
    ]
    assert codes == [201, 201, 429]


def test_a_client_address_behind_a_trusted_proxy_is_the_one_the_proxy_saw(rf, settings):
    from accounts.throttles import client_ip

    request = rf.get("/", HTTP_X_FORWARDED_FOR="6.6.6.6, 203.0.113.9", REMOTE_ADDR="10.0.0.2")
    assert client_ip(request) == "10.0.0.2"
    settings.STARPOST_PROXY_COUNT = 1
    assert client_ip(request) == "203.0.113.9"


def test_a_sign_in_naming_no_possible_account_is_refused_never_a_500(client, api, alice):
    name = "x" * 400 + "\x00"
    assert client.post("/accounts/login/", {"username": name, **WRONG}).status_code == 200
    r = api.post("/api/auth/token/", {"username": name.rstrip("\x00"), **WRONG}, format="json")
    assert r.status_code == 400 and r.json()["code"] == "invalid_request"


def test_one_account_in_any_case_is_one_account_to_the_lockout(client, alice, settings):
    for n, name in enumerate(("alice", "ALICE", "Alice", "aLice")):  # from four addresses
        client.post("/accounts/login/", {"username": name, **WRONG}, REMOTE_ADDR=f"10.0.0.{n}")
    assert (
        client.post("/accounts/login/", {"username": "alicE", **WRONG}, REMOTE_ADDR="10.0.0.9").status_code
        == 429
    )

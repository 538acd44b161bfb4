"""Issue 13, item 6: API tokens can be listed and revoked (API and profile page), expire
when unused, and are stored only as hashes; older keys keep working once, moved over."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from accounts.models import ApiToken
from accounts.tokens import key_hash

pytestmark = pytest.mark.django_db

PASSWORD = "pw-not-common-42"


def token_for(user, name="script") -> str:
    r = APIClient().post(
        "/api/auth/token/", {"username": user.username, "password": PASSWORD, "name": name}, format="json"
    )
    assert r.status_code == 200
    return r.json()["token"]


def client_with(key: str) -> APIClient:
    c = APIClient()
    c.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return c


def test_tokens_are_listed_without_their_keys_and_stored_only_as_hashes(alice):
    laptop, bot = token_for(alice, "laptop"), token_for(alice, "bot")
    listed = client_with(bot).get("/api/auth/tokens/").json()
    assert sorted(t["name"] for t in listed) == ["bot", "laptop"]
    assert [t["current"] for t in listed if t["name"] == "bot"] == [True]
    body = str(listed)
    assert laptop not in body and bot not in body
    assert not ApiToken.objects.filter(key_hash__in=[laptop, bot]).exists()
    assert ApiToken.objects.filter(key_hash=key_hash(laptop)).exists()


def test_a_revoked_token_stops_working_at_once(alice, bob):
    leaked, mine = token_for(alice, "leaked"), token_for(alice, "mine")
    leaked_id = next(
        t["id"] for t in client_with(mine).get("/api/auth/tokens/").json() if t["name"] == "leaked"
    )
    bobs = token_for(bob)
    assert client_with(bobs).delete(f"/api/auth/tokens/{leaked_id}/").json()["code"] == "token_not_found"
    assert client_with(mine).delete(f"/api/auth/tokens/{leaked_id}/").status_code == 204
    r = client_with(leaked).get("/api/accounts/me/")
    assert r.status_code == 401
    assert client_with(mine).get("/api/accounts/me/").status_code == 200


def test_a_token_unused_too_long_expires(alice, settings, time_travel):
    key = token_for(alice)
    time_travel.shift(timedelta(days=settings.STARPOST_TOKEN_IDLE_DAYS - 1))
    assert client_with(key).get("/api/accounts/me/").status_code == 200  # used: the clock restarts
    time_travel.shift(timedelta(days=settings.STARPOST_TOKEN_IDLE_DAYS - 1))
    assert client_with(key).get("/api/accounts/me/").status_code == 200
    time_travel.shift(timedelta(days=settings.STARPOST_TOKEN_IDLE_DAYS + 1))
    r = client_with(key).get("/api/accounts/me/")
    assert r.status_code == 401 and r.json()["code"] == "token_expired"


def test_a_key_made_before_hashing_works_and_is_moved_over(alice):
    old = Token.objects.create(user=alice)
    assert client_with(old.key).get("/api/accounts/me/").status_code == 200
    assert not Token.objects.exists()
    assert ApiToken.objects.get(key_hash=key_hash(old.key)).user == alice
    assert client_with(old.key).get("/api/accounts/me/").status_code == 200


def test_the_tokens_page_makes_lists_and_revokes_tokens(alice):
    web = Client()
    web.force_login(alice)
    page = web.post("/accounts/tokens/", {"name": "my bot"}).content.decode()
    key = page.split('id="new-token-key">', 1)[1].split("<", 1)[0]
    assert client_with(key).get("/api/accounts/me/").status_code == 200
    token = ApiToken.objects.get(user=alice)
    listing = web.get("/accounts/tokens/").content.decode()
    assert "my bot" in listing and key not in listing and token.prefix in listing
    web.post("/accounts/tokens/", {"revoke": str(token.pk)})
    assert client_with(key).get("/api/accounts/me/").status_code == 401
    assert 'id="api-tokens-link"' in web.get("/accounts/profile/").content.decode()

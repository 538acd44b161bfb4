"""The registration and profile pages: refusals that once reached the database as errors."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import User

pytestmark = pytest.mark.django_db

# Well formed, and under the form's 320 characters, but over the column's 254.
LONG_EMAIL = "a" * 60 + "@" + "b" * 60 + "." + "c" * 60 + "." + "d" * 60 + ".example.com"


def test_registering_with_an_email_longer_than_254_characters_says_so_and_creates_nobody():
    assert 254 < len(LONG_EMAIL) <= 320
    r = Client().post(
        "/accounts/register/",
        {"username": "dana", "email": LONG_EMAIL, "password": "a-long-passphrase-9", "timezone": "UTC"},
    )
    assert r.status_code == 200
    assert "An email address has at most 254 characters." in r.content.decode()
    assert not User.objects.filter(username="dana").exists()


def test_changing_the_profile_to_an_email_longer_than_254_characters_says_so_and_changes_nothing(alice):
    c = Client()
    c.force_login(alice)
    r = c.post("/accounts/profile/", {"email": LONG_EMAIL, "timezone": "Asia/Tokyo"})
    assert r.status_code == 200
    assert "An email address has at most 254 characters." in r.content.decode()
    alice.refresh_from_db()
    assert (alice.email, alice.timezone) == ("alice@example.test", "UTC")

"""Password reset by email: Django's views in the site's pages; the link goes to the site's
own address and works once; the answer is the same whether or not the address is known."""

from __future__ import annotations

import re

import pytest
from django.core import mail

pytestmark = pytest.mark.django_db


def test_the_sign_in_page_links_to_the_password_reset(client):
    assert 'id="forgot-password"' in client.get("/accounts/login/").content.decode()


def test_a_player_resets_their_password_by_email(client, alice, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.SITE_URL = "https://starpost.example.org"
    response = client.post(
        "/accounts/password/reset/", {"email": "ALICE@example.test"}, HTTP_HOST="localhost"
    )
    assert response.status_code == 302
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["alice@example.test"]
    link = re.search(r"https://starpost\.example\.org(/accounts/password/reset/\S+/)", mail.outbox[0].body)
    assert link, mail.outbox[0].body
    form = client.get(link[1], follow=True)
    assert "Choose a new password" in form.content.decode()
    done = client.post(
        form.redirect_chain[-1][0],
        {"new_password1": "a-brand-new-phrase-77", "new_password2": "a-brand-new-phrase-77"},
        follow=True,
    )
    assert "Password changed" in done.content.decode()
    alice.refresh_from_db()
    assert alice.check_password("a-brand-new-phrase-77")
    again = client.get(link[1], follow=True)
    assert "This link no longer works" in again.content.decode()


def test_asking_for_an_unknown_address_looks_the_same_and_sends_nothing(client, alice, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    known = client.post("/accounts/password/reset/", {"email": "alice@example.test"}, follow=True)
    unknown = client.post("/accounts/password/reset/", {"email": "nobody@example.test"}, follow=True)
    assert known.redirect_chain == unknown.redirect_chain
    strip = lambda r: re.sub(r'"X-CSRFToken": "[^"]*"', "", r.content.decode())  # noqa: E731
    assert strip(known) == strip(unknown) and "Check your email" in strip(known)
    assert len(mail.outbox) == 1

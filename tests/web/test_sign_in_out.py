"""The sign-in and sign-out forms, posted as a browser posts them: with the CSRF token the
page gave, to Django's own LoginView and LogoutView (config/urls.py)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.games.helpers import started_match

from .helpers import html_of, match_url

pytestmark = pytest.mark.django_db

PASSWORD = "pw-not-common-42"  # tests/conftest.py's make_user


def browser() -> Client:
    return Client(enforce_csrf_checks=True)


def token_of(body: str) -> str:
    found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', body)
    assert found, "the form carries a CSRF token"
    return found.group(1)


def sign_in(client: Client, username: str, password: str, next_url: str = "") -> object:
    form = html_of(client.get(reverse("login") + (f"?next={next_url}" if next_url else "")))
    data = {"csrfmiddlewaretoken": token_of(form), "username": username, "password": password}
    if next_url:
        data["next"] = next_url
    return client.post(reverse("login"), data)


def signed_in_as(client: Client) -> str | None:
    body = html_of(client.get(reverse("home")))
    if "Sign out" not in body:
        return None
    return re.search(r'<a href="/accounts/profile/">([^<]+)</a>', body).group(1)


def test_posting_the_sign_in_form_signs_the_player_in_and_goes_home(alice):
    client = browser()
    response = sign_in(client, "alice", PASSWORD)
    assert response.status_code == 302 and response["Location"] == reverse("home")
    assert signed_in_as(client) == "alice"
    assert "Your matches" in html_of(client.get(reverse("home")))


def test_signing_in_returns_to_the_page_that_asked_for_it(alice, bob):
    match = started_match(alice, bob)
    client = browser()
    response = sign_in(client, "bob", PASSWORD, next_url=match_url(match))
    assert response.status_code == 302 and response["Location"] == match_url(match)
    assert "Your moves" in html_of(client.get(match_url(match)))


@pytest.mark.parametrize(
    ("username", "password"), [("alice", "wrong-password"), ("nobody", PASSWORD), ("", "")]
)
def test_a_wrong_sign_in_shows_the_form_again_with_an_error(alice, username, password):
    client = browser()
    response = sign_in(client, username, password)
    body = html_of(response)
    assert response.status_code == 200
    assert 'role="alert"' in body or 'class="error"' in body
    if username:
        assert "Please enter a correct username and password" in body
    else:
        assert "This field is required." in body
    assert signed_in_as(client) is None


def test_a_sign_in_without_the_forms_token_is_refused(alice):
    client = browser()
    response = client.post(reverse("login"), {"username": "alice", "password": PASSWORD})
    assert response.status_code == 403
    assert signed_in_as(client) is None


def test_posting_the_sign_out_form_signs_the_player_out(alice):
    client = browser()
    sign_in(client, "alice", PASSWORD)
    home = html_of(client.get(reverse("home")))
    form = home.split(f'action="{reverse("logout")}"', 1)[1].split("</form>", 1)[0]  # the header's form
    response = client.post(reverse("logout"), {"csrfmiddlewaretoken": token_of(form)})
    assert response.status_code == 302 and response["Location"] == reverse("home")
    assert signed_in_as(client) is None
    assert "Board games by post" in html_of(client.get(reverse("home")))
    assert "_auth_user_id" not in client.session


def test_signing_out_needs_a_post_with_the_token(alice):
    client = browser()
    sign_in(client, "alice", PASSWORD)
    assert client.get(reverse("logout")).status_code == 405  # a link cannot sign anyone out
    assert client.post(reverse("logout")).status_code == 403  # nor a form from another site
    assert signed_in_as(client) == "alice"

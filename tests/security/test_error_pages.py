"""Error pages are the site's own, never a debug page: nothing of the code or the settings
reaches a visitor, and the API still answers JSON."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, SuspiciousOperation
from django.urls import path

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.security.test_error_pages")]


def _broken(request):
    raise RuntimeError("a bug with a secret value 1234-secret in it")


def _forbidden(request):
    raise PermissionDenied


def _suspicious(request):
    raise SuspiciousOperation("bad")


urlpatterns = [
    path("broken/", _broken),
    path("api/broken/", _broken),
    path("forbidden/", _forbidden),
    path("api/forbidden/", _forbidden),
    path("suspicious/", _suspicious),
    path("", lambda request: None, name="home"),
    path("login/", lambda request: None, name="login"),
    path("register/", lambda request: None, name="register"),
    path("lobby/", lambda request: None, name="lobby"),
    path("new/", lambda request: None, name="match-new"),
    path("games/", lambda request: None, name="games"),
]
handler400 = "config.api_errors.json_400"
handler403 = "config.api_errors.json_403"
handler404 = "config.api_errors.json_404"
handler500 = "config.api_errors.json_500"

DEBUG_MARKS = ("Traceback", "technical", "Django settings", "DEBUG = True", "1234-secret", "urlpatterns")


def _is_our_page(response, heading: str) -> None:
    body = response.content.decode()
    assert heading in body
    assert "✦ Starpost" in body
    assert not any(mark in body for mark in DEBUG_MARKS)


def test_a_missing_page_is_our_404_never_a_debug_page(client):
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    _is_our_page(response, "Nothing here")


def test_a_bug_is_our_500_page_with_no_trace_of_the_code(client):
    client.raise_request_exception = False
    response = client.get("/broken/")
    assert response.status_code == 500
    _is_our_page(response, "Something broke on our side")


def test_a_forbidden_page_is_our_403(client):
    response = client.get("/forbidden/")
    assert response.status_code == 403
    _is_our_page(response, "Not allowed")


def test_a_malformed_request_is_our_400(client):
    response = client.get("/suspicious/")
    assert response.status_code == 400
    _is_our_page(response, "could not be read")


def test_an_expired_form_is_our_own_csrf_page(alice):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    response = client.post("/login/", {"username": "x"})
    assert response.status_code == 403
    _is_our_page(response, "This form has expired")


def test_the_api_answers_its_errors_as_json(client):
    client.raise_request_exception = False
    assert client.get("/api/broken/").json()["code"] == "server_error"
    assert client.get("/api/forbidden/").json()["code"] == "forbidden"
    assert client.get("/api/nothing/").json()["code"] == "not_found"

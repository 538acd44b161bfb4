"""Every page works under the site's Content-Security-Policy in real Chromium: htmx and the
page scripts run, the push service worker registers, the SVG boards draw, /api/docs/ loads
Swagger UI from our own files; the browser reports no CSP violation and no console error."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.games.helpers import play_to_turns, started_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RECORD_VIOLATIONS = """
  window.__csp = [];
  document.addEventListener('securitypolicyviolation',
    e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));
"""


EXPECTED_MISSING = ("/favicon.ico", "/no/such/page/")


def watch(page, errors: list[str]) -> None:
    """Console errors (but for the resources counted below) and every failed response."""

    def console(msg):
        if msg.type == "error" and not msg.text.startswith("Failed to load resource"):
            errors.append(f"{page.url}: {msg.text}")

    def response(r):
        if r.status >= 400 and not r.url.endswith(EXPECTED_MISSING):
            errors.append(f"{r.status} {r.url}")

    page.on("console", console)
    page.on("pageerror", lambda exc: errors.append(f"{page.url}: {exc}"))
    page.on("response", response)


def test_every_page_works_under_the_content_security_policy(chromium, live_server, settings, make_user):
    settings.STARPOST_POLL_SECONDS = 1
    alice, bob = make_user("alice"), make_user("bob")
    match = play_to_turns(started_match(alice, bob))
    web = Client()
    web.force_login(alice)
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    host = live_server.url.split("://", 1)[1].split(":")[0]
    context.add_cookies(
        [{"name": "sessionid", "value": web.cookies["sessionid"].value, "domain": host, "path": "/"}]
    )
    context.add_init_script(RECORD_VIOLATIONS)
    page = context.new_page()
    errors: list[str] = []
    watch(page, errors)

    for path in ("/", "/lobby/", "/games/", "/games/space-dogfight/", "/matches/new/", "/accounts/profile/"):
        page.goto(live_server.url + path)
        page.wait_for_load_state("networkidle")
        assert page.evaluate("typeof htmx") == "object", path
        assert page.evaluate("window.__csp") == [], path

    with page.expect_request(lambda r: "/poll/" in r.url, timeout=10_000):
        page.goto(f"{live_server.url}/matches/{match.pk}/")  # htmx polls the live region
    assert page.locator("#live svg").count() >= 1
    assert page.evaluate("window.__csp") == []

    page.goto(f"{live_server.url}/notifications/")
    page.wait_for_load_state("networkidle")
    assert page.evaluate("window.__csp") == []

    page.goto(f"{live_server.url}/api/docs/")
    page.wait_for_selector(".swagger-ui .info .title", timeout=20_000)
    assert "Starpost API" in page.inner_text(".swagger-ui .info .title")
    assert page.evaluate("window.__csp") == []

    anonymous = chromium.new_context()
    anonymous.add_init_script(RECORD_VIOLATIONS)
    page = anonymous.new_page()
    watch(page, errors)
    for path in ("/accounts/login/", "/accounts/register/", "/accounts/password/reset/", "/no/such/page/"):
        page.goto(live_server.url + path)
        page.wait_for_load_state("networkidle")
        assert page.evaluate("window.__csp") == [], path
    assert errors == []
    context.close()
    anonymous.close()

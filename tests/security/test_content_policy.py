"""Issue 13, item 6: a Content-Security-Policy on every page (scripts and styles from this
site, inline ones only with the request's nonce) and an API browser that loads nothing from
elsewhere, so it works offline and no CDN can change what runs on our origin."""

from __future__ import annotations

import re

import pytest
from django.contrib.staticfiles import finders

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "path", ["/", "/lobby/", "/accounts/login/", "/accounts/register/", "/games/", "/api/docs/", "/no/such/"]
)
def test_every_page_carries_a_content_security_policy_without_unsafe_inline(client, path):
    policy = client.get(path)["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";") if d.strip())
    assert directives["default-src"] == "'self'"
    assert re.fullmatch(r"'self'( 'nonce-[\w+/=-]+')?", directives["script-src"])
    assert "unsafe" not in policy
    assert directives["frame-ancestors"] == "'none'" and directives["object-src"] == "'none'"


def test_the_api_docs_load_only_our_own_files(client):
    page = client.get("/api/docs/").content.decode()
    urls = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert urls and all(u.startswith("/") and not u.startswith("//") for u in urls), urls
    for url in urls:
        if url.startswith("/static/"):
            assert finders.find(url.removeprefix("/static/").split("?")[0]), url
        else:
            assert client.get(url).status_code == 200, url
    inline_styles = re.findall(r"<style([^>]*)>", page)
    assert all("nonce=" in attrs for attrs in inline_styles)
    assert not re.search(r"<script(?![^>]*\bsrc=)", page)  # no inline script at all

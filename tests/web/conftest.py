"""Web tests keep their mail in memory; the browser tests share one Chromium."""

from __future__ import annotations

import os

import pytest

from tests.support.browser import browse_fixture, launch


@pytest.fixture(autouse=True)
def _mail_stays_in_memory(settings):
    """Notifications go to Django's locmem outbox, whatever EMAIL_URL says."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


@pytest.fixture
def chromium():
    """Debian's Chromium, headless (tests/support/browser.py); a test fails if it cannot run."""
    # Playwright's sync API runs an event loop in this thread; the test's own ORM calls are
    # still synchronous, so Django's async-safety guard would refuse them without this.
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = launch(p)
        yield browser
        browser.close()


@pytest.fixture
def browse(chromium, live_server):
    """Watched pages on the live server: the test fails on any 4xx/5xx or console error."""
    yield from browse_fixture(chromium, live_server)

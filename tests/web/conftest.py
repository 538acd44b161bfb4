"""Web tests keep their mail in memory; the browser tests share one Chromium."""

from __future__ import annotations

import os
import shutil

import pytest

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


@pytest.fixture(autouse=True)
def _mail_stays_in_memory(settings):
    """Notifications go to Django's locmem outbox, whatever EMAIL_URL says."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


@pytest.fixture
def chromium():
    exe = shutil.which("chromium")
    if not exe:
        pytest.fail(
            "Chromium is not installed: run `apt-get install -y chromium` (never `playwright install`)."
        )
    # Playwright's sync API runs an event loop in this thread; the test's own ORM calls are
    # still synchronous, so Django's async-safety guard would refuse them without this.
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import Error, sync_playwright

    with sync_playwright() as p:
        try:
            browser = p.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS)
        except Error as exc:
            pytest.fail(f"Chromium at {exe} could not start: {exc}")
        yield browser
        browser.close()

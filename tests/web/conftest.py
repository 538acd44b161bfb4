"""Web tests keep their mail in memory."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _mail_stays_in_memory(settings):
    """Notifications go to Django's locmem outbox, whatever EMAIL_URL says."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"

"""The suite's clock: tests never read the real one.

Every test runs at ``STARPOST_TEST_NOW`` (an ISO instant; a fixed default below), with time
moving on from there, so a test's outcome cannot depend on the hour or the date it runs at.
Tests marked ``clock`` (deadlines, quiet hours, digests, vacations) have time stopped
completely. CI runs the ``clock`` tests again at several instants (``.ci/clock-times``) to
show they hold at every hour of the day and across daylight-saving changes.

Tests that start other processes (a Celery worker, a server in a subprocess) share the
database with them, so they keep the real clock: they are marked ``worker`` or
``real_clock``.
"""

from __future__ import annotations

import os
from datetime import datetime

DEFAULT_NOW = "2026-11-25T10:00:00+00:00"


def test_now() -> datetime:
    """The instant the suite's tests start at."""
    text = os.environ.get("STARPOST_TEST_NOW") or DEFAULT_NOW
    moment = datetime.fromisoformat(text)
    if moment.tzinfo is None:
        raise ValueError(f"STARPOST_TEST_NOW must name its timezone offset: {text!r}")
    return moment

"""Links in emails point at the site the server serves (config/env.py site_url)."""

from __future__ import annotations

import pytest

from config.env import site_url


@pytest.mark.parametrize(
    ("argv", "url"),
    [
        (["manage.py", "runserver", "127.0.0.1:8123"], "http://127.0.0.1:8123"),  # make run PORT=8123
        (["manage.py", "runserver", "8001"], "http://127.0.0.1:8001"),
        (["manage.py", "runserver", "0.0.0.0:9000"], "http://127.0.0.1:9000"),
        (["manage.py", "runserver", "--noreload", "starpost.test:8080"], "http://starpost.test:8080"),
        (["manage.py", "runserver", "[::1]:8002"], "http://[::1]:8002"),
        (["manage.py", "runserver"], "http://127.0.0.1:8000"),
        (["celery", "-A", "config", "worker"], "http://127.0.0.1:8000"),
    ],
)
def test_without_a_configured_address_links_follow_what_runserver_serves(argv, url):
    assert site_url(None, argv) == url


def test_a_configured_address_wins_without_its_trailing_slash():
    assert site_url("https://starpost.example.org/", ["manage.py", "runserver", "8001"]) == (
        "https://starpost.example.org"
    )

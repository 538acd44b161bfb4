"""The embedded default (`make run`: SQLite, the demo data) serves every page of its demo
matches to their players and to a stranger, on SQLite itself: a query only PostgreSQL can
run (a JSON containment, say) would make them server errors there."""

from __future__ import annotations

import os

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection

from games.models import Match
from tests.support.sqlite import run_file_on_sqlite


def _pages(match: Match) -> list[str]:
    pk = match.pk
    return [
        f"/matches/{pk}/",
        f"/matches/{pk}/poll/",
        f"/matches/{pk}/replay/",
        f"/api/matches/{pk}/",
        f"/api/matches/{pk}/legal-moves/",
        f"/api/matches/{pk}/log/",
    ]


@pytest.mark.django_db
def test_every_page_of_the_demo_matches_renders_for_each_player_and_a_stranger(client):
    call_command("seed_demo", stdout=open(os.devnull, "w"))  # noqa: SIM115
    matches = list(Match.objects.order_by("pk"))
    assert {m.game for m in matches} == {
        "space-dogfight",
        "star-fighters",
        "early-days",
        "battleship-galaxies",
    }
    users = get_user_model()
    stranger = users.objects.create_user("stranger", password="x")
    for username in ("alice", "bob", None):
        client.logout()
        if username is not None:
            client.force_login(users.objects.get(username=username))
        else:
            client.force_login(stranger)
        assert client.get("/").status_code == 200, username
        for match in matches:
            for url in _pages(match):
                response = client.get(url)
                assert response.status_code == 200, (username, match.game, url, response.status_code)


@pytest.mark.skipif(connection.vendor == "sqlite", reason="this is the SQLite run itself")
def test_the_same_pages_render_on_sqlite(tmp_path):
    run = run_file_on_sqlite(__file__, tmp_path, "embedded.sqlite3")
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert "1 passed, 1 skipped" in run.stdout

"""A script plays whole matches through the REST API alone, choosing among the legal moves."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from django.core import mail
from django.core.management import call_command
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db(transaction=True)


def client(user) -> APIClient:
    c = APIClient()
    c.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return c


def play(clients: dict[int, APIClient], pk: int, rng: random.Random, limit: int = 3000) -> tuple[dict, list]:
    """Play random legal moves until the match ends; return the final match and who was on turn."""
    turns = []
    for _ in range(limit):
        match = clients[0].get(f"/api/matches/{pk}/").json()
        if match["status"] == "finished":
            return match, turns
        turns.append(tuple(match["active_seats"]))
        seat = rng.choice(match["active_seats"])
        legal = clients[seat].get(f"/api/matches/{pk}/legal-moves/").json()
        assert legal["moves"], f"seat {seat} is active but has no legal move"
        move = rng.choice(legal["moves"])
        r = clients[seat].post(
            f"/api/matches/{pk}/moves/", {"expected_seq": legal["seq"], "move": move}, format="json"
        )
        assert r.status_code == 201, (move, r.json())
    pytest.fail("the match did not end")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_script_plays_a_whole_match_through_the_api(alice, bob, seed, tmp_path):
    rng = random.Random(seed)
    a, b = client(alice), client(bob)
    r = a.post(
        "/api/matches/",
        {"game": "space-dogfight", "options": {"turn_cap": 5}, "invite": ["bob"]},
        format="json",
    )
    pk = r.json()["id"]
    b.post(f"/api/matches/{pk}/join/", {}, format="json")
    mail.outbox.clear()
    final, turns = play({0: a, 1: b}, pk, rng)

    assert final["outcome"] is not None and final["active_seats"] == []
    # one "your turn" email per seat that became active, one "match over" per player
    emails = {"alice@example.test": 0, "bob@example.test": 0}
    expected = dict(emails)
    previous = turns[0]  # the emails of the start were cleared above
    for active in turns[1:]:
        for seat in set(active) - set(previous):
            expected[["alice@example.test", "bob@example.test"][seat]] += 1
        previous = active
    over = [m for m in mail.outbox if "Match over" in m.subject]
    for m in mail.outbox:
        if "Your turn" in m.subject:
            emails[m.to[0]] += 1
    assert emails == expected
    assert sorted(m.to[0] for m in over) == ["alice@example.test", "bob@example.test"]

    export = a.get(f"/api/matches/{pk}/export/").json()
    path = tmp_path / "export.json"
    path.write_text(json.dumps(export))
    checked = subprocess.run(
        [sys.executable, ROOT / "tools" / "verify_export.py", path], capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stdout
    call_command("verify_matches", pk)

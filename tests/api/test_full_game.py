"""A script plays whole Space Dogfight matches through the REST API alone, choosing among
the legal moves, in each movement variant (SD-09), and checks along the way that neither
player ever sees the other's hand, unplaced fleet or standing orders (AS-SD-1, AS-SD-2)."""

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


def secrets_of(view: dict) -> set[str]:
    """The ids only this seat may see: its counters, its unplaced ships, its orders."""
    you = view["you"]
    return {c["id"] for c in you["hand"]} | {h["id"] for h in you["unplaced"]} | {you["orders"]["id"]}


def assert_sealed(clients: dict[int, APIClient], pk: int) -> int:
    """No seat's secret ids appear in anything the API gives the other seat; how many were checked."""
    seen = {}
    for seat, c in clients.items():
        match = c.get(f"/api/matches/{pk}/").json()
        assert match["your_seat"] == seat
        given = [
            match,
            c.get(f"/api/matches/{pk}/legal-moves/").json(),
            c.get(f"/api/matches/{pk}/log/").json(),
        ]
        seen[seat] = (secrets_of(match["view"]), json.dumps(given))
    for seat, (mine, _) in seen.items():
        theirs = seen[1 - seat][1]
        leaked = sorted(s for s in mine if f'"{s}"' in theirs)
        assert not leaked, f"seat {1 - seat} can see {leaked} of seat {seat}"
    return sum(len(mine) for mine, _ in seen.values())


def play(clients: dict[int, APIClient], pk: int, rng: random.Random, limit: int = 3000) -> tuple[dict, list]:
    """Play random legal moves until the match ends; return the final match and who was on turn."""
    turns = []
    checked = 0
    for step in range(limit):
        match = clients[0].get(f"/api/matches/{pk}/").json()
        if match["status"] == "finished":
            assert checked > 0
            return match, turns
        if step % 15 == 0:
            checked += assert_sealed(clients, pk)
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


@pytest.mark.parametrize(("movement", "seed"), [("straight", 1), ("straight", 2), ("path", 3)])
def test_a_script_plays_a_whole_match_through_the_api(alice, bob, movement, seed, tmp_path):
    rng = random.Random(seed)
    a, b = client(alice), client(bob)
    options = {"turn_cap": 5, "movement": movement}
    r = a.post(
        "/api/matches/", {"game": "space-dogfight", "options": options, "invite": ["bob"]}, format="json"
    )
    pk = r.json()["id"]
    b.post(f"/api/matches/{pk}/join/", {}, format="json")
    mail.outbox.clear()
    final, turns = play({0: a, 1: b}, pk, rng)

    assert final["outcome"] is not None and final["active_seats"] == []
    assert final["view"]["movement"] == movement
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

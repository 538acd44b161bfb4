"""A script plays whole Battleship Galaxies matches of each mission through the REST API
alone, choosing among the legal moves, then checks the log replays and verifies; and a
player plays a turn by replying to the "your turn" email."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from pathlib import Path

import pytest
from django.core import mail
from django.core.management import call_command
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.models import LogEntry, Match
from notifications.inbound import receive

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db(transaction=True)


def client(user) -> APIClient:
    c = APIClient()
    c.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return c


def play(clients: dict[int, APIClient], pk: int, rng: random.Random, limit: int = 4000) -> dict:
    """Random legal moves until the match ends. Standing-orders moves are always legal, so
    they are picked less often to keep the match moving (they are still chosen from the list)."""
    for _ in range(limit):
        match = clients[0].get(f"/api/matches/{pk}/").json()
        if match["status"] == "finished":
            return match
        seat = rng.choice(match["active_seats"])
        legal = clients[seat].get(f"/api/matches/{pk}/legal-moves/").json()
        assert legal["moves"], f"seat {seat} is active but has no legal move"
        game = [m for m in legal["moves"] if m["kind"] != "orders"]
        move = rng.choice(game if game and rng.random() < 0.95 else legal["moves"])
        r = clients[seat].post(
            f"/api/matches/{pk}/moves/", {"expected_seq": legal["seq"], "move": move}, format="json"
        )
        assert r.status_code == 201, (move, r.json())
    pytest.fail("the match did not end")


@pytest.mark.parametrize(
    ("mission", "seats", "seed"),
    [("skirmish", 2, 1), ("mission-1", 2, 2), ("pan-base", 3, 3)],
)
def test_a_script_plays_a_whole_match_of_each_mission_through_the_api(
    make_user, mission, seats, seed, tmp_path
):
    rng = random.Random(seed)
    users = [make_user(name) for name in ("alice", "bob", "carol")[:seats]]
    clients = {i: client(u) for i, u in enumerate(users)}
    r = clients[0].post(
        "/api/matches/",
        {
            "game": "battleship-galaxies",
            "options": {"mission": mission, "rounds": 3},
            "seats": seats,
            "invite": [u.username for u in users[1:]],
        },
        format="json",
    )
    assert r.status_code == 201, r.json()
    pk = r.json()["id"]
    for c in list(clients.values())[1:]:
        assert c.post(f"/api/matches/{pk}/join/", {}, format="json").status_code in (200, 201)

    final = play(clients, pk, rng)

    assert final["outcome"] is not None and final["active_seats"] == []
    details = final["outcome"]["details"]
    assert details["mission"] == ("pan-base" if seats == 3 else mission)
    assert set(details["sides"]) == {"isn", "wretch"}
    view = final["view"]
    assert view["game"] == "battleship-galaxies" and view["phase"] == "over"
    # once over, every player sees everything, the same way
    full = [clients[i].get(f"/api/matches/{pk}/").json()["view"] for i in range(seats)]
    assert all(v["players"] == full[0]["players"] for v in full)

    export = clients[0].get(f"/api/matches/{pk}/export/").json()
    path = tmp_path / "export.json"
    path.write_text(json.dumps(export))
    checked = subprocess.run(
        [sys.executable, ROOT / "tools" / "verify_export.py", path], capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stdout
    call_command("verify_matches", pk)


def _turn_email(user):
    found = [m for m in mail.outbox if m.to == [user.email] and m.subject.startswith("[Starpost] Your turn")]
    assert found, [m.subject for m in mail.outbox]
    return found[-1]


def _reply(original, text: str) -> bytes:
    """A reply as a mail client writes it: the moves on top, the email quoted below."""
    msg = EmailMessage()
    msg["From"] = original.to[0]
    msg["To"] = original.reply_to[0]
    msg["Subject"] = f"Re: {original.subject}"
    msg["Date"] = formatdate()
    msg["Message-ID"] = make_msgid(domain="mail.example.test")
    msg["In-Reply-To"] = msg["References"] = original.extra_headers["Message-ID"]
    quoted = "\n".join(f"> {line}" for line in original.body.splitlines())
    msg.set_content(f"{text}\n\nOn Sunday, Starpost wrote:\n{quoted}\n")
    return msg.as_bytes()


def test_a_player_plays_a_turn_by_replying_to_the_your_turn_email_and_sees_only_their_secrets(make_user):
    """Issue 'Done means': a turn by email reply, in the notation; each email shows its reader's
    hand and screen and nothing of the other seat's."""
    alice, bob = make_user("alice"), make_user("bob")
    api = {0: client(alice), 1: client(bob)}
    r = api[0].post(
        "/api/matches/",
        {"game": "battleship-galaxies", "options": {"first_player": "isn"}, "seats": 2, "invite": ["bob"]},
        format="json",
    )
    pk = r.json()["id"]
    assert api[1].post(f"/api/matches/{pk}/join/", {}, format="json").status_code in (200, 201)
    for seat in (0, 1):
        seq = api[seat].get(f"/api/matches/{pk}/").json()["seq"]
        r = api[seat].post(
            f"/api/matches/{pk}/moves/", {"expected_seq": seq, "move": {"kind": "ready"}}, format="json"
        )
        assert r.status_code == 201, r.json()
    views = {s: api[s].get(f"/api/matches/{pk}/").json()["view"]["you"] for s in (0, 1)}
    hands = {s: [c["id"] for c in views[s]["hand"]] for s in (0, 1)}
    assert len(hands[0]) == 6 and len(hands[1]) == 5

    email = _turn_email(alice)
    assert all(card in email.body for card in hands[0]) and not any(card in email.body for card in hands[1])
    receive(_reply(email, "next\nnext\nend"), via="command")

    match = Match.objects.get(pk=pk)
    last = list(LogEntry.objects.filter(match=match).order_by("-seq")[:3])[::-1]
    assert [(e.kind, e.source) for e in last] == [("next", "email"), ("next", "email"), ("end", "email")]
    assert match.active_seats == [1]
    wretch = _turn_email(bob)
    assert "Screen: VF Vapor's Fate" in wretch.body and "ISN Everest (standard)" not in wretch.body
    assert not any(card in wretch.body for card in hands[0])

"""Turns of particular games through the API and by email reply: a rule's refusal code, and a
Battleship Galaxies turn played by replying to the "your turn" email."""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import formatdate, make_msgid

import pytest
from django.core import mail

from games.models import LogEntry, Match
from notifications.inbound import receive
from tests.support.api_play import client_for as client

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_illegal_early_days_move_is_refused_with_its_rule_code(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    a, b = client(alice), client(bob)
    pk = a.post(
        "/api/matches/", {"game": "early-days", "options": {}, "invite": ["bob"]}, format="json"
    ).json()["id"]
    b.post(f"/api/matches/{pk}/join/", {}, format="json")
    seq = a.get(f"/api/matches/{pk}/legal-moves/").json()["seq"]
    r = a.post(
        f"/api/matches/{pk}/moves/",
        {"expected_seq": seq, "move": {"kind": "buy", "unit": "tie_fighter"}},
        format="json",
    )
    assert r.status_code == 422 and r.json()["code"] == "unit_not_available"


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

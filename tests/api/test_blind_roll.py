"""Blind Roll phase (AS-SF-1.6, docs/rules-readings.md SF-R5): until the reveal, nothing the
server gives another player or a spectator changes while a player takes sealed Roll-phase
steps: the match (seq, log head, time, seats on turn, board), the log pages, the legal moves,
the page's poll, the replay and the email. The other player's moves still count, with the seq they saw."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from games.models import Match, Seat
from games.notify import email_context
from tests.support.api_play import client_for, match_open

pytestmark = pytest.mark.django_db

CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')
PAGE_CSRF = re.compile(r'"X-CSRFToken": "[^"]*"|nonce="[^"]*"')  # a whole page's own tokens
STEPS = [{"kind": "roll"}, {"kind": "roll"}, {"kind": "roll"}, {"kind": "roll"}, {"kind": "hold"}]


def _post(client, pk: int, move: dict[str, Any], seq: int):
    return client.post(f"/api/matches/{pk}/moves/", {"move": move, "expected_seq": seq}, format="json")


def _seen(api, web: Client, pk: int) -> dict[str, Any]:
    """Everything a reader gets of the match: API match, log (every page size), legal moves,
    the page's live region and its poll answer, the replay."""
    match = api.get(f"/api/matches/{pk}/").json()
    # a form's CSRF token is masked afresh on every render: the rest must be the same
    live = CSRF.sub("csrf", web.get(f"/matches/{pk}/poll/").content.decode())
    return {
        "match": match,
        "log": [api.get(f"/api/matches/{pk}/log/?limit={n}").json() for n in (1, 3, 50)],
        "log_links": api.get(f"/api/matches/{pk}/log/?limit=1").get("Link"),
        "legal": api.get(f"/api/matches/{pk}/legal-moves/").json(),
        "live": live,
        "replay": CSRF.sub("csrf", PAGE_CSRF.sub("csrf", web.get(f"/matches/{pk}/replay/").content.decode())),
    }


def _roller_steps(pk: int, client, n: int) -> None:
    for move in STEPS[:n]:
        seq = client.get(f"/api/matches/{pk}/legal-moves/").json()["seq"]
        r = _post(client, pk, move, seq)
        assert r.status_code == 201, r.json()


@pytest.mark.parametrize("steps", [1, 3, 5])
def test_as_sf1_6_the_others_see_the_same_match_log_poll_and_email_whether_a_player_took_0_or_n_sealed_steps(
    alice, bob, carol, steps
):
    pk, (a, b) = match_open([alice, bob], "star-fighters", {})
    assert Match.objects.get(pk=pk).active_seats == [0, 1]
    web_bob, web_carol = Client(), Client()
    web_bob.force_login(bob)
    web_carol.force_login(carol)
    c = client_for(carol)
    before = {"bob": _seen(b, web_bob, pk), "carol": _seen(c, web_carol, pk)}
    seat = Seat.objects.get(match_id=pk, index=1)
    mail_before = email_context(Match.objects.get(pk=pk), seat, list(Seat.objects.filter(match_id=pk)))

    _roller_steps(pk, a, steps)

    assert Match.objects.get(pk=pk).seq == before["bob"]["match"]["seq"] + steps
    after = {"bob": _seen(b, web_bob, pk), "carol": _seen(c, web_carol, pk)}
    assert after == before
    match = Match.objects.get(pk=pk)
    mail_after = email_context(match, seat, list(Seat.objects.filter(match_id=pk)))
    assert mail_after == mail_before
    seq, stamp = before["bob"]["match"]["seq"], _stamp(before["bob"]["live"])
    assert web_bob.get(f"/matches/{pk}/poll/?seq={seq}&v={stamp}").status_code == 204
    # the roller sees its own steps
    assert a.get(f"/api/matches/{pk}/").json()["seq"] == match.seq


def _stamp(live: str) -> str:
    found = re.search(r"[?;]v=(\d+)", live)
    assert found, "the live region carries the poll stamp"
    return found.group(1)


def test_as_sf1_6_the_other_players_move_with_the_seq_it_saw_still_counts_and_a_stale_one_says_only_its_own_seq(
    alice, bob
):
    pk, (a, b) = match_open([alice, bob], "star-fighters", {})
    seen = b.get(f"/api/matches/{pk}/legal-moves/").json()["seq"]
    _roller_steps(pk, a, 3)
    r = _post(b, pk, {"kind": "roll"}, seen)
    assert r.status_code == 201, r.json()
    now = Match.objects.get(pk=pk).seq
    assert r.json()["seq"] == now
    # alice rolls twice more; bob answers with a seq from before his own roll: stale, and the
    # refusal names the seq bob may know of (his roll), not the match's
    _roller_steps(pk, a, 2)
    r = _post(b, pk, {"kind": "hold"}, seen)
    assert r.status_code == 409 and r.json()["code"] == "stale_seq"
    assert r.json()["seq"] == now and str(now + 2) not in r.json()["message"]


def test_as_sf1_6_the_reveal_shows_everyone_the_whole_phase(alice, bob):
    pk, (a, b) = match_open([alice, bob], "star-fighters", {})
    _roller_steps(pk, a, 5)
    seq = b.get(f"/api/matches/{pk}/legal-moves/").json()["seq"]
    assert _post(b, pk, {"kind": "hold"}, seq).status_code == 201
    match = Match.objects.get(pk=pk)
    view = b.get(f"/api/matches/{pk}/").json()
    assert view["seq"] == match.seq
    texts = [e["text"] for e in b.get(f"/api/matches/{pk}/log/?limit=50").json()]
    assert any("Player 1's board" in t for t in texts)
    assert not any("Player 1 finished rolling" in t for t in texts)


def test_as_sf1_6_a_player_done_rolling_changes_standing_orders_at_the_seq_it_saw(alice, bob):
    """The others' unseen steps never make what a seat saw stale, on turn or not."""
    pk, (a, b) = match_open([alice, bob], "star-fighters", {})
    _roller_steps(pk, b, 5)  # bob rolls and holds: his Roll phase is done
    assert 1 not in Match.objects.get(pk=pk).active_seats
    _roller_steps(pk, a, 2)  # alice's steps, which bob may not know of
    legal = b.get(f"/api/matches/{pk}/legal-moves/").json()
    assert legal["seq"] < Match.objects.get(pk=pk).seq
    orders = next(m for m in legal["moves"] if m["kind"] == "orders")
    r = _post(b, pk, orders, legal["seq"])
    assert r.status_code == 201, r.json()
    # an older seq than the one he may know of is still stale, and says only his own seq
    r = _post(b, pk, orders, legal["seq"] - 1)
    assert r.status_code == 409 and r.json()["code"] == "stale_seq"

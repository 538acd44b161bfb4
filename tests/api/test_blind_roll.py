"""Blind Roll phase (AS-SF-1.6, docs/rules-readings.md SF-R5): until the reveal, nothing the
server gives another player or a spectator changes while a player takes sealed Roll-phase
steps: the match (seq, log head, time, seats on turn, board), the log pages, the legal moves,
the page's poll, the replay and the email. The other player's moves still count, with the seq they saw."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from games import email_replies
from games.models import Match, Seat
from games.notify import email_context, offered_moves, reply_offer
from games.selectors import Viewer
from notifications.replies import Reply
from notifications.replyaddr import ReplyToken
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
    assert r.json()["seq"] == seen + 1  # bob's own numbering: alice's three steps are not in it
    # alice rolls twice more; bob answers with a seq from before his own roll: stale, and the
    # refusal names the seq bob may know of (his roll), in his numbering
    _roller_steps(pk, a, 2)
    r = _post(b, pk, {"kind": "hold"}, seen)
    assert r.status_code == 409 and r.json()["code"] == "stale_seq"
    assert r.json()["seq"] == seen + 1
    assert r.json()["message"] == f"The match is at seq {seen + 1}, not {seen}: reload it and try again."
    # his own seq is current whatever alice did since
    r = _post(b, pk, {"kind": "hold"}, seen + 1)
    assert r.status_code == 201, r.json()


def test_as_sf1_6_the_reveal_shows_everyone_the_whole_phase(alice, bob):
    pk, (a, b) = match_open([alice, bob], "star-fighters", {})
    _roller_steps(pk, a, 5)
    seq = b.get(f"/api/matches/{pk}/legal-moves/").json()["seq"]
    assert _post(b, pk, {"kind": "hold"}, seq).status_code == 201
    match = Match.objects.get(pk=pk)
    view = b.get(f"/api/matches/{pk}/").json()
    assert view["seq"] == match.seq - 5  # in bob's numbering: player 1's steps are not in it
    assert [e["seq"] for e in b.get(f"/api/matches/{pk}/log/?limit=50").json()] == [1, 2]
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


# -- each reader's numbering of the log ---------------------------------------------------

SPLITS = {1: (1, 0, 0), 3: (1, 1, 1), 5: (2, 2, 1)}  # alice's sealed steps around bob's two rolls


def _steps(pk: int, client, moves: list[dict[str, Any]]) -> None:
    for move in moves:
        seq = client.get(f"/api/matches/{pk}/legal-moves/").json()["seq"]
        assert _post(client, pk, move, seq).status_code == 201


def _numbers_bob_reads(alice, bob, hidden: int) -> dict[str, Any]:
    """Bob rolls twice while Alice takes ``hidden`` sealed steps before, between and after his
    rolls: every seq Bob is then told, and every answer to a seq he sends."""
    pk, (a, b) = match_open([alice, bob], "star-fighters", {})
    web = Client()
    web.force_login(bob)
    before, between, after = SPLITS[hidden]
    moves = iter(STEPS)
    out: dict[str, Any] = {"responses": []}
    _steps(pk, a, [next(moves) for _ in range(before)])
    for gap in (between, after):
        seq = b.get(f"/api/matches/{pk}/legal-moves/").json()["seq"]
        out["responses"].append(_post(b, pk, {"kind": "roll"}, seq).json()["seq"])
        _steps(pk, a, [next(moves) for _ in range(gap)])
    assert Match.objects.get(pk=pk).seq == out["responses"][-1] + hidden
    out["match"] = b.get(f"/api/matches/{pk}/").json()["seq"]
    out["legal"] = b.get(f"/api/matches/{pk}/legal-moves/").json()["seq"]
    out["log"] = [e["seq"] for e in b.get(f"/api/matches/{pk}/log/?limit=50").json()]
    out["log_after"] = [e["seq"] for e in b.get(f"/api/matches/{pk}/log/?after=1&limit=3").json()]
    out["log_before"] = [e["seq"] for e in b.get(f"/api/matches/{pk}/log/?before=3&limit=1").json()]
    pages, r = [], b.get(f"/api/matches/{pk}/log/?limit=1")
    while True:  # through the log a page at a time, by the cursors of its Link header
        pages.append((r.json()[0]["seq"], r.get("Link")))
        newer = re.search(r'<[^>]*\?after=(\d+)&limit=1>; rel="next"', r.get("Link") or "")
        if newer is None:
            break
        r = b.get(f"/api/matches/{pk}/log/?after={newer[1]}&limit=1")
    out["pages"] = [(seq, (link or "").replace(f"/{pk}/", "/ID/")) for seq, link in pages]
    page = web.get(f"/matches/{pk}/?log_before={out['match']}")
    out["page"] = [
        page.context["m"]["seq"],
        [e["seq"] for e in page.context["log"]],
        page.context["log_hidden"],
    ]
    out["page"] += [page.context["log_older"], page.context["log_newer"]]
    stamp = _stamp(web.get(f"/matches/{pk}/poll/").content.decode())
    out["poll"] = web.get(f"/matches/{pk}/poll/?seq={out['match']}&v={stamp}").status_code
    frame = web.get(f"/matches/{pk}/replay/?at={out['match'] - 1}").context["frame"]
    out["replay"] = [frame.at, frame.last, frame.first, frame.previous, frame.next]
    match = Match.objects.get(pk=pk)
    seats = list(Seat.objects.filter(match_id=pk).select_related("user"))
    seat = next(s for s in seats if s.index == 1)
    mail = email_context(match, seat, seats)
    out["email"] = [mail["match"]["seq"], [e["seq"] for e in mail["log"]]]
    offer = reply_offer(match, seat, offered_moves(match, Viewer.for_seat(match, 1)))
    out["reply_seq"] = offer.seq if offer else None
    return out


def test_as_sf1_6_each_player_numbers_their_own_entries_one_after_another_whatever_the_other_did(alice, bob):
    seen = {hidden: _numbers_bob_reads(alice, bob, hidden) for hidden in (1, 3, 5)}
    assert seen[1] == seen[3] == seen[5]
    told = seen[1]
    first = told["responses"][0]
    assert told["responses"] == [first, first + 1]  # his own entries, one after the other
    assert told["match"] == told["legal"] == told["email"][0] == told["reply_seq"] == first + 1
    assert told["log"] == list(range(1, first + 2))  # the entries he may know of, 1, 2, ...
    assert told["log_after"] == [2, 3] and told["log_before"] == [2]
    assert [seq for seq, _ in told["pages"]] == list(range(1, first + 2))
    assert told["poll"] == 204
    assert told["page"][1][-1] == first and told["page"][2] == told["page"][1][0] - 1
    assert told["replay"][:2] == [first, first + 1]
    assert told["email"][1] == told["log"][-len(told["email"][1]) :]


def test_as_sf1_6_a_move_sent_with_the_players_own_seq_counts_and_a_stale_one_is_refused_in_that_numbering(
    alice, bob
):
    pk, (a, b) = match_open([alice, bob], "star-fighters", {})
    _roller_steps(pk, a, 1)
    mine = b.get(f"/api/matches/{pk}/").json()["seq"]
    r = _post(b, pk, {"kind": "roll"}, mine)
    assert r.status_code == 201 and r.json()["seq"] == mine + 1
    _roller_steps(pk, a, 2)
    # the match's own seq is not his: past his last entry, it is refused in his numbering
    r = _post(b, pk, {"kind": "roll"}, Match.objects.get(pk=pk).seq)
    assert r.status_code == 409 and r.json()["code"] == "stale_seq" and r.json()["seq"] == mine + 1
    assert f"at seq {mine + 1}," in r.json()["message"]
    # the same move again at the same seq is a retry: answered with his own number for it
    r = _post(b, pk, {"kind": "roll"}, mine)
    assert r.status_code == 201 and r.json()["seq"] == mine + 1
    r = _post(b, pk, {"kind": "roll"}, mine + 1)
    assert r.status_code == 201 and r.json()["seq"] == mine + 2


def test_as_sf1_6_an_email_reply_carries_the_players_own_seq_and_makes_the_move(alice, bob):
    pk, (a, b) = match_open([alice, bob], "star-fighters", {})
    _roller_steps(pk, a, 2)
    match = Match.objects.get(pk=pk)
    seat = Seat.objects.select_related("user").get(match_id=pk, index=1)
    offer = reply_offer(match, seat, offered_moves(match, Viewer.for_seat(match, 1)))
    assert offer is not None and offer.seq == b.get(f"/api/matches/{pk}/").json()["seq"] < match.seq
    _roller_steps(pk, a, 1)  # alice goes on while the email is read: the reply still counts

    def reply_with(seq: int, line: str):
        token = ReplyToken(pk, 1, seq, bob.pk)
        return email_replies.handle(
            Reply(1, "<r@example.test>", bob.email.lower(), "move@example.test", token, (line,), offer)
        )

    answer = reply_with(offer.seq, "roll")
    assert answer.code == "", answer.context["error"]
    assert [a["seq"] for a in answer.context["applied"]] == [offer.seq + 1]
    assert answer.context["match"]["seq"] == offer.seq + 1
    # a reply naming the match's own seq is not his, and the refusal speaks his numbering
    answer = reply_with(Match.objects.get(pk=pk).seq, "roll")
    assert answer.code == "stale_reply"
    assert f"the match is now at move {offer.seq + 1}." in answer.context["error"]["message"]


def test_as_sf1_6_a_spectator_numbers_only_the_entries_everyone_may_know_of(alice, bob, carol):
    pk, (a, b) = match_open([alice, bob], "star-fighters", {})
    c = client_for(carol)
    at_start = c.get(f"/api/matches/{pk}/").json()["seq"]
    _roller_steps(pk, a, 3)
    _roller_steps(pk, b, 2)
    assert c.get(f"/api/matches/{pk}/").json()["seq"] == at_start
    _steps(pk, a, [{"kind": "hold"}])
    _steps(pk, b, [{"kind": "hold"}])  # the reveal: the one entry of the phase everyone knows of
    assert Match.objects.get(pk=pk).seq == at_start + 7
    assert c.get(f"/api/matches/{pk}/").json()["seq"] == at_start + 1
    log = [e["seq"] for e in c.get(f"/api/matches/{pk}/log/?limit=50").json()]
    assert log == list(range(1, at_start + 2))


def test_as_sf1_6_once_the_match_is_over_every_reader_numbers_every_entry(alice, bob, carol):
    pk, (a, b) = match_open([alice, bob], "star-fighters", {})
    _roller_steps(pk, a, 3)
    assert b.post(f"/api/matches/{pk}/resign/", {}, format="json").status_code == 201
    match = Match.objects.get(pk=pk)
    assert match.is_over
    for client in (a, b, client_for(carol)):
        assert client.get(f"/api/matches/{pk}/").json()["seq"] == match.seq
        log = [e["seq"] for e in client.get(f"/api/matches/{pk}/log/?limit=50").json()]
        assert log[-1] == match.seq
    assert [e["seq"] for e in b.get(f"/api/matches/{pk}/log/?limit=50").json()] == list(
        range(1, match.seq + 1)
    )

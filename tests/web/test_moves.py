"""Moves from the web, the poll that keeps a page current, and resigning."""

from __future__ import annotations

import re

import pytest

from games.models import LogEntry
from games.play import services
from tests.games.helpers import FLEET_SMALL, play_to_turns, started_match, submit, user_of

from .helpers import (
    HTMX,
    html_of,
    match_url,
    page,
    poll,
)

pytestmark = pytest.mark.django_db


# -- moves ------------------------------------------------------------------------------------


def test_a_web_move_goes_through_move_submit(client, alice, bob):
    match = started_match(alice, bob)
    post = {
        "expected_seq": match.seq,
        "kind": "fleet",
        "f.ships.A": "2",
        "f.ships.B": "0",
        "f.ships.C": "1",
        "f.ships.D": "0",
    }
    response = page(client, alice).post(match_url(match, "match-move"), post, **HTMX)
    assert response.status_code == 200 and 'id="live"' in html_of(response)
    entry = LogEntry.objects.get(match=match, seq=match.seq + 1)
    assert entry.source == "web"
    assert entry.kind == "fleet"
    assert dict(entry.move["ships"]) == {"A": 2, "B": 0, "C": 1, "D": 0}


def test_a_move_given_as_json_is_submitted_as_is(client, alice, bob):
    match = play_to_turns(started_match(alice, bob))
    seat = match.active_seats[0]
    response = page(client, user_of(match, seat)).post(
        match_url(match, "match-move"), {"expected_seq": match.seq, "move": '{"kind":"draw"}'}, **HTMX
    )
    assert response.status_code == 200
    assert LogEntry.objects.get(match=match, seq=match.seq + 1).move == {"kind": "draw"}


def test_a_bad_move_shows_the_engines_message(client, alice, bob):
    match = started_match(alice, bob)
    post = {
        "expected_seq": match.seq,
        "kind": "fleet",
        "f.ships.A": "4",
        "f.ships.B": "0",
        "f.ships.C": "0",
        "f.ships.D": "2",
    }
    body = html_of(page(client, alice).post(match_url(match, "match-move"), post, **HTMX))
    assert 'id="move-error"' in body
    assert "That fleet is worth 90 PTS; the limit is 80" in body


def test_a_move_on_a_stale_page_says_the_match_moved_on(client, alice, bob):
    # Alice sealed her fleet from another tab; this page still shows the match before it.
    match = started_match(alice, bob)
    stale = match.seq
    submit(match, alice, FLEET_SMALL)
    post = {
        "expected_seq": stale,
        "move": '{"kind":"orders","def_counter":"never","def2_min_pts":0,"ask":false}',
    }
    body = html_of(page(client, alice).post(match_url(match, "match-move"), post, **HTMX))
    assert "The match moved on" in body
    match.refresh_from_db()
    assert f'data-seq="{match.seq}"' in body  # the fresh position came back with it


def test_a_plain_form_move_redirects_to_the_match_page_with_the_error(client, alice, bob):
    match = started_match(alice, bob)
    post = {"expected_seq": match.seq, "move": '{"kind":"draw"}'}
    response = page(client, alice).post(match_url(match, "match-move"), post)
    assert response.status_code == 302
    body = html_of(client.get(response["Location"]))
    assert 'class="msg msg-error"' in body


def test_a_visitor_cannot_move(client, alice, bob):
    match = started_match(alice, bob)
    post = {"expected_seq": match.seq, "move": '{"kind":"draw"}'}
    body = html_of(client.post(match_url(match, "match-move"), post, **HTMX))
    assert "Sign in to play." in body


# -- the poll ----------------------------------------------------------------------------------


def stamp_of(body: str) -> tuple[str, str]:
    found = re.search(r"poll/\?seq=(\d+)&amp;v=(\d+)", body)
    assert found, "the live region polls"
    return found.group(1), found.group(2)


def test_the_poll_answers_no_content_while_the_match_is_unchanged(client, alice, bob):
    match = started_match(alice, bob)
    seq, stamp = stamp_of(html_of(page(client, bob).get(match_url(match))))
    response = poll(client, match, seq, stamp)
    assert response.status_code == 204 and response.content == b""


def test_the_poll_returns_the_live_region_once_the_opponent_moved(client, alice, bob):
    match = started_match(alice, bob)
    seq, stamp = stamp_of(html_of(page(client, bob).get(match_url(match))))
    submit(match, alice, FLEET_SMALL)
    response = poll(client, match, seq, stamp)
    assert response.status_code == 200
    assert f'data-seq="{int(seq) + 1}"' in html_of(response)


def test_the_poll_tells_htmx_to_stop_once_the_match_is_over(client, alice, bob):
    match = started_match(alice, bob)
    services.match_resign(match_id=match.pk, user=alice)
    body = html_of(page(client, bob).get(match_url(match)))
    assert 'hx-trigger="every ' not in body  # a finished match's page does not poll
    match.refresh_from_db()
    stamp = str(int(match.updated_at.timestamp() * 1_000_000))
    assert poll(client, match, match.seq, stamp).status_code == 286


# -- the end -----------------------------------------------------------------------------------


def test_resigning_ends_the_match_and_reveals_the_seed_to_the_players(client, alice, bob, carol):
    match = started_match(alice, bob)
    page(client, alice).get(match_url(match))
    response = client.post(match_url(match, "match-resign"), {"expected_seq": match.seq})
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.is_over
    body = html_of(client.get(match_url(match)))
    assert "Red wins" in body and 'id="seed"' in body
    client.logout()
    assert 'id="seed"' not in html_of(page(client, carol).get(match_url(match)))


def test_a_move_typed_in_notation_goes_through_move_submit(alice, bob):
    from django.test import Client

    from games.models import LogEntry
    from tests.games.helpers import started_match

    match = started_match(alice, bob)
    c = Client()
    c.force_login(alice)
    assert "or type a move" in c.get(f"/matches/{match.pk}/").content.decode()
    r = c.post(f"/matches/{match.pk}/move/", {"expected_seq": match.seq, "notation": "fleet 2A"}, follow=True)
    assert r.status_code == 200
    entry = LogEntry.objects.filter(match=match).order_by("-seq").first()
    assert entry.source == "web" and entry.move == {
        "kind": "fleet",
        "ships": {"A": 2, "B": 0, "C": 0, "D": 0},
    }
    r = c.post(
        f"/matches/{match.pk}/move/", {"expected_seq": match.seq + 1, "notation": "warp to b9"}, follow=True
    )
    assert "“warp to b9”" in r.content.decode()
    assert LogEntry.objects.filter(match=match).count() == 2

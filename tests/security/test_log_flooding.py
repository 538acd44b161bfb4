"""Issue 13, item 3: one client cannot fill a match's log faster than people play, and a
long log cannot tie up the workers: every read of it is a bounded page."""

from __future__ import annotations

import copy
import re

import pytest

from games import selectors
from games.models import LogEntry, Match
from tests.games.helpers import started_match, submit

pytestmark = pytest.mark.django_db

ENTRIES = 250  # more than the largest page


ORDERS = [
    {"kind": "orders", "def_counter": policy, "def2_min_pts": pts, "ask": ask}
    for ask in (True, False)
    for pts in (25, 20, 15, 10, 0)
    for policy in ("lowest", "best", "never")
]


def orders(n: int) -> dict:
    """Standing orders that differ from the two before them (a seat's own previous ones)."""
    return ORDERS[n % len(ORDERS)]


@pytest.fixture
def long_match(alice, bob):
    """A match whose log holds ENTRIES entries: real standing-order changes, copied (the
    chain's hashes do not matter to reading)."""
    match = started_match(alice, bob)
    submit(match, bob, orders(0))
    match.refresh_from_db()
    model = match.log.get(seq=match.seq)
    copies = []
    for seq in range(match.seq + 1, ENTRIES + 1):
        model.pk, model.seq = None, seq
        copies.append(copy.copy(model))
    LogEntry.objects.bulk_create(copies)
    Match.objects.filter(pk=match.pk).update(seq=ENTRIES)
    match.refresh_from_db()
    return match


def _next_link(response) -> str | None:
    found = re.search(r'<([^>]+)>; rel="next"', response.headers.get("Link", ""))
    return found[1] if found else None


def test_the_api_log_answers_a_bounded_page_and_a_link_to_the_next(api, long_match):
    first = api.get(f"/api/matches/{long_match.pk}/log/")
    assert first.status_code == 200
    assert [e["seq"] for e in first.json()] == list(range(1, 101))
    huge = api.get(f"/api/matches/{long_match.pk}/log/?limit=100000")
    assert len(huge.json()) == selectors.LOG_PAGE_MAX
    seqs, url = [], f"/api/matches/{long_match.pk}/log/?limit=100000"
    while url:
        page = api.get(url)
        seqs += [e["seq"] for e in page.json()]
        url = _next_link(page)
    assert seqs == list(range(1, ENTRIES + 1))


def test_the_api_log_reads_backwards_from_a_cursor(api, long_match):
    latest = api.get(f"/api/matches/{long_match.pk}/log/?before={ENTRIES + 1}&limit=10")
    assert [e["seq"] for e in latest.json()] == list(range(ENTRIES - 9, ENTRIES + 1))
    assert f"before={ENTRIES - 9}" in latest.headers["Link"]
    assert 'rel="next"' not in latest.headers["Link"]


@pytest.mark.parametrize("query", ["before=x", "limit=-1", "before=-3"])
def test_a_bad_log_cursor_is_a_clear_400(api, long_match, query):
    response = api.get(f"/api/matches/{long_match.pk}/log/?{query}")
    assert response.status_code == 400
    assert response.json()["code"] == "bad_cursor"


def _shown_seqs(body: str) -> list[int]:
    return [int(n) for n in re.findall(r'<li data-seq="(\d+)"', body)]


def test_the_match_page_with_the_whole_log_shows_the_latest_page_and_older_links(client, long_match):
    body = client.get(f"/matches/{long_match.pk}/?log=all").content.decode()
    shown = _shown_seqs(body)
    assert shown == list(range(ENTRIES - selectors.LOG_PAGE_MAX + 1, ENTRIES + 1))
    older = re.search(r'href="\?log_before=(\d+)" id="log-older"', body)
    assert older and int(older[1]) == shown[0]
    body = client.get(f"/matches/{long_match.pk}/?log_before={older[1]}").content.decode()
    assert _shown_seqs(body) == list(range(1, shown[0]))
    assert 'id="log-newer"' in body and 'id="log-older"' not in body


def test_the_poll_with_the_whole_log_is_bounded_too(client, long_match):
    body = client.get(f"/matches/{long_match.pk}/poll/?seq=0&v=0&log=all").content.decode()
    assert len(_shown_seqs(body)) == selectors.LOG_PAGE_MAX
    assert "&amp;log=all" in body  # the next poll asks for the same page


def test_standing_orders_changes_are_limited_per_player_with_a_429(api, alice, bob, settings):
    settings.STARPOST_QUIET_MOVES_PER_MINUTE = 6
    match = started_match(alice, bob)
    a = api.as_user(alice)
    for n in range(6):
        match.refresh_from_db()
        assert (
            a.post(
                f"/api/matches/{match.pk}/moves/",
                {"expected_seq": match.seq, "move": orders(n)},
                format="json",
            ).status_code
            == 201
        )
    match.refresh_from_db()
    refused = a.post(
        f"/api/matches/{match.pk}/moves/", {"expected_seq": match.seq, "move": orders(9)}, format="json"
    )
    assert refused.status_code == 429
    assert refused.json()["code"] == "too_many_orders" and "in the last minute" in refused.json()["message"]
    assert int(refused.headers["Retry-After"]) >= 1
    assert LogEntry.objects.filter(match=match, kind="orders").count() == 6
    submit(match, bob, orders(1))  # the other player is not held back


def test_moves_in_general_are_limited_per_player_with_a_429(api, alice, bob, settings, time_travel):
    settings.STARPOST_MOVES_PER_MINUTE = 3
    match = started_match(alice, bob)
    a = api.as_user(alice)

    def post(n):
        match.refresh_from_db()
        return a.post(
            f"/api/matches/{match.pk}/moves/", {"expected_seq": match.seq, "move": orders(n)}, format="json"
        )

    assert [post(n).status_code for n in range(4)] == [201, 201, 201, 429]
    assert post(5).json()["code"] == "too_many_moves"
    time_travel.shift(61)
    assert post(6).status_code == 201


def test_the_web_move_form_is_limited_too(client, alice, bob, settings):
    settings.STARPOST_QUIET_MOVES_PER_MINUTE = 1
    match = started_match(alice, bob)
    client.force_login(alice)
    for n in range(2):
        match.refresh_from_db()
        client.post(
            f"/matches/{match.pk}/move/",
            {"expected_seq": match.seq, "notation": f"orders lowest {(n + 1) * 10} ask"},
        )
    assert LogEntry.objects.filter(match=match, kind="orders").count() == 1
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert "the most allowed" in page


def test_the_move_limits_read_the_log_once_a_move_even_for_standing_orders(alice, bob, settings):
    """Both limits of a standing-orders change are counted in one query over the last
    minute; the second query, for the wait, only once a limit is reached."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games.movelimits import move_rate_check

    settings.STARPOST_QUIET_MOVES_PER_MINUTE = 2
    settings.STARPOST_MOVES_PER_MINUTE = 10
    match = started_match(alice, bob)
    submit(match, alice, orders(1))
    for move in (orders(2), {"kind": "end"}):
        with CaptureQueriesContext(connection) as ctx:
            move_rate_check(match_id=match.pk, user=alice, move=move)
        assert len(ctx.captured_queries) == 1, [q["sql"] for q in ctx.captured_queries]
    submit(match, alice, orders(2))
    with CaptureQueriesContext(connection) as ctx, pytest.raises(Exception) as refused:
        move_rate_check(match_id=match.pk, user=alice, move=orders(3))
    assert refused.value.code == "too_many_orders" and len(ctx.captured_queries) == 2

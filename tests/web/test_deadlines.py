"""Deadlines are shown everywhere a deadline is (issue 6, part 1): each seat's own on the
match page, yours on the home page's "your turn" rows, the next one on other rows, all in
the viewer's own timezone; and the match's time control on its page and in the lobby."""

from __future__ import annotations

import re
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse
from django.utils import dateformat

from games.models import Match
from games.play import services
from tests.games.helpers import FLEET_SMALL, submit

from .helpers import html_of, match_url, page

pytestmark = [pytest.mark.django_db, pytest.mark.clock]

SHOWN = "D j M, H:i T"
EVENING = {"days_per_move": 2, "deadline_time": "20:00"}


def local(moment, zone: str) -> str:
    """A deadline as a page shows it to a player living in ``zone``."""
    return dateformat.format(moment.astimezone(ZoneInfo(zone)), SHOWN)


def set_zone(user, zone: str) -> None:
    user.timezone = zone
    user.save(update_fields=["timezone"])


def match_with(alice, bob, **time_control) -> Match:
    """A Space Dogfight match, both building fleets (both on turn), on ``time_control``."""
    match = services.match_create(
        user=alice, game="space-dogfight", invite=["bob"], time_control=time_control
    )
    services.match_join(user=bob, match_id=match.pk)
    match.refresh_from_db()
    return match


def seat_deadline_text(body: str, index: int) -> str:
    found = re.search(rf'<span class="due" data-seat-deadline="{index}">due ([^<]+)</span>', body)
    assert found, f"no deadline shown for seat {index}"
    return found.group(1)


def test_the_match_page_shows_each_seats_own_deadline_in_the_viewers_timezone(client, alice, bob, carol):
    set_zone(alice, "Asia/Tokyo")
    set_zone(bob, "America/New_York")
    set_zone(carol, "Europe/Stockholm")
    match = match_with(alice, bob, **EVENING)
    alice_due, bob_due = (match.seats.get(index=i).deadline for i in (0, 1))
    assert alice_due != bob_due  # 20:00 in Tokyo and 20:00 in New York
    assert local(alice_due, "Asia/Tokyo").endswith("20:00 JST")
    assert re.search(r"20:00 E[SD]T$", local(bob_due, "America/New_York"))
    body = html_of(page(client, carol).get(match_url(match)))
    assert seat_deadline_text(body, 0) == local(alice_due, "Europe/Stockholm")
    assert seat_deadline_text(body, 1) == local(bob_due, "Europe/Stockholm")
    assert "Times are shown in your timezone (Europe/Stockholm)" in body


def later_of(match, alice, bob):
    """The player whose deadline is not the match's earliest, with that deadline and zone.
    Which of Tokyo's and New York's "20:00 in two days" comes first depends on the hour the
    match starts (the two cities are on different dates from 15:00 to 05:00 UTC)."""
    dues = {i: match.seats.get(index=i).deadline for i in (0, 1)}
    assert dues[0] != dues[1]
    later = max(dues, key=dues.__getitem__)
    assert match.deadline == min(dues.values()) < dues[later]
    return (alice, bob)[later], dues[later], ("Asia/Tokyo", "America/New_York")[later]


def test_a_player_on_turn_sees_their_own_deadline_not_the_earliest(client, alice, bob):
    set_zone(alice, "Asia/Tokyo")
    set_zone(bob, "America/New_York")
    match = match_with(alice, bob, **EVENING)
    player, own_due, zone = later_of(match, alice, bob)
    body = html_of(page(client, player).get(match_url(match)))
    found = re.search(r'id="your-deadline">Your move is due ([^<]+)</span>', body)
    assert found and found.group(1) == local(own_due, zone)


def test_a_player_waiting_sees_when_the_next_move_is_due(client, alice, bob):
    set_zone(alice, "Asia/Tokyo")
    match = match_with(alice, bob)
    submit(match, alice, FLEET_SMALL)  # now only Bob must act
    match.refresh_from_db()
    body = html_of(page(client, alice).get(match_url(match)))
    assert f"Next move due {local(match.deadline, 'Asia/Tokyo')}" in body
    assert 'id="your-deadline"' not in body
    assert 'data-seat-deadline="0"' not in body  # Alice is not on turn: no clock runs for her
    assert seat_deadline_text(body, 1) == local(match.deadline, "Asia/Tokyo")


def test_a_visitor_sees_deadlines_in_utc_and_is_told_so(client, alice, bob):
    match = match_with(alice, bob)
    body = html_of(client.get(match_url(match)))
    assert seat_deadline_text(body, 0) == local(match.seats.get(index=0).deadline, "UTC")
    assert "Times are shown in UTC" in body


def test_the_match_page_states_its_time_control(client, alice, bob):
    match = match_with(
        alice,
        bob,
        days_per_move=5,
        deadline_time="20:00",
        count_weekends=False,
        max_days=30,
        timeout="extend",
    )
    body = html_of(page(client, alice).get(match_url(match)))
    assert (
        "Time control: 5 days per move, due at 20:00 in each player&#x27;s own timezone, weekends do not "
        "count, at most 30 days per player for the whole match. When time runs out: one extension per "
        "player, then the game&#x27;s default move."
    ) in body


def test_a_match_without_deadlines_says_so_and_shows_none(client, alice, bob):
    match = match_with(alice, bob, days_per_move=0)
    body = html_of(page(client, alice).get(match_url(match)))
    assert "Time control: No deadlines." in body
    assert "due " not in body.split('id="live"', 1)[1].split('class="match-grid"', 1)[0]


def test_the_default_time_control_reads_three_days_and_the_games_default_move(client, alice, bob):
    match = match_with(alice, bob)
    body = html_of(page(client, alice).get(match_url(match)))
    assert "Time control: 3 days per move. When time runs out: the game&#x27;s default move" in body


# -- home and lobby rows ------------------------------------------------------------------------


def row_of(body: str, match) -> str:
    found = re.search(rf'<li class="match-row[^"]*" data-match="{match.pk}">.*?</li>', body, re.S)
    assert found, f"no row for match {match.pk}"
    return found.group(0)


def test_a_your_turn_row_on_home_shows_your_own_deadline(client, alice, bob):
    set_zone(alice, "Asia/Tokyo")
    set_zone(bob, "America/New_York")
    match = match_with(alice, bob, **EVENING)
    player, own_due, zone = later_of(match, alice, bob)
    body = html_of(page(client, player).get(reverse("home")))
    row = row_of(body.split('id="your-turn"', 1)[1].split('id="waiting"', 1)[0], match)
    assert f"due {local(own_due, zone)}" in row
    assert local(match.deadline, zone) not in row  # not the other player's, the earliest


def test_a_waiting_row_on_home_shows_when_the_next_move_is_due(client, alice, bob):
    set_zone(alice, "Asia/Tokyo")
    match = match_with(alice, bob)
    submit(match, alice, FLEET_SMALL)
    match.refresh_from_db()
    body = html_of(page(client, alice).get(reverse("home")))
    row = row_of(body.split('id="waiting"', 1)[1], match)
    assert f"next move due {local(match.deadline, 'Asia/Tokyo')}" in row


def test_lobby_rows_show_the_time_control_of_the_open_match(client, alice, carol):
    fast = services.match_create(user=alice, game="space-dogfight", time_control={"days_per_move": 1})
    slow = services.match_create(user=alice, game="space-dogfight", time_control={"days_per_move": 0})
    body = html_of(page(client, carol).get(reverse("lobby")))
    assert "waiting for players · 1 day per move" in row_of(body, fast)
    assert "waiting for players · No deadlines." in row_of(body, slow)


def test_home_rows_with_deadlines_still_take_no_query_per_match(
    client, alice, bob, django_assert_max_num_queries
):
    for _ in range(5):
        match_with(alice, bob, **EVENING)
    page(client, alice).get("/")
    with django_assert_max_num_queries(8):
        body = html_of(client.get("/"))
    assert body.count('class="due"') == 5

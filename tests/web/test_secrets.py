"""No page shows a seat's secrets to anyone else: hands, unplaced fleets, standing orders."""

from __future__ import annotations

import pytest

from tests.games.helpers import FLEET_SMALL, play_to_turns, started_match, submit

from .helpers import (
    HIDDEN,
    draw_until_hands_hold_counters,
    html_of,
    match_url,
    page,
    place_every_ship,
    poll,
    you_of,
)

pytestmark = pytest.mark.django_db


# -- secrets -----------------------------------------------------------------------------------


def test_a_spectators_page_never_shows_the_players_hidden_markers(client, alice, bob, carol):
    match = started_match(alice, bob)
    submit(match, alice, {"kind": "fleet", "ships": {"A": 2, "B": 1, "C": 0, "D": 0}})
    submit(match, bob, FLEET_SMALL)  # both hold unplaced ships now
    for who in (carol, None):
        client.logout()
        body = html_of(page(client, who).get(match_url(match)))
        assert not HIDDEN.findall(body)
    draw_until_hands_hold_counters(place_every_ship(match))
    for who in (carol, None):
        client.logout()
        body = html_of(page(client, who).get(match_url(match)))
        assert not HIDDEN.findall(body)
        assert not HIDDEN.findall(html_of(poll(client, match, 0, "0")))


def test_a_players_page_shows_their_own_hand_and_never_the_opponents(client, alice, bob):
    match = play_to_turns(started_match(alice, bob))
    draw_until_hands_hold_counters(match)
    alice_secrets = {c["id"] for c in you_of(match, 0)["hand"]} | {"orders-0"}
    bob_secrets = {c["id"] for c in you_of(match, 1)["hand"]} | {"orders-1"}
    body = html_of(page(client, alice).get(match_url(match)))
    assert all(f'"{marker}"' in body for marker in alice_secrets)
    assert set(HIDDEN.findall(body)) <= alice_secrets
    assert not bob_secrets & set(HIDDEN.findall(body))


def test_a_player_sees_their_unplaced_ships_during_placement(client, alice, bob):
    match = started_match(alice, bob)
    submit(match, alice, FLEET_SMALL)
    submit(match, bob, FLEET_SMALL)
    body = html_of(page(client, alice).get(match_url(match)))
    assert 'data-hold="hold-0-1"' in body and "hold-1-" not in body


def test_home_and_lobby_rows_with_deadlines_show_no_seats_secrets(client, alice, bob, carol):
    from django.urls import reverse

    from games.play import services

    match = play_to_turns(started_match(alice, bob))
    draw_until_hands_hold_counters(match)
    services.match_create(user=alice, game="space-dogfight")  # an open match for the lobby
    bob_secrets = {c["id"] for c in you_of(match, 1)["hand"]} | {"orders-1"}
    for who in (alice, carol, None):
        client.logout()
        for url in (reverse("home"), reverse("lobby")):
            body = html_of(page(client, who).get(url))
            assert not HIDDEN.findall(body), (who, url)
            assert not any(s in body for s in bob_secrets)


def test_the_match_pages_deadlines_and_time_control_are_the_same_for_every_viewer(client, alice, bob, carol):
    """Deadlines are public (the API's seats[].deadline): the header shows them alike to
    both players and a spectator, apart from the viewer's own "your move" line."""
    import re

    match = play_to_turns(started_match(alice, bob))
    seen = set()
    for who in (alice, bob, carol):
        client.logout()
        body = html_of(page(client, who).get(match_url(match)))
        dues = tuple(re.findall(r'data-seat-deadline="(\d)">due ([^<]+)<', body))
        control = re.search(r'id="time-control">([^<]+)', body).group(1)
        seen.add((dues, control))
        assert dues
        if who is carol:
            assert not HIDDEN.findall(body)
    assert len(seen) == 1

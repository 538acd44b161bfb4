"""The HTML pages: who sees what, the new-match form, web moves, the poll, and secrets."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games import selectors, services
from games.models import LogEntry, Match
from tests.games.helpers import FLEET_SMALL, play_to_turns, started_match, submit, user_of

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
HIDDEN = re.compile(r"ctr-\d+|hold-\d+-\d+|orders-\d+")


@pytest.fixture(autouse=True)
def _mail_stays_in_memory(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


def page(client, user=None):
    if user is not None:
        client.force_login(user)
    return client


def html_of(response) -> str:
    return response.content.decode()


def match_url(match, name="match"):
    return reverse(name, args=[match.pk])


def you_of(match, seat):
    """The seat's own view, as the selectors give it to that player."""
    match.refresh_from_db()
    return selectors.match_view(match, selectors.Viewer.for_seat(match, seat))["view"]["you"]


def place_every_ship(match):
    """Take the first listed placement, in turn, until the match is in play."""
    while True:
        match.refresh_from_db()
        seat = match.active_seats[0]
        legal = selectors.legal_moves_view(match, selectors.Viewer.for_seat(match, seat))["moves"]
        places = [m for m in legal if m["kind"] == "place"]
        if not places:
            return match
        submit(match, user_of(match, seat), places[0])


def draw_until_hands_hold_counters(match):
    """Play turns (draw what the cup allows, then end) until both hands hold counters."""
    for _ in range(8):
        match.refresh_from_db()
        if all(you_of(match, s)["hand"] for s in (0, 1)):
            return
        seat = match.active_seats[0]
        user = user_of(match, seat)
        for _ in range(3):
            legal = selectors.legal_moves_view(match, selectors.Viewer.for_seat(match, seat))["moves"]
            if {"kind": "draw"} not in legal:
                break
            submit(match, user, {"kind": "draw"})
            match.refresh_from_db()
        legal = selectors.legal_moves_view(match, selectors.Viewer.for_seat(match, seat))["moves"]
        if {"kind": "end"} in legal:
            submit(match, user, {"kind": "end"})
    raise AssertionError("the hands stayed empty")


# -- home, lobby, accounts ------------------------------------------------------------------


def test_home_greets_anonymous_visitors_with_an_intro_and_links(client):
    body = html_of(client.get("/"))
    assert "Board games by post" in body
    assert reverse("register") in body and reverse("login") in body


def test_home_lists_the_matches_awaiting_the_player_first(client, alice, bob):
    waiting = started_match(alice, bob)
    submit(waiting, alice, FLEET_SMALL)  # now only bob must act in this one
    mine = started_match(alice, bob)
    body = html_of(page(client, alice).get("/"))
    turn_section = body.index('id="your-turn"')
    waiting_section = body.index('id="waiting"')
    assert turn_section < body.index(f'data-match="{mine.pk}"') < waiting_section
    assert waiting_section < body.index(f'data-match="{waiting.pk}"')


def test_home_shows_open_invitations_with_a_join_button(client, alice, bob):
    match = services.match_create(user=alice, game="space-dogfight", invite=["bob"])
    body = html_of(page(client, bob).get("/"))
    assert 'id="invitations"' in body
    assert reverse("match-join", args=[match.pk]) in body


def test_home_lists_matches_without_a_query_per_match(client, alice, bob, django_assert_max_num_queries):
    for _ in range(5):
        started_match(alice, bob)
    page(client, alice).get("/")  # warm the session
    with django_assert_max_num_queries(8):
        client.get("/")


def test_lobby_lists_open_matches_with_a_join_button(client, alice, bob):
    match = services.match_create(user=alice, game="space-dogfight")
    body = html_of(page(client, bob).get(reverse("lobby")))
    assert f'data-match="{match.pk}"' in body
    assert reverse("match-join", args=[match.pk]) in body


def test_joining_from_the_lobby_takes_the_seat_and_opens_the_match(client, alice, bob):
    match = services.match_create(user=alice, game="space-dogfight")
    response = page(client, bob).post(match_url(match, "match-join"), {"next": "lobby"})
    assert response.status_code == 302 and response["Location"] == match_url(match)
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE


def test_anonymous_visitors_see_the_lobby_with_sign_in_links(client, alice):
    services.match_create(user=alice, game="space-dogfight")
    body = html_of(client.get(reverse("lobby")))
    assert "Sign in to join" in body


@pytest.mark.parametrize("name", ["register", "login"])
def test_account_pages_render_for_anonymous_visitors(client, name):
    response = client.get(reverse(name))
    assert response.status_code == 200
    assert 'name="username"' in html_of(response)


def test_the_profile_page_offers_a_timezone_select(client, alice):
    body = html_of(page(client, alice).get(reverse("profile")))
    assert '<select name="timezone"' in body and "Europe/Stockholm" in body


# -- new match ------------------------------------------------------------------------------


def test_new_match_form_builds_its_fields_from_the_options_schema(client, alice):
    body = html_of(page(client, alice).get(reverse("match-new") + "?game=space-dogfight"))
    # integer -> number with bounds and default, enum -> select, titles and descriptions shown
    assert re.search(r'<input type="number" name="opt_points_limit" value="80"[^>]*min="10"[^>]*max="175"', body)
    assert '<select name="opt_movement"' in body and '<option value="path">' in body
    assert "Fleet points limit" in body and "Most PTS a secret fleet may be worth" in body
    assert 'name="invite"' in body and 'name="salt"' in body
    assert 'name="seats"' not in body  # Space Dogfight is always two players


def test_new_match_form_creates_a_match_with_the_chosen_options(client, alice, bob):
    data = {
        "opt_points_limit": "60",
        "opt_first_player": "red",
        "opt_turn_cap": "20",
        "opt_movement": "path",
        "seat": "1",
        "invite": "bob",
        "salt": "my salt",
    }
    response = page(client, alice).post(reverse("match-new") + "?game=space-dogfight", data)
    match = Match.objects.get()
    assert response.status_code == 302 and response["Location"] == match_url(match)
    assert match.options == {"points_limit": 60, "first_player": "red", "turn_cap": 20, "movement": "path"}
    assert match.seats.get(index=1).user == alice
    assert match.seats.get(index=0).invited == bob


def test_new_match_form_shows_the_services_refusal_on_the_form(client, alice):
    data = {"opt_points_limit": "80", "opt_first_player": "random", "opt_turn_cap": "50",
            "opt_movement": "straight", "seat": "0", "invite": "nobody-here"}
    response = page(client, alice).post(reverse("match-new") + "?game=space-dogfight", data)
    assert response.status_code == 200
    assert "There is no player called" in html_of(response)
    assert not Match.objects.exists()


def test_new_match_form_refuses_options_outside_the_schema_bounds(client, alice):
    data = {"opt_points_limit": "500", "opt_first_player": "random", "opt_turn_cap": "50",
            "opt_movement": "straight", "seat": "0"}
    response = page(client, alice).post(reverse("match-new") + "?game=space-dogfight", data)
    assert "less than or equal to 175" in html_of(response)
    assert not Match.objects.exists()


def test_new_match_needs_a_signed_in_player(client):
    response = client.get(reverse("match-new"))
    assert response.status_code == 302 and reverse("login") in response["Location"]


# -- the match page ----------------------------------------------------------------------------


@pytest.mark.parametrize("who", ["anonymous", "player", "spectator"])
def test_the_match_page_renders_for_everyone(client, alice, bob, carol, who):
    match = play_to_turns(started_match(alice, bob))
    user = {"anonymous": None, "player": alice, "spectator": carol}[who]
    response = page(client, user).get(match_url(match))
    body = html_of(response)
    assert response.status_code == 200
    assert body.count('class="sq') == 80  # the 8 x 10 board
    assert 'data-ship="blue-1"' in body
    assert match.seed_commitment in body
    # a player always has moves (at least the standing orders); a watcher never
    assert ("Your moves" in body) == (who == "player")
    assert ("End your turn" in body) == (who == "player" and 0 in match.active_seats)


def test_an_open_match_offers_its_free_seat_to_a_signed_in_visitor(client, alice, carol):
    match = services.match_create(user=alice, game="space-dogfight")
    body = html_of(page(client, carol).get(match_url(match)))
    assert 'id="join-button"' in body
    assert "The board is set up when every seat is taken" in body


def test_an_unknown_match_is_not_found(client):
    assert client.get("/matches/999999/").status_code == 404


def test_the_fleet_builder_lists_every_ship_type_with_the_limit(client, alice, bob):
    match = started_match(alice, bob)
    body = html_of(page(client, alice).get(match_url(match)))
    for t in "ABCD":
        assert f'name="f.ships.{t}"' in body
    assert 'data-limit="80"' in body


def test_a_web_move_goes_through_move_submit(client, alice, bob):
    match = started_match(alice, bob)
    post = {"expected_seq": match.seq, "kind": "fleet", "f.ships.A": "2", "f.ships.B": "0",
            "f.ships.C": "1", "f.ships.D": "0"}
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
    post = {"expected_seq": match.seq, "kind": "fleet", "f.ships.A": "4", "f.ships.B": "0",
            "f.ships.C": "0", "f.ships.D": "2"}
    body = html_of(page(client, alice).post(match_url(match, "match-move"), post, **HTMX))
    assert 'id="move-error"' in body
    assert "That fleet is worth 90 PTS; the limit is 80" in body


def test_a_move_on_a_stale_page_says_the_match_moved_on(client, alice, bob):
    match = started_match(alice, bob)
    stale = match.seq
    submit(match, bob, FLEET_SMALL)
    post = {"expected_seq": stale, "move": '{"kind":"fleet","ships":{"A":1,"B":0,"C":0,"D":0}}'}
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


def poll(client, match, seq, stamp):
    return client.get(match_url(match, "match-poll"), {"seq": seq, "v": stamp}, **HTMX)


def stamp_of(body: str) -> tuple[str, str]:
    found = re.search(r'poll/\?seq=(\d+)&amp;v=(\d+)', body)
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
    assert "every " not in body  # a finished match's page does not poll
    match.refresh_from_db()
    stamp = str(int(match.updated_at.timestamp() * 1_000_000))
    assert poll(client, match, match.seq, stamp).status_code == 286


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

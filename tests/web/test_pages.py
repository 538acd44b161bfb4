"""The pages: home, lobby, accounts, the new-match form and the match page."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games import selectors
from games.models import Match
from games.play import services
from tests.games.helpers import FLEET_SMALL, play_to_turns, started_match, submit

from .helpers import (
    html_of,
    match_url,
    page,
)

pytestmark = pytest.mark.django_db


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
    assert re.search(
        r'<input type="number" name="opt_points_limit" value="80"[^>]*min="10"[^>]*max="175"', body
    )
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
    data = {
        "opt_points_limit": "80",
        "opt_first_player": "random",
        "opt_turn_cap": "50",
        "opt_movement": "straight",
        "seat": "0",
        "invite": "nobody-here",
    }
    response = page(client, alice).post(reverse("match-new") + "?game=space-dogfight", data)
    assert response.status_code == 200
    assert "There is no player called" in html_of(response)
    assert not Match.objects.exists()


def test_new_match_form_refuses_options_outside_the_schema_bounds(client, alice):
    data = {
        "opt_points_limit": "500",
        "opt_first_player": "random",
        "opt_turn_cap": "50",
        "opt_movement": "straight",
        "seat": "0",
    }
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
    # a player always has something to do (at least the standing orders); a watcher never
    assert ('id="standing-orders"' in body) == (who == "player")
    assert "Your moves" not in body or who == "player"
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


def form_defaults(engine) -> dict[str, str]:
    """What a player who changes nothing submits: each option's default, as form text."""
    data = {}
    for name, spec in engine["options_schema"].get("properties", {}).items():
        if spec.get("type") == "boolean":
            if spec.get("default"):
                data[f"opt_{name}"] = "on"
        else:
            data[f"opt_{name}"] = str(spec.get("default", ""))
    if engine["min_seats"] != engine["max_seats"]:
        data["seats"] = str(engine["min_seats"])
    return {**data, "seat": "0", "invite": "bob"}


def test_every_game_can_be_opened_joined_and_shown_from_the_web(client, alice, bob, carol):
    engines = selectors.engine_list()
    assert {e["key"] for e in engines} >= {"space-dogfight"}
    for engine in engines:
        url = reverse("match-new") + f"?game={engine['key']}"
        client.force_login(alice)
        assert client.get(url).status_code == 200
        response = client.post(url, form_defaults(engine))
        assert response.status_code == 302, f"{engine['key']}: {html_of(response)[:2000]}"
        match = Match.objects.filter(game=engine["key"]).latest("pk")
        services.match_join(user=bob, match_id=match.pk)
        match.refresh_from_db()
        for user in (alice, bob, carol):
            client.force_login(user)
            body = html_of(client.get(match_url(match)))
            seat = match.seats.filter(user=user).values_list("index", flat=True).first()
            if seat is None:
                assert "Your moves" not in body, engine["key"]
            elif seat in match.active_seats:
                assert "Your moves" in body, (engine["key"], user)


def test_the_match_page_shows_the_deadline_in_the_players_timezone(client, alice, bob):
    alice.timezone = "Asia/Tokyo"
    alice.save(update_fields=["timezone"])
    match = started_match(alice, bob)
    body = html_of(page(client, alice).get(match_url(match)))
    assert match.deadline is not None  # matches run on a time control by default
    assert "Your move is due" in body and "JST" in body  # tests/web/test_deadlines.py for more


def test_a_unit_chosen_on_the_hex_map_shows_its_arcs(alice, bob):
    import random

    from django.test import Client

    from games.engines import get
    from games.play import services
    from games.ui import boards as render
    from tests.engines.contract import run, start

    engine = get("early-days")
    p = start(engine, 2)
    for _ in run(p, random.Random(3), 400):
        view = engine.view(p.state, 0)
        if any(u.get("hex") for u in view["units"]):
            break
    unit = next(u["id"] for u in view["units"] if u.get("hex"))
    drawn = render.svg_board("early-days", view, selected=unit)
    assert 'class="arc' in drawn and f'data-unit="{unit}"' in drawn

    match = services.match_create(user=alice, game="early-days", invite=["bob"])
    services.match_join(user=bob, match_id=match.pk)
    c = Client()
    c.force_login(alice)
    assert "unit=R1a" in c.get(f"/matches/{match.pk}/?unit=R1a").content.decode()  # the poll keeps it

"""Star Fighters' pages without a browser: the side panel (dice faces, why a ship cannot
activate a system) and the new-match form's per-seat options."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest
from django.template.loader import render_to_string

from tests.engines.starfighters.helpers import E, ok, position, ship
from tests.games.helpers import submit

from .helpers import started


def panel(state, seat):
    context = {"view": E.view(state, seat), "m": SimpleNamespace(your_seat=seat, game="star-fighters")}
    return render_to_string("ui/starfighters/panel.html", context)


def test_the_panel_says_why_a_player_passed_with_nothing_to_activate():
    state = position(
        ship(0, "c1", on=("y1 cockpit C", "r1 phasers.attack S")),
        ship(1, "c7", "w"),
        passed=(0,),
        on=1,
    )
    html = panel(state, 1)
    assert 'id="sf-why"' in html
    mine = html.split('data-seat="0"')[1].split("</ul></li>")[0]
    assert "(passed)" in mine and "s2 is 6 hexes away; your Phasers reach 1" in mine


def test_the_panel_keeps_why_a_ship_was_passed_into_the_next_roll_phase():
    duel = position(
        ship(0, "c2", on=("y1 cockpit C", "b1 drives.move E")),
        ship(1, "c6", "w", on=("r1 cockpit C", "r2 phasers.attack S")),
    )
    state = ok(duel, 0, "activate drives with yellow").state
    state = ok(state, 0, "drive stop").state  # both passed by the rules: a new round
    html = panel(state, 0)
    assert "Passed with nothing to activate last round" in html
    theirs = html.split('class="sf-passed" data-seat="1"')[1].split("</ul></div>")[0]
    assert "Phasers: no enemy in range (they reach 1 hex;" in theirs
    assert "the nearest enemy ship, Player 1&#x27;s, is 4 hexes away" in theirs


@pytest.mark.django_db
def test_the_log_and_the_panel_of_a_match_say_why_a_ship_was_passed(client, alice, bob):
    match = started("star-fighters", alice, bob)
    for _ in range(60):  # both hold at once: two bare boards, both passed by the rules
        match.refresh_from_db()
        if match.state["round"] > 1:
            break
        seat = min(match.active_seats)
        submit(match, (alice, bob)[seat], {"kind": "hold"})
    client.force_login(alice)
    html = client.get(f"/matches/{match.pk}/").content.decode()
    assert "You passed: nothing to activate (no die on the ship board)" in html
    assert "Player 2 passed: nothing to activate (no die on the ship board)" in html
    assert "Passed with nothing to activate last round" in html


def test_the_panel_names_each_dice_face():
    html = panel(position(ship(0, "c1"), ship(1, "c7", "w")), 0)
    for words in ("▲</span> security", "◆</span> engineering", "■</span> command", "·</span> blank"):
        assert words in html


@pytest.mark.django_db
def test_the_help_page_teaches_the_game_from_setup_to_victory(client):
    body = client.get("/games/star-fighters/").content.decode()
    start = body.find('id="sf-learn"')
    assert start > 0, "a rules summary"
    lesson = body[start : body.find("This site's choices", start)]
    for part in ("Setup.", "Ship boards.", "Dice faces.", "The roll phase and the button.", "Activations."):
        assert f"<strong>{part}</strong>" in lesson
    for words in ("Drives", "Phasers", "Torpedoes", "Shields", "Damage.", "Victory:"):
        assert words in lesson


def guide(client, user, match) -> str:
    client.force_login(user)
    body = client.get(f"/matches/{match.pk}/").content.decode()
    start = body.find('id="walkthrough"')
    return "" if start < 0 else body[start : body.find("</aside>", start)]


@pytest.mark.django_db
def test_the_first_match_guide_says_what_to_do_in_the_roll_phase(client, alice, bob):
    match = started("star-fighters", alice, bob)
    assert "Roll your dice" in guide(client, alice, match)
    submit(match, alice, {"kind": "roll"})
    assert "Place your dice" in guide(client, alice, match)
    assert "Roll your dice" in guide(client, bob, match)


def test_the_first_match_guide_says_what_to_do_in_the_activations():
    state = position(ship(0, "c3", on=("y1 cockpit C", "r1 phasers.attack S")), ship(1, "c5", "w"), on=0)

    def shown(seat):
        return render_to_string("ui/starfighters/walkthrough.html", {"view": E.view(state, seat)})

    assert "Your turn to activate" in shown(0)
    assert "Another player is activating" in shown(1)
    assert 'id="walkthrough"' not in render_to_string(
        "ui/starfighters/walkthrough.html", {"view": E.view(replace(state, round=3), 0)}
    ), "gone after the first two rounds"


@pytest.mark.django_db
def test_the_help_page_draws_the_games_own_boards_and_its_dice_table(client):
    body = client.get("/games/star-fighters/").content.decode()
    for name in ("start", "activate", "damage"):
        start = body.find(f'id="diagram-{name}"')
        assert start > 0, name
        figure = body[start : body.find("</figure>", start)]
        assert "board-starfighters" in figure and figure.count('class="ship"') == 2
    assert "3 × ▲ security, 2 × ■ command, 1 × · blank" in body


@pytest.mark.django_db
def test_the_moves_say_why_fire_is_not_offered_yet(client, alice, bob):
    match = started("star-fighters", alice, bob)
    client.force_login(alice)
    body = client.get(f"/matches/{match.pk}/").content.decode()
    assert "Fire! is not offered yet: You must not hit the button unless you can activate" in body


def test_the_drive_buttons_say_why_a_step_is_not_offered():
    from games.engines.starfighters.state import Drive
    from games.ui.starfighters.hints import HINTS

    state = position(ship(0, "c1", "w", on=("b1 drives.move E",)), ship(1, "c7", "w"))
    state = replace(state, turns=replace(state.turns, drive=Drive(seat=0, moves=1)))
    note = HINTS.kinds["drive"].note(E.view(state, 0))
    assert note.startswith("Not possible now: You can only move off the edge of the hex grid")
    assert HINTS.kinds["drive"].note(E.view(state, 1)) == ""

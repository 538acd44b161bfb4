"""Battleship Galaxies' help page teaches the game: setup, the turn, moving, combat, tactic
cards, the end and the missions, with boards the engine played (games/ui/galaxies/diagrams.py)
and the fleet table read from the engine's catalogue."""

from __future__ import annotations

import re

import pytest

from games import selectors
from games.engines import get
from games.engines.session import Session

from .helpers import advance, started

pytestmark = pytest.mark.django_db


def test_the_help_page_teaches_galaxies_with_its_own_boards_and_fleet_table(client):
    body = client.get("/games/battleship-galaxies/").content.decode()
    for section in ("learn-setup", "learn-turn", "learn-move", "learn-combat", "learn-cards", "learn-end"):
        assert f'id="{section}"' in body
    ships = {}
    for name in ("deploy", "move", "combat"):
        figure = re.search(rf'<figure class="help-diagram" id="diagram-{name}">(.*?)</figure>', body, re.S)
        assert figure and "<svg" in figure[1] and "<figcaption>" in figure[1], name
        ships[name] = len(set(re.findall(r'data-ship="([^"]+)"', figure[1])))
    assert 0 < ships["deploy"] <= ships["combat"]
    combat = re.search(r'id="diagram-combat">(.*?)</figure>', body, re.S)[1]
    assert 'stroke="#f5a524"' in combat, "the attack is marked on its board"
    # every version of every ship card, as the engine's catalogue gives it
    engine = get("battleship-galaxies")
    state = Session.begin(engine, 2, b"t", {"mission": "skirmish"}).state
    table = re.search(r'<table class="help-table" id="table-fleet">(.*?)</table>', body, re.S)[1]
    for seat in (0, 1):
        for ship in engine.view(state, seat)["you"]["catalogue"]["ships"].values():
            for version, s in ship["versions"].items():
                cells = (
                    f"<td>{ship['size']}</td><td>{version}</td><td>{s['launch']}</td><td>{s['activate']}</td>"
                )
                assert cells in table, (ship["name"], version)


def guide(client, user, match) -> str:
    client.force_login(user) if user else client.logout()
    body = client.get(f"/matches/{match.pk}/").content.decode()
    start = body.find('id="walkthrough"')
    return "" if start < 0 else body[start : body.find("</aside>", start)]


def test_the_first_match_guide_says_what_to_do_in_each_phase_of_the_first_turns(client, alice, bob, carol):
    match = started("battleship-galaxies", alice, bob, mission="skirmish")
    assert "Choose your fleet and deck" in guide(client, alice, match)
    assert guide(client, carol, match) == "" and guide(client, None, match) == ""  # players only

    def phase(name):
        def reached(seat, moves):
            view = selectors.board_view(match, selectors.Viewer.for_seat(match, seat))
            turn = view.get("turn") or {}
            return turn.get("phase") == name and turn.get("seat") == seat

        return reached

    for name, words in (
        ("energy", "Energy phase"),
        ("deploy", "Deploy phase"),
        ("action", "Action phase"),
    ):
        match, seat, _ = advance(match, phase(name), prefer=("ready", "first", "next", "launch", "place"))
        on_turn, waiting = (alice, bob) if seat == 0 else (bob, alice)
        assert words in guide(client, on_turn, match), name
        assert "Your opponent is playing their turn" in guide(client, waiting, match)

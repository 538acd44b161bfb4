""" "The early days" help page teaches the game with boards the engine played and tables read
from its view, and a match page shows a first-match guide in the first turns."""

from __future__ import annotations

import re

import pytest
from django.template.loader import render_to_string
from django.utils.html import escape

from games.catalog import entry
from games.engines.session import Session
from tests.engines.earlydays.helpers import IMPERIAL, REBEL, E, position, shooting, unit

from .helpers import started


@pytest.mark.django_db
def test_the_help_page_teaches_setup_turn_movement_shooting_ion_and_scenarios_with_its_own_boards(client):
    body = client.get("/games/early-days/").content.decode()
    for section in ("learn-setup", "learn-turn", "learn-move", "learn-shoot", "learn-ion", "learn-scenarios"):
        assert f'id="{section}"' in body, section
    units = {}
    for name in ("deployed", "moving", "losses"):
        figure = re.search(rf'<figure class="help-diagram" id="diagram-{name}">(.*?)</figure>', body, re.S)
        assert figure and "<svg" in figure[1] and "<figcaption>" in figure[1], name
        units[name] = len(re.findall(r'<g class="unit ', figure[1]))
    assert 0 < units["losses"] < units["deployed"], units
    assert 'class="arc' in re.search(r'id="diagram-moving">(.*?)</figure>', body, re.S)[1], "the mover's arcs"
    # the tables are the engine's: every unit type with its cost and move, every range band
    engine = entry("early-days").engine
    view = engine.view(Session.begin(engine, 2, b"t").state, None)
    table = re.search(r'<table class="help-table" id="table-units">(.*?)</table>', body, re.S)[1]
    for t in view["unit_types"].values():
        assert re.search(
            rf"<td>{re.escape(escape(t['name']))}</td><td>[^<]+</td><td>[^<]*</td><td>{t['move']}</td>", table
        )
    ranges = re.search(r'<table class="help-table" id="table-ranges">(.*?)</table>', body, re.S)[1]
    assert ranges.count("<tr>") >= sum(len(b) + 1 for b in view["range_bands"].values())
    for scenario in (
        "Fighter clash",
        "Convoy raid",
        "Outpost assault",
        "Hostage situation",
        "Steal Starship",
    ):
        assert f"<strong>{scenario}</strong>" in body


def shown(state, seat):
    return render_to_string("ui/earlydays/walkthrough.html", {"view": E.view(state, seat)})


@pytest.mark.django_db
def test_the_first_match_guide_says_what_to_do_from_buying_to_the_first_turns(client, alice, bob):
    match = started("early-days", alice, bob)
    client.force_login(alice)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert 'id="walkthrough"' in page and "Buy your force" in page

    moving = position(unit("R1a", "x_wing", "1010", "E"), unit("I1a", "tie_fighter", "2010", "W"))
    assert "Move a unit" in shown(moving, REBEL)
    assert "The other side is moving" in shown(moving, IMPERIAL)
    firing = shooting(unit("R1a", "x_wing", "1010", "E"), unit("I1a", "tie_fighter", "1210", "W"))
    assert "Give your fire orders" in shown(firing, REBEL)
    later = position(unit("R1a", "x_wing", "1010", "E"), unit("I1a", "tie_fighter", "2010", "W"), turn=3)
    assert 'id="walkthrough"' not in shown(later, REBEL), "gone after the first two turns"
    assert 'id="walkthrough"' not in render_to_string(
        "ui/earlydays/walkthrough.html", {"view": E.view(moving, None)}
    ), "not for spectators"

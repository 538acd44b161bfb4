"""A game's help page teaches it: setup, the turn, each action, combat, the end, with
boards the engine played and tables read from the engine (games/ui/<game>/diagrams.py)."""

from __future__ import annotations

import re

import pytest

from games.catalog import entries, entry
from games.engines.session import Session
from games.ui import boards

pytestmark = pytest.mark.django_db


def test_space_dogfights_help_page_teaches_the_game_with_its_own_boards(client):
    body = client.get("/games/space-dogfight/").content.decode()
    for section in ("learn-setup", "learn-turn", "learn-move", "learn-combat", "learn-end"):
        assert f'id="{section}"' in body
    for name in ("place", "play", "combat"):
        figure = re.search(rf'<figure class="help-diagram" id="diagram-{name}">(.*?)</figure>', body, re.S)
        assert figure and "<svg" in figure[1] and "<figcaption>" in figure[1]
    # the placing board has ships in a starting zone, the later ones fewer ships than before
    ships = {
        n: len(re.findall(r"data-ship=", re.search(rf'id="diagram-{n}">(.*?)</figure>', body, re.S)[1]))
        for n in ("place", "play", "combat")
    }
    assert 0 < ships["place"] < ships["play"] and ships["combat"] < ships["play"]
    # the ship table is the engine's: every ship type with its values, none typed by hand
    engine = entry("space-dogfight").engine
    view_types = engine.view(Session.begin(engine, 2, b"t").state, None)["ship_types"]
    table = re.search(r'<table class="help-table" id="table-ships">(.*?)</table>', body, re.S)[1]
    for t in view_types.values():
        assert (
            f"<td>{t['type']}</td><td>{t['pts']}</td><td>{t['mov']}</td><td>{t['att']}</td><td>{t['def']}</td>"
            in table
        )


@pytest.mark.parametrize("game", [e.key for e in entries() if e.diagrams is not None])
def test_every_help_diagram_and_table_a_game_declares_draws(game):
    module = entry(game).diagrams
    for name in getattr(module, "DIAGRAMS", {}):
        svg, caption = boards.diagram(game, name)
        assert svg.startswith("<svg") and caption
    for name, table in getattr(module, "TABLES", {}).items():
        caption, headers, rows = table()
        assert caption and headers and rows and all(len(r) == len(headers) for r in rows), name

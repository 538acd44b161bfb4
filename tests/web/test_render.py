"""The Space Dogfight drawings: SVG for the page, text and an HTML table for emails."""

from __future__ import annotations

import re
from xml.etree import ElementTree

from games.ui.dogfight import render as dogfight

SHIP_TYPES = {
    "A": {"type": "A", "count": 4, "pts": 10, "mov": 3, "att": 3, "def": 1},
    "B": {"type": "B", "count": 3, "pts": 15, "mov": 2, "att": 4, "def": 2},
}


def a_view(**extra):
    """A view in the shape games/engines/dogfight/view.py documents."""
    view = {
        "game": "space-dogfight",
        "phase": "play",
        "board": {
            "files": list("abcdefgh"),
            "rows": 10,
            "zones": {"blue": [1, 2], "red": [9, 10]},
            "forward": {"blue": 1, "red": -1},
            "asteroid_squares": {"1": "b5", "2": "d5"},
        },
        "asteroids": [{"n": 1, "square": "b5"}, {"n": 2, "square": "d5"}],
        "ships": [
            {
                "id": "blue-1",
                "owner": 0,
                "colour": "blue",
                "type": "A",
                "square": "b3",
                "pts": 10,
                "mov": 3,
                "att": 3,
                "def": 1,
            },
            {
                "id": "red-1",
                "owner": 1,
                "colour": "red",
                "type": "B",
                "square": "c9",
                "pts": 15,
                "mov": 2,
                "att": 4,
                "def": 2,
            },
        ],
        "lost": [],
        "ship_types": SHIP_TYPES,
        "counter_types": {"AP": {"label": "AP"}, "DEF1": {"label": "DEF+1"}},
        "turn": {"seat": 1, "colour": "red", "number": 3, "stage": "start"},
        "players": [
            {
                "seat": 0,
                "colour": "blue",
                "name": "Blue",
                "active": False,
                "hand_size": 2,
                "turns_taken": 2,
                "fleet_value": 10,
            },
            {
                "seat": 1,
                "colour": "red",
                "name": "Red",
                "active": True,
                "hand_size": 1,
                "turns_taken": 2,
                "fleet_value": 15,
            },
        ],
        "you": None,
        "pending": None,
        "last_combat": None,
    }
    view.update(extra)
    return view


def test_the_svg_board_has_a_square_per_cell_named_for_the_page_script():
    svg = dogfight.svg(a_view())
    ElementTree.fromstring(svg)  # well-formed
    squares = re.findall(r'<rect class="sq[^"]*" data-square="([a-h]\d+)"', svg)
    assert len(squares) == 80 and {"a1", "h10", "b3"} <= set(squares)
    assert 'data-ship="blue-1"' in svg and 'data-ship="red-1"' in svg
    assert 'data-asteroid="1"' in svg


def test_the_svg_tints_the_two_starting_zones():
    svg = dogfight.svg(a_view())
    assert len(re.findall(r'class="sq zone zone-blue"', svg)) == 16
    assert len(re.findall(r'class="sq zone zone-red"', svg)) == 16


def test_the_svg_escapes_what_it_draws():
    view = a_view()
    view["ships"][0]["type"] = '<script>"x"</script>'
    svg = dogfight.svg(view)
    assert "<script>" not in svg and "&lt;script&gt;" in svg


def test_the_red_player_sees_their_own_zone_at_the_bottom():
    def y_of(svg, square):
        return float(re.search(rf'data-square="{square}" x="[\d.]+" y="([\d.]+)"', svg).group(1))

    blue = dogfight.svg(a_view(you={"seat": 0, "colour": "blue", "hand": [], "unplaced": []}))
    red = dogfight.svg(a_view(you={"seat": 1, "colour": "red", "hand": [], "unplaced": []}))
    assert y_of(blue, "a1") > y_of(blue, "a10")
    assert y_of(red, "a1") < y_of(red, "a10")


def test_the_text_board_runs_from_row_10_down_with_a_legend():
    text = dogfight.text(a_view())
    lines = text.splitlines()
    rows = [int(m.group(1)) for line in lines if (m := re.match(r"^\s*(\d+)\s", line))]
    assert rows == list(range(10, 0, -1))
    row3 = next(line for line in lines if line.startswith("  3 "))
    assert "bA" in row3
    assert "@1" in text and "asteroid" in text and "Turn 3" in text


def test_the_text_board_shows_the_recipients_own_hand_only_when_the_view_has_it():
    you = {
        "seat": 0,
        "colour": "blue",
        "hand": [
            {"id": "ctr-03", "type": "AP", "label": "AP"},
            {"id": "ctr-13", "type": "DEF1", "label": "DEF+1"},
        ],
        "unplaced": [],
        "orders": {"id": "orders-0"},
    }
    assert "Your hand (blue): AP, DEF+1" in dogfight.text(a_view(you=you))
    assert "Your hand" not in dogfight.text(a_view())
    assert "ctr-" not in dogfight.text(a_view(you=you))


def test_the_html_board_is_a_table_with_inline_styles():
    html = dogfight.html(a_view())
    assert html.count("<tr>") == 12  # ten rows and the file letters above and below
    assert "<svg" not in html and "<style" not in html
    assert ">bA<" in html and ">rB<" in html

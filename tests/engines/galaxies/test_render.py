"""The drawings (games/ui/galaxies/render.py): SVG board, plain text and HTML for emails, all
from the view dict alone, so a seat's drawing shows only what that seat may see."""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET

from games.engines.galaxies.data import DATA
from games.ui.boards import html_board, svg_board, text_board
from games.ui.galaxies import render as R

from .helpers import ISN, WRETCH, E, activating, hidden, position, ship, tac

NS = "{http://www.w3.org/2000/svg}"


def _view(seat):
    cards = [
        ship("ev", ISN, ("h9", "h10", "i10")),
        hidden("ba", ISN, "veteran", carrier="ev"),
        ship("bs", ISN, "e10", "f10", "g11", attached=[tac(0, 4, "isn-cannon")]),
        ship("sb", WRETCH, ("h2", "h3"), shields=2, damage=1),
    ]
    return E.view(position(cards, hands=((tac(0, 1, "isn-lock"),), ())), seat)


def test_the_svg_draws_every_hex_multi_hex_ships_obstacles_and_tiles():
    root = ET.fromstring(R.svg(_view(ISN)))
    hexes = [
        e for e in root.iter(f"{NS}polygon") if e.get("data-hex") and "hex" in e.get("class", "").split()
    ]
    assert len(hexes) == 9 * 13 + 8 * 12  # half hexes are not drawn
    ships = {g.get("data-ship"): g for g in root.iter(f"{NS}g") if g.get("data-ship")}
    assert set(ships) == {"ev", "bs1", "bs2", "bs3", "sb"}
    assert (
        len(list(ships["ev"].iter(f"{NS}polygon"))) == 3 and len(list(ships["sb"].iter(f"{NS}polygon"))) == 2
    )
    sb_pegs = [c.get("fill") for c in ships["sb"].iter(f"{NS}circle")]
    assert sb_pegs.count("#60a5fa") == 2 and sb_pegs.count("#ef4444") == 1
    classes = " ".join(e.get("class", "") for e in hexes)
    assert "asteroid" in classes and "debris" in classes
    assert {g.get("data-tile") for g in root.iter(f"{NS}g") if g.get("data-tile")} == {"energy"}


def test_the_svg_shows_the_ship_cards_in_play_with_pegs_and_target_grids():
    """Issue part 7: the ship cards in play - numbers, weapons, power, attached cards, each
    ship's pegs and the target grid with its critical cells (BG-04)."""
    root = ET.fromstring(R.svg(_view(WRETCH)))
    cards = {g.get("data-card"): g for g in root.iter(f"{NS}g") if g.get("data-card")}
    assert set(cards) == {"ev", "bs", "sb"}
    texts = {code: [t.text for t in g.iter(f"{NS}text")] for code, g in cards.items()}
    assert texts["ev"][:3] == [
        "EV ISN Everest",
        "standard large, move 3, activate 4",
        "hull 10, shields 6, capacity 12",
    ]
    assert "Heavy batteries: range 8, 2 x 2, charge 0" in texts["ev"]
    assert "+ Auxiliary Cannon (Additional Weapon)" in texts["bs"]
    assert {"BS1", "BS2", "BS3"} <= set(texts["bs"])
    sb_pegs = [c.get("fill") for c in cards["sb"].iter(f"{NS}circle")]
    assert sb_pegs.count("#60a5fa") == 2 and sb_pegs.count("#ef4444") == 1
    for code, g in cards.items():
        cells = [r.get("class") for r in g.iter(f"{NS}rect") if (r.get("class") or "").startswith("grid-")]
        grid = "".join(DATA.ships[code].grid)
        assert cells.count("grid-critical") == 2 and len(cells) == grid.count("x") + grid.count("*")


def test_the_svg_stays_inside_its_view_box_for_either_side():
    for seat in (ISN, WRETCH):
        root = ET.fromstring(R.svg(_view(seat)))
        _, _, width, height = (float(x) for x in root.get("viewBox").split())
        for e in root.iter(f"{NS}polygon"):
            for point in e.get("points").split():
                x, y = (float(v) for v in point.split(","))
                assert 0 <= x <= width and 0 <= y <= height
        for e in root.iter(f"{NS}rect"):
            x, y = float(e.get("x")), float(e.get("y"))
            assert x >= 0 and x + float(e.get("width")) <= width and y >= 0
            assert y + float(e.get("height")) <= height


def test_every_text_is_escaped():
    view = copy.deepcopy(_view(ISN))
    view["mission"]["name"] = '<script>"x"</script>'
    view["cards"][0]["name"] = "<b>Everest</b>"
    view["ships"][0]["name"] = "<b>Everest</b>"
    for out in (R.svg(view), R.html(view)):
        assert "<script>" not in out and "<b>" not in out
    ET.fromstring(R.svg(view))


def test_the_text_shows_the_board_and_the_ship_cards_in_play():
    out = R.text(_view(ISN))
    assert "Ship cards in play:" in out and "EV ISN Everest (isn, standard, large)" in out
    assert "SB on h2 h3: shields 2/4, hull 1/6" in out
    assert "Hand: c0-1 Target Lock" in out and "Hold of EV: BA (veteran)" in out
    assert "   EV" in out and "##" in out and "%%" in out


def test_the_drawings_show_another_seat_nothing_hidden():
    view = _view(WRETCH)
    for out in (R.text(view), R.html(view), R.svg(view)):
        assert "veteran" not in out and "c0-1" not in out and "Target Lock" not in out


def test_the_html_uses_inline_styles_and_no_svg():
    out = R.html(_view(ISN))
    assert "<svg" not in out and "<table" in out and 'style="' in out and "<style" not in out


def test_the_render_registry_draws_battleship_galaxies():
    view = _view(ISN)
    assert svg_board("battleship-galaxies", view).startswith("<svg")
    assert "Battleship Galaxies" in text_board("battleship-galaxies", view)
    assert "<table" in html_board("battleship-galaxies", view)


def test_drawings_of_every_phase_do_not_fail():
    from .test_setup import started

    s = started().state
    for view in (E.view(s, ISN), E.view(s, None), E.view(s, WRETCH, reveal_all=True)):
        assert R.svg(view) and R.text(view) and R.html(view)


def test_each_hex_of_a_ship_is_its_board_hex_too_so_a_hex_under_a_ship_can_be_clicked():
    """A step or placement onto a hex a ship covers is made by clicking the ship there."""
    root = ET.fromstring(R.svg(_view(ISN)))
    ev = next(g for g in root.iter(f"{NS}g") if g.get("data-ship") == "ev")
    assert [p.get("data-hex") for p in ev.iter(f"{NS}polygon")] == ["h9", "h10", "i10"]


def test_pan_base_draws_its_survivor_sites_and_the_victory_point_track():
    state = position([ship("ev", ISN, ("h9", "h10", "i10"))], mission="pan-base")
    view = E.view(state, ISN)
    track = view["mission"]["track"]
    root = ET.fromstring(R.svg(view))
    sites = {g.get("data-survivor") for g in root.iter(f"{NS}g") if g.get("data-survivor")}
    assert sites == set(track["survivors"]) and sites
    drawn = next(g for g in root.iter(f"{NS}g") if "vp-track" in g.get("class", ""))
    assert (drawn.get("data-points"), drawn.get("data-target")) == (
        str(track["points"]),
        str(track["target"]),
    )
    assert f"victory points: {track['points']} of {track['target']}" in R.text(view)
    plain = ET.fromstring(R.svg(_view(ISN)))
    assert not [g for g in plain.iter(f"{NS}g") if g.get("data-survivor") or "vp-track" in g.get("class", "")]


def test_the_activated_ship_card_is_marked_on_the_board():
    """The ship card being activated (the view's turn card) is ringed, its ships named so."""
    state = activating(position([ship("ba", ISN, ("c10", "c11")), ship("ck", WRETCH, "c6")]), "ba")
    root = ET.fromstring(R.svg(E.view(state, ISN)))
    ships = {g.get("data-ship"): g for g in root.iter(f"{NS}g") if g.get("data-ship")}
    assert "activated" in ships["ba"].get("class").split() and "activated" not in ships["ck"].get("class")
    assert "(activated" in ships["ba"].find(f"{NS}title").text
    idle = ET.fromstring(R.svg(_view(ISN)))
    assert not [g for g in idle.iter(f"{NS}g") if "activated" in (g.get("class") or "").split()]

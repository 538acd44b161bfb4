"""The drawings of games/ui/earlydays/render.py: from the view dict only, text escaped, and
nothing a viewer may not see."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from games.ui.boards import html_board, svg_board, text_board
from games.ui.earlydays import render as draw

from .helpers import IMPERIAL, REBEL, E, dice, ok, position, unit

NS = "{http://www.w3.org/2000/svg}"


def play_view(viewer=REBEL, **kw):
    state = position(
        unit("R1a", "x_wing", "1010", "E", options=("proton_torpedoes",)),
        unit("R2", "corvette_rebel", "1014", "E", options=("cr_side_turrets",)),
        unit("I1a", "tie_fighter", "1210", "W"),
        **kw,
    )
    return E.view(state, viewer)


def test_the_registry_draws_early_days_with_this_module():
    view = play_view()
    assert svg_board("early-days", view) == draw.svg(view)
    assert text_board("early-days", view) == draw.text(view)
    assert html_board("early-days", view) == draw.html(view)


def test_the_svg_is_well_formed_with_every_hex_and_every_unit():
    root = ET.fromstring(draw.svg(play_view()))
    hexes = [p for p in root.iter(f"{NS}polygon") if p.get("class") == "hex"]
    units = [g for g in root.iter(f"{NS}g") if (g.get("class") or "").startswith("unit ")]
    assert len(hexes) == 36 * 24
    assert sorted(g.get("data-unit") for g in units) == ["I1a", "R1a", "R2"]
    assert {g.get("data-facing") for g in units} == {"E", "W"}


def test_the_svg_shows_the_arcs_of_the_selected_unit():
    root = ET.fromstring(draw.svg(play_view(), selected="R2"))
    arcs = [el for el in root.iter() if "arc" in (el.get("class") or "")]
    mounts = {el.get("class") for el in arcs}
    assert mounts == {"arc arc-any", "arc arc-left", "arc arc-right"}
    assert all(el.get("data-unit") == "R2" for el in arcs)
    assert not [el for el in ET.fromstring(draw.svg(play_view())).iter() if "arc" in (el.get("class") or "")]


def test_the_svg_shows_the_arcs_of_the_unit_moving_now_by_default():
    from games.engines.earlydays.state import Moving

    view = play_view(moving=Moving("R1a"))
    arcs = [el for el in ET.fromstring(draw.svg(view)).iter() if "arc" in (el.get("class") or "")]
    assert {el.get("class") for el in arcs} == {"arc arc-forward"}


def test_text_is_escaped_in_svg_and_html():
    view = play_view()
    view["scenario"]["name"] = "<script>alert('x')</script>"
    for out in (draw.svg(view), draw.html(view)):
        assert "<script>" not in out and "&lt;script&gt;" in out


def test_the_html_for_emails_has_inline_styles_and_no_svg():
    out = draw.html(play_view())
    assert "<svg" not in out and 'style="' in out and "R1a" in out


def test_the_text_board_lists_force_sheets_units_and_status():
    state = E.setup({}, 2, dice()).state
    state = ok(state, REBEL, "buy x_wing").state
    state = ok(state, REBEL, "option R1 proton_torpedoes").state
    mine, theirs = draw.text(E.view(state, REBEL)), draw.text(E.view(state, IMPERIAL))
    assert "R1: X-wing + Anti-capship (proton) torpedoes - 14 pts" in mine
    assert "R1" not in theirs and "building a sealed force list" in theirs
    assert mine.startswith('"The early days" - Fighter clash: Force building (sealed)')


def test_the_text_board_shows_a_finished_games_result():
    from dataclasses import replace

    from games.engines.earlydays import sequence
    from games.engines.earlydays.state import END

    state = position(unit("R1a", "x_wing", "1010"), unit("I1a", "tie_fighter", "1210"), turn=12, step=END)
    state, _ = sequence.continue_end(replace(state, end_queue=()), dice())
    out = draw.text(E.view(state, REBEL, reveal_all=True))
    assert "Result: a draw (even losses)." in out and "0 of 10 pts lost" in out


def test_the_hostage_d6_appears_only_in_the_rebels_text():
    state = E.setup({"scenario": "hostage"}, 2, dice()).state
    assert "may dock from turn" in draw.text(E.view(state, REBEL))
    assert "may dock from turn" not in draw.text(E.view(state, IMPERIAL))


def test_the_text_board_lists_your_sealed_fire_decisions_and_the_ones_still_owed():
    from games.engines.earlydays.state import SHOOT

    state = position(
        unit("R2", "corvette_rebel", "1010", "E"), unit("I1a", "tie_fighter", "1210", "W"), step=SHOOT
    )
    state = ok(state, REBEL, "fire R2 hold turret_1").state
    mine, theirs = draw.text(E.view(state, REBEL)), draw.text(E.view(state, IMPERIAL))
    assert "Your sealed fire orders: R2 holds its turret_1 weapons" in mine
    assert "Fire decisions still to give (a target or hold): R2 turret_2" in mine
    assert "holds" not in theirs and "turret_1" not in theirs

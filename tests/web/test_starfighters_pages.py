"""Star Fighters' pages without a browser: the side panel (dice faces, why a ship cannot
activate a system) and the new-match form's per-seat options."""

from __future__ import annotations

from types import SimpleNamespace

from django.template.loader import render_to_string

from tests.engines.starfighters.helpers import E, position, ship


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


def test_the_panel_names_each_dice_face():
    html = panel(position(ship(0, "c1"), ship(1, "c7", "w")), 0)
    for words in ("▲</span> security", "◆</span> engineering", "■</span> command", "·</span> blank"):
        assert words in html

"""Battleship Galaxies' match page says why a ship cannot do what a player might expect:
the engine's reasons (the view's you.why_not) beside End your turn, to the seat on turn."""

from __future__ import annotations

import json
from html import escape

import pytest

from games import selectors

from .helpers import advance, started

pytestmark = pytest.mark.django_db


def test_the_page_says_why_a_ship_cannot_activate_move_or_attack(client, alice, bob):
    match = started("battleship-galaxies", alice, bob, mission="mission-1")

    def reasons(seat):
        return selectors.board_view(match, selectors.Viewer.for_seat(match, seat))["you"]["why_not"]

    def explained(seat, moves):
        return {"kind": "end"} in moves and any(w["action"] in ("attack", "activate") for w in reasons(seat))

    match, seat, _ = advance(
        match, explained, prefer=("ready", "first", "launch", "place", "next", "activate")
    )
    user, other = (alice, bob) if seat == 0 else (bob, alice)
    client.force_login(user)
    body = client.get(f"/matches/{match.pk}/").content.decode()
    note = body[body.index('class="move-group group-end"') :]
    note = note[: note.index("</form>")]
    assert "Not possible now:" in note
    for w in reasons(seat):
        assert escape(w["why"]) in note, w
    client.force_login(other)
    assert "Not possible now:" not in client.get(f"/matches/{match.pk}/").content.decode()


def picks_of(body: str) -> list[dict]:
    start = body.index('<script id="pick-moves" type="application/json">') + len(
        '<script id="pick-moves" type="application/json">'
    )
    return json.loads(body[start : body.index("</script>", start)])["moves"]


def test_fleet_choices_and_launches_are_worded_for_a_new_player(client, alice, bob):
    match = started("battleship-galaxies", alice, bob, mission="skirmish")
    client.force_login(alice)
    body = client.get(f"/matches/{match.pk}/").content.decode()
    assert "Your fleet:" in body and "points. Your deck:" in body
    leave = [p for p in picks_of(body) if p["kind"] == "fleet" and p["move"]["version"] == "none"]
    assert leave and all(p["steps"][1]["label"] == "leave it out of the fleet" for p in leave)

    def launching(seat, moves):
        return any(m["kind"] == "launch" for m in moves)

    match, seat, _ = advance(match, launching, prefer=("ready", "first", "next"))
    client.force_login((alice, bob)[seat])
    body = client.get(f"/matches/{match.pk}/").content.decode()
    energy = selectors.board_view(match, selectors.Viewer.for_seat(match, seat))["players"][seat]["energy"]
    group = body[body.index('class="move-group group-launch"') :]
    assert f"You have {energy} energy." in group[: group.index("</form>")]


def test_the_computer_cores_draw_says_which_deck_and_how_many_cards(client, alice, bob):
    match = started("battleship-galaxies", alice, bob, mission="barrage-core")

    def drawing(seat, moves):
        return any(m["kind"] == "draw" for m in moves)

    match, seat, _ = advance(match, drawing, prefer=("ready", "first", "next"))
    core = selectors.board_view(match, selectors.Viewer.for_seat(match, seat))["mission"]["core"]
    client.force_login((alice, bob)[seat])
    body = client.get(f"/matches/{match.pk}/").content.decode()
    group = body[body.index('class="move-group group-draw"') :]
    group = group[: group.index("</form>")]
    assert "Draw from your own deck" in group
    assert f"Draw {core['cards']} cards from the {core['deck'].upper()} deck (the computer core)" in group

"""Battleship Galaxies' match page says why a ship cannot do what a player might expect:
the engine's reasons (the view's you.why_not) beside End your turn, to the seat on turn."""

from __future__ import annotations

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

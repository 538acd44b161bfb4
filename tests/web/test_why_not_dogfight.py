"""The Space Dogfight match page says why a player's ships do not light up: at the start of
a turn with no AP in hand, the engine's own refusal beside "End your turn"; never to others."""

from __future__ import annotations

import pytest

from tests.games.helpers import play_to_turns, started_match, user_of

pytestmark = pytest.mark.django_db

NO_AP = "Not possible now: Moving a ship (MOVEMENT) costs 1 AP and you hold 0 AP counter(s) [2b]."


def test_the_player_on_turn_is_told_why_no_ship_can_move(client, alice, bob):
    match = play_to_turns(started_match(alice, bob))
    on_turn = user_of(match, match.active_seats[0])
    waiting = bob if on_turn == alice else alice
    client.force_login(on_turn)
    assert NO_AP in client.get(f"/matches/{match.pk}/").content.decode()
    client.force_login(waiting)
    assert "Not possible now" not in client.get(f"/matches/{match.pk}/").content.decode()
    client.logout()
    assert "Not possible now" not in client.get(f"/matches/{match.pk}/").content.decode()

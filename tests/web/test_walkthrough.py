"""The first-match guide on a Space Dogfight match page: what to do now, in the game's
words, for each phase of a player's first turns; to players only; closed for good."""

from __future__ import annotations

import pytest

from games import selectors
from tests.games.helpers import FLEET_SMALL, play_to_turns, started_match, submit, user_of
from tests.web.helpers import place_every_ship

pytestmark = pytest.mark.django_db


def guide(client, user, match) -> str:
    client.force_login(user) if user else client.logout()
    body = client.get(f"/matches/{match.pk}/").content.decode()
    start = body.find('id="walkthrough"')
    return "" if start < 0 else body[start : body.find("</aside>", start)]


def test_the_guide_says_what_to_do_in_each_phase_of_the_first_turns(client, alice, bob, carol):
    match = started_match(alice, bob)
    assert "Buy your fleet" in guide(client, alice, match)
    assert guide(client, carol, match) == "" and guide(client, None, match) == ""  # players only
    submit(match, alice, FLEET_SMALL)
    assert "Your fleet is sealed" in guide(client, alice, match)
    submit(match, bob, FLEET_SMALL)
    match.refresh_from_db()  # the first player (a die roll) places first
    placer = user_of(match, match.active_seats[0])
    other = bob if placer == alice else alice
    assert "Place a ship" in guide(client, placer, match)
    assert "Your opponent is placing" in guide(client, other, match)

    match = place_every_ship(match)
    on_turn = user_of(match, match.active_seats[0])
    waiting = bob if on_turn == alice else alice
    assert "Your turn" in guide(client, on_turn, match)
    assert "Your opponent is playing their turn" in guide(client, waiting, match)


def test_the_guide_is_gone_after_a_players_third_turn(client, alice, bob):
    match = play_to_turns(started_match(alice, bob))

    def turns_taken():
        view = selectors.board_view(match, selectors.Viewer.for_seat(match, 0))
        return [p["turns_taken"] for p in view["players"]]

    for _ in range(60):  # turns of draws, each ended once the cup allows no more
        match.refresh_from_db()
        if min(turns_taken()) >= 3:
            break
        seat = match.active_seats[0]
        moves = selectors.legal_moves_view(match, selectors.Viewer.for_seat(match, seat))["moves"]
        kinds = [m["kind"] for m in moves]
        pick = "draw" if "draw" in kinds and turns_taken()[seat] < 3 and "end" not in kinds else "end"
        submit(match, user_of(match, seat), next(m for m in moves if m["kind"] in (pick, "draw")))
    view = selectors.board_view(match, selectors.Viewer.for_seat(match, 0))
    assert all(p["turns_taken"] >= 3 for p in view["players"]), view["players"]
    assert guide(client, alice, match) == "" and guide(client, bob, match) == ""


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_player_closes_the_guide_and_it_stays_closed(browse, alice, bob):
    from tests.support.browser import PHONE

    match = started_match(alice, bob)
    page = browse(alice, PHONE)
    page.goto(browse.url(f"/matches/{match.pk}/"))
    assert page.is_visible("#walkthrough")
    page.click("#walkthrough-close")
    assert page.is_hidden("#walkthrough")
    page.reload()
    page.wait_for_selector("#walkthrough", state="attached")
    assert page.is_hidden("#walkthrough")

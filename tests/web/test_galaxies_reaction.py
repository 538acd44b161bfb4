"""A Battleship Galaxies reaction window (AS-BG-3) clicked through on two phones: the player
who will react asks, in their standing orders, to be asked; the player on turn starts their
action phase; the other is asked on their own page, sees why and which cards answer, and
plays one; the player on turn sees what it did to them.

The position (a player holding a card for the opponent's action phase, with the energy to
pay for it, while the opponent deploys) is reached by moves made through the write path,
the automatic player's choice; both players' standing orders are set not to play reactive
cards by themselves, so that the card is still in hand. Every page is watched for error
responses and console errors (tests/support/browser.py).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.bots.galaxies import GalaxiesBot
from games.engines import get
from games.engines.galaxies.data import DATA
from tests.games.helpers import submit, user_of
from tests.support.browser import PHONE, act, wait_for_seq, wait_until

from .helpers import started

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ENGINE = get("battleship-galaxies")


@pytest.fixture(autouse=True)
def fast_polling(settings):
    settings.STARPOST_POLL_SECONDS = 1


def state_of(match: Any) -> Any:
    match.refresh_from_db()
    return ENGINE.load(match.state)


def answer_ready(state: Any) -> Any:
    """(the seat on turn, the other, the other's card for an action phase's start) while the
    seat on turn may go on from its deploy phase to its action phase; else None."""
    turn = state.turn
    if turn is None or turn.phase != "deploy" or state.asking or state.queue:
        return None
    if {"kind": "next"} not in [m.to_json() for m in ENGINE.legal_moves(state, turn.seat)]:
        return None
    other = 1 - turn.seat
    player = state.players[other]
    cards = [
        c
        for c in player.hand
        if DATA.cards[c.kind].effect.window == "action_start" and DATA.cards[c.kind].cost <= player.energy
    ]
    return (turn.seat, other, cards[0]) if cards else None


def play_until_a_card_answers(match: Any, limit: int = 1500) -> tuple[int, int, Any]:
    bot, rng = GalaxiesBot(), random.Random(3)
    for _ in range(limit):
        state = state_of(match)
        assert ENGINE.outcome(state) is None, "the match ended before the position was reached"
        found = answer_ready(state)
        if found is not None:
            return found
        seat = sorted(ENGINE.active_seats(state))[0]
        move = bot.choose(ENGINE, state, seat, rng)
        assert move is not None
        submit(match, user_of(match, seat), move.to_json())
    raise AssertionError("no player held a card for the opponent's action phase")


def test_a_reaction_window_is_answered_with_a_tactic_card_on_phones(browse, alice, bob):
    match = started("battleship-galaxies", alice, bob, mission="skirmish")
    for user in (alice, bob):  # reactive cards stay in hand until the window is clicked through
        submit(match, user, {"kind": "orders", "react": "never", "ask": False})
    mover, reactor, card = play_until_a_card_answers(match)
    name, cost = DATA.cards[card.kind].name, DATA.cards[card.kind].cost
    energy = state_of(match).players[mover].energy
    names = {p["seat"]: p["name"] for p in ENGINE.view(state_of(match), None)["players"]}

    # the player who will react asks to be asked, on their phone
    theirs = browse(user_of(match, reactor), PHONE)
    theirs.goto(browse.url(match))
    if not theirs.locator("#moves[open]").count():  # not on turn: the tray is folded
        theirs.locator("#moves > summary").click()
    theirs.locator("#standing-orders > summary").click()
    form = theirs.locator("#standing-orders form.standing-orders")
    react = form.get_by_label("At a reaction window you are not asked about")
    assert react.locator("option:checked").inner_text() == "play no card"  # as set above
    form.get_by_label("Ask me at every reaction window").check()
    act(theirs, lambda: form.locator('button[type="submit"]').click())
    assert state_of(match).players[reactor].orders.ask

    # the player on turn starts the action phase: the window opens for the other
    mine = browse(user_of(match, mover), PHONE)
    mine.goto(browse.url(match))
    act(mine, lambda: mine.locator('#moves button[data-kind="next"]').click())
    waiting = f"waiting for {names[reactor]} to answer a action start window"
    assert waiting in mine.locator(".log").inner_text()
    assert f"Nothing to do until {names[reactor]} has moved" in mine.locator("#moves").inner_text()

    # the other is asked on their page: why, and which cards answer
    group = theirs.locator("#moves .group-react")
    wait_until(theirs, lambda: group.count() > 0, "the reaction window on the page")
    note = group.locator(".kind-note").inner_text()
    assert f"{names[mover]}'s action phase starts" in note and "reaction window" in note
    answers = group.locator("button").all_inner_texts()
    assert f"Play {name}, {cost} energy" in answers and "Play no card" in answers
    act(theirs, lambda: group.locator("button").filter(has_text=f"Play {name}").first.click())
    log = theirs.locator(".log").inner_text()
    assert f"You played {name}" in log and "You answered" in log
    assert not theirs.locator("#moves .group-react").count()

    # the player on turn sees what the card did, and plays on
    drained = DATA.cards[card.kind].effect.params["amount"]
    after = state_of(match).players[mover].energy
    assert after == max(0, energy - drained)
    wait_for_seq(mine, match.seq)
    log = mine.locator(".log").inner_text()
    assert f"{names[reactor]} played {name}" in log
    if after != energy:
        assert f"You {after - energy} energy ({name}), now {after}" in log
    assert mine.locator("#moves:not(.waiting)").count() == 1

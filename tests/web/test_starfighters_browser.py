"""Star Fighters played on the web page by clicking, in headless Chromium (every page watched
for error responses and console errors, tests/support/browser.py)."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from games import selectors
from games.models import Match
from tests.support.browser import (
    PHONE,
    act,
    listed_moves,
    press_choice,
    sent,
    seq_of,
    wait_for_seq,
    wait_until,
)

from .helpers import started

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_new_match_form_shows_the_ship_boards_of_the_chosen_player_count_only(browse, alice):
    page = browse(alice, PHONE)
    page.goto(browse.url("/matches/new/?game=star-fighters"))

    def shown():
        return [
            page.locator(f'label[for="id_opt_{name}"]').is_visible()
            for name in ("ship_1", "ship_2", "ship_3", "ship_4", "three_player_victory")
        ]

    assert shown() == [True, True, False, False, False]
    page.select_option('#new-match [name="seats"]', "3")
    assert shown() == [True, True, True, False, True]
    page.select_option('#new-match [name="seats"]', "4")
    assert shown() == [True, True, True, True, False]


# -- whole matches, clicked through on phones ----------------------------------------------------

RESULTS = Path(__file__).resolve().parents[2] / "test-results"
SPACES = ("cockpit", "phasers.attack", "drives.move", "phasers.target", "torpedoes.launch", "shields.repair")
SYSTEMS = ("phasers", "drives", "torpedoes", "shields")


@pytest.fixture(autouse=True)
def fast_polling(settings):
    settings.STARPOST_POLL_SECONDS = 1


def buttons(page, kind):
    return page.locator(f'#moves button[data-kind="{kind}"]')


def has_moves(page) -> bool:
    return page.locator("#moves:not(.waiting)").count() > 0


def element(page, on, value):
    """What a player clicks for a step: their own ship board's die, space or system, or a
    ship, torpedo or hex of the map."""
    return page.locator(f'.board [data-{on}="{value}"]').last


def click_pick(page, pick) -> None:
    """A listed move made by clicking its steps: board elements, then the tray's choices."""
    before = seq_of(page)
    for step in pick["steps"]:
        if sent(page, before):
            return
        if step["on"] == "choice":
            pressed = page.locator('#pick-path [aria-pressed="true"]').filter(has_text=step["label"])
            if pressed.count():
                continue
            press_choice(page, step["label"], before)
            continue
        target = element(page, step["on"], step["value"])
        wait_until(
            page,
            lambda t=target: any(
                c in (t.get_attribute("class") or "") for c in ("is-movable", "is-target", "is-attack")
            ),
            f"{step['on']} {step['value']} highlighted",
        )
        target.click()


def rank(pick, cockpit: set[str]) -> tuple:
    """Dice placed where they make systems work (one Command die of each colour in the
    Cockpit), then attacks at ships before the other activations."""
    m = pick["move"]
    if m["kind"] == "place":
        if m["space"] == "cockpit" and m["die"][0] in cockpit:
            return (0, 8)
        return (0, SPACES.index(m["space"]) if m["space"] in SPACES else 9)
    if m["kind"] == "activate":
        at_ship = str(m.get("target", "")).startswith("s")
        return (1, 0 if at_ship else 1, SYSTEMS.index(m["system"]), len(m.get("facings") or []) * -1)
    return (2, m["kind"])


def cockpit_colours(page) -> set[str]:
    """The colour letters of the Command dice in the player's own Cockpit, as drawn."""
    dice = page.locator('.board .ship-board:not([data-pick-none]) .die[data-group="cockpit"]')
    return {d[0] for d in dice.evaluate_all("els => els.map(e => e.dataset.die)")}


class Player:
    """One player's phone, and what they did on it."""

    def __init__(self, page, user, match):
        self.page, self.name, self.done, self.rolls = page, user.username, [], 0
        self.user, self.match_id = user, match.pk

    def catch_up(self) -> None:
        """Until the page shows the match as far as this player may know it: in a blind Roll
        phase another player's sealed steps are not theirs to see (AS-SF-1.6)."""
        match = Match.objects.get(pk=self.match_id)
        seen = selectors.seen_by(match, selectors.Viewer.of(match, self.user)).seq
        wait_for_seq(self.page, seen)

    def turn(self) -> bool:
        """One move made by clicking, as a simple player would choose it; False if none."""
        page = self.page
        if not has_moves(page):
            return False
        controls = "#pick-hint, #moves .move-group"
        # The page may turn to waiting while the player looks, with no new entry this
        # player may see (in the blind Roll phase the other's steps are sealed): the poll
        # brings the page that says so ("Nothing to do until Player 2 has moved", recorded
        # with only standing orders listed). Then there is nothing to do now.
        wait_until(page, lambda: page.locator(controls).count() > 0 or not has_moves(page), "the tray")
        if not has_moves(page):
            return False
        if not page.locator(controls).count():  # an open tray with nothing in it: a fault
            self.empty_tray()
            raise AssertionError("the tray is open with no control in it")
        cockpit = cockpit_colours(page)
        picks = sorted(
            (p for p in listed_moves(page) if p["kind"] in ("place", "activate", "lose", "steer", "reroll")),
            key=lambda p: rank(p, cockpit),
        )
        places = [p for p in picks if p["kind"] == "place"]
        if places:
            act(page, lambda: click_pick(page, places[0]))
            self.done.append("place")
            return True
        drives = page.locator('.board .ship-board:not([data-pick-none]) .die[data-group^="drives"]').count()
        can_fly = bool(cockpit & {"b", "y"}) and drives > 0  # else it may never reach anyone
        if buttons(page, "fire").count() and (
            can_fly or self.rolls >= 3 or not buttons(page, "roll").count()
        ):
            return self.press("fire")
        for kind in ("roll",):
            if buttons(page, kind).count() and self.rolls < 3:
                self.rolls += 1
                return self.press(kind)
        if buttons(page, "hold").count():
            return self.press("hold")
        if buttons(page, "drive").count():
            forward = buttons(page, "drive").filter(has_text="Move forward")
            stop = buttons(page, "drive").filter(has_text="Stop")
            go = forward if forward.count() else stop
            act(page, go.first.click)
            self.done.append("drive")
            return True
        if picks:
            act(page, lambda: click_pick(page, picks[0]))
            self.done.append(picks[0]["move"]["kind"] + ":" + str(picks[0]["move"].get("system", "")))
            return True
        for kind in ("lose", "steer", "reroll", "pass"):
            if buttons(page, kind).count():
                return self.press(kind)
        return False

    def empty_tray(self) -> None:
        match = Match.objects.get(pk=self.match_id)
        legal = selectors.legal_moves_for(match, self.user)
        trays = self.page.locator("#moves").evaluate_all("els => els.map(e => e.outerHTML.slice(0, 1500))")
        warnings.warn(
            f"{self.name}: an open tray with no control; page seq {seq_of(self.page)}, match seq "
            f"{match.seq}; listed {[m['kind'] for m in legal['moves']]}; trays {trays}",
            stacklevel=2,
        )

    def press(self, kind) -> bool:
        act(self.page, buttons(self.page, kind).first.click)
        self.done.append(kind)
        if kind in ("fire", "hold"):
            self.rolls = 0
        return True


def play(players, rounds: int) -> int:
    """Turns taken by clicking, each page caught up by polling before its player acts, until
    the match reaches the Roll phase of round ``rounds + 1``; the last seq. The players take
    turns at the table: after a move other than placing a die, the next player is asked."""
    seq, first = seq_of(players[0].page), 0
    for _ in range(600):
        moved = False
        for k in range(len(players)):
            p = players[(first + k) % len(players)]
            p.catch_up()  # a page is caught up (by polling) when its player is asked
            status = p.page.locator(".board title").first.text_content()
            if f"Round {rounds + 1}," in status or "Game over" in status:
                return seq
            if p.turn():
                seq, moved = seq_of(p.page), True
                if p.done[-1] != "place":
                    first = (first + k + 1) % len(players)
                break
        if not moved:
            players[0].page.wait_for_timeout(300)
    raise AssertionError("the rounds did not end")


def open_match(browse, users, **options):
    match = started("star-fighters", *users, **options)
    players = []
    for user in users:
        page = browse(user, PHONE)
        page.goto(browse.url(match))
        players.append(Player(page, user, match))
    return match, players


def test_a_two_player_match_is_clicked_through_to_its_end_on_phones(browse, alice, bob):
    match, players = open_match(browse, (alice, bob))
    for rounds in (1, 2):  # the ships fly closer; a phaser attack is not always reached by then
        play(players, rounds=rounds)
        players[0].catch_up()
        log = players[0].page.locator(".log").inner_text()
        if "fired phasers" in log:
            break
    done = [d for p in players for d in p.done]
    assert "place" in done and "fire" in done and any(d.startswith("activate:drives") for d in done)
    assert "drive" in done
    log = players[0].page.locator(".log").inner_text()
    assert "hit the button" in log and "moved" in log and "round 2: roll the dice" in log
    # the match ends as a player resigns, on the page
    page = players[1].page
    players[1].catch_up()
    page.locator("details.resign summary").first.click()
    with page.expect_navigation():
        page.click("#resign-confirm")
    match.refresh_from_db()
    assert match.status == "finished"
    assert "Game over" in page.locator(".board title").first.text_content() or match.outcome
    RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(RESULTS / "starfighters-2p-phone.png"), full_page=True, caret="initial")


@pytest.mark.parametrize("seats", [3, 4], ids=["three-players", "two-against-two"])
def test_a_match_of_more_players_is_clicked_through_its_setup_and_first_round(
    browse, alice, bob, carol, make_user, seats
):
    users = (alice, bob, carol, make_user("dave"))[:seats]
    _match, players = open_match(browse, users)
    play(players, rounds=1)
    players[0].catch_up()
    for p in players:
        assert "place" in p.done, f"{p.name} placed dice by clicking"
    assert any(d in ("fire", "hold") for p in players for d in p.done)
    assert "round 2: roll the dice" in players[0].page.locator(".log").inner_text()

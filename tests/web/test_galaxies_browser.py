"""Battleship Galaxies played in the browser by clicking only, as two (or three) players
would: the fleets and decks chosen, the first player named, ships launched and placed hex by
hex, activated, moved by their destination and fired on the board, tactic cards played and discarded, turns
ended, and a late resignation to close a whole match on a phone. Every other mission and
seat count is clicked through its setup and first full round.

Which move to make is decided here from the position (the automatic player's choice, with
fewer steps per ship so that a test stays short); every move is then made on the page only:
board elements clicked and the tray's buttons pressed (tests/support/browser.py), never
typed notation or an API call. Every page is watched for error responses and console errors.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from games.bots.galaxies import GalaxiesBot
from games.engines import get
from games.play import services
from tests.support.browser import (
    DESKTOP,
    PHONE,
    SUBMITTED,
    act,
    choice,
    click_route,
    listed_moves,
    on_board,
    routes_of,
    wait_until,
)

from .helpers import advance, started, you_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ENGINE = get("battleship-galaxies")
RESULTS = Path("test-results")
STEPS_PER_SHIP = 2  # a ship moves at most this many hexes per activation here (a short test)


@pytest.fixture(autouse=True)
def fast_polling(settings):
    settings.STARPOST_POLL_SECONDS = 1


def picker_built(page: Any) -> bool:
    """The page's script has read the listed moves and marked what may be clicked (or there
    is nothing to pick on the board)."""
    if not page.locator("#pick-moves").count():
        return True
    return (
        page.locator(
            ".board .is-movable, .board .is-target, .board .is-attack, #pick-choices button, #pick-path button"
        ).count()
        > 0
    )


def shape(page: Any, on: str, value: Any) -> Any:
    """Where a player clicks a board element: a ship's first hex (the middle of a ship's
    outline may be an empty hex between its own), a hex's own shape (a discovery tile's ring
    is hollow)."""
    if on == "hex":  # the topmost shape of the hex: a ship's hex, else the board's (not a tile's ring)
        return page.locator(f'.board polygon[data-hex="{value}"]').last
    element = on_board(page, on, value)
    hexes = element.locator("polygon")
    return hexes.first if hexes.count() else element


def click_steps(page: Any, steps: list[dict[str, Any]]) -> None:
    """The listed move's steps clicked in order (tests/support/browser.py's click_steps, on
    a ship's hexes)."""
    for step in steps:
        if page.evaluate(SUBMITTED):
            return
        if step["on"] == "choice":
            label = step["label"]
            if page.locator('#pick-path [aria-pressed="true"]').filter(has_text=label).count():
                continue
            if page.locator("#pick-choices button").filter(has_text=label).count():
                choice(page, label).click()
            continue
        for value in step.get("values") or [step["value"]]:
            if page.evaluate(SUBMITTED):
                return
            shape(page, step["on"], value).click()


def click_move(page: Any, move: Any) -> None:
    """Make ``move`` (or a route, a list of moves) on the page as a player would: by the
    picker's steps on the board and in the tray, or by the tray's button that stands for it."""
    wait_until(page, lambda: picker_built(page), "the picker")
    if isinstance(move, list):  # a route: its destinations are asked for when the ship is clicked
        for listed in routes_of(page, move[0]["ship"]):
            if listed["move"] == move:
                click_route(page, listed, click_steps)
                return
    for listed in listed_moves(page):
        if listed["move"] == move:
            try:
                click_steps(page, listed["steps"])
            except Exception:
                RESULTS.mkdir(exist_ok=True)
                page.screenshot(path=str(RESULTS / "galaxies-failed-click.png"), full_page=True)
                raise
            return
    for button in page.locator("#moves .move-group button[name=move]").all():
        if json.loads(button.get_attribute("value")) == move:
            button.click()
            return
    raise AssertionError(f"{move} cannot be clicked on the page")


class Table:
    """The players' pages and what was clicked: the active player's page is brought up to
    date before each move, and each move is made there by clicking."""

    def __init__(
        self, browse: Any, match: Any, users: list[Any], viewport: dict[str, int], steps: int = STEPS_PER_SHIP
    ) -> None:
        self.browse, self.match, self.users, self.steps_per_ship = browse, match, users, steps
        self.pages = [browse(u, viewport) for u in users]
        self.shown = [-1] * len(users)  # the seq each page shows
        self.kinds: Counter[str] = Counter()
        self.rng = random.Random(12)
        self.bot = GalaxiesBot()
        self.steps: Counter[str] = Counter()  # per ship, in the current activation
        self.lone_choices_sent = 0  # moves the picker sent before a click on its last choice (play)

    def state(self) -> Any:
        self.match.refresh_from_db()
        return ENGINE.load(self.match.state)

    def page_of(self, seat: int) -> Any:
        page = self.pages[seat]
        if self.shown[seat] != self.match.seq:
            page.goto(self.browse.url(self.match))
        return page

    def play(self, seat: int, move: Any) -> None:
        page = self.page_of(seat)
        before = self.match.seq
        try:
            self.shown[seat] = act(page, lambda: click_move(page, move))
        except PlaywrightTimeout:
            # The picker sends a move by itself once its last step is a lone choice (a ship
            # with one weapon left); a click meant for that choice can land while the page is
            # being swapped for the next one and wait for a button that is gone. The move was
            # played: the log says so, and the next move starts from a fresh page.
            self.match.refresh_from_db()
            played = list(
                self.match.log.filter(seq__gt=before, seat=seat)
                .order_by("seq")
                .values_list("move", flat=True)
            )
            assert played == (move if isinstance(move, list) else [move]), (played, move)
            self.lone_choices_sent += 1
            self.shown[seat] = -1
        self.kinds["route" if isinstance(move, list) else move["kind"]] += 1

    def choose(self, state: Any, seat: int) -> Any:
        """The automatic player's move, with a ship's steps cut short: past the limit it fires
        if it can, else its turn ends. A ship that starts moving goes as far as the limit
        lets it in one pick of its destination (a route: its steps as a list)."""
        moves = [m for m in ENGINE.legal_moves(state, seat) if m.kind != "orders"]
        kinds = {m.kind for m in moves}
        if "fleet" in kinds and not self.kinds["fleet"]:
            return next(m for m in moves if m.kind == "fleet").to_json()  # one change of the fleet
        if "deck" in kinds and not self.kinds["deck"]:
            return next(m for m in moves if m.kind == "deck").to_json()  # and of the deck
        move = self.bot.choose(ENGINE, state, seat, self.rng)
        assert move is not None
        if move.kind == "activate":
            self.steps.clear()
        if move.kind == "step" and not self.steps[move["ship"]]:
            ship = move["ship"]
            routes = [
                r
                for r in ENGINE.routes(state, seat)
                if r.piece == ship and len(r.moves) <= self.steps_per_ship
            ]
            if routes:
                far = max(routes, key=lambda r: len(r.moves))
                self.steps[ship] = len(far.moves)
                return [m.to_json() for m in far.moves]
        if move.kind == "step":
            self.steps[move["ship"]] += 1
            if self.steps[move["ship"]] > self.steps_per_ship:
                other = [m for m in moves if m.kind == "fire"] + [m for m in moves if m.kind == "end"]
                move = other[0] if other else move  # a step that must be finished first
        return move.to_json()

    def round_played(self, rounds: int, until: Any = None, limit: int = 400) -> Any:
        """Play until every seat has ended ``rounds`` turns (and ``until(state)`` holds)."""
        for _ in range(limit):
            state = self.state()
            if self.match.status != "active":
                return state
            if all(p.turns >= rounds for p in state.players) and (until is None or until(state)):
                return state
            seat = sorted(self.match.active_seats)[0]
            self.play(seat, self.choose(state, seat))
        raise AssertionError(f"not done in {limit} moves: {self.kinds}")


def test_a_whole_skirmish_is_played_by_clicking_on_a_phone(browse, alice, bob, monkeypatch):
    # The match's server seed is fixed, so the same dice, and so the same clicks, come on
    # every run: with random dice a run now and then lost a tray choice while picking it.
    fixed = hashlib.sha256(b"galaxies-whole-skirmish").digest()
    monkeypatch.setattr(services, "pysecrets", SimpleNamespace(token_bytes=lambda n: fixed[:n]))
    match = started("battleship-galaxies", alice, bob, mission="skirmish")
    table = Table(browse, match, [alice, bob], PHONE)

    def a_shot_and_a_card(state: Any) -> bool:
        return table.kinds["fire"] > 0 and table.kinds["play"] + table.kinds["discard"] > 0

    state = table.round_played(2, until=a_shot_and_a_card, limit=300)
    assert table.match.status == "active", table.match.outcome
    for kind in (
        "fleet",
        "deck",
        "ready",
        "first",
        "launch",
        "place",
        "next",
        "activate",
        "route",
        "fire",
        "end",
    ):
        assert table.kinds[kind], f"no {kind} was clicked: {table.kinds}"

    # late in the match, the player on turn resigns from the page
    seat = sorted(table.match.active_seats)[0]
    page = table.page_of(seat)
    page.locator("details.resign:not(.cancel) > summary").click()
    page.locator("#resign-confirm").click()
    page.locator("#match-status").filter(has_text="Over").wait_for()
    table.match.refresh_from_db()
    assert table.match.status == "finished"
    assert table.match.outcome["winners"] == [s for s in range(2) if state.side(s) != state.side(seat)]
    RESULTS.mkdir(exist_ok=True)
    page.locator(".board").screenshot(
        path=str(RESULTS / "galaxies-skirmish-final-phone.png"), caret="initial"
    )


@pytest.mark.parametrize(
    ("mission", "seats", "viewport"),
    [("mission-1", 2, DESKTOP), ("barrage-core", 2, PHONE), ("pan-base", 2, DESKTOP), ("pan-base", 3, PHONE)],
)
def test_each_mission_is_set_up_and_its_first_round_played_by_clicking(
    browse, alice, bob, carol, mission, seats, viewport
):
    users = [alice, bob, carol][:seats]
    match = started("battleship-galaxies", *users, mission=mission)
    table = Table(browse, match, users, viewport, steps=1)  # the first round only: one step a ship
    state = table.round_played(1)
    assert table.match.status == "active", table.match.outcome
    assert all(p.turns >= 1 for p in state.players)
    for kind in ("first", "launch", "place", "activate", "end"):
        assert table.kinds[kind], f"no {kind} was clicked: {table.kinds}"
    assert table.kinds["route"] + table.kinds["step"], f"no ship was moved: {table.kinds}"


def test_next_is_explained_and_ending_a_turn_that_loses_the_match_is_warned(browse, alice, bob):
    match = started("battleship-galaxies", alice, bob, mission="skirmish")
    calm = ("ready", "first", "next", "end")
    avoid = ("orders", "launch", "fleet", "deck", "reset", "play", "give")

    def energy_phase(seat, moves):
        return {"kind": "next"} in moves and any(m["kind"] == "discard" for m in moves)

    match, seat, _ = advance(match, energy_phase, prefer=calm, avoid=avoid)
    player = (alice, bob)[seat]
    page = browse(player, PHONE)
    page.goto(browse.url(match))
    tray = page.locator("#moves")
    assert "counter" not in tray.inner_text().lower(), "tactic cards are not called counters"
    hand = {c["name"] for c in you_of(match, seat)["hand"]}
    discards = tray.locator('button[data-kind="discard"]').all_inner_texts()
    assert discards and all(any(t == f"Discard {n}" for n in hand) for t in discards), (discards, hand)
    assert "Next: the deploy phase" in tray.locator(".group-next .kind-note").inner_text()
    assert not tray.locator(".kind-warning").count(), "the first turn may end with nothing launched"

    def second_turn(s, moves):
        return s == seat and {"kind": "end"} in moves and ENGINE.load(match.state).players[s].turns == 1

    match, _, _ = advance(match, second_turn, prefer=calm, avoid=avoid)
    page.goto(browse.url(match))
    warning = tray.locator(".group-end .kind-warning")
    assert "Ending your turn now loses the match" in warning.inner_text()
    act(page, lambda: tray.locator('button[data-kind="end"]').click())
    match.refresh_from_db()
    assert match.status == "finished" and match.outcome["reason"] == "no_ships_on_battlefield"

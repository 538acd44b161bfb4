"""The match page's layout, common to every game: the moves beside the board on a desktop and
on the screen with the board on a phone, whose turn it is, the last move marked on the
board, coordinates on every board, the text view not cut off."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from games.engines import all_engines
from games.engines.dice import Dice
from games.ui.boards import svg_board
from tests.games.helpers import play_to_turns, started_match, submit
from tests.support.browser import DESKTOP, PHONE

from .helpers import advance, started

RESULTS = Path(__file__).resolve().parents[2] / "test-results"
SVG = "{http://www.w3.org/2000/svg}"
BOX = "el => { const r = el.getBoundingClientRect(); return {x: r.x, y: r.y, right: r.right, bottom: r.bottom}; }"


@pytest.mark.parametrize("engine", all_engines(), ids=lambda e: e.key)
def test_every_board_is_drawn_with_its_coordinates(engine):
    view = engine.view(engine.setup(engine.default_options(), engine.min_seats, Dice(b"coords", 1)).state, 0)
    root = ET.fromstring(svg_board(engine.key, view))
    coords = [t.text for t in root.iter(f"{SVG}text") if "coord" in (t.get("class") or "").split()]
    assert len(coords) >= 8, engine.key


@pytest.mark.django_db
def test_the_page_says_whose_turn_it_is_and_what_it_waits_for(client, alice, bob):
    match = play_to_turns(started_match(alice, bob))
    on_turn, waiting = (alice, bob) if match.active_seats == [0] else (bob, alice)
    client.force_login(on_turn)
    body = client.get(f"/matches/{match.pk}/").content.decode()
    assert "Your move." in body and 'id="game-status"' in body and "on turn" in body
    client.force_login(waiting)
    body = client.get(f"/matches/{match.pk}/").content.decode()
    assert "Waiting for Blue" in body or "Waiting for Red" in body
    assert "Nothing to do until" in body


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_moves_sit_beside_the_board_on_a_desktop_and_stay_on_a_phones_screen(browse, alice, bob):
    match = play_to_turns(started_match(alice, bob))
    player = (alice, bob)[match.active_seats[0]]

    desk = browse(player, DESKTOP)
    desk.goto(browse.url(match))
    board, tray = desk.locator(".board").evaluate(BOX), desk.locator("#moves").evaluate(BOX)
    assert tray["x"] >= board["right"] - 1, "the tray is beside the board"
    assert tray["y"] < DESKTOP["height"], "and reachable without scrolling"

    phone = browse(player, PHONE)
    phone.goto(browse.url(match))
    RESULTS.mkdir(exist_ok=True)
    for scroll in ("top", "board"):
        if scroll == "board":
            phone.locator(".board").evaluate("el => el.scrollIntoView({block: 'start'})")
        tray = phone.locator("#moves").evaluate(BOX)
        assert 0 <= tray["y"] < PHONE["height"] and tray["bottom"] <= PHONE["height"] + 1, (scroll, tray)
        board = phone.locator(".board").evaluate(BOX)
        assert board["y"] < PHONE["height"] / 2, ("the board is in view", scroll, board)
        phone.screenshot(path=str(RESULTS / f"layout-phone-{scroll}.png"))
    # A big map can be zoomed: the board scrolls inside its frame, the page keeps its width.
    phone.click("[data-zoom]")
    widths = phone.evaluate(
        "() => [document.querySelector('.board').getBoundingClientRect().width,"
        " document.querySelector('.board-wrap').clientWidth, document.documentElement.scrollWidth]"
    )
    assert widths[0] > 1.5 * widths[1] and widths[2] <= PHONE["width"], widths
    # A player who folds the tray keeps it folded while the page follows the match.
    phone.locator("#moves > summary").click()
    assert phone.locator("#moves").evaluate("el => el.open") is False


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_opponents_last_move_is_marked_on_the_board(browse, alice, bob):
    match = play_to_turns(started_match(alice, bob))
    mover = match.active_seats[0]
    match, seat, moves = advance(
        match, lambda s, m: s == mover and any(x["kind"] == "move" for x in m), prefer=("move",)
    )
    move = next(m for m in moves if m["kind"] == "move")
    submit(match, (alice, bob)[seat], move)
    page = browse((alice, bob)[1 - seat], DESKTOP)
    page.goto(browse.url(match))
    marked = page.locator(".board .is-last").evaluate_all("els => els.map(e => e.dataset.square)")
    assert {move["from"], move["to"]} <= set(marked)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_text_view_beside_the_board_is_not_cut_off(browse, alice, bob, viewport):
    match = started("early-days", alice, bob)
    match, seat, _ = advance(match, lambda s, m: any(x["kind"] == "place" for x in m))
    page = browse((alice, bob)[seat], viewport)
    page.goto(browse.url(match))
    sizes = page.locator("pre.text-board").evaluate("el => [el.scrollWidth, el.clientWidth]")
    assert sizes[0] <= sizes[1] + 1, sizes

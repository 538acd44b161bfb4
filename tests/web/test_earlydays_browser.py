""" "The early days" played in headless Chromium by clicking only, as two new players would.

Alice opens the match from the new-match form and Bob joins from his home page; from then
on each of them acts on the match page only: the Buy and Seal buttons of force building,
a highlighted hex of the deployment zone, a unit and then a highlighted hex, where it flies
its whole move, with its facing (or a button such as "Double move") in the Movement phase, a shooter and its target (or holding fire)
in the Shooting phase. No notation is typed and no move is sent through the API. Every
page is watched: an error response or a console error fails the test
(tests/support/browser.py).

One Fighter clash is played to its end on a 390 px phone; every other scenario is clicked
through its set-up and its first full turn.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support.browser import (
    DESKTOP,
    PHONE,
    act,
    click_route,
    click_steps,
    listed_moves,
    press_choice,
    route_pieces,
    routes_of,
    seq_of,
    wait_for_seq,
    wait_until,
)

from .helpers import advance, started

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RESULTS = Path(__file__).resolve().parents[2] / "test-results"
ACTIONS = 200  # more clicks than a short match needs: a loop that stops moving fails


@pytest.fixture(autouse=True)
def fast_polling(settings):
    settings.STARPOST_POLL_SECONDS = 1


def open_match(browse, alice, bob, viewport, **options):
    """Alice fills the new-match form (scenario, points, turn limit) inviting Bob; Bob
    accepts the invitation on his home page. Both pages end on the match."""
    a = browse(alice, viewport)
    a.goto(browse.url("/matches/new/?game=early-days"))
    a.select_option("#id_opt_scenario", options["scenario"])
    a.fill("#id_opt_points", str(options["points"]))
    a.fill("#id_opt_turn_limit", str(options["turn_limit"]))
    a.fill("#id_invite", "bob")
    a.click("#new-match button[type=submit]")
    a.wait_for_url(re.compile(r"/matches/\d+/$"))
    b = browse(bob, viewport)
    b.goto(browse.url("/"))
    b.click("#invitations button[type=submit]")
    b.wait_for_url(a.url)
    a.reload()
    for page in (a, b):
        if viewport is PHONE:
            page.click("[data-zoom]")  # a 36 x 24 hex map on a phone: zoomed in, it scrolls
    return a, b


def buttons(page, kind: str):
    return page.locator(f"#moves button[data-kind={kind}]")


def has_something_to_do(page) -> bool:
    if page.locator("#pick-moves").count() and not page.locator("#pick-choices, #pick-hint").count():
        return False  # the picker is not built yet
    return (
        bool(listed_moves(page))
        or page.locator("#moves button[data-kind]:not([data-kind=orders])").count() > 0
    )


def settled(pages) -> bool:
    """Both pages show the same entry and the page to act has built its picker."""
    if len({seq_of(p) for p in pages}) != 1:
        return False
    return any(has_something_to_do(p) for p in pages) or all(
        p.locator(".result, .outcome").count() for p in pages
    )


def status(page) -> str:
    return page.locator("#board-title").first.text_content() or ""


def make(page, move) -> None:
    """Click a listed move's steps; a move complete before its last button (a unit's
    "Double move") is then played with the tray's button of its words."""
    before = seq_of(page)
    click_steps(page, move["steps"])
    press_choice(page, move["label"], before)


def make_route(page, route) -> None:
    """A unit's whole move: the unit clicked, then (once the page has its destinations) the hex
    and the arrow of its facing."""
    before = seq_of(page)
    click_route(page, route)
    press_choice(page, route["label"], before)


def one_action(page, shopping: list[str], done: dict[str, int]) -> int:
    """The page's player does one thing by clicking; returns the new log entry."""
    buys = buttons(page, "buy")
    if buys.count() and shopping:
        label = shopping.pop(0)
        done["buy"] += 1
        return act(page, lambda: buys.filter(has_text=label).first.click())
    if buttons(page, "seal").count():
        done["seal"] += 1
        return act(page, lambda: buttons(page, "seal").first.click())
    moves = listed_moves(page)
    by_kind: dict[str, list] = {}
    for m in moves:
        by_kind.setdefault(m["kind"], []).append(m)
    if "place" in by_kind:
        done["place"] += 1
        places = by_kind["place"]
        move = places[len(places) // 2]  # away from the map's corners (and the zoom button)
        return act(page, lambda: make(page, move))
    if "fire" in by_kind:
        done["fire"] += 1
        attacks = [m for m in by_kind["fire"] if "target" in m["move"]]
        move = (attacks or by_kind["fire"])[0]
        if attacks:
            done["shots"] += 1
        return act(page, lambda: make(page, move))
    if "route" in by_kind or "double" in by_kind or "move" in by_kind:
        done["move"] += 1
        # a unit and the farthest highlighted hex (and its facing): its whole move; on turn 1
        # after the first unit, a unit and "Double move" (two clicks)
        doubles = (by_kind.get("double") or []) if "Turn 1 of" in status(page) and done["route"] else []
        pieces = [] if doubles else route_pieces(page)
        routes = sorted(routes_of(page, pieces[0]), key=lambda r: -len(r["move"])) if pieces else []
        if routes:
            done["route"] += 1
            return act(page, lambda: make_route(page, routes[0]))
        ahead = [m for m in by_kind.get("move") or [] if m["move"]["step"] == "F"]
        move = (doubles or ahead or by_kind.get("move") or by_kind["end"])[0]
        return act(page, lambda: make(page, move))
    for kind in ("end", "initiative", "pick", "repair", "stop", "run", "lock"):
        if kind in by_kind:
            done[kind] = done.get(kind, 0) + 1
            return act(page, lambda k=kind: make(page, by_kind[k][0]))
    single = page.locator("#moves button[data-kind]:not([data-kind=orders])").first
    done["button"] = done.get("button", 0) + 1
    return act(page, single.click)


def play(pages, shopping, until) -> dict[str, int]:
    """Click on until ``until(status line)`` holds on both pages."""
    done = {"buy": 0, "seal": 0, "place": 0, "move": 0, "route": 0, "fire": 0, "shots": 0}
    for _ in range(ACTIONS):
        wait_until(pages[0], lambda: settled(pages) or until(status(pages[0])), "both pages to settle")
        if until(status(pages[0])) and until(status(pages[1])):
            return done
        actor = next((i for i, p in enumerate(pages) if has_something_to_do(p)), None)
        assert actor is not None, f"nobody has anything to click: {status(pages[0])}"
        try:
            seq = one_action(pages[actor], shopping[actor], done)
        except Exception:
            RESULTS.mkdir(exist_ok=True)
            pages[actor].screenshot(path=str(RESULTS / "early-days-failed.png"), full_page=True)
            raise
        for p in pages:
            wait_for_seq(p, seq)
    raise AssertionError(f"still playing after {ACTIONS} clicks: {status(pages[0])}")


def test_a_fighter_clash_is_played_to_its_end_by_clicking_on_a_phone(browse, alice, bob):
    options = {"scenario": "fighter_clash", "points": 20, "turn_limit": 2}
    a, b = open_match(browse, alice, bob, PHONE, **options)
    shopping = [["X-wing (10"], ["TIE fighter (10"]]  # one flight a side: a short match
    done = play((a, b), shopping, lambda s: s.endswith(": Over"))

    assert done["buy"] == 2 and done["seal"] == 2 and done["place"] == 2, done
    assert done["move"] >= 4, f"each unit moved on both turns by clicking: {done}"
    assert done["route"] >= 2, f"units moved by their destination, a whole move a pick: {done}"
    assert done["fire"] >= 2, f"the units gave their fire decisions: {done}"
    for page in (a, b):
        assert "Result:" in page.locator("#live").inner_text(), "the page says how the match ended"
    RESULTS.mkdir(exist_ok=True)
    a.screenshot(path=str(RESULTS / "early-days-phone-final.png"), full_page=True)


SETUPS = {
    # scenario: (points, what the Rebels buy, what the Imperials buy)
    "convoy_raid": (20, ["X-wing (10"], ["TIE fighter (10"]),
    "outpost_assault": (40, ["X-wing (10"], ["Outpost", "TIE fighter (10"]),
    "hostage": (20, ["X-wing (10"], ["TIE fighter (10"]),
    "steal_starship": (20, ["Y-wing (10"], []),
}


@pytest.mark.parametrize("scenario", sorted(SETUPS))
def test_each_other_scenario_is_clicked_through_its_set_up_and_first_turn(browse, alice, bob, scenario):
    points, rebels, imperials = SETUPS[scenario]
    a, b = open_match(browse, alice, bob, DESKTOP, scenario=scenario, points=points, turn_limit=5)
    done = play((a, b), [list(rebels), list(imperials)], lambda s: "Turn 2 of" in s or s.endswith(": Over"))
    assert done["place"] >= 2 and done["move"] >= 2 and done["route"] >= 1 and done["fire"] >= 1, done


BOX = "el => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"


def test_zooming_in_on_a_phone_shows_the_hexes_to_click_and_keeps_them_in_view_after_a_move(
    browse, alice, bob
):
    match = started("early-days", alice, bob, points=20)
    imperials = 1  # they deploy at the right-hand edge, off a zoomed board's first view
    match, _seat, _moves = advance(
        match, lambda seat, moves: seat == imperials and any(m["kind"] == "place" for m in moves)
    )
    page = browse(bob, PHONE)
    page.goto(browse.url(match))
    wait_until(page, lambda: page.locator(".board .is-target").count() > 0, "the deployment hexes")
    page.click("[data-zoom]")

    def in_view() -> bool:
        wrap = page.locator(".board-wrap").evaluate(BOX)
        hexes = page.locator(".board .is-target").evaluate_all(f"els => els.map({BOX})")
        return any(h[0] >= wrap[0] and h[2] <= wrap[2] and h[1] >= wrap[1] and h[3] <= wrap[3] for h in hexes)

    assert in_view(), "the zoomed board shows the hexes of the deployment zone"
    scrolled = page.locator(".board-wrap").evaluate("el => el.scrollLeft")
    assert scrolled > 0
    target = page.locator(".board .is-target").evaluate_all(
        f"els => els.map(e => [e.dataset.hex, ({BOX})(e)])"
    )
    wrap = page.locator(".board-wrap").evaluate(BOX)
    hex_name = next(
        h for h, b in target if b[0] >= wrap[0] and b[2] <= wrap[2] and b[1] >= wrap[1] and b[3] <= wrap[3]
    )
    act(page, lambda: page.locator(f'.board polygon[data-hex="{hex_name}"]').click())
    assert page.locator(".board-wrap").evaluate("el => el.scrollLeft") == pytest.approx(scrolled, abs=2), (
        "the board stays where it was after the move swapped it"
    )


def test_the_units_to_click_wear_a_yellow_ring_and_their_facing_arrows_keep_their_outline(browse, alice, bob):
    match = started("early-days", alice, bob, points=20)
    match, seat, moves = advance(match, lambda seat, moves: any(m["kind"] == "move" for m in moves))
    page = browse((alice, bob)[seat], DESKTOP)
    page.goto(browse.url(match))
    unit = next(m for m in moves if m["kind"] == "move")["unit"]
    group = page.locator(f'.board g.unit[data-unit="{unit}"]')
    wait_until(page, lambda: "is-movable" in (group.get_attribute("class") or ""), "the unit to be offered")
    stroke = "el => getComputedStyle(el).stroke"
    assert group.locator(".body").evaluate(stroke) == "rgb(255, 216, 77)"
    assert group.locator(".facing").evaluate(stroke) == "rgb(8, 12, 24)"

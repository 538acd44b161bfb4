"""Every page of the web UI on a small phone (360 x 740) in headless Chromium: nothing is
wider than the screen (no sideways scrolling of the page), and the deadlines, the time
control and the help pages' value tables fit. Screenshots go to test-results/phone-*.png.

Uses Debian's Chromium like test_browser.py; if it cannot run, the test fails saying so.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from games.engines import all_engines
from games.play import services
from tests.games.helpers import play_to_turns

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RESULTS = Path(__file__).resolve().parents[2] / "test-results"
PASSWORD = "pw-not-common-42"  # tests/conftest.py's make_user
PHONE = {"width": 360, "height": 740}
WAIT_MS = 15_000
WIDTHS = """() => ({
    page: document.documentElement.scrollWidth,
    screen: window.innerWidth,
    wide: [...document.querySelectorAll('body *')]
        .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1
                     && !e.closest('.board-wrap, pre, .text-board, details:not([open])'))
        .slice(0, 5).map(e => e.tagName + '.' + e.className + ' ' + (e.textContent || '').slice(0, 60)),
})"""


def fits(page, name: str, *, shot: bool = True) -> None:
    """The page is no wider than the phone; a screenshot is kept for a person to look at."""
    widths = page.evaluate(WIDTHS)
    if shot:
        RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(RESULTS / f"phone-{name}.png"), full_page=True)
    assert widths["page"] <= widths["screen"], f"{name}: {widths}"
    assert not widths["wide"], f"{name}: {widths['wide']}"


def inside(page, selector: str) -> None:
    """Every element matching ``selector`` is on the screen's width, and there is one."""
    boxes = page.locator(selector).evaluate_all("els => els.map(e => e.getBoundingClientRect().toJSON())")
    assert boxes, f"nothing matches {selector}"
    for box in boxes:
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 1, (selector, box)


def test_every_page_fits_a_small_phone(chromium, live_server, make_user):
    alice, bob = make_user("alice"), make_user("bob")
    alice.timezone = "America/Argentina/Buenos_Aires"  # a long name in the time-control line
    alice.save(update_fields=["timezone"])
    evening = {"days_per_move": 2, "deadline_time": "20:00", "count_weekends": False, "max_days": 40}
    dogfight = services.match_create(
        user=alice, game="space-dogfight", invite=["bob"], time_control={**evening, "timeout": "extend"}
    )
    services.match_join(user=bob, match_id=dogfight.pk)
    play_to_turns(dogfight)
    hexes = services.match_create(user=alice, game="early-days", invite=["bob"], time_control=evening)
    services.match_join(user=bob, match_id=hexes.pk)
    services.match_create(user=bob, game="battleship-galaxies")  # open: a lobby row for Alice

    base = live_server.url
    page = chromium.new_context(viewport=PHONE).new_page()
    page.set_default_timeout(WAIT_MS)
    page.goto(f"{base}/accounts/login/")
    fits(page, "sign-in")
    page.fill("#id_username", "alice")
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_url(f"{base}/")

    fits(page, "home")
    inside(page, ".match-row .due")
    page.goto(f"{base}/lobby/")
    fits(page, "lobby")
    inside(page, "#how-to-play a")
    page.goto(f"{base}/games/")
    fits(page, "games")

    for engine in all_engines():
        page.goto(f"{base}/matches/new/?game={engine.key}")
        fits(page, f"new-{engine.key}")
        inside(page, "#time-control input, #time-control select")
        page.goto(f"{base}/games/{engine.key}/")
        fits(page, f"help-{engine.key}")
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        fits(page, f"help-{engine.key}-open", shot=False)  # every value table, opened
        inside(page, ".help-table.values td.source .badge")

    for name, match in (("dogfight", dogfight), ("early-days", hexes)):
        page.goto(f"{base}/matches/{match.pk}/")
        fits(page, f"match-{name}")
        inside(page, "[data-seat-deadline]")
        inside(page, "#time-control")

    page.goto(f"{base}/accounts/profile/")
    fits(page, "profile")

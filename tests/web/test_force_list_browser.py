"""Saved force lists clicked in Chromium on a phone and a desktop: a list built with the
engine's moves, saved, used to build the force in a match, and deleted (every page watched:
a 4xx/5xx or console error fails the test)."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.extensions.forcelists.models import ForceList
from tests.support.browser import DESKTOP, PHONE, seq_of
from tests.web.helpers import started

RESULTS = Path(__file__).resolve().parents[2] / "test-results"
pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("screen", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_force_list_is_built_saved_used_and_deleted_by_clicking(browse, alice, bob, screen):
    page = browse(alice, screen)
    page.goto(browse.url("/"))
    page.locator("header.site a", has_text="Force lists").click()
    page.locator("#new-list-early-days").click()
    page.fill("#fl-name", "Red flights")
    page.locator("#force-buy button", has_text="X-wing (10 pts)").click()
    page.locator("[data-line='R1'] button", has_text="Flights: 3").click()
    page.locator("[data-line='R1'] button", has_text="Add Anti-capship (proton) torpedoes").click()
    pressed = page.locator("[data-line='R1'] button[aria-pressed=true]")
    assert "Remove Anti-capship (proton) torpedoes" in pressed.inner_text()
    assert "42 of 100 points" in page.inner_text("#force-lines legend")
    RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(RESULTS / f"force-list-{screen['width']}.png"), full_page=True)
    page.locator("#fl-save").click()
    page.wait_for_url(browse.url("/force-lists/"))
    assert "Red flights" in page.inner_text("#force-lists")
    fl = ForceList.objects.get(owner=alice)
    assert fl.force["units"] == [
        {"type": "x_wing", "flights": 3, "options": ["proton_torpedoes"], "transport": False}
    ]

    match = started("early-days", alice, bob)
    page.goto(browse.url(match))
    before = seq_of(page)
    page.select_option("#saved-list", str(fl.pk))
    page.locator("#use-force-list button[type=submit]").click()
    page.locator(".messages", has_text="built and sealed").wait_for()
    assert seq_of(page) > before
    assert not page.locator("#use-force-list").count()

    page.goto(browse.url("/force-lists/"))
    page.locator(f"[data-force-list='{fl.pk}'] summary").click()
    page.locator(f"[data-delete='{fl.pk}']").click()
    page.locator(".messages", has_text="Deleted").wait_for()
    assert not ForceList.objects.filter(pk=fl.pk).exists()

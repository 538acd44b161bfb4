"""Moving by destination in the browser, on a 390 px phone and a 1280 px desktop: click a
unit or ship, the page asks the server where it can go, every place it can end its move this
activation is highlighted (a unit's end facing drawn as an arrow), click one, and the piece
is there, its whole move played."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from games import selectors
from games.models import LogEntry
from tests.support.browser import DESKTOP, PHONE, act, on_board, routes_of, wait_until

from .helpers import advance, started
from .test_galaxies_browser import click_steps as click_ship_steps
from .test_galaxies_browser import picker_built

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RESULTS = Path("test-results")


def targets(page: Any) -> set[str]:
    """The hexes highlighted to click next."""
    return set(
        page.locator(".board polygon.hex.is-target, .board polygon[data-hex].is-target").evaluate_all(
            "els => els.map(e => e.dataset.hex)"
        )
    )


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_unit_flies_to_the_hex_and_facing_clicked(browse, alice, bob, viewport):
    match = started("early-days", alice, bob, points=20)

    def fresh_mover(seat, moves):
        return any(m["kind"] == "move" for m in moves) and not any(m["kind"] == "end" for m in moves)

    match, seat, _ = advance(match, fresh_mover, seed="route-browser")
    page = browse((alice, bob)[seat], viewport)
    page.goto(browse.url(match))
    if viewport is PHONE:
        page.click("[data-zoom]")
    wait_until(page, lambda: page.locator(".board .is-movable").count() > 0, "the units to click")
    unit = page.locator(".board g.unit.is-movable").first.get_attribute("data-unit")
    routes = routes_of(page, unit)
    assert routes, "the unit's destinations are on the page"
    on_board(page, "unit", unit).click()

    # every destination highlighted, an arrow for each end facing
    expected = {r["steps"][1]["value"] for r in routes}
    wait_until(page, lambda: targets(page) == expected, "the unit's destinations to be highlighted")
    arrows = page.locator(".board .route-arrow")
    assert sorted(arrows.evaluate_all("els => els.map(e => e.dataset.routeTo)")) == sorted(
        f"{r['steps'][1]['value']} {r['steps'][2]['value']}" for r in routes
    )

    RESULTS.mkdir(exist_ok=True)
    page.locator(".board-wrap").screenshot(
        path=str(RESULTS / f"early-days-destinations-{viewport['width']}.png"), caret="initial"
    )

    far = max(routes, key=lambda r: len(r["move"]))
    hex_name, facing = far["steps"][1]["value"], far["steps"][2]["value"]
    seq = match.seq
    act(page, lambda: page.locator(f'.board .route-arrow[data-route-to="{hex_name} {facing}"]').click())
    drawn = on_board(page, "unit", unit)
    assert (drawn.get_attribute("data-hex"), drawn.get_attribute("data-facing")) == (hex_name, facing)
    played = list(
        LogEntry.objects.filter(match=match, seq__gt=seq).order_by("seq").values_list("move", flat=True)
    )
    assert played == far["move"] and len(played) >= 2


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_ship_moves_to_the_place_clicked(browse, alice, bob, viewport):
    match = started("battleship-galaxies", alice, bob, mission="skirmish")
    calm = ("ready", "first", "launch", "place", "activate", "next")
    avoid = ("orders", "fleet", "deck", "reset", "play", "give", "discard", "end", "fire", "step", "warp")

    def may_step(seat, moves):
        return any(m["kind"] == "step" for m in moves)

    match, seat, moves = advance(match, may_step, prefer=calm, avoid=avoid, seed="route-ships")
    page = browse((alice, bob)[seat], viewport)
    page.goto(browse.url(match))
    wait_until(page, lambda: picker_built(page), "the picker")
    ship = next(m for m in moves if m["kind"] == "step")["ship"]
    routes = routes_of(page, ship)
    assert routes, "the ship's destinations are on the page"
    click_ship_steps(page, routes[0]["steps"][:1])

    expected = {h for r in routes for h in r["steps"][1]["values"]}
    wait_until(page, lambda: targets(page) == expected, "the ship's destinations to be highlighted")
    RESULTS.mkdir(exist_ok=True)
    page.locator(".board-wrap").screenshot(
        path=str(RESULTS / f"galaxies-destinations-{viewport['width']}.png"), caret="initial"
    )
    far = max(routes, key=lambda r: len(r["move"]))
    seq = match.seq
    act(page, lambda: click_ship_steps(page, far["steps"][1:]))
    view = selectors.match_view(match, selectors.Viewer.for_seat(match, seat))["view"]
    ships = [s for s in view.get("ships") or [] if s.get("id") == ship]
    placed = page.locator(f'.board [data-ship="{ship}"] polygon[data-hex]').evaluate_all(
        "els => els.map(e => e.dataset.hex)"
    )
    assert sorted(placed) == sorted(far["steps"][1]["values"]), (placed, ships)
    played = list(
        LogEntry.objects.filter(match=match, seq__gt=seq).order_by("seq").values_list("move", flat=True)
    )
    assert played == far["move"]

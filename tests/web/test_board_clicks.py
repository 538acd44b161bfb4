"""Each game's commonest move made on the board by clicking, in headless Chromium, with every
page watched for error responses and console errors (tests/support/browser.py).

The positions are reached through the services (random listed moves, seeded); from there
the player acts on the web page only: clicks on the board and the move tray's buttons.
"""

from __future__ import annotations

import re

import pytest

from tests.support.browser import (
    DESKTOP,
    PHONE,
    act,
    choice,
    click_steps,
    listed_moves,
    on_board,
    wait_for_seq,
)

from .helpers import advance, started

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def fast_polling(settings):
    settings.STARPOST_POLL_SECONDS = 1


def test_galaxies_a_ship_is_placed_by_clicking_its_footprint_on_a_board_with_coordinates(browse, alice, bob):
    match = started("battleship-galaxies", alice, bob)

    def wide_placement(seat, moves):
        return any(m["kind"] == "place" and len(m["hexes"]) > 1 for m in moves)

    match, seat, _moves = advance(
        match, wide_placement, prefer=("ready", "launch", "place"), avoid=("orders", "end", "reset")
    )
    player = (alice, bob)[seat]
    page = browse(player, DESKTOP)
    page.goto(browse.url(match))
    assert page.locator(".board text.coord").filter(has_text=re.compile("^a1$")).count() == 1, (
        "the hexes are named on the board"
    )

    listed = [m for m in listed_moves(page) if m["kind"] == "place" and len(m["move"]["hexes"]) > 1]
    assert listed, "the page offers the placement to click"
    target = listed[-1]
    seq = act(page, lambda: click_steps(page, target["steps"]))
    ship = target["move"]["ship"]
    titles = page.locator(".board .ship > title").all_text_contents()
    assert any(all(h in t.split() for h in target["move"]["hexes"]) for t in titles), (ship, titles)
    assert seq == match.seq + 1


def test_early_days_a_unit_is_deployed_by_clicking_a_hex_on_a_phone(browse, alice, bob):
    match = started("early-days", alice, bob)
    match, seat, moves = advance(match, lambda seat, moves: any(m["kind"] == "place" for m in moves))
    page = browse((alice, bob)[seat], PHONE)
    page.goto(browse.url(match))

    # The first unit to deploy is chosen already; its deployment hexes are highlighted.
    chosen = page.locator('#pick-path [aria-pressed="true"]')
    assert chosen.count() == 1
    unit = next(m for m in moves if m["kind"] == "place")["unit"]
    assert chosen.inner_text().startswith(unit)
    hexes = [m["hex"] for m in moves if m["kind"] == "place" and m["unit"] == unit]
    assert page.locator(".board polygon.hex.is-target").count() == len(hexes)
    act(page, lambda: on_board(page, "hex", hexes[-1]).click())
    assert page.locator(f'.board .unit[data-unit="{unit}"][data-hex="{hexes[-1]}"]').count() == 1


def test_early_days_the_shooting_phase_page_shows_and_a_unit_fires_by_clicking(browse, alice, bob):
    match = started("early-days", alice, bob)

    def can_fire(seat, moves):
        return any(m["kind"] == "fire" and "target" in m for m in moves)

    match, seat, _moves = advance(match, can_fire, prefer=("buy", "place", "move"))
    page = browse((alice, bob)[seat], DESKTOP)
    page.goto(browse.url(match))  # every Shooting phase page was a 500 (fire moves of two shapes)
    page.wait_for_timeout(1500)  # the poll asks again meanwhile: it must not fail either

    fire = next(m for m in listed_moves(page) if m["kind"] == "fire" and "target" in m["move"])
    shooter = on_board(page, "unit", fire["move"]["unit"])
    assert "is-movable" in shooter.get_attribute("class")
    shooter.click()
    target = on_board(page, "unit", fire["move"]["target"])
    assert "is-attack" in target.get_attribute("class")
    holds = page.locator("#pick-choices button").filter(has_text="Hold fire")
    assert holds.count() >= 1, "holding fire is offered beside the targets"
    act(page, lambda: click_steps(page, fire["steps"][1:]))


def test_star_fighters_a_rolled_die_is_placed_by_clicking_it_and_a_space(browse, alice, bob):
    match = started("star-fighters", alice, bob)
    match, seat, _moves = advance(match, lambda seat, moves: any(m["kind"] == "place" for m in moves))
    page = browse((alice, bob)[seat], DESKTOP)
    page.goto(browse.url(match))

    place = next(m for m in listed_moves(page) if m["kind"] == "place")
    die = on_board(page, "die", place["move"]["die"])
    assert "is-movable" in die.get_attribute("class")
    assert die.get_attribute("data-face"), "the die shows its face"
    die.click()
    space = on_board(page, "space", place["move"]["space"])
    assert "is-target" in space.get_attribute("class")
    seq = act(page, space.click)
    wait_for_seq(page, seq)
    placed = page.locator(f'.board .die[data-die="{place["move"]["die"]}"]')
    assert placed.get_attribute("data-group") == place["move"]["space"]


def test_dogfight_a_ship_attacks_by_clicking_it_and_the_enemy_drawn_as_a_target(browse, alice, bob):
    match = started("space-dogfight", alice, bob)
    match, seat, _moves = advance(
        match,
        lambda seat, moves: any(m["kind"] == "attack" for m in moves),
        prefer=("fleet", "place", "move", "draw"),
    )
    page = browse((alice, bob)[seat], DESKTOP)
    page.goto(browse.url(match))
    attack = next(m for m in listed_moves(page) if m["kind"] == "attack" and "repeat" not in m["move"])
    on_board(page, "square", attack["move"]["from"]).click()
    target = page.locator(f'.board rect[data-square="{attack["move"]["to"]}"]')
    assert "is-attack" in target.get_attribute("class")

    def strike():
        on_board(page, "square", attack["move"]["to"]).click()  # the enemy ship on that square
        # With a repeat to declare as well, the tray asks which; else the attack is made.
        if any(m["kind"] == "attack" and m["move"].get("repeat") for m in listed_moves(page)):
            choice(page, "Attack").click()

    act(page, strike)
    assert page.locator(".board .combat-mark").count() >= 1, "the combat is marked on the board"

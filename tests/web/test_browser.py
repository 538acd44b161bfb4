"""Two players in headless Chromium play Space Dogfight through the web UI.

Alice and Bob register, Alice opens a match inviting Bob, both build secret fleets, place
their ships by clicking the board and play turns (draw, move a ship by clicking it and a
target square, end the turn). Bob's page follows Alice's moves by polling, never reloading,
and never shows Alice's hand. Bob then resigns from the page: the match ends, each page
says who won, and the final board is saved under test-results/.

Uses Debian's Chromium (``apt-get install chromium``); a browser is never downloaded. If it
cannot run, the test fails saying so: it does not skip. Every page is watched: an error
response or a console error fails the test (tests/support/browser.py).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support.browser import PHONE, act, listed_moves, wait_for_seq, wait_until

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RESULTS = Path(__file__).resolve().parents[2] / "test-results"
PASSWORD = "pw-not-common-42"


@pytest.fixture
def fast_polling(settings):
    settings.STARPOST_POLL_SECONDS = 1
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


def register(browse, username: str):
    page = browse(None, PHONE)
    page.goto(browse.url("/accounts/register/"))
    page.fill("#id_username", username)
    page.fill("#id_email", f"{username}@example.test")
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit].primary")
    page.wait_for_url(browse.url("/"))
    return page


def first_move(page):
    """The first "move" among the moves the page's picker was given (None without AP)."""
    return next((m["move"] for m in listed_moves(page) if m["kind"] == "move"), None)


def placing(page) -> bool:
    """The picker offers ship types to place (a chip per type, the chosen one pressed)."""
    return page.locator("#pick-path [aria-pressed]").count() > 0


def on_turn(pages):
    for page in pages:
        if page.locator("button[data-kind=end]").count():
            return page
    return None


def hand_ids(page) -> set[str]:
    return set(page.locator("#hand [data-counter]").evaluate_all("els => els.map(e => e.dataset.counter)"))


def test_two_players_play_space_dogfight_in_the_browser(browse, fast_polling):
    alice = register(browse, "alice")
    bob = register(browse, "bob")

    # Alice opens a match from the schema-built form, flying Blue and moving first.
    alice.goto(browse.url("/matches/new/?game=space-dogfight"))
    alice.select_option("#id_opt_first_player", "blue")
    alice.fill("#id_invite", "bob")
    alice.click("#new-match button[type=submit]")
    alice.wait_for_url(re.compile(r"/matches/\d+/$"))
    match_url = alice.url

    # Bob finds the invitation on his home page and joins.
    bob.goto(browse.url("/"))
    bob.click("#invitations button[type=submit]")
    bob.wait_for_url(match_url)
    bob.evaluate("window.__notReloaded = true")

    # Alice's page notices the join by polling and offers the fleet builder.
    alice.wait_for_selector("[data-fleet-builder]")
    alice.fill("input[name='f.ships.A']", "2")
    alice.fill("input[name='f.ships.B']", "1")
    assert alice.inner_text("[data-fleet-total]") == "35"
    sealed = act(alice, lambda: alice.click("[data-fleet-submit]"))
    wait_for_seq(bob, sealed)  # Bob's page follows by polling before he builds his
    bob.fill("input[name='f.ships.A']", "3")
    seq = act(bob, lambda: bob.click("[data-fleet-submit]"))

    # Placement: the player to place clicks a highlighted square of their zone.
    for _ in range(12):
        wait_for_seq(alice, seq)
        wait_for_seq(bob, seq)
        # the picker is built by the page's script once the polled region is in: wait for it
        wait_until(
            alice,
            lambda: placing(alice) or placing(bob) or alice.locator(".board .ship").count() == 6,
            "a player to place a ship, or every ship placed",
        )
        placer = next((p for p in (alice, bob) if placing(p)), None)
        if placer is None:
            break
        seq = act(placer, lambda p=placer: p.locator(".board rect.is-target").first.click())
    assert alice.locator(".board .ship").count() == 6

    # Play: on each turn either move a ship (click it, then a green square) or draw.
    moved = {"alice": 0, "bob": 0}
    for _turn in range(16):
        wait_for_seq(alice, seq)
        wait_for_seq(bob, seq)
        wait_until(alice, lambda: on_turn((alice, bob)) is not None, "someone to be on turn")
        page = on_turn((alice, bob))
        who = "alice" if page is alice else "bob"
        step = first_move(page)
        if step:
            ship = page.locator(f".board .ship[data-square={step['from']}]")
            assert "is-movable" in ship.get_attribute("class")
            ship.click()
            assert "is-selected" in ship.get_attribute("class")
            target = page.locator(f".board rect[data-square={step['to']}]")
            assert "is-target" in target.get_attribute("class")
            seq = act(page, target.click)
            moved[who] += 1
        else:
            for _ in range(3):
                draw = page.locator("button[data-kind=draw]")
                if not draw.count():
                    break
                seq = act(page, draw.click)
        if page.locator("button[data-kind=end]").count():  # the last draw ends the turn itself
            seq = act(page, lambda p=page: p.click("button[data-kind=end]"))

        # Bob's page caught up by polling, and shows nothing of Alice's secrets.
        wait_for_seq(bob, seq)
        wait_for_seq(alice, seq)
        secrets = hand_ids(alice) | {"orders-0"}
        bob_html = bob.content()
        assert not any(s in bob_html for s in secrets), "Bob's page shows Alice's hand"
        assert "hold-0-" not in bob_html
        if min(moved.values()) >= 1 and _turn >= 3:
            break

    assert moved["alice"] >= 1 and moved["bob"] >= 1, f"ships moved by clicking: {moved}"
    assert bob.evaluate("window.__notReloaded") is True, "Bob's page was reloaded"
    assert alice.locator(".log li").count() >= 10
    RESULTS.mkdir(exist_ok=True)
    alice.screenshot(path=str(RESULTS / "browser-alice.png"), full_page=True)
    bob.screenshot(path=str(RESULTS / "browser-bob.png"), full_page=True)

    # The end, the short way: Bob resigns from the page; both pages say who won, and the
    # finished match offers its dice check and replay.
    bob.click(".resign summary")
    bob.click("#resign-confirm")
    bob.wait_for_selector("#match-status strong")
    assert "wins" in bob.inner_text("#match-status")
    alice.reload()
    assert "Blue wins" in alice.inner_text("#match-status")  # Alice flies Blue
    assert alice.locator("#verify-link").count() == 1 and alice.locator("#replay-link").count() == 1
    alice.locator(".board-wrap").screenshot(path=str(RESULTS / "dogfight-final-board.png"))

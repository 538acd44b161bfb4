"""Star Fighters played on the web page by clicking, in headless Chromium (every page watched
for error responses and console errors, tests/support/browser.py)."""

from __future__ import annotations

import pytest

from tests.support.browser import PHONE

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

"""Declining an invitation, cancelling an open match, a finished row that says who won and
how, and a rematch, each clicked in Chromium on a phone and on a desktop (every page is
watched: a 4xx/5xx or a console error fails the test)."""

from __future__ import annotations

import re

import pytest

from games.models import Match
from games.play import services
from tests.support.browser import DESKTOP, PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("screen", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_decline_cancel_result_and_rematch_by_clicking(browse, alice, bob, screen):
    invitation = services.match_create(user=alice, game="space-dogfight", invite=["bob"])
    unwanted = services.match_create(user=alice, game="star-fighters", invite=["bob"])
    played = services.match_create(user=alice, game="space-dogfight", invite=["bob"])
    services.match_join(user=bob, match_id=played.pk)
    services.match_resign(match_id=played.pk, user=bob)

    # Bob declines one invitation from his home page.
    b = browse(bob, screen)
    b.goto(browse.url("/"))
    b.locator(f"#invitations [data-decline='{invitation.pk}']").click()
    b.wait_for_url(browse.url("/"))
    assert "You declined" in b.inner_text(".messages")
    assert not b.locator(f"#invitations [data-match='{invitation.pk}']").count()
    invitation.seats.get(index=1).refresh_from_db()
    assert invitation.seats.get(index=1).invited is None

    # Alice cancels the other before anyone joins.
    a = browse(alice, screen)
    a.goto(browse.url(unwanted))
    a.locator("details.cancel summary").click()
    a.locator("#cancel-confirm").click()
    a.wait_for_selector("#match-status >> text=Cancelled")
    unwanted.refresh_from_db()
    assert unwanted.status == Match.Status.CANCELLED

    # Her finished match says who won and how, and that she did.
    a.goto(browse.url("/"))
    row = a.locator(f"#finished [data-match='{played.pk}']")
    assert "alice (Blue) won by resignation" in row.inner_text()
    assert row.locator(".badge.result-won").inner_text() == "you won"

    # She asks for a rematch from the finished match: the sides are swapped, Bob invited.
    row.locator("a.match-link").click()
    a.locator("#rematch-button").click()
    a.wait_for_url(re.compile(r"/matches/\d+/$"))
    rematch = Match.objects.get(rematch_of=played)
    assert a.url == browse.url(rematch)
    assert rematch.seats.get(index=1).user == alice
    b.goto(browse.url("/"))
    assert b.locator(f"#invitations [data-match='{rematch.pk}']").count() == 1
    b.goto(browse.url(played))
    assert b.locator("#rematch-link").get_attribute("href").endswith(f"/matches/{rematch.pk}/")

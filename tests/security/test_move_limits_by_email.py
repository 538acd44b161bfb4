"""Issue 13, item 3: the per-player move limits hold in the write path, so moves sent by
email count as much as moves sent through the API or the web."""

from __future__ import annotations

import pytest

from games.models import LogEntry
from notifications.inbound import receive
from tests.games.helpers import started_match
from tests.notifications.test_inbound import reply, turn_email

pytestmark = pytest.mark.django_db(transaction=True)  # replies are processed after the commit


def test_standing_orders_sent_by_email_count_against_the_limit(alice, bob, settings):
    settings.STARPOST_QUIET_MOVES_PER_MINUTE = 1
    match = started_match(alice, bob)
    row = receive(reply(turn_email(alice), "orders lowest 10 ask\norders lowest 20 ask"), via="command")
    row.refresh_from_db()
    assert (row.status, row.code) == ("applied", "too_many_orders")
    assert LogEntry.objects.filter(match=match, kind="orders").count() == 1


def test_moves_sent_by_email_count_against_the_limit_of_moves_in_general(alice, bob, settings):
    settings.STARPOST_MOVES_PER_MINUTE = 2
    match = started_match(alice, bob)
    lines = "\n".join(f"orders lowest {n} ask" for n in (10, 20, 0))
    row = receive(reply(turn_email(alice), lines), via="command")
    row.refresh_from_db()
    assert (row.status, row.code) == ("applied", "too_many_moves")
    assert LogEntry.objects.filter(match=match, user=alice).count() == 2

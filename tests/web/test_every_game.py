"""Every game can be played on the web: each listed move, posted as the page's buttons post
it, goes through move_submit and the page follows."""

from __future__ import annotations

import json
import random

import pytest
from django.test import Client

from games import selectors
from games.engines import all_engines
from games.models import LogEntry, Match
from games.play import services

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("engine", all_engines(), ids=lambda e: e.key)
def test_forty_random_moves_through_the_match_page(engine, make_user):
    rng = random.Random(engine.key)
    users = [make_user(f"w{i}") for i in range(engine.min_seats)]
    match = services.match_create(user=users[0], game=engine.key, seats=engine.min_seats)
    for u in users[1:]:
        services.match_join(user=u, match_id=match.pk)
    clients = []
    for u in users:
        c = Client()
        c.force_login(u)
        clients.append(c)
    for _ in range(40):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            break
        seat = rng.choice(match.active_seats)
        page = clients[seat].get(f"/matches/{match.pk}/").content.decode()
        legal = selectors.legal_moves_view(match, selectors.Viewer.for_seat(match, seat))
        move = rng.choice(legal["moves"])
        # the page offers this kind of move: buttons, board clicks or a form for it
        kind = move["kind"]
        offered = (
            f'data-kind="{kind}"',
            f'name="kind" value="{kind}"',
            f"&quot;kind&quot;:&quot;{kind}&quot;",
            f'"kind":"{kind}"',
        )
        # the page is at the seq this seat may know of (a blind Roll phase hides others' steps)
        assert f'data-seq="{legal["seq"]}"' in page and any(o in page for o in offered), kind
        r = clients[seat].post(
            f"/matches/{match.pk}/move/",
            {"expected_seq": legal["seq"], "move": json.dumps(move)},
            HTTP_HX_REQUEST="true",
        )
        assert r.status_code == 200
        assert 'id="move-error"' not in r.content.decode(), r.content.decode()[:2000]
    assert LogEntry.objects.filter(match=match, source="web").count() >= 10

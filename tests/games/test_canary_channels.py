"""The canary across channels: no seat's hidden values reach another seat or a spectator
through the API, the log, legal moves, a piece's routes, emails, outbox payloads or HTML
pages (the match page and its replay)."""

from __future__ import annotations

import json
import random
import re

import pytest
from django.core import mail
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.engines import all_engines
from games.models import Match
from games.play import services
from notifications.models import Outbox, PushSubscription, Webhook

pytestmark = pytest.mark.django_db(transaction=True)


def api_client(user=None) -> APIClient:
    c = APIClient()
    if user is not None:
        c.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return c


def web_client(user=None) -> Client:
    c = Client()
    if user is not None:
        c.force_login(user)
    return c


def found(text: str, marker: str) -> bool:
    return re.search(r"(?<![\w-])" + re.escape(marker) + r"(?![\w-])", text) is not None


def whole_log(api, pk: int) -> list:
    """Every page of the API's log, following its rel="next" links."""
    entries, url = [], f"/api/matches/{pk}/log/?limit=200"
    while url:
        page = api.get(url)
        entries += page.json()
        found = re.search(r'<([^>]+)>; rel="next"', page.headers.get("Link", ""))
        url = found[1] if found else None
    return entries


def channels(match: Match, user, email: str | None) -> str:
    """Everything ``user`` (None = spectator) can read about the match, as one text."""
    api = api_client(user)
    parts = [
        json.dumps(api.get(f"/api/matches/{match.pk}/").json()),
        json.dumps(whole_log(api, match.pk)),
        json.dumps(legal := api.get(f"/api/matches/{match.pk}/legal-moves/").json()),
        web_client(user).get(f"/matches/{match.pk}/").content.decode(),
        web_client(user).get(f"/matches/{match.pk}/replay/").content.decode(),
    ]
    # a piece's destinations, asked for by the page's script and by API clients
    pieces = {m.get("unit") or m.get("ship") for m in legal.get("moves", []) if m["kind"] in ("move", "step")}
    for piece in sorted(p for p in pieces if isinstance(p, str))[:2]:
        query = {"piece": piece, "seq": legal["seq"]}
        parts.append(json.dumps(api.get(f"/api/matches/{match.pk}/routes/", query).json()))
        parts.append(web_client(user).get(f"/matches/{match.pk}/routes/", query).content.decode())
    if email is not None:
        for m in mail.outbox:
            if m.to == [email]:
                parts += [m.subject, m.body, *(alt[0] for alt in m.alternatives)]
        parts += [json.dumps(p) for p in Outbox.objects.filter(user=user).values_list("payload", flat=True)]
        assert {"email", "push", "webhook"} >= set(
            Outbox.objects.filter(user=user).values_list("channel", flat=True)
        )
    return "\n".join(parts)


@pytest.mark.parametrize("engine", all_engines(), ids=lambda e: e.key)
@pytest.mark.parametrize("seed", [11, 12])
def test_no_channel_shows_another_seats_secrets(engine, seed, make_user):
    rng = random.Random(seed)
    users = [make_user(f"p{i}") for i in range(engine.min_seats)]
    for i, u in enumerate(users):  # every channel: push devices and webhooks write rows too
        PushSubscription.objects.create(
            user=u, endpoint=f"https://push.example.test/{i}", p256dh="x" * 87, auth="y" * 22
        )
        Webhook.objects.create(
            user=u, url=f"https://hooks.example.test/{i}", secret="s", events=["your_turn", "match_over"]
        )
    match = services.match_create(user=users[0], game=engine.key, seats=engine.min_seats)
    for u in users[1:]:
        services.match_join(user=u, match_id=match.pk)
    checked = 0
    for step in range(60):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            break
        if step % 6 == 0:
            secrets = engine.secrets(engine.load(match.state))
            for owner, markers in secrets.items():
                if not markers:
                    continue
                own = channels(match, users[owner], users[owner].email)
                assert all(found(own, m) for m in markers), "the owner must see their own secrets"
                for viewer in [None, *range(engine.min_seats)]:
                    if viewer == owner:
                        continue
                    user = None if viewer is None else users[viewer]
                    seen = channels(match, user, None if user is None else user.email)
                    leaked = [m for m in markers if found(seen, m)]
                    assert not leaked, f"viewer {viewer} sees seat {owner}'s {leaked}"
                    checked += len(markers)
        seat = rng.choice(match.active_seats)
        legal = api_client(users[seat]).get(f"/api/matches/{match.pk}/legal-moves/").json()
        services.move_submit(
            match_id=match.pk, user=users[seat], expected_seq=legal["seq"], move=rng.choice(legal["moves"])
        )
    assert checked > 0, "no secret was ever checked"
    channels_written = set(Outbox.objects.values_list("channel", flat=True))
    assert channels_written == {"email", "push", "webhook"}, channels_written

"""The rows the API fuzz needs (tests/api/test_fuzz.py): alice signed in with a token,
started matches of every game, a saved force list, a club; and fresh ones on demand, so
that each generated request starts from a body its endpoint would accept."""

from __future__ import annotations

import itertools
from datetime import timedelta

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.apps import apps
from django.db import connection
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import Club, ClubMember
from accounts.tokens import token_create
from games import selectors
from games.extensions.forcelists import services as forcelists
from games.models import Match
from games.play import services
from notifications.models import PushSubscription, Webhook
from notifications.push import b64url, generate_vapid_keys


class World:
    GAMES = ("space-dogfight", "star-fighters", "early-days", "battleship-galaxies")
    FORCE_LIST = {
        "side": "rebels",
        "scenario": "fighter_clash",
        "points": 100,
        "force": {"units": [{"type": "x_wing", "flights": 2, "options": [], "transport": False}]},
    }
    PREFS = {
        "email": "digest",
        "push": "off",
        "digest_hour": 7,
        "quiet_start": "22:00",
        "quiet_end": "07:00",
        "reminder_hours": 12,
        "auto_vacation": False,
    }
    MATCH = {
        "game": "space-dogfight",
        "options": {},
        "seats": 2,
        "invite": ["carol"],
        "seat": 0,
        "salt": "s",
        "time_control": {
            "days_per_move": 3,
            "deadline_time": "20:00",
            "count_weekends": True,
            "max_days": None,
            "timeout": "auto",
        },
    }

    def __init__(self, alice, bob, carol, settings):
        settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = generate_vapid_keys()
        settings.VAPID_SUBJECT = "mailto:ops@starpost.test"
        self.alice, self.bob, self.carol = alice, bob, carol
        self.client = APIClient()
        self.client.credentials(HTTP_AUTHORIZATION=f"Token {token_create(user=alice)[1]}")
        self._serial = itertools.count(1)
        self.pick = 0
        self.matches = {game: self.started(game) for game in self.GAMES}
        self.force_list = forcelists.forcelist_save(user=alice, name="saved", **self.FORCE_LIST)
        self.p256dh = b64url(
            ec.generate_private_key(ec.SECP256R1())
            .public_key()
            .public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        )
        self.own_club = self.club()

    def serial(self) -> int:
        return next(self._serial)

    def started(self, game: str) -> Match:
        match = services.match_create(user=self.alice, game=game, invite=["bob"])
        services.match_join(user=self.bob, match_id=match.pk)
        match.refresh_from_db()
        return match

    def fresh_force_list(self):
        return forcelists.forcelist_save(user=self.alice, name=f"list {self.serial()}", **self.FORCE_LIST)

    def registration(self) -> dict:
        n = self.serial()
        return {"username": f"new{n}", "email": f"new{n}@example.test", "password": "pw-not-common-42"}

    def vacation(self) -> dict:
        """One day off, each request a different day within the next few months."""
        start = timezone.now() + timedelta(days=2 * self.serial())
        return {"days": 1, "start": start.isoformat()}

    def subscription(self) -> dict:
        return {
            "endpoint": f"https://push.example.com/device/{self.serial()}",
            "keys": {"p256dh": self.p256dh, "auth": b64url(b"0123456789abcdef")},
        }

    def subscribed(self) -> str:
        endpoint = self.subscription()["endpoint"]
        PushSubscription.objects.create(user=self.alice, endpoint=endpoint, p256dh=self.p256dh, auth="x")
        return endpoint

    def webhook(self) -> dict:
        return {
            "url": f"https://example.com/hook/{self.serial()}",
            "events": ["your_turn"],
            "club": self.own_club.name,
        }

    def club(self, member: str | None = None) -> Club:
        club = Club.objects.create(name=f"Fuzzers {self.serial()}", owner=self.alice)
        ClubMember.objects.create(club=club, user=self.alice)
        if member:
            ClubMember.objects.create(club=club, user=getattr(self, member))
        return club


def database() -> dict[str, str]:
    """A fingerprint of every table our apps (and tokens) write: one md5 of its rows each,
    read in one query so that it can be taken around every request."""
    tables = sorted(
        {
            model._meta.db_table
            for label in ("accounts", "games", "notifications", "authtoken")
            for model in apps.get_app_config(label).get_models()
            if not model._meta.proxy
        }
    )
    q = connection.ops.quote_name
    sql = " UNION ALL ".join(
        f"SELECT '{t}', md5(coalesce(string_agg(r::text, '|' ORDER BY r::text), '')) FROM {q(t)} r"
        for t in tables
    )
    with connection.cursor() as cursor:
        cursor.execute(sql)
        return dict(cursor.fetchall())


# -- the write endpoints, each with a body it accepts (method, path, body) ------------------------


def _moves(game):
    def prepare(w):
        match = w.matches[game]
        match.refresh_from_db()
        legal = selectors.legal_moves_for(match, w.alice)
        move = legal["moves"][w.pick % len(legal["moves"])] if legal["moves"] else {"kind": "pass"}
        return "POST", f"/api/matches/{match.pk}/moves/", {"expected_seq": legal["seq"], "move": move}

    return prepare


def _resign(w):
    match = w.started("space-dogfight")
    return "POST", f"/api/matches/{match.pk}/resign/", {"expected_seq": match.seq}


def _join(w):
    match = services.match_create(user=w.bob, game="space-dogfight")
    return "POST", f"/api/matches/{match.pk}/join/", {"seat": 1, "salt": "mine"}


def _decline(w):
    match = services.match_create(user=w.bob, game="space-dogfight", invite=["alice"])
    return "POST", f"/api/matches/{match.pk}/decline/", {}


def _cancel(w):
    match = services.match_create(user=w.alice, game="space-dogfight")
    return "POST", f"/api/matches/{match.pk}/cancel/", {}


def _rematch(w):
    match = w.started("space-dogfight")
    services.match_resign(match_id=match.pk, user=w.bob)
    return "POST", f"/api/matches/{match.pk}/rematch/", {"salt": "mine"}


def _use_force_list(w):
    match = w.started("early-days")
    return (
        "POST",
        f"/api/matches/{match.pk}/force-list/",
        {"force_list": w.force_list.pk, "expected_seq": match.seq},
    )


def _fresh_webhook(w):
    return Webhook.objects.create(user=w.alice, url="https://example.com/h", events=["your_turn"], secret="s")


ENDPOINTS = {
    "register": lambda w: ("POST", "/api/accounts/", w.registration()),
    "token": lambda w: ("POST", "/api/auth/token/", {"username": "alice", "password": "pw-not-common-42"}),
    "profile": lambda w: (
        "PATCH",
        "/api/accounts/me/",
        {"timezone": "Europe/Oslo", "email": "alice@example.test"},
    ),
    "preferences": lambda w: ("PATCH", "/api/accounts/me/notifications/", w.PREFS),
    "preferences-put": lambda w: ("PUT", "/api/accounts/me/notifications/", w.PREFS),
    "vacation": lambda w: ("POST", "/api/accounts/me/vacations/", w.vacation()),
    "match-create": lambda w: ("POST", "/api/matches/", w.MATCH),
    "join": _join,
    **{f"moves-{game}": _moves(game) for game in World.GAMES},
    "resign": _resign,
    "decline": _decline,
    "cancel": _cancel,
    "rematch": _rematch,
    "force-list-create": lambda w: ("POST", "/api/force-lists/", {"name": f"n{w.serial()}", **w.FORCE_LIST}),
    "force-list-replace": lambda w: (
        "PUT",
        f"/api/force-lists/{w.fresh_force_list().pk}/",
        {"name": "replaced", **w.FORCE_LIST},
    ),
    "force-list-delete": lambda w: ("DELETE", f"/api/force-lists/{w.fresh_force_list().pk}/", {}),
    "force-list-use": _use_force_list,
    "push-subscribe": lambda w: ("POST", "/api/push/subscriptions/", w.subscription()),
    "push-unsubscribe": lambda w: ("DELETE", "/api/push/subscriptions/", {"endpoint": w.subscribed()}),
    "webhook-create": lambda w: ("POST", "/api/webhooks/", w.webhook()),
    "webhook-update": lambda w: (
        "PATCH",
        f"/api/webhooks/{_fresh_webhook(w).pk}/",
        {"active": False, "events": ["your_turn", "match_over"]},
    ),
    "webhook-delete": lambda w: ("DELETE", f"/api/webhooks/{_fresh_webhook(w).pk}/", {}),
    "club-create": lambda w: ("POST", "/api/clubs/", {"name": f"club {w.serial()}"}),
    "club-add-member": lambda w: ("POST", f"/api/clubs/{w.club().pk}/members/", {"username": "bob"}),
    "club-remove-member": lambda w: ("DELETE", f"/api/clubs/{w.club('bob').pk}/members/bob/", {}),
}

# These read no body: whatever is sent with them is ignored.
BODILESS = {"force-list-delete", "webhook-delete", "club-remove-member", "decline", "cancel"}

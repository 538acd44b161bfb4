"""No input produces a 500: random JSON bodies against every write endpoint.

Whatever arrives, the answer is a documented status with {"code", "message"}, and a
refused request changes nothing in the database.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games import services
from games.models import LogEntry, Match, Seat

pytestmark = pytest.mark.django_db

DOCUMENTED = {200, 201, 400, 401, 403, 404, 409, 415, 422}

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=12,
)
move_like = st.fixed_dictionaries(
    {"kind": st.sampled_from(["fleet", "place", "draw", "move", "attack", "end", "orders", "discard", "x"])},
    optional={
        "ships": json_values,
        "to": json_values,
        "from": json_values,
        "ship": json_values,
        "counter": json_values,
        "def_counter": json_values,
        "def2_min_pts": json_values,
        "ask": json_values,
    },
)
bodies = st.one_of(
    json_values,
    st.fixed_dictionaries({"expected_seq": json_values, "move": st.one_of(move_like, json_values)}),
    st.fixed_dictionaries({"expected_seq": st.integers(0, 3), "move": move_like}),
    st.fixed_dictionaries(
        {},
        optional={
            "game": json_values,
            "options": json_values,
            "seats": json_values,
            "invite": json_values,
            "seat": json_values,
        },
    ),
)
raw_bodies = st.one_of(st.text(max_size=40), st.binary(max_size=40).map(lambda b: b.decode("latin-1")))


def state_of_db():
    return (
        LogEntry.objects.count(),
        list(Match.objects.order_by("pk").values_list("seq", "status")),
        list(Seat.objects.order_by("pk").values_list("user_id", "salt")),
    )


@pytest.fixture
def world(alice, bob):
    match = services.match_create(user=alice, game="space-dogfight", invite=["bob"])
    services.match_join(user=bob, match_id=match.pk)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=alice)[0].key}")
    return client, match


FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def check(response):
    assert response.status_code in DOCUMENTED, (response.status_code, response.content[:300])
    if response.status_code >= 400:
        body = response.json()
        assert isinstance(body["code"], str) and isinstance(body["message"], str) and body["message"]


@FUZZ
@given(body=bodies)
def test_random_json_never_breaks_the_move_endpoint(world, body):
    client, match = world
    before = state_of_db()
    r = client.post(f"/api/matches/{match.pk}/moves/", body, format="json")
    check(r)
    if r.status_code != 201:
        assert state_of_db() == before


@FUZZ
@given(raw=raw_bodies)
def test_malformed_bodies_are_400_not_500(world, raw):
    client, match = world
    before = state_of_db()
    for path in (
        f"/api/matches/{match.pk}/moves/",
        "/api/matches/",
        f"/api/matches/{match.pk}/join/",
        "/api/accounts/",
    ):
        r = client.generic(
            "POST", path, raw.encode("utf-8", "surrogatepass"), content_type="application/json"
        )
        check(r)
    assert state_of_db() == before


@FUZZ
@given(body=bodies)
def test_random_json_never_breaks_match_creation_join_or_registration(world, body):
    client, match = world
    for path in ("/api/matches/", f"/api/matches/{match.pk}/join/", "/api/accounts/", "/api/auth/token/"):
        r = client.post(path, body, format="json")
        check(r)
        if r.status_code == 201 and path == "/api/matches/":
            assert json.loads(r.content)["status"] == "open"

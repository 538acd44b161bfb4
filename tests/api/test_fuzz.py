"""No input produces a 500: wrong JSON against every write endpoint of the API.

Each endpoint starts from a body it accepts (tests/api/fuzz_world.py). A sweep then puts
each value of a type-confusion list into each known field, at any depth; Hypothesis swaps
fields for values of the wrong type (null, bool, huge or negative numbers, long or odd
text, lists, objects, deep nesting), adds fields named like Python parameters (``cls``,
``self``, ``kind``, ...), drops fields, or sends any JSON at all (tests/api/fuzz_bodies.py).
Raw bodies add what JSON encoders never write: bytes that are not UTF-8, NaN and Infinity,
``1e999``, 5,000 ``[``. Whatever arrives, the answer is a 2xx, or a 4xx with {"code",
"message"}; and a refusal changes nothing in the database.
"""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.api.fuzz_bodies import NASTY, cooked, places, recipes, replaced
from tests.api.fuzz_world import BODILESS, ENDPOINTS, World, database

pytestmark = pytest.mark.django_db

SUCCESS = {200, 201, 204}
REFUSED = {400, 401, 403, 404, 409, 413, 415, 422}

FUZZ = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """Autouse, so it is in place before the users are made: the fuzz signs in and registers
    hundreds of times, and the production hasher is slow on purpose."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def world(alice, bob, carol, settings):
    return World(alice, bob, carol, settings)


def check(response):
    assert response.status_code in SUCCESS | REFUSED, (response.status_code, response.content[:300])
    if response.status_code >= 400:
        body = response.json()
        assert set(body) >= {"code", "message"}, body
        assert isinstance(body["code"], str) and body["code"], body
        assert isinstance(body["message"], str) and body["message"], body


def send(world, endpoint, body=None, raw=None, content_type="application/json"):
    """``raw`` bytes if given, else ``body`` as JSON (None: JSON null)."""
    method, path, _ = endpoint
    return world.client.generic(method, path, json.dumps(body).encode() if raw is None else raw, content_type)


def sent_and_checked(world, endpoint, body=None, raw=None, content_type="application/json"):
    """Send, check the answer's form, and that a refusal left every table as it was."""
    before = database()
    r = send(world, endpoint, body, raw, content_type)
    check(r)
    if r.status_code >= 400:
        after = database()
        assert after == before, [table for table in before if after[table] != before[table]]
    return r


def test_the_database_fingerprint_sees_a_change_in_any_row(world):
    """The "changes nothing" checks below rest on it."""
    before = database()
    world.alice.timezone = "Asia/Tokyo"
    world.alice.save(update_fields=["timezone"])
    after = database()
    assert [table for table in before if before[table] != after[table]] == ["accounts_user"]


@pytest.mark.parametrize("name", ENDPOINTS)
def test_the_starting_body_of_every_endpoint_is_accepted(world, name):
    """The fuzz below mutates these bodies: each must be one the endpoint accepts."""
    endpoint = ENDPOINTS[name](world)
    r = send(world, endpoint, endpoint[2])
    assert r.status_code in SUCCESS, (name, r.status_code, r.content[:300])


@pytest.mark.parametrize("name", ENDPOINTS)
def test_every_known_field_with_every_wrong_type_is_answered_and_a_refusal_changes_nothing(world, name):
    base = ENDPOINTS[name](world)[2]
    for path in list(places(base)):
        for value in NASTY:
            endpoint = ENDPOINTS[name](world)  # fresh: an accepted body may use up its rows
            try:
                body = replaced(endpoint[2], path, value)
            except (KeyError, IndexError):  # a move accepted meanwhile: the next one differs
                continue
            sent_and_checked(world, endpoint, body)


@pytest.mark.parametrize("name", ENDPOINTS)
@FUZZ
@given(recipe=recipes, pick=st.integers(0, 50))
def test_generated_json_never_breaks_an_endpoint_and_a_refusal_changes_nothing(world, name, recipe, pick):
    world.pick = pick
    endpoint = ENDPOINTS[name](world)
    sent_and_checked(world, endpoint, cooked(endpoint[2], recipe))


DEEP = st.integers(33, 5000).flatmap(
    lambda n: st.sampled_from([b"[" * n + b"]" * n, b'{"a":' * n + b"1" + b"}" * n, b"[" * n])
)
# Literals and bytes a JSON encoder never writes, spliced into a body the endpoint accepts.
SPLICED = st.sampled_from(
    [
        b"NaN",
        b"Infinity",
        b"-Infinity",
        b"1e999",
        b"-1e999",
        b"9" * 5000,
        b'"\\u0000"',
        b'"\\ud800"',
        b'"\xff"',
    ]
)


def _splice(base, literal: bytes) -> bytes:
    """``base`` as JSON with its first field's value (or a new field) replaced by ``literal``."""
    first = next(iter(base), "extra")
    return json.dumps({**base, first: "__SPLICE__"}).encode().replace(b'"__SPLICE__"', literal)


@pytest.mark.parametrize("name", ENDPOINTS)
@settings(FUZZ, max_examples=15)
@given(
    kind=st.sampled_from(["deep", "spliced", "text", "bytes"]),
    deep=DEEP,
    spliced=SPLICED,
    text=st.text(max_size=60),
    raw=st.binary(max_size=60),
)
def test_malformed_bodies_are_refused_as_malformed_json_and_change_nothing(
    world, name, kind, deep, spliced, text, raw
):
    endpoint = ENDPOINTS[name](world)
    body = {
        "deep": deep,
        "spliced": _splice(endpoint[2], spliced),
        "text": text.encode("utf-8", "surrogatepass"),
        "bytes": raw,
    }[kind]
    r = sent_and_checked(world, endpoint, raw=body)
    if kind in ("deep", "spliced") and name not in BODILESS:
        assert (r.status_code, r.json()["code"]) == (400, "malformed_json"), r.json()


@pytest.mark.parametrize("name", ENDPOINTS)
@pytest.mark.parametrize("content_type", ["application/x-www-form-urlencoded", "text/plain"])
def test_a_body_that_is_not_json_is_refused_as_unsupported_and_changes_nothing(world, name, content_type):
    r = sent_and_checked(world, ENDPOINTS[name](world), raw=b"name=x&days=3", content_type=content_type)
    if name not in BODILESS:
        assert (r.status_code, r.json()["code"]) == (415, "unsupported_media_type")


@FUZZ
@given(
    ident=st.integers(0, 2**70),
    username=st.text(max_size=40) | st.sampled_from(["%00", "x" * 300, "carol"]),
)
def test_ids_and_names_in_the_path_never_break_a_write(world, ident, username):
    club = world.own_club.pk
    for method, path in [
        ("DELETE", f"/api/webhooks/{ident}/"),
        ("PATCH", f"/api/webhooks/{ident}/"),
        ("PUT", f"/api/force-lists/{ident}/"),
        ("DELETE", f"/api/force-lists/{ident}/"),
        ("POST", f"/api/matches/{ident}/moves/"),
        ("POST", f"/api/matches/{ident}/join/"),
        ("POST", f"/api/clubs/{ident}/members/"),
        ("DELETE", f"/api/clubs/{club}/members/{quote(username, safe='%') or 'x'}/"),
    ]:
        sent_and_checked(world, (method, path, None), {"expected_seq": 0, "move": {"kind": "x"}})

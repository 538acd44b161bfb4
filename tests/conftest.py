"""Shared fixtures. Tests run against the database in DATABASE_URL (PostgreSQL in CI)."""

from __future__ import annotations

import pytest
import time_machine
from hypothesis import settings as hypothesis_settings
from rest_framework.test import APIClient

from accounts.tokens import token_create
from config.celery import app as celery_app
from tests.support.clock import test_now

# Property tests never fail on time: a busy machine makes an example slow, not wrong (a test
# never asserts a wall-clock time). Each test keeps its own number of examples.
hypothesis_settings.register_profile("starpost", deadline=None)
hypothesis_settings.load_profile("starpost")


def pytest_configure(config):
    """Passwords are hashed with a fast hasher in tests: the production one is slow on
    purpose (about 0.4 s a user on this machine), which made user fixtures the bulk of many
    tests' time."""
    from django.conf import settings

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


# Tests that drive a browser, start a Celery worker on the shared broker or share the
# database with another process run one after another in one xdist process ("serial"),
# started first: it is the longest unit of work. The rest spread over the other processes
# (`make test` runs `pytest -n auto --dist loadgroup`; a plain `pytest` runs it all in one).
SERIAL = {"browser", "worker", "real_clock"}


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    serial = [item for item in items if SERIAL & {m.name for m in item.iter_markers()}]
    if not serial or getattr(config.option, "dist", "no") != "loadgroup":
        return
    for item in serial:
        item.add_marker(pytest.mark.xdist_group("serial"))
    chosen = set(map(id, serial))
    items[:] = serial + [item for item in items if id(item) not in chosen]


@pytest.fixture(autouse=True)
def time_travel(request):
    """Every test runs at the suite's fixed instant (tests/support/clock.py), never the real
    clock: time flows on from it, or stands still for tests marked ``clock``. Tests that
    share the database with another process (``worker``, ``real_clock``) keep real time."""
    marks = {mark.name for mark in request.node.iter_markers()}
    if marks & {"worker", "real_clock"}:
        yield None
        return
    with time_machine.travel(test_now(), tick="clock" not in marks) as traveller:
        yield traveller


@pytest.fixture(autouse=True)
def _eager_celery():
    """Tasks run in-process unless a test starts a real worker (tests/integration)."""
    before = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = before


@pytest.fixture
def make_user(db, django_user_model):
    def make(username: str, **extra):
        return django_user_model.objects.create_user(
            username=username,
            email=extra.pop("email", f"{username}@example.test"),
            password="pw-not-common-42",
            **extra,
        )

    return make


@pytest.fixture
def alice(make_user):
    return make_user("alice")


@pytest.fixture
def bob(make_user):
    return make_user("bob")


@pytest.fixture
def carol(make_user):
    return make_user("carol")


@pytest.fixture
def api():
    """An API client; ``api.as_user(user)`` authenticates it with a real token."""

    class Client(APIClient):
        def as_user(self, user):
            keys = self.__dict__.setdefault("_keys", {})
            if user.pk not in keys:  # one token per user and client, as before
                keys[user.pk] = token_create(user=user)[1]
            self.credentials(HTTP_AUTHORIZATION=f"Token {keys[user.pk]}")
            return self

    return Client()


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """The suite's database tests need PostgreSQL (``make test`` points DATABASE_URL at it).
    A test that checks a piece on SQLite too runs its own file in a subprocess with
    STARPOST_TESTS_ON_SQLITE=1."""
    import os

    from django.db import connection

    if connection.vendor != "postgresql" and os.environ.get("STARPOST_TESTS_ON_SQLITE") != "1":
        pytest.exit(
            "Database tests run against PostgreSQL: use `make test`, or set "
            "DATABASE_URL=postgres://postgres@127.0.0.1:5432/starpost",
            returncode=2,
        )
    yield
    if connection.vendor == "postgresql":
        # A server or worker process a test started may still hold a session on the test
        # database; close those so that it can be dropped (and the next run can create it).
        with django_db_blocker.unblock(), connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )

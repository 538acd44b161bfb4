"""The bench's own database and its fixtures: players, matches, long logs (all in-process).

Matches and moves are made through ``games.play`` only, so every log entry is a real
one: locked, checked by the engine, hashed into the chain, with its outbox rows.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any
from urllib.parse import urlparse, urlunparse

DEFAULT_SERVER = "postgres://postgres@127.0.0.1:5432/postgres"
GAME = "space-dogfight"

# Two standing orders that differ: a seat alternates between them (an unchanged order is
# refused). They change nothing on the board, so a log grows without the game advancing.
ORDERS = (
    {"kind": "orders", "def_counter": "lowest", "def2_min_pts": 0, "ask": False},
    {"kind": "orders", "def_counter": "never", "def2_min_pts": 0, "ask": False},
)


def bench_url(base: str | None, name: str) -> str:
    """``base`` (e.g. the Makefile's DATABASE_URL) with its database replaced by ``name``."""
    if "bench" not in name:
        raise SystemExit(f"refusing to use database {name!r}: the bench drops it, so its name must say bench")
    parts = urlparse(base or DEFAULT_SERVER)
    if parts.scheme not in ("postgres", "postgresql", "pgsql"):
        raise SystemExit(f"the bench needs PostgreSQL, not {parts.scheme!r} (DATABASE_URL)")
    return urlunparse(parts._replace(path=f"/{name}"))


def recreate(url: str) -> None:
    """Drop and create the bench database, so every run starts from the same empty tables."""
    import psycopg
    from psycopg import sql

    parts = urlparse(url)
    name = parts.path.lstrip("/")
    admin = urlunparse(parts._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


def migrate() -> None:
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)


def server_versions() -> dict[str, str]:
    from django.db import connection

    with connection.cursor() as cur:
        cur.execute("SHOW server_version")
        pg = cur.fetchone()[0]
        cur.execute("SHOW synchronous_commit")
        sync = cur.fetchone()[0]
    return {"postgresql": pg, "synchronous_commit": sync}


def players(count: int, prefix: str) -> list[tuple[Any, str]]:
    """``count`` users with an email (so turn notifications are written) and an API token."""
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    User = get_user_model()
    users = User.objects.bulk_create(
        [
            User(username=f"{prefix}{i}", email=f"{prefix}{i}@bench.invalid", password="!unusable")
            for i in range(count)
        ]
    )
    tokens = Token.objects.bulk_create([Token(user=u, key=Token.generate_key()) for u in users])
    return [(u, t.key) for u, t in zip(users, tokens, strict=True)]


def match_start(creator: Any, invitee: Any) -> int:
    """A started two-player match (seq 1, the setup entry), made through the services."""
    from games.play import services

    match = services.match_create(user=creator, game=GAME, invite=[invitee.username])
    services.match_join(user=invitee, match_id=match.pk)
    return match.pk


class OrdersMover:
    """Submits standing-orders moves to one match through ``services.move_submit``."""

    def __init__(self, match_id: int, users: Sequence[Any]) -> None:
        from games.models import Match

        self.match_id = match_id
        self.users = list(users)
        self.seq = Match.objects.values_list("seq", flat=True).get(pk=match_id)
        self.turn = 0
        self.next_orders = [0] * len(self.users)

    def submit(self, call: Callable[[Callable[[], Any]], Any] | None = None) -> None:
        """One move; ``call`` wraps the service call (to time it or count its queries)."""
        from games.errors import IllegalMove
        from games.play import services

        seat = self.turn % len(self.users)
        self.turn += 1
        for _ in range(2):
            move = ORDERS[self.next_orders[seat] % 2]
            self.next_orders[seat] += 1

            def once(move: dict[str, Any] = move, seat: int = seat) -> Any:
                return services.move_submit(
                    match_id=self.match_id,
                    user=self.users[seat],
                    expected_seq=self.seq,
                    move=move,
                    source="api",
                )

            try:
                result = call(once) if call else once()
            except IllegalMove as exc:
                if exc.code == "orders_unchanged":  # the default was this one: take the other
                    continue
                raise
            self.seq = result.seq
            return
        raise RuntimeError("neither standing order was accepted")


@contextlib.contextmanager
def fast_commits() -> Iterator[None]:
    """Build fixtures without waiting for each commit's WAL flush (this session only).

    What is stored is the same; only the untimed setup gets quicker. Measurements run after,
    with the server's setting back.
    """
    from django.db import connection

    with connection.cursor() as cur:
        cur.execute("SET synchronous_commit TO off")
    try:
        yield
    finally:
        with connection.cursor() as cur:
            cur.execute("RESET synchronous_commit")


def grow(mover: OrdersMover, target_seq: int, progress: Callable[[int], None] | None = None) -> float:
    """Submit moves until the match's log has ``target_seq`` entries; returns the seconds taken."""
    t = time.perf_counter()
    while mover.seq < target_seq:
        mover.submit()
        if progress and mover.seq % 1000 == 0:
            progress(mover.seq)
    return time.perf_counter() - t


def avg_row_bytes(table: str, where: str = "TRUE") -> float:
    """Mean stored size of a row (pg_column_size of the whole tuple)."""
    from django.db import connection

    with connection.cursor() as cur:
        cur.execute(f"SELECT avg(pg_column_size(t.*)) FROM {table} t WHERE {where}")
        value = cur.fetchone()[0]
    return float(value or 0.0)


def bare_streams(count: int) -> list[int]:
    from bench.bareapp.models import BareStream

    return [s.pk for s in BareStream.objects.bulk_create([BareStream() for _ in range(count)])]

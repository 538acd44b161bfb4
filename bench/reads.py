"""State reads and queries per move, short log against long log (in-process and over HTTP).

Every measurement alternates short and long on each repetition, so a slow moment of the
machine falls on both sides alike.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .database import OrdersMover
from .load import Http


@dataclass
class Pair:
    """Samples (seconds or counts) of the same operation on the short and the long match."""

    short: list[float]
    long: list[float]


def alternate(reps: int, short: Callable[[], float], long: Callable[[], float]) -> Pair:
    pair = Pair([], [])
    for i in range(reps):
        # Swap who goes first every repetition: neither side always runs on a warm cache.
        if i % 2:
            pair.long.append(long())
            pair.short.append(short())
        else:
            pair.short.append(short())
            pair.long.append(long())
    return pair


def http_reads(port: int, token: str, short_id: int, long_id: int, reps: int, expect: dict[int, int]) -> Pair:
    """GET /api/matches/{id}/ as seat 0, one request at a time, on one connection."""
    http = Http("127.0.0.1", port)

    def get(match_id: int) -> Callable[[], float]:
        def once() -> float:
            t = time.perf_counter()
            status, body = http.request("GET", f"/api/matches/{match_id}/", token)
            dt = time.perf_counter() - t
            if status != 200 or body["seq"] != expect[match_id]:
                raise RuntimeError(f"GET match {match_id} answered {status}: {str(body)[:300]}")
            return dt

        return once

    try:
        for _ in range(10):  # warm up every worker's connection and caches
            get(short_id)()
            get(long_id)()
        return alternate(reps, get(short_id), get(long_id))
    finally:
        http.close()


def inprocess_reads(user: Any, short_id: int, long_id: int, reps: int) -> Pair:
    """What the API view does, without HTTP: fetch the match, ``selectors.match_view_for``."""
    from games import selectors
    from games.models import Match

    def read(match_id: int) -> Callable[[], float]:
        def once() -> float:
            t = time.perf_counter()
            match = Match.objects.filter(pk=match_id).first()
            selectors.match_view_for(match, user)
            return time.perf_counter() - t

        return once

    for _ in range(10):
        read(short_id)()
        read(long_id)()
    return alternate(reps, read(short_id), read(long_id))


def queries_per_read(user: Any, match_id: int) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games import selectors
    from games.models import Match

    with CaptureQueriesContext(connection) as ctx:
        selectors.match_view_for(Match.objects.filter(pk=match_id).first(), user)
    return len(ctx.captured_queries)


def queries_per_move(mover: OrdersMover) -> tuple[int, list[str]]:
    """SQL statements of one ``move_submit`` (a standing-orders move), and their text."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    captured: list[dict[str, Any]] = []

    def counted(call: Callable[[], Any]) -> Any:
        with CaptureQueriesContext(connection) as ctx:
            result = call()
        captured[:] = ctx.captured_queries
        return result

    mover.submit(counted)
    return len(captured), [q["sql"] for q in captured]


def move_times(short: OrdersMover, long: OrdersMover, reps: int) -> Pair:
    """In-process ``move_submit`` wall time on each match (each call adds an entry)."""

    def timed(mover: OrdersMover) -> Callable[[], float]:
        def once() -> float:
            spent: list[float] = []

            def clock(call: Callable[[], Any]) -> Any:
                t = time.perf_counter()
                result = call()
                spent.append(time.perf_counter() - t)
                return result

            mover.submit(clock)
            return spent[-1]

        return once

    return alternate(reps, timed(short), timed(long))

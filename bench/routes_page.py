"""The match page of "The early days" with several units to move: how long it takes to
render and how big it is, and how long one unit's destinations take to ask for (first ask
and again). A measurement, not a test: it prints what it saw.

    STARPOST_EMBEDDED=1 DATABASE_URL=postgres://postgres@127.0.0.1:5432/starpost_bench \
        .venv/bin/python -m bench.routes_page

It builds its own throw-away database (the name in DATABASE_URL with ``test_`` before it)
and drops it after.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from typing import Any

REPS = 7


def _position(services: Any, selectors: Any, User: Any) -> tuple[Any, Any, int]:
    """A match of "The early days" (80 points a side) where the seat on turn has at least four
    units to move."""
    users = [User.objects.create_user(f"bench{i}", f"bench{i}@example.com", "x") for i in range(2)]
    match = services.match_create(
        user=users[0], game="early-days", seats=2, options={"points": 80}, invite=[users[1].username]
    )
    services.match_join(user=users[1], match_id=match.pk)
    rng = random.Random("routes-page")
    best = 0
    for _ in range(3000):
        match.refresh_from_db()
        if match.status != "active":
            raise SystemExit(f"the match ended first (at most {best} units to move)")
        for seat in sorted(match.active_seats):
            moves = selectors.legal_moves_view(match, selectors.Viewer.for_seat(match, seat))["moves"]
            units = {m["unit"] for m in moves if m["kind"] == "move"}
            best = max(best, len(units))
            if len(units) >= 4:
                return match, users[seat], seat
        seat = rng.choice(sorted(match.active_seats))
        moves = selectors.legal_moves_view(match, selectors.Viewer.for_seat(match, seat))["moves"]
        pool = (
            [m for m in moves if m["kind"] in ("buy", "place", "move", "end")]
            or [m for m in moves if m["kind"] == "seal"]
            or [m for m in moves if m["kind"] not in ("orders", "double", "drop", "option", "flights")]
            or moves
        )
        services.move_submit(
            match_id=match.pk, user=users[seat], expected_seq=match.seq, move=rng.choice(pool)
        )
    raise SystemExit(
        f"no position with four units to move was reached (at most {best}): {sorted({m['kind'] for m in moves})}"
    )


def _timed(get: Any) -> tuple[float, Any]:
    t = time.perf_counter()
    response = get()
    return time.perf_counter() - t, response


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("STARPOST_MOVES_PER_MINUTE", "0")  # the position is played in a hurry
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.test.utils import setup_test_environment

    from games import selectors
    from games.play import services

    setup_test_environment()
    name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        match, user, seat = _position(services, selectors, get_user_model())
        client = Client()
        client.force_login(user)
        url = f"/matches/{match.pk}/"
        times, size = [], 0
        for _ in range(REPS):
            cache.clear()
            dt, response = _timed(lambda: client.get(url))
            assert response.status_code == 200
            times.append(dt)
            size = len(response.content)
        print(f"match page: {statistics.median(times) * 1000:.0f} ms median of {REPS}, {size / 1024:.0f} KB")
        legal = selectors.legal_moves_view(match, selectors.Viewer.for_seat(match, seat))
        units = list(dict.fromkeys(m["unit"] for m in legal["moves"] if m["kind"] == "move"))
        print(f"units to move: {len(units)}")
        whole = []
        for _ in range(3):  # what every render of the page once did: every unit's routes
            dt, _ = _timed(lambda: selectors.routes_view(match, selectors.Viewer.for_seat(match, seat)))
            whole.append(dt)
        print(f"every unit's routes at once: {statistics.median(whole) * 1000:.0f} ms median of 3")
        probe = client.get(f"/matches/{match.pk}/routes/?piece={units[0]}&seq={legal['seq']}")
        if probe.status_code == 404:
            return  # no per-unit routes on this version of the page
        first, again, sizes = [], [], []
        for unit in units:
            ask = f"/matches/{match.pk}/routes/?piece={unit}&seq={legal['seq']}"
            cache.clear()
            dt, response = _timed(lambda a=ask: client.get(a))
            assert response.status_code == 200, response.content[:300]
            first.append(dt)
            sizes.append(len(response.content))
            dt, _ = _timed(lambda a=ask: client.get(a))
            again.append(dt)
        print(
            f"one unit's routes: {statistics.median(first) * 1000:.0f} ms median first ask "
            f"(most {max(first) * 1000:.0f} ms), {statistics.median(again) * 1000:.0f} ms asked again, "
            f"{statistics.median(sizes) / 1024:.0f} KB"
        )
    finally:
        connection.creation.destroy_test_db(name, verbosity=0)


if __name__ == "__main__":
    sys.exit(main())

"""Reading a long log as an anonymous visitor: time and bytes of each read.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/starpost_logbench DJANGO_DEBUG=1 \\
        .venv/bin/python bench/log_read.py [--entries 20000]

Drops nothing: it migrates the database named (the name must contain "bench"), adds a
match of Space Dogfight whose log holds ``--entries`` standing-order entries, and reads it
in-process (Django's test client, no network) through the API, the match page with
``?log=all`` and the poll with ``?log=all``: the median of five reads of each.
"""

from __future__ import annotations

import argparse
import copy
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--entries", type=int, default=20000)
    args = parser.parse_args()
    if "bench" not in os.environ.get("DATABASE_URL", ""):
        sys.exit("DATABASE_URL must name a database whose name contains 'bench'")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.test import Client

    from accounts.models import User
    from games.models import LogEntry, Match
    from games.play import services

    settings.DEBUG = False  # no query log while measuring
    call_command("migrate", verbosity=0)
    tag = str(int(time.time()))
    alice = User.objects.create_user(f"a{tag}", f"a{tag}@bench.test", "pw-bench-1234")
    bob = User.objects.create_user(f"b{tag}", f"b{tag}@bench.test", "pw-bench-1234")
    match = services.match_create(user=alice, game="space-dogfight", invite=[bob.username])
    services.match_join(user=bob, match_id=match.pk)
    match.refresh_from_db()
    move = {"kind": "orders", "def_counter": "lowest", "def2_min_pts": 25, "ask": True}
    services.move_submit(match_id=match.pk, user=alice, expected_seq=match.seq, move=move)
    match.refresh_from_db()
    model = match.log.get(seq=match.seq)
    rows = []
    for seq in range(match.seq + 1, args.entries + 1):
        model.pk, model.seq = None, seq
        rows.append(copy.copy(model))
    LogEntry.objects.bulk_create(rows, batch_size=2000)
    Match.objects.filter(pk=match.pk).update(seq=args.entries)

    client = Client()
    print(f"match {match.pk}: {args.entries} log entries, read anonymously, median of 5")
    print(f"{'read':<40} {'time':>9} {'bytes':>11}")
    for url in (
        f"/api/matches/{match.pk}/log/",
        f"/matches/{match.pk}/?log=all",
        f"/matches/{match.pk}/poll/?seq=0&v=0&log=all",
    ):
        times, size = [], 0
        for _ in range(5):
            start = time.perf_counter()
            response = client.get(url)
            body = b"".join(response) if response.streaming else response.content
            times.append(time.perf_counter() - start)
            size = len(body)
            assert response.status_code == 200, (url, response.status_code)
        print(f"{url:<40} {statistics.median(times) * 1000:>7.0f} ms {size:>11,}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python
"""Benchmark: time from a move's commit to the SMTP server accepting its "your turn" email.

Real components: PostgreSQL, the Redis broker, a ``celery worker`` process (with beat), and
an SMTP server (aiosmtpd) on loopback that timestamps each message it accepts. A steady
load of moves is made through ``services.move_submit`` in this process; every move that
passes the turn writes a turn notice, which the worker turns into the recipients' outbox rows
and sends; the commit time of each move is recorded here. Prints p50, p90,
p99 and max of commit -> accepted. Not a test: it measures and prints (aim: p99 <= 1 s).

    .venv/bin/python bench/notify_latency.py [--rate 8] [--seconds 30] [--matches 16]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rate", type=float, default=8.0, help="moves per second (default 8)")
    ap.add_argument("--seconds", type=float, default=30.0, help="length of the load (default 30)")
    ap.add_argument("--matches", type=int, default=16, help="matches played at once (default 16)")
    ap.add_argument(
        "--server", default=os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/starpost")
    )
    ap.add_argument("--broker", default="redis://127.0.0.1:6379/13")
    ap.add_argument("--concurrency", type=int, default=2, help="worker processes (default 2)")
    args = ap.parse_args()

    base = args.server.rsplit("/", 1)[0]
    db_url = f"{base}/starpost_bench_notify"
    os.environ.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DATABASE_URL=db_url,
        CELERY_BROKER_URL=args.broker,
        CELERY_TASK_ALWAYS_EAGER="0",
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY="bench-" + os.urandom(8).hex(),
        DJANGO_LOG_LEVEL="WARNING",
        # No reply reaches the bench: the inbound email webhook stays unmounted.
        STARPOST_INBOUND_WEBHOOK="0",
    )
    import psycopg

    with psycopg.connect(f"{base}/postgres", autocommit=True) as con:
        con.execute("DROP DATABASE IF EXISTS starpost_bench_notify")
        con.execute("CREATE DATABASE starpost_bench_notify")
    import django

    django.setup()
    from aiosmtpd.controller import Controller
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    import redis as redislib

    redislib.Redis.from_url(args.broker).flushdb()

    from accounts.models import NotificationPrefs, User
    from games import selectors
    from games.models import Match, TurnNotice
    from games.play import services
    from notifications.models import Outbox

    KINDS = ("your_turn", "match_over")

    accepted: dict[str, float] = {}
    lock = threading.Lock()

    class Handler:
        async def handle_DATA(self, server, session, envelope):
            now = time.time()
            key = None
            for line in envelope.original_content.split(b"\r\n"):
                if line.lower().startswith(b"x-starpost-outbox:"):
                    key = line.split(b":", 1)[1].strip().decode()
                    break
                if not line:
                    break
            with lock:
                if key:
                    accepted.setdefault(key, now)
            return "250 OK"

    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    smtp = Controller(Handler(), hostname="127.0.0.1", port=port)
    smtp.start()
    log_path = ROOT / "bench" / "results" / "notify-worker.log"
    log_path.parent.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "EMAIL_URL": f"smtp://127.0.0.1:{port}", "DATABASE_CONN_MAX_AGE": "60"}
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "-B",
            f"--concurrency={args.concurrency}",
            "--loglevel=WARNING",
            "--without-heartbeat",
            "--without-mingle",
            "--without-gossip",
            "--schedule",
            str(log_path.with_suffix(".beat")),
        ],
        cwd=ROOT,
        env=env,
        stdout=log_path.open("w"),
        stderr=subprocess.STDOUT,
    )
    try:
        rng = random.Random(1)
        users = []
        for i in range(args.matches * 2):
            u = User.objects.create_user(f"bench{i}", email=f"bench{i}@bench.test", password="x")
            NotificationPrefs.objects.create(user=u)
            users.append(u)

        def new_match(i):
            a, b = users[2 * i], users[2 * i + 1]
            m = services.match_create(
                user=a, game="space-dogfight", invite=[b.username], time_control={"days_per_move": 0}
            )
            services.match_join(user=b, match_id=m.pk)
            return m.pk

        matches = [new_match(i) for i in range(args.matches)]
        # let the start-up mail drain before measuring
        time.sleep(3)
        committed: dict[tuple[int, int], float] = {}
        interval = 1.0 / args.rate
        t_end = time.monotonic() + args.seconds
        next_at = time.monotonic()
        moves = 0
        while time.monotonic() < t_end:
            i = moves % len(matches)
            match = Match.objects.get(pk=matches[i])
            if match.status != "active":
                matches[i] = new_match(i)
                continue
            seat = rng.choice(match.active_seats)
            legal = selectors.legal_moves_view(match, selectors.Viewer.for_seat(match, seat))["moves"]
            # favour moves that pass the turn so that most moves send mail
            ends = [m for m in legal if m["kind"] in ("end", "place", "fleet")]
            move = rng.choice(ends or legal)
            user = users[2 * i + seat]
            sleep = next_at - time.monotonic()
            if sleep > 0:
                time.sleep(sleep)
            next_at += interval
            result = services.move_submit(match_id=match.pk, user=user, expected_seq=match.seq, move=move)
            committed[(match.pk, result.seq)] = time.time()  # move_submit returns after the commit
            moves += 1
        # The worker announces each turn notice (writing the recipients' outbox rows) and
        # sends them; wait until everything the measured moves caused has left.
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if not TurnNotice.objects.filter(status="pending").exists() and not (
                Outbox.objects.filter(kind__in=KINDS).exclude(status="sent").exists()
            ):
                break
            time.sleep(0.2)
        expected = {}
        for key in Outbox.objects.filter(kind__in=KINDS).values_list("dedupe_key", flat=True):
            _kind, match_id, _seat, seq, _user, _channel = key.split(":")
            if (int(match_id), int(seq)) in committed:
                expected[key] = committed[(int(match_id), int(seq))]
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with lock:
                if all(k in accepted for k in expected):
                    break
            time.sleep(0.2)
        with lock:
            lat = sorted(accepted[k] - expected[k] for k in expected if k in accepted)
        missing = [k for k in expected if k not in accepted]
    finally:
        worker.terminate()
        worker.wait(timeout=30)
        smtp.stop()

    def pct(p):
        return lat[min(len(lat) - 1, round(p / 100 * (len(lat) - 1)))] * 1000

    print("Commit -> SMTP accepted, real worker and broker (bench/notify_latency.py)")
    print(
        f"  machine: {os.cpu_count()} CPUs; worker: prefork x{args.concurrency} with beat; broker {args.broker}"
    )
    print(
        f"  load: {moves} moves in {args.seconds:.0f} s ({moves / args.seconds:.1f}/s) on {args.matches} matches"
    )
    print(f"  emails measured: {len(lat)}; never arrived: {len(missing)}")
    if lat:
        print(
            f"  latency ms: p50 {pct(50):.0f}  p90 {pct(90):.0f}  p99 {pct(99):.0f}  max {lat[-1] * 1000:.0f}"
            f"  mean {statistics.mean(lat) * 1000:.0f}   (aim: p99 <= 1000)"
        )
    return 0 if lat and not missing else 1


if __name__ == "__main__":
    raise SystemExit(main())

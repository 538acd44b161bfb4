"""Starpost benchmarks, all measured in one run on this machine (bench/README.md).

1. POST /api/matches/{id}/moves/ against a bare Django append endpoint, through gunicorn.
2. Reading the current state of a match with a long log against a short one.
3. SQL queries of one move_submit at seq 10 and at seq 10,000.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/starpost .venv/bin/python bench/run.py

DATABASE_URL names the PostgreSQL server; the bench drops and creates its own database
there (--db-name, default starpost_bench). It prints a report and saves it to
bench/results/latest.txt.
"""

from __future__ import annotations

import argparse
import functools
import os
import platform
import secrets
import signal
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Run as a script, Python puts bench/ first on the path; the project root is what we need.
sys.path[0] = str(ROOT)

from bench import database, load, reads, server  # noqa: E402
from bench.cpu import Meter  # noqa: E402
from bench.report import Report, median, ms, percentile, ratio  # noqa: E402

RESULTS = ROOT / "bench" / "results"


def parse_args() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--clients", type=int, default=32, help="concurrent HTTP clients, one match each (32)")
    p.add_argument("--duration", type=float, default=60.0, help="wall seconds per endpoint (60)")
    p.add_argument(
        "--segments",
        type=int,
        default=4,
        help="pieces of --duration per endpoint, run in ABBA order: move bare bare move ... (4)",
    )
    p.add_argument("--warmup", type=float, default=5.0, help="untimed seconds per endpoint first (5)")
    p.add_argument("--workers", type=int, default=4, help="gunicorn workers (4, as `make serve`)")
    p.add_argument(
        "--worker-class", choices=["sync", "gthread"], default="sync", help="gunicorn worker class (sync)"
    )
    p.add_argument("--threads", type=int, default=4, help="threads per gthread worker (4)")
    p.add_argument("--short", type=int, default=10, help="entries in the short log (10)")
    p.add_argument("--long", type=int, default=10_000, help="entries in the long log (10,000)")
    p.add_argument("--http-reads", type=int, default=300, help="GETs per match for the read ratio (300)")
    p.add_argument("--reads", type=int, default=500, help="in-process reads per match (500)")
    p.add_argument("--moves", type=int, default=100, help="in-process move_submit per match (100)")
    p.add_argument(
        "--announce", type=int, default=200, help="pending turn notices announced in-process, timed (200)"
    )
    p.add_argument(
        "--db-name", default="starpost_bench", help="the bench's database, dropped (starpost_bench)"
    )
    p.add_argument(
        "--broker", default="redis://127.0.0.1:6379/14", help="Celery broker, its db flushed (redis db 14)"
    )
    p.add_argument("--seed", type=int, default=1, help="seed of the clients' move choices (1)")
    p.add_argument("--output", type=Path, default=RESULTS / "latest.txt", help="where to save the report")
    return p.parse_args()


def bench_env(db_url: str, broker: str) -> dict[str, str]:
    """Production-like settings: no debug, real broker (no worker), email that never blocks."""
    return {
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": db_url,
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(40),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "CELERY_BROKER_URL": broker,
        "EMAIL_URL": "locmem://",
        "STARPOST_BENCH": "1",
        # No reply reaches the bench: the inbound email webhook stays unmounted (with it on,
        # the settings ask for its secret and refuse to start).
        "STARPOST_INBOUND_WEBHOOK": "0",
        # Each client moves many times a second, far past a player's limits (60 moves and 6
        # standing-order changes a minute): limits so high that they never refuse, so that
        # every move still pays for counting them, as in production, and none is turned away.
        "STARPOST_MOVES_PER_MINUTE": "1000000",
        "STARPOST_QUIET_MOVES_PER_MINUTE": "1000000",
        "DJANGO_LOG_LEVEL": "WARNING",
        # Git-ignored; holds an empty static/ so WhiteNoise has its directory (the API serves none).
        "STARPOST_VAR_DIR": str(RESULTS / "var"),
    }


def flush_broker(url: str) -> int:
    """Empty the bench's broker database; returns how many messages were waiting in it."""
    import redis

    r = redis.Redis.from_url(url)
    waiting = int(r.llen("celery"))
    r.flushdb()
    r.close()
    return waiting


def announce_times(count: int) -> list[float]:
    """Announce up to ``count`` of the notices the HTTP load left pending (no worker ran),
    as the worker would, timing each: the work a turn change hands to the worker."""
    from django.db import transaction

    from games import notify
    from games.models import TurnNotice

    times = []
    for pk in TurnNotice.objects.filter(status="pending").order_by("id").values_list("pk", flat=True)[:count]:
        t = time.perf_counter()
        with transaction.atomic():  # its outbox rows are published on commit; flushed after
            notify.announce(pk)
        times.append((time.perf_counter() - t) * 1000)
    return times


def loadavg() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "n/a"


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def progress(seq: int) -> None:
    print(f"  long log: {seq:,} entries", end="\r", flush=True)


def rounds_row(name: str, r: load.RoundsResult, errors: int) -> list[object]:
    lat = r.latencies
    return [
        name,
        r.count,
        r.rounds,
        round(r.busy, 1),
        r.rps,
        ms(median(lat)),
        ms(percentile(lat, 99)),
        errors,
    ]


def cpu_row(name: str, r: load.RoundsResult) -> list[object]:
    per = {k: ms(v / r.count) if r.count else float("nan") for k, v in r.cpu.items()}
    return [name, per.get("gunicorn", 0.0), per.get("postgres", 0.0), per.get("client", 0.0)]


def main() -> int:
    args = parse_args()
    report = Report()
    try:
        return run(args, report)
    except BaseException as exc:
        report.line(f"\nThe run stopped: {type(exc).__name__}: {exc}")
        report.save(args.output)
        raise


def run(args: argparse.Namespace, report: Report) -> int:
    started = time.perf_counter()
    given_url = os.environ.get("DATABASE_URL", "")
    db_url = database.bench_url(given_url, args.db_name)
    env = bench_env(db_url, args.broker)
    os.environ.update(env)
    config = server.GunicornConfig(args.workers, args.worker_class, args.threads)

    report.line("Starpost benchmarks (bench/run.py): ratios measured in one run on this machine")
    report.line("=" * 79)
    report.line(f"command     DATABASE_URL={given_url} {sys.executable} {' '.join(sys.argv)}")
    report.line(f"date        {time.strftime('%Y-%m-%d %H:%M:%S %Z')}")
    report.line(
        f"machine     {os.cpu_count()} CPUs ({len(os.sched_getaffinity(0))} usable), {cpu_model()}; "
        f"{platform.system()} {platform.release()}"
    )
    report.line(f"load avg    {loadavg()} (1/5/15 min) at the start")

    (RESULTS / "var" / "static").mkdir(parents=True, exist_ok=True)
    database.recreate(db_url)
    flush_broker(args.broker)
    import django

    django.setup()
    from django.test import override_settings

    database.migrate()
    versions = database.server_versions()
    import gunicorn

    report.line(
        f"software    Python {platform.python_version()}, Django {django.get_version()}, "
        f"gunicorn {gunicorn.__version__}, PostgreSQL {versions['postgresql']} "
        f"(synchronous_commit={versions['synchronous_commit']})"
    )
    report.line(
        f"settings    DJANGO_DEBUG=0, DATABASE_URL={db_url} (dropped and created), "
        f"CELERY_BROKER_URL={args.broker} (no worker: tasks are published, not run), "
        f"EMAIL_URL=locmem://, STARPOST_BENCH=1, STARPOST_INBOUND_WEBHOOK=0, "
        f"STARPOST_MOVES_PER_MINUTE and STARPOST_QUIET_MOVES_PER_MINUTE=1000000 (counted, never reached)"
    )
    report.line(f"gunicorn    config.wsgi, {config.describe()}, on 127.0.0.1")

    # -- fixtures (in-process, through the services) ------------------------------------------
    report.heading("Setup (untimed)")
    (reader0, token0), (reader1, _token1) = database.players(2, "reader")
    short_id = database.match_start(reader0, reader1)
    long_id = database.match_start(reader0, reader1)
    short = database.OrdersMover(short_id, [reader0, reader1])
    long = database.OrdersMover(long_id, [reader0, reader1])
    # The untimed build posts thousands of standing orders a minute: the move limits are off
    # for it (counting the mover's entries at each move would only make the build slow).
    with (
        database.fast_commits(),
        override_settings(STARPOST_MOVES_PER_MINUTE=0, STARPOST_QUIET_MOVES_PER_MINUTE=0),
    ):
        database.grow(short, args.short)
        spent = database.grow(long, args.long, progress=progress if sys.stdout.isatty() else None)
    if sys.stdout.isatty():
        print(" " * 40, end="\r")
    report.line(
        f"  short match #{short_id}: {short.seq:,} entries; long match #{long_id}: {long.seq:,} entries "
        f"({spent:.1f} s through services.move_submit, {ms(spent / max(args.long - 1, 1)):.2f} ms per move, "
        "synchronous_commit off while building)"
    )
    pairs = database.players(2 * args.clients, "player")
    streams = database.bare_streams(args.clients)
    report.line(f"  {args.clients} clients, each with 2 players (API tokens) and 1 bare stream")

    with server.gunicorn(config, env, RESULTS / "gunicorn.log") as running:
        report.line(f"  gunicorn: {' '.join(running.command)}")
        meter = Meter(running.pid, args.db_name)
        move_clients = [
            load.MovePlayer(
                load.Http("127.0.0.1", running.port),
                [pairs[2 * i][1], pairs[2 * i + 1][1]],
                [pairs[2 * i][0].username, pairs[2 * i + 1][0].username],
                seed=args.seed * 1000 + i,
            )
            for i in range(args.clients)
        ]
        load.for_each(move_clients, lambda c: c.start_match())
        report.line(f"  {args.clients} matches of Space Dogfight created through the API")

        # Warm-ups: every worker imports, connects and fills its caches; log rows appear to size
        # the bare rows after.
        load.run_rounds(move_clients, args.warmup)
        log_bytes = database.avg_row_bytes("games_logentry", "kind <> 'setup'")
        bare_clients = [
            load.BarePlayer(
                load.Http("127.0.0.1", running.port), pairs[2 * i][1], streams[i], int(log_bytes) - 120
            )
            for i in range(args.clients)
        ]
        load.run_rounds(bare_clients, args.warmup)
        correction = int(log_bytes - database.avg_row_bytes("bench_bareapp_bareentry"))
        for c in bare_clients:
            c.set_pad(len(c.pad) + correction)
        report.line(f"  warm-up: {args.warmup:g} s of each endpoint, not counted")

        # -- 1. move vs bare, in ABBA order so that drift of the machine falls on both ----------
        pieces = max(args.segments, 1)
        order = [("move", "bare") if i % 2 == 0 else ("bare", "move") for i in range(pieces)]
        segments: dict[str, list[load.RoundsResult]] = {"move": [], "bare": []}
        report.line(f"  load avg before the timed load: {loadavg()}")
        for name in (n for pair in order for n in pair):
            clients = move_clients if name == "move" else bare_clients
            segments[name].append(load.run_rounds(clients, args.duration / pieces, meter))
        move_all = functools.reduce(load.RoundsResult.merge, segments["move"])
        bare_all = functools.reduce(load.RoundsResult.merge, segments["bare"])
        load_after = loadavg()

        log_bytes = database.avg_row_bytes("games_logentry", "kind <> 'setup'")
        bare_bytes = database.avg_row_bytes("bench_bareapp_bareentry")
        move_errors = sum((c.errors for c in move_clients), Counter())
        bare_errors = sum((c.errors for c in bare_clients), Counter())
        kinds = sum((c.kinds for c in move_clients), Counter())
        started_matches = sum(c.matches_started for c in move_clients)
        finished_matches = sum(c.matches_finished for c in move_clients)

        report.heading(
            f"1. Move endpoint vs bare endpoint over HTTP ({args.clients} clients, {config.describe()})"
        )
        report.line(
            "  Rounds: each client prepares untimed (GET match + GET legal-moves, new match when one ends),"
        )
        report.line("  then all POST at once, timed. rps = timed POSTs / summed firing-window seconds.")
        report.line()
        report.table(
            ["endpoint", "requests", "rounds", "window s", "req/s", "p50 ms", "p99 ms", "errors"],
            [
                rounds_row("POST /api/matches/{id}/moves/", move_all, sum(move_errors.values())),
                rounds_row("POST /bench/bare/{id}/append/", bare_all, sum(bare_errors.values())),
            ],
        )
        report.line()
        report.line(
            f"  {pieces} segments of {args.duration / pieces:g} s per endpoint, order "
            + " ".join(n for pair in order for n in pair)
        )
        report.line(
            "  per segment, req/s: move "
            + " / ".join(f"{s.rps:,.1f}" for s in segments["move"])
            + ", bare "
            + " / ".join(f"{s.rps:,.1f}" for s in segments["bare"])
        )
        report.line("  CPU per request inside the firing windows (ms; /proc, 10 ms ticks averaged):")
        report.table(
            ["endpoint", "gunicorn", "postgres", "client"],
            [cpu_row("move", move_all), cpu_row("bare", bare_all)],
        )
        report.line(
            f"  stored row size: log entry {log_bytes:,.0f} B, bare entry {bare_bytes:,.0f} B (pg_column_size)"
        )
        report.line(
            f"  moves posted by kind: {', '.join(f'{k} {v:,}' for k, v in kinds.most_common())}; "
            f"matches started {started_matches:,}, finished {finished_matches:,}"
        )
        if move_errors or bare_errors:
            report.line(f"  errors: {dict(move_errors + bare_errors)}")
            for c in [*move_clients, *bare_clients]:
                for sample in c.samples:
                    report.line(f"    {sample}")
        move_ratio = ratio(move_all.rps, bare_all.rps)
        report.line(f"  move_rps / bare_rps = {move_ratio:.2f}   (aim >= 0.5)")
        report.line(f"  load avg after the timed load: {load_after}")
        for c in [*move_clients, *bare_clients]:
            c.http.close()

        # -- 2. state reads, HTTP --------------------------------------------------------------
        http_pair = reads.http_reads(
            running.port, token0, short_id, long_id, args.http_reads, {short_id: short.seq, long_id: long.seq}
        )

    from django.db import connection

    from games.models import Match, TurnNotice
    from notifications.models import Outbox

    inproc_pair = reads.inprocess_reads(reader0, short_id, long_id, args.reads)
    read_queries = (reads.queries_per_read(reader0, short_id), reads.queries_per_read(reader0, long_id))
    http_ratio = ratio(median(http_pair.long), median(http_pair.short))
    inproc_ratio = ratio(median(inproc_pair.long), median(inproc_pair.short))

    report.heading(f"2. Reading the current state: {long.seq:,}-entry log vs {short.seq:,}-entry log")
    report.table(
        [
            "read (seat 0's view)",
            "reps",
            "short p50 ms",
            "long p50 ms",
            "short p99",
            "long p99",
            "long/short",
        ],
        [
            [
                "GET /api/matches/{id}/ (gunicorn)",
                len(http_pair.short),
                ms(median(http_pair.short)),
                ms(median(http_pair.long)),
                ms(percentile(http_pair.short, 99)),
                ms(percentile(http_pair.long, 99)),
                http_ratio,
            ],
            [
                "selectors.match_view_for (in-process)",
                len(inproc_pair.short),
                ms(median(inproc_pair.short)),
                ms(median(inproc_pair.long)),
                ms(percentile(inproc_pair.short, 99)),
                ms(percentile(inproc_pair.long, 99)),
                inproc_ratio,
            ],
        ],
    )
    report.line(f"  queries per read: short {read_queries[0]}, long {read_queries[1]}")
    report.line("  (aim: long/short <= 1.2; short and long alternate on every repetition)")

    # -- 3. queries per move ---------------------------------------------------------------
    seq_short, seq_long = short.seq, long.seq
    q_short, sql_short = reads.queries_per_move(short)
    q_long, sql_long = reads.queries_per_move(long)
    move_pair = reads.move_times(short, long, args.moves)
    report.heading(f"3. SQL queries of one move_submit at seq {seq_short:,} and at seq {seq_long:,}")
    report.table(
        ["match", "seq before", "queries", f"move_submit p50 ms ({args.moves} reps)"],
        [
            ["short", seq_short, q_short, ms(median(move_pair.short))],
            ["long", seq_long, q_long, ms(median(move_pair.long))],
        ],
    )
    report.line(f"  queries equal: {'yes' if q_short == q_long else 'NO'}   (aim: equal)")
    if q_short != q_long:
        for label, sqls in (("short", sql_short), ("long", sql_long)):
            report.line(f"  {label}:")
            for sql in sqls:
                report.line(f"    {sql[:160]}")
    move_time_ratio = ratio(median(move_pair.long), median(move_pair.short))

    # -- what the run left behind -------------------------------------------------------------
    notices = Counter(TurnNotice.objects.values_list("kind", flat=True))
    published = flush_broker(args.broker)
    announce_ms = announce_times(args.announce)
    flush_broker(args.broker)  # the delivery tasks the announcements published
    outbox = Counter(Outbox.objects.values_list("kind", flat=True))
    report.heading("Side effects of the run")
    report.line(
        f"  matches {Match.objects.count():,}; turn notices written by the moves {sum(notices.values()):,} "
        f"({', '.join(f'{k} {v:,}' for k, v in notices.most_common())}); "
        f"tasks waiting on the broker {published:,} (flushed)"
    )
    if announce_ms:
        report.line(
            f"  the worker's share, not in the HTTP numbers: announcing one notice (each recipient's "
            f"redacted outbox rows) p50 {median(announce_ms):.2f} ms over {len(announce_ms)} notices, in-process"
        )
    report.line(
        f"  outbox rows now {sum(outbox.values()):,} "
        f"({', '.join(f'{k} {v:,}' for k, v in outbox.most_common())})"
    )
    connection.close()

    report.heading("Ratios")
    report.table(
        ["ratio", "measured", "aim"],
        [
            ["move_rps / bare_rps (HTTP, gunicorn)", f"{move_ratio:.2f}", ">= 0.5"],
            ["state read long/short, GET over HTTP", f"{http_ratio:.2f}", "<= 1.2"],
            ["state read long/short, in-process", f"{inproc_ratio:.2f}", "<= 1.2"],
            [f"queries per move, seq {seq_short:,} / seq {seq_long:,}", f"{q_short} / {q_long}", "equal"],
            ["move_submit time long/short, in-process", f"{move_time_ratio:.2f}", "(for information)"],
        ],
    )
    report.line()
    report.line(f"total run time {time.perf_counter() - started:.0f} s; load avg at the end {loadavg()}")
    report.save(args.output)
    print(f"\nsaved to {args.output}")
    return 0


def _terminate(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)  # unwinds through the finally that stops gunicorn


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, _terminate)
    sys.exit(main())

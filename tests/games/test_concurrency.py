"""Concurrent writers and the append-only trigger on each supported database."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from django.db import connection

from games.errors import Conflict
from games.models import LogEntry
from games.play import services
from games.play.log import replay

from .helpers import started_match

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.django_db(transaction=True)
def test_eight_writers_with_the_same_expected_seq_make_exactly_one_entry(alice, bob):
    if connection.vendor != "postgresql":
        pytest.fail("the race test needs PostgreSQL (set DATABASE_URL)")
    match = started_match(alice, bob)
    seq = match.seq
    moves = [
        {"kind": "orders", "def_counter": mode, "def2_min_pts": pts, "ask": ask}
        for mode in ("lowest", "never")
        for pts in (0, 10)
        for ask in (False, True)
    ]
    barrier = threading.Barrier(len(moves))
    results: list[object] = []
    lock = threading.Lock()

    def writer(move):
        try:
            barrier.wait()
            outcome: object = services.move_submit(match_id=match.pk, user=alice, expected_seq=seq, move=move)
        except Conflict as exc:
            outcome = exc.code
        finally:
            connection.close()
        with lock:
            results.append(outcome)

    threads = [threading.Thread(target=writer, args=(m,)) for m in moves]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wins = [r for r in results if not isinstance(r, str)]
    assert len(wins) == 1, results
    assert sorted(r for r in results if isinstance(r, str)) == ["stale_seq"] * 7
    seqs = list(LogEntry.objects.filter(match=match).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, seq + 2))
    match.refresh_from_db()
    assert match.seq == seq + 1
    assert replay(match)[0] == match.state


def test_sqlite_refuses_to_update_or_delete_a_log_entry(tmp_path):
    """The same trigger exists on SQLite, the embedded default's database."""
    db = tmp_path / "embedded.sqlite3"
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{db}",
        "STARPOST_VAR_DIR": str(tmp_path),
        "CELERY_BROKER_URL": "memory://",
        "EMAIL_URL": "locmem://",
    }
    for command in (["migrate", "-v", "0"], ["seed_demo"]):  # the demo matches have log entries
        subprocess.run(
            [sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True, capture_output=True
        )
    con = sqlite3.connect(db)
    entries = con.execute("SELECT id, kind FROM games_logentry ORDER BY id").fetchall()
    assert len(entries) > 5
    for sql in ("UPDATE games_logentry SET kind = 'forged'", "DELETE FROM games_logentry"):
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            con.execute(sql)
    assert con.execute("SELECT id, kind FROM games_logentry ORDER BY id").fetchall() == entries

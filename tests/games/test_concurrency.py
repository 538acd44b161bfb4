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

from games import services
from games.errors import Conflict
from games.models import LogEntry

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
    assert services.replay(match)[0] == match.state


def test_sqlite_refuses_to_update_or_delete_a_log_entry(tmp_path):
    """The same trigger exists on SQLite, the embedded default's database."""
    db = tmp_path / "embedded.sqlite3"
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{db}", "STARPOST_VAR_DIR": str(tmp_path)}
    subprocess.run([sys.executable, "manage.py", "migrate", "-v", "0"], cwd=ROOT, env=env, check=True)
    con = sqlite3.connect(db)
    con.execute(
        "INSERT INTO accounts_user (password, is_superuser, username, first_name, last_name, email,"
        " is_staff, is_active, date_joined, timezone) VALUES ('', 0, 'u', '', '', 'u@x', 0, 1, '2026-01-01', 'UTC')"
    )
    con.execute(
        "INSERT INTO games_match (game, engine_version, options, num_seats, status, seq, active_seats,"
        " seed, seed_commitment, log_head, created_by_id, created_at, updated_at)"
        " VALUES ('space-dogfight', '1', '{}', 2, 'active', 1, '[]', x'00', '', '', 1, '2026-01-01', '2026-01-01')"
    )
    con.execute(
        "INSERT INTO games_logentry (match_id, seq, kind, move, events, dice, engine_version, source,"
        " prev_hash, hash, created_at) VALUES (1, 1, 'setup', '{}', '[]', '[]', '1', 'server', '', 'h', '2026-01-01')"
    )
    con.commit()
    for sql in ("UPDATE games_logentry SET kind = 'forged'", "DELETE FROM games_logentry"):
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            con.execute(sql)
    assert con.execute("SELECT kind FROM games_logentry").fetchall() == [("setup",)]

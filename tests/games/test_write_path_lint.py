"""The lint that keeps writes to matches, seats and log entries in games/play/
(tools/check_writes.py, run by ``make lint``): it finds each kind of write, and the
repository has none outside the write path."""

from __future__ import annotations

import sys
from pathlib import Path
from textwrap import dedent

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import check_writes


def offences(source: str, path: str = "games/somewhere.py") -> list[str]:
    return [message for _, message in check_writes.check_source(path, dedent(source))]


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("Match.objects.create(game='x')", "Match.create()"),
        ("Match.objects.filter(pk=1).update(seq=2)", "Match.update()"),
        ("Seat.objects.bulk_create([])", "Seat.bulk_create()"),
        ("LogEntry.objects.filter(match_id=1).delete()", "LogEntry.delete()"),
        ("def f(match: Match):\n    match.save(update_fields=['seq'])", "Match.save()"),
        (
            "def f(match: 'Match | None'):\n    match.seats.filter(index=0).update(awaiting=False)",
            "Seat.update()",
        ),
        ("def f(m):\n    seat = Seat.objects.get(pk=1)\n    seat.save()", "Seat.save()"),
        ("def f(user):\n    for s in user.seats.all():\n        s.delete()", "Seat.delete()"),
        ("def f(seat: Seat):\n    seat.match.save()", "Match.save()"),
        ("def f(match: Match):\n    match.log.create(seq=1)", "LogEntry.create()"),
        ("update_row(Seat, 1, {'deadline': None})", "update_row(Seat, ...)"),
        ("def f(m):\n    entry = LogEntry(match=m)\n    insert_row(entry)", "insert_row(<LogEntry>)"),
    ],
)
def test_each_kind_of_write_outside_the_write_path_is_found(source, expected):
    assert any(expected in found for found in offences(source)), offences(source)
    assert offences(source, path="games/play/services.py") == []


def test_a_lock_without_no_key_is_found_even_in_the_write_path():
    source = "Match.objects.select_for_update().get(pk=1)"
    assert any("FOR NO KEY UPDATE" in found for found in offences(source, path="games/play/x.py"))
    assert offences("Match.objects.select_for_update(no_key=True).get(pk=1)", path="games/play/x.py") == []


def test_reads_and_other_models_are_not_writes():
    source = """
        def f(match: Match, user):
            seats = list(match.seats.select_related("user").order_by("index"))
            Outbox.objects.filter(pk=1).update(status="sent")
            TurnNotice.objects.create(match=match, seq=1)
            match.refresh_from_db()
            user.save()
            return Match.objects.filter(pk=1).values_list("seq", flat=True).first(), seats
    """
    assert offences(source) == []


def test_the_repository_writes_matches_seats_and_log_entries_only_in_the_write_path(capsys):
    assert check_writes.main([]) == 0, capsys.readouterr().out

"""The kit's log-line helpers: who did it, as the viewer reads it."""

from __future__ import annotations

from games.engines.kit.describe import who_by

WHO = who_by(lambda seat: f"Seat {seat}")


def test_the_viewer_reads_their_own_seat_as_you():
    assert WHO(1, 1) == "You"


def test_another_seat_is_named_by_the_game():
    assert WHO(0, 1) == "Seat 0"
    assert WHO(0, None) == "Seat 0"


def test_an_entry_no_seat_made_is_the_servers():
    assert WHO(None, 1) == "The server"
    assert WHO(None, None) == "The server"

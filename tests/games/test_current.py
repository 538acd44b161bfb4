"""The one staleness rule (games.play.check_current): what a player saw at a seq is still
the position they play when nothing they could see happened since."""

from __future__ import annotations

import pytest

from games import selectors
from games.errors import Conflict
from games.play import check_current, services

from .helpers import FLEET_SMALL, play_to_turns, started_match, submit

pytestmark = pytest.mark.django_db


def stale(match, seat, seen, **kw) -> bool:
    match.refresh_from_db()
    try:
        check_current(match, seat, seen, **kw)
    except Conflict as err:
        assert err.code == "stale_seq" and err.extra["seq"] == match.seq
        return True
    return False


def listed_now(match, seat) -> list[str]:
    return selectors.legal_moves_view(match, selectors.Viewer.for_seat(match, seat))["notation"]


def test_the_seq_the_player_saw_is_current(alice, bob):
    match = started_match(alice, bob)
    assert check_current(match, 0, match.seq) is None


def test_a_seq_the_match_has_not_reached_is_stale(alice, bob):
    match = started_match(alice, bob)
    assert stale(match, 0, match.seq + 1)


def test_only_the_servers_clock_notes_since_leave_it_current(alice, bob):
    match = started_match(alice, bob)
    seen = match.seq
    services.clock_note(match_id=match.pk, seat=0, action="extend")
    assert not stale(match, 0, seen)
    assert not stale(match, 1, seen)


def test_the_others_sealed_moves_on_the_same_turn_leave_it_current(alice, bob):
    match = started_match(alice, bob)
    submit(match, alice, FLEET_SMALL)
    assert not stale(match, 1, 1)


def test_a_seat_that_moved_since_is_stale(alice, bob):
    match = started_match(alice, bob)
    submit(match, alice, FLEET_SMALL)
    assert stale(match, 0, 1)


def test_a_retry_of_the_move_already_recorded_names_its_seq(alice, bob):
    match = started_match(alice, bob)
    submit(match, bob, FLEET_SMALL)
    submit(match, alice, FLEET_SMALL)
    match.refresh_from_db()
    assert check_current(match, 1, 1, move=FLEET_SMALL) == 2
    other = {**FLEET_SMALL, "ships": {"A": 1, "B": 0, "C": 0, "D": 0}}
    assert stale(match, 1, 1, move=other)
    # Alice's came after Bob's sealed one: the same from seq 1 or 2 is a retry of hers
    assert check_current(match, 0, 1, move=FLEET_SMALL) == 3
    assert check_current(match, 0, 2, move=FLEET_SMALL) == 3
    assert stale(match, 0, 2, move=other)


def test_a_move_the_seat_can_see_since_makes_it_stale(alice, bob):
    match = play_to_turns(started_match(alice, bob))
    placed = [e for e in match.log.order_by("seq") if e.kind == "place"]
    seat = match.active_seats[0]
    assert stale(match, seat, placed[-1].seq - 1)


def test_a_list_sent_to_the_player_counts_while_their_moves_are_that_list(alice, bob):
    # Email replies pick from the list they were sent: it must be unchanged, not only sealed.
    match = started_match(alice, bob)
    sent = listed_now(match, 0)
    submit(match, bob, FLEET_SMALL)
    assert not stale(match, 0, 1, listed=sent)
    assert stale(match, 0, 1, listed=[*sent[1:], sent[0]])
    assert stale(match, 0, 1, listed=())  # the list is unknown

"""The turn clock: deadlines on every change of turn, the sweeper's timeouts, vacations,
reminders (games.clock, games.tasks)."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.core import mail
from django.db import connection
from django.utils import timezone

from accounts.errors import AccountError
from accounts.models import Vacation
from accounts.services import vacation_days_left, vacation_take
from games import clock, play, selectors
from games.errors import BadRequest, Conflict
from games.models import LogEntry, Match, Seat
from games.play import services
from games.play.log import replay
from games.tasks import sweep_deadlines
from notifications.models import Outbox

from .helpers import play_to_turns, started_match, submit

pytestmark = [pytest.mark.django_db, pytest.mark.clock]


def seat(match, index) -> Seat:
    return Seat.objects.select_related("user").get(match=match, index=index)


def make_late(match, index, by=timedelta(minutes=1)):
    """Pretend the seat's deadline passed ``by`` ago."""
    Seat.objects.filter(match=match, index=index).update(deadline=timezone.now() - by)


@pytest.fixture
def no_vacations(alice, bob):
    for u in (alice, bob):
        u.auto_vacation = False
        u.save(update_fields=["auto_vacation"])


def test_the_start_gives_each_seat_to_move_a_deadline_in_its_players_timezone(alice, bob):
    alice.timezone = "Asia/Tokyo"
    alice.save()
    match = services.match_create(
        user=alice,
        game="space-dogfight",
        invite=["bob"],
        time_control={"days_per_move": 2, "deadline_time": "20:00"},
    )
    services.match_join(user=bob, match_id=match.pk)
    match.refresh_from_db()
    a, b = seat(match, 0), seat(match, 1)
    assert a.deadline.astimezone(alice.tz).strftime("%H:%M") == "20:00"
    assert b.deadline.astimezone(bob.tz).strftime("%H:%M") == "20:00"  # bob is in UTC
    assert a.deadline != b.deadline
    assert match.deadline == min(a.deadline, b.deadline)


def test_a_bad_time_control_is_refused(alice):
    for tc in (
        {"days_per_move": -1},
        {"deadline_time": "25:00"},
        {"timeout": "never"},
        {"weekends": True},
        "3d",
    ):
        with pytest.raises(BadRequest) as err:
            services.match_create(user=alice, game="space-dogfight", time_control=tc)
        assert err.value.code == "invalid_time_control"
    assert Match.objects.count() == 0


def test_a_change_of_turn_stops_one_clock_and_starts_the_other(alice, bob, time_travel):
    match = play_to_turns(started_match(alice, bob, first_player="blue"))
    blue = seat(match, 0)
    assert blue.awaiting and blue.deadline is not None
    assert seat(match, 1).deadline is None
    before = blue.time_used
    time_travel.shift(timedelta(hours=5))
    submit(match, alice, {"kind": "end"})
    blue, red = seat(match, 0), seat(match, 1)
    assert not blue.awaiting and blue.deadline is None and blue.time_used == before + timedelta(hours=5)
    assert red.awaiting and red.deadline is not None


def test_an_untimed_match_has_no_deadlines(alice, bob):
    match = services.match_create(user=alice, game="space-dogfight", time_control={"days_per_move": 0})
    services.match_join(user=bob, match_id=match.pk)
    assert not Seat.objects.filter(match=match, deadline__isnull=False).exists()


def test_a_missed_deadline_plays_the_games_default_move_as_a_system_entry(alice, bob, no_vacations):
    match = play_to_turns(started_match(alice, bob, first_player="blue"))
    make_late(match, 0)
    assert sweep_deadlines() == {"moved": 1}
    entry = LogEntry.objects.filter(match=match).order_by("-seq").first()
    assert entry.kind == "end" and entry.seat == 0 and entry.user is None and entry.source == "timeout"
    match.refresh_from_db()
    assert match.active_seats == [1]


def test_the_sweeper_handles_a_deadline_once_even_if_run_twice(alice, bob, no_vacations):
    match = play_to_turns(started_match(alice, bob, first_player="blue"))
    make_late(match, 0)
    due = clock.seats_due(timezone.now())
    first = sweep_deadlines()
    # a second sweeper that read the same due list before the first one committed
    again = [play.match_timeout_apply(match_id=m, seat_index=s, deadline=d) for m, s, d in due]
    assert first == {"moved": 1} and again == ["skipped"]
    assert LogEntry.objects.filter(match=match, source="timeout").count() == 1


@pytest.mark.django_db(transaction=True)
def test_two_sweepers_at_once_handle_each_deadline_once(alice, bob, no_vacations):
    if connection.vendor != "postgresql":
        pytest.fail("needs PostgreSQL")
    matches = [play_to_turns(started_match(alice, bob, first_player="blue")) for _ in range(3)]
    for m in matches:
        make_late(m, 0)
    barrier = threading.Barrier(2)
    results = []

    def sweeper():
        barrier.wait()
        try:
            results.append(sweep_deadlines())
        finally:
            connection.close()

    threads = [threading.Thread(target=sweeper) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sum(r.get("moved", 0) for r in results) == 3
    for m in matches:
        assert LogEntry.objects.filter(match=m, source="timeout").count() == 1


def test_a_turn_of_several_moves_is_played_out_by_default_moves_when_its_time_runs_out(
    alice, bob, no_vacations
):
    match = services.match_create(user=alice, game="early-days", invite=["bob"])
    services.match_join(user=bob, match_id=match.pk)
    match.refresh_from_db()
    assert 0 in match.active_seats  # buying a force: several moves, then sealing it
    make_late(match, 0)
    assert sweep_deadlines() == {"moved": 1}
    match.refresh_from_db()
    assert 0 not in match.active_seats and match.status == "active"
    timeouts = list(LogEntry.objects.filter(match=match, source="timeout").order_by("seq"))
    assert len(timeouts) >= 2 and {e.seat for e in timeouts} == {0}
    assert timeouts[-1].kind == "seal"
    assert len({e.idempotency_key for e in timeouts}) == len(timeouts)
    assert sweep_deadlines() == {}  # handled: seat 0 waits for the other side now


def test_the_extend_policy_gives_one_extension_then_the_default_move(alice, bob, no_vacations):
    match = play_to_turns(started_match(alice, bob, first_player="blue"))
    Match.objects.filter(pk=match.pk).update(timeout_policy="extend")
    make_late(match, 0)
    assert sweep_deadlines() == {"extended": 1}
    s = seat(match, 0)
    assert s.extension_used and s.deadline > timezone.now() + timedelta(days=2)
    assert Outbox.objects.filter(kind="deadline_extended", user=alice).count() == 1
    note = LogEntry.objects.get(match=match, source="timeout")
    assert (note.seat, note.move) == (0, {"kind": "clock", "action": "extend"})
    match.refresh_from_db()
    assert replay(match)[0] == match.state  # the note changed nothing on the board
    make_late(match, 0)
    assert sweep_deadlines() == {"moved": 1}


def test_a_move_made_for_the_position_before_a_clock_note_still_counts(alice, bob, no_vacations):
    match = play_to_turns(started_match(alice, bob, first_player="blue"))
    Match.objects.filter(pk=match.pk).update(timeout_policy="extend")
    seen = Match.objects.get(pk=match.pk).seq
    make_late(match, 0)
    assert sweep_deadlines() == {"extended": 1}
    result = services.move_submit(match_id=match.pk, user=alice, expected_seq=seen, move={"kind": "draw"})
    assert result.seq == seen + 2 and not result.replayed
    with pytest.raises(Conflict) as exc:  # but a real move in between makes it stale
        services.move_submit(match_id=match.pk, user=alice, expected_seq=seen, move={"kind": "end"})
    assert exc.value.code == "stale_seq"


def test_only_the_server_writes_clock_notes(alice, bob):
    match = play_to_turns(started_match(alice, bob, first_player="blue"))
    match.refresh_from_db()
    with pytest.raises(BadRequest) as exc:
        services.move_submit(
            match_id=match.pk, user=alice, expected_seq=match.seq, move={"kind": "clock", "action": "extend"}
        )
    assert exc.value.code == "bad_move"
    assert not LogEntry.objects.filter(match=match, kind="clock").exists()


def test_the_forfeit_policy_ends_the_match_against_the_late_player(alice, bob, no_vacations):
    match = play_to_turns(started_match(alice, bob, first_player="blue"))
    Match.objects.filter(pk=match.pk).update(timeout_policy="forfeit")
    make_late(match, 0)
    assert sweep_deadlines() == {"forfeit": 1}
    match.refresh_from_db()
    assert match.status == "finished" and match.outcome == {
        "winners": [1],
        "draw": False,
        "reason": "timeout",
        "scores": None,
    }
    assert replay(match)[1] == match.outcome


def test_without_a_default_move_the_late_player_forfeits(alice, bob, no_vacations):
    match = started_match(alice, bob)  # fleet building has no default move
    make_late(match, 1)
    assert sweep_deadlines() == {"forfeit": 1}
    match.refresh_from_db()
    assert match.outcome["winners"] == [0]


def test_a_due_deadline_takes_a_vacation_day_when_the_player_allows_it(alice, bob):
    match = play_to_turns(started_match(alice, bob, first_player="blue"))
    left = vacation_days_left(alice)
    make_late(match, 0)
    assert sweep_deadlines() == {"vacation": 1}
    assert vacation_days_left(alice) == left - 1
    assert Vacation.objects.get(user=alice).auto
    assert Outbox.objects.filter(kind="vacation_taken", user=alice).count() == 1
    assert seat(match, 0).deadline > timezone.now() + timedelta(hours=23)
    note = LogEntry.objects.get(match=match, source="timeout")
    assert (note.seat, note.user, note.move) == (0, None, {"kind": "clock", "action": "vacation"})
    match.refresh_from_db()
    assert selectors.log_for(match, bob)[-1]["text"] == (
        "Blue's deadline passed: a day from their vacation bank pauses their clock."
    )


def test_vacation_days_stop_at_the_limit_in_a_row(alice, bob, settings):
    settings.STARPOST_VACATION_MAX_DAYS = 2
    match = play_to_turns(started_match(alice, bob, first_player="blue"))
    results = []
    for _ in range(3):
        s = seat(match, 0)
        Seat.objects.filter(pk=s.pk).update(deadline=s.deadline)  # keep it
        now = s.deadline + timedelta(minutes=1)
        results.append(
            play.match_timeout_apply(match_id=match.pk, seat_index=0, deadline=s.deadline, now=now)
        )
        if results[-1] != "vacation":
            break
    assert results == ["vacation", "vacation", "moved"]


def test_taking_a_vacation_moves_the_deadlines_of_every_match(alice, bob, django_capture_on_commit_callbacks):
    match = play_to_turns(started_match(alice, bob, first_player="blue"))
    before = seat(match, 0).deadline
    with django_capture_on_commit_callbacks(execute=True):
        vacation_take(alice, start=timezone.now(), days=5)
    assert seat(match, 0).deadline - before == pytest.approx(timedelta(days=5), abs=timedelta(seconds=5))


@pytest.mark.parametrize(
    ("days", "code"), [(0, "bad_vacation"), (15, "vacation_too_long"), (31, "vacation_bank_empty")]
)
def test_vacations_have_limits(alice, days, code):
    with pytest.raises(AccountError) as err:
        vacation_take(alice, start=timezone.now(), days=days)
    assert err.value.code == code
    assert not Vacation.objects.exists()


def test_vacations_cannot_overlap(alice):
    vacation_take(alice, start=timezone.now(), days=3)
    with pytest.raises(AccountError) as err:
        vacation_take(alice, start=timezone.now() + timedelta(days=1), days=2)
    assert err.value.code == "vacation_overlaps"


def test_a_reminder_goes_out_once_before_the_deadline(alice, bob, django_capture_on_commit_callbacks):
    match = play_to_turns(started_match(alice, bob, first_player="blue"))
    Seat.objects.filter(match=match, index=0).update(deadline=timezone.now() + timedelta(hours=2))
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        assert sweep_deadlines() == {"reminded": 1}
        assert sweep_deadlines() == {}
    reminders = [m for m in mail.outbox if "Reminder" in m.subject]
    assert [m.to for m in reminders] == [["alice@example.test"]]


def test_the_api_shows_each_seats_deadline_and_the_time_control(api, alice, bob):
    match = started_match(alice, bob)
    body = api.get(f"/api/matches/{match.pk}/").json()
    assert body["time_control"]["days_per_move"] == 3
    assert all(s["deadline"] for s in body["seats"])

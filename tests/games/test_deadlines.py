"""Deadline arithmetic in the player's timezone (games.clock.deadlines), daylight saving included."""

from __future__ import annotations

from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

from games.clock.deadlines import TimeControl, add_days, due, local_datetime

STOCKHOLM = ZoneInfo("Europe/Stockholm")
NEW_YORK = ZoneInfo("America/New_York")
UTC = ZoneInfo("UTC")


def at(tz, *args):
    return datetime(*args, tzinfo=tz)


def test_an_untimed_match_has_no_deadline():
    assert due(at(UTC, 2026, 1, 5, 12), TimeControl(days_per_move=0), UTC) is None


def test_days_are_added_to_the_local_date_keeping_the_local_time():
    start = at(STOCKHOLM, 2026, 1, 5, 21, 15)
    assert due(start, TimeControl(days_per_move=3), STOCKHOLM) == at(STOCKHOLM, 2026, 1, 8, 21, 15)


def test_a_deadline_keeps_its_wall_clock_time_across_the_spring_change():
    # Europe moves its clocks forward on 29 March 2026: the turn is 71 real hours, not 72.
    start = at(STOCKHOLM, 2026, 3, 27, 20, 0)
    deadline = due(start, TimeControl(days_per_move=3), STOCKHOLM)
    assert deadline.astimezone(STOCKHOLM).strftime("%d %H:%M") == "30 20:00"
    assert deadline.astimezone(UTC) - start.astimezone(UTC) == timedelta(hours=71)


def test_a_deadline_keeps_its_wall_clock_time_across_the_autumn_change():
    start = at(NEW_YORK, 2026, 10, 31, 9, 0)  # the US falls back on 1 November 2026
    deadline = due(start, TimeControl(days_per_move=2), NEW_YORK)
    assert deadline.astimezone(NEW_YORK).strftime("%d %H:%M") == "02 09:00"
    assert deadline.astimezone(UTC) - start.astimezone(UTC) == timedelta(hours=49)


def test_the_same_moment_is_due_at_each_players_own_local_time():
    start = datetime(2026, 6, 1, 12, tzinfo=UTC)
    tc = TimeControl(days_per_move=1, deadline_time=time(20, 0))
    assert due(start, tc, STOCKHOLM).astimezone(STOCKHOLM).strftime("%d %H:%M") == "02 20:00"
    assert due(start, tc, NEW_YORK).astimezone(NEW_YORK).strftime("%d %H:%M") == "02 20:00"
    assert due(start, tc, STOCKHOLM) != due(start, tc, NEW_YORK)


def test_a_fixed_time_that_does_not_exist_that_day_moves_past_the_gap():
    # 02:30 does not exist in Stockholm on 29 March 2026.
    moment = local_datetime(datetime(2026, 3, 29).date(), time(2, 30), STOCKHOLM)
    assert moment.astimezone(STOCKHOLM).strftime("%H:%M") == "03:30"


def test_weekends_can_be_left_out_of_the_count():
    friday = at(UTC, 2026, 1, 9, 10, 0)
    assert add_days(friday.date(), 1, count_weekends=False).isoformat() == "2026-01-12"
    deadline = due(friday, TimeControl(days_per_move=2, count_weekends=False), UTC)
    assert deadline == at(UTC, 2026, 1, 13, 10, 0)


def test_a_players_total_for_the_match_caps_the_deadline():
    start = at(UTC, 2026, 1, 5, 0, 0)
    tc = TimeControl(days_per_move=3, max_days=10)
    assert due(start, tc, UTC, used=timedelta(days=9)) == start + timedelta(days=1)
    assert due(start, tc, UTC, used=timedelta(days=12)) == start


def test_a_vacation_stops_the_clock_for_its_whole_length():
    start = at(UTC, 2026, 1, 5, 12, 0)
    tc = TimeControl(days_per_move=3)
    pause = (at(UTC, 2026, 1, 6, 0, 0), at(UTC, 2026, 1, 10, 0, 0))
    assert due(start, tc, UTC, pauses=[pause]) == at(UTC, 2026, 1, 12, 12, 0)
    # a vacation already running when the turn begins counts only from then
    running = (at(UTC, 2026, 1, 4, 0, 0), at(UTC, 2026, 1, 6, 12, 0))
    assert due(start, tc, UTC, pauses=[running]) == at(UTC, 2026, 1, 9, 12, 0)
    # a vacation after the deadline changes nothing
    later = (at(UTC, 2026, 2, 1, 0, 0), at(UTC, 2026, 2, 3, 0, 0))
    assert due(start, tc, UTC, pauses=[later]) == at(UTC, 2026, 1, 8, 12, 0)

"""Notification preferences: channels per player, quiet hours, digests, unsubscribe links."""

from __future__ import annotations

from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.core import mail
from django.test import Client
from django.utils import timezone

from accounts.models import NotificationPrefs
from games.digests import digests_send
from notifications.models import Outbox
from notifications.unsubscribe import read_token, token_for
from tests.games.helpers import committed, play_to_turns, started_match

pytestmark = [pytest.mark.django_db, pytest.mark.clock]


def prefs(user, **fields) -> NotificationPrefs:
    p, _ = NotificationPrefs.objects.get_or_create(user=user)
    for k, v in fields.items():
        setattr(p, k, v)
    p.save()
    return p


def test_a_player_who_turned_email_off_gets_no_turn_emails(alice, bob):
    prefs(bob, email="off")
    with committed():
        started_match(alice, bob)
    assert set(Outbox.objects.filter(kind="your_turn").values_list("user__username", flat=True)) == {"alice"}


def test_a_digest_player_gets_no_immediate_turn_email_but_a_daily_digest(
    alice, bob, django_capture_on_commit_callbacks
):
    bob.timezone = "America/New_York"
    bob.save()
    prefs(bob, email="digest", digest_hour=7)
    with django_capture_on_commit_callbacks(execute=True):
        match = started_match(alice, bob)
    assert Outbox.objects.filter(user=alice, kind="your_turn").exists()
    assert not Outbox.objects.filter(user=bob, kind="your_turn").exists()
    seven = datetime(2026, 11, 23, 7, 5, tzinfo=ZoneInfo("America/New_York"))
    with django_capture_on_commit_callbacks(execute=True):
        assert digests_send(seven - timedelta(hours=1)) == 0  # not his hour yet
        assert digests_send(seven) == 1
        assert digests_send(seven + timedelta(minutes=10)) == 0  # once a day
    to_bob = [m for m in mail.outbox if m.to == ["bob@example.test"]]
    assert not [m for m in to_bob if "your turn" in m.subject.lower()]
    digest = [m for m in to_bob if "awaiting you" in m.subject]
    assert len(digest) == 1 and "1 match awaiting you" in digest[0].subject
    assert f"#{match.pk}" in digest[0].body
    assert digests_send(seven + timedelta(days=1)) == 1  # the next day again


def test_a_push_digest_player_gets_one_push_a_day_listing_their_matches_and_no_turn_pushes(
    alice, bob, django_capture_on_commit_callbacks
):
    from notifications.models import PushSubscription

    bob.timezone = "Asia/Tokyo"
    bob.save()
    prefs(bob, email="off", push="digest", digest_hour=8)
    PushSubscription.objects.create(user=bob, endpoint="https://push.example.test/1", p256dh="k", auth="a")
    with django_capture_on_commit_callbacks(execute=True):
        first = started_match(alice, bob)
        second = started_match(alice, bob)
    assert not Outbox.objects.filter(user=bob, kind="your_turn").exists()
    eight = datetime(2026, 11, 23, 8, 10, tzinfo=ZoneInfo("Asia/Tokyo"))
    with django_capture_on_commit_callbacks(execute=False):  # written, not sent
        assert digests_send(eight) == 1
        assert digests_send(eight + timedelta(minutes=20)) == 0
    row = Outbox.objects.get(user=bob, kind="digest")
    assert row.channel == Outbox.Channel.PUSH
    assert row.payload["title"] == "2 matches awaiting you"
    assert f"#{first.pk}" in row.payload["body"] and f"#{second.pk}" in row.payload["body"]
    assert not Outbox.objects.filter(user=bob, kind="digest", channel=Outbox.Channel.EMAIL).exists()


def test_messages_in_quiet_hours_wait_for_their_end(alice, bob):
    bob.timezone = "Europe/Stockholm"
    bob.save()
    p = prefs(bob, quiet_start=time(22, 0), quiet_end=time(7, 30))
    night = datetime(2026, 11, 23, 23, 15, tzinfo=ZoneInfo("Europe/Stockholm"))
    assert p.quiet_until(night) == datetime(2026, 11, 24, 7, 30, tzinfo=ZoneInfo("Europe/Stockholm"))
    assert p.quiet_until(night.replace(hour=12)) is None
    assert p.quiet_until(night.replace(day=24, hour=6)) == datetime(
        2026, 11, 24, 7, 30, tzinfo=ZoneInfo("Europe/Stockholm")
    )


def test_a_message_written_in_quiet_hours_is_held_until_they_end(alice, bob, monkeypatch):
    now = timezone.now()
    local = now.astimezone(bob.tz)
    prefs(
        bob,
        quiet_start=(local - timedelta(hours=1)).time().replace(second=0, microsecond=0),
        quiet_end=(local + timedelta(hours=1)).time().replace(second=0, microsecond=0),
    )
    with committed():
        started_match(alice, bob)
    row = Outbox.objects.get(user=bob, kind="your_turn", channel="email")
    assert row.available_at > now and row.status == Outbox.Status.PENDING


def test_every_email_carries_a_one_click_unsubscribe_link(alice, bob, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        started_match(alice, bob)
    msg = next(m for m in mail.outbox if m.to == ["bob@example.test"])
    assert msg.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    url = msg.extra_headers["List-Unsubscribe"].strip("<>")
    assert url in msg.body
    path = url.split("://", 1)[1].split("/", 1)[1]
    r = Client().post("/" + path, {"List-Unsubscribe": "One-Click"})
    assert r.status_code == 200
    assert NotificationPrefs.objects.get(user=bob).email == "off"


def test_unsubscribe_links_are_signed_per_player(alice, bob):
    token = token_for(bob.pk)
    assert read_token(token) == (bob.pk, "email")
    forged = token.replace(token[-3:], "abc" if token[-3:] != "abc" else "abd")
    assert read_token(forged) is None
    r = Client().post(f"/notifications/unsubscribe/{forged}/")
    assert r.status_code == 400
    assert not NotificationPrefs.objects.filter(user=bob, email="off").exists()


def test_the_preferences_api_reads_and_changes_them(api, alice):
    api.as_user(alice)
    assert api.get("/api/accounts/me/notifications/").json()["email"] == "immediate"
    r = api.patch(
        "/api/accounts/me/notifications/",
        {
            "email": "digest",
            "digest_hour": 6,
            "quiet_start": "22:00",
            "quiet_end": "07:00",
            "auto_vacation": False,
        },
        format="json",
    )
    assert r.status_code == 200 and r.json()["digest_hour"] == 6 and r.json()["auto_vacation"] is False
    for bad in (
        {"email": "sometimes"},
        {"digest_hour": 24},
        {"quiet_start": "25:00"},
        {"colour": "red"},
        {"quiet_start": None, "quiet_end": "07:00"},
    ):
        r = api.patch("/api/accounts/me/notifications/", bad, format="json")
        assert r.status_code == 400 and r.json()["code"] == "bad_prefs", bad
    assert api.get("/api/accounts/me/notifications/").json()["quiet_start"] == "22:00"


def test_the_vacation_api_takes_days_from_the_bank(api, alice):
    api.as_user(alice)
    left = api.get("/api/accounts/me/vacations/").json()["days_left"]
    r = api.post("/api/accounts/me/vacations/", {"days": 3}, format="json")
    assert r.status_code == 201 and r.json()["days_left"] == left - 3
    r = api.post("/api/accounts/me/vacations/", {"days": 99}, format="json")
    assert r.status_code == 400 and r.json()["code"] in ("vacation_bank_empty", "vacation_too_long")
    r = api.post("/api/accounts/me/vacations/", {"days": 1, "start": "soon"}, format="json")
    assert r.status_code == 400 and r.json()["code"] == "bad_vacation"


def test_an_unknown_timezone_is_refused_and_changes_nothing(api, alice):
    r = api.as_user(alice).patch("/api/accounts/me/", {"timezone": "Moon/Base"}, format="json")
    assert r.status_code == 400 and r.json()["code"] == "bad_timezone"
    alice.refresh_from_db()
    assert alice.timezone == "UTC"


def test_a_reminder_is_held_by_quiet_hours_only_if_it_still_comes_before_the_deadline(alice, bob):
    from games.models import Seat
    from games.tasks import sweep_deadlines

    now = timezone.now()
    local = now.astimezone(alice.tz)
    quiet = {
        "quiet_start": (local - timedelta(hours=1)).time().replace(second=0, microsecond=0),
        "quiet_end": (local + timedelta(hours=1)).time().replace(second=0, microsecond=0),
    }
    prefs(alice, reminder_hours=3, **quiet)
    quiet_end = NotificationPrefs.objects.get(user=alice).quiet_until(now)
    assert timedelta(minutes=58) < quiet_end - now <= timedelta(hours=1)
    match = play_to_turns(started_match(alice, bob, first_player="blue"))
    # due after the quiet hours end: the reminder waits for their end
    Seat.objects.filter(match=match, index=0).update(deadline=quiet_end + timedelta(minutes=30))
    assert sweep_deadlines() == {"reminded": 1}
    held = Outbox.objects.get(kind="reminder", user=alice, channel="email")
    assert held.available_at == quiet_end and held.status == Outbox.Status.PENDING
    # due before the quiet hours end: sent at once rather than after the deadline
    Seat.objects.filter(match=match, index=0).update(deadline=now + timedelta(minutes=30), reminded_for=None)
    assert sweep_deadlines() == {"reminded": 1}
    row = Outbox.objects.filter(kind="reminder", user=alice, channel="email").exclude(pk=held.pk).get()
    assert row.available_at <= timezone.now()


def test_a_reminder_respects_the_players_own_lead_time(alice, bob):
    from games.tasks import sweep_deadlines

    prefs(alice, reminder_hours=1)
    match = play_to_turns(started_match(alice, bob, first_player="blue"))
    from games.models import Seat

    Seat.objects.filter(match=match, index=0).update(deadline=timezone.now() + timedelta(hours=2))
    assert sweep_deadlines() == {}
    Seat.objects.filter(match=match, index=0).update(deadline=timezone.now() + timedelta(minutes=30))
    assert sweep_deadlines() == {"reminded": 1}


# -- the preferences page refuses what once gave a 500 ------------------------------------------


def _page_post(user, form):
    c = Client()
    c.force_login(user)
    r = c.post("/notifications/", form, follow=True)
    assert r.status_code == 200
    return r.content.decode()


def test_the_vacation_form_refuses_ten_billion_days_from_the_bank_and_takes_nothing(alice):
    from accounts.models import Vacation

    html = _page_post(alice, {"action": "vacation", "days": "9999999999"})
    assert "You have 30 vacation days left this year; you asked for 9999999999." in html
    assert not Vacation.objects.exists()


def test_the_vacation_form_refuses_a_start_at_the_end_of_the_calendar(alice):
    from accounts.models import Vacation

    html = _page_post(alice, {"action": "vacation", "days": "3", "start": "9999-12-30"})
    assert "Book a vacation at most 366 days ahead" in html
    assert not Vacation.objects.exists()


def test_deleting_a_webhook_by_an_id_that_is_not_a_number_says_so_and_deletes_nothing(alice):
    from notifications.models import Webhook

    Webhook.objects.create(user=alice, url="https://example.com/h", events=["your_turn"], secret="s")
    for bad in ("abc", "", "1e3", str(2**70)):
        html = _page_post(alice, {"action": "webhook-delete", "id": bad})
        assert "That form is out of date; reload the page and try again." in html
    assert Webhook.objects.filter(user=alice).count() == 1


def test_text_with_a_nul_character_is_refused_by_the_page_before_it_reaches_the_database(alice):
    from accounts.models import Club
    from notifications.models import Webhook

    Club.objects.create(name="Red", owner=alice)
    form = {
        "action": "webhook-add",
        "url": "https://example.com/h",
        "events": ["your_turn"],
        "club": "R\x00ed",
    }
    assert "Text may not contain NUL characters." in _page_post(alice, form)
    assert not Webhook.objects.exists()

"""The notifications page: channels, digest hour, quiet hours, reminders, vacation, webhooks."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import NotificationPrefs, Vacation
from notifications.models import Webhook

pytestmark = [pytest.mark.django_db, pytest.mark.clock]


@pytest.fixture
def web(alice):
    c = Client()
    c.force_login(alice)
    return c


def test_the_page_needs_a_signed_in_player():
    r = Client().get("/notifications/")
    assert r.status_code == 302 and "/accounts/login/" in r["Location"]


def test_the_page_shows_the_current_preferences(web):
    r = web.get("/notifications/")
    assert r.status_code == 200
    html = r.content.decode()
    assert 'id="prefs-form"' in html and "days left this year" in html


def test_saving_preferences(web, alice):
    r = web.post(
        "/notifications/",
        {
            "action": "prefs",
            "email": "digest",
            "push": "off",
            "digest_hour": "6",
            "quiet_start": "22:00",
            "quiet_end": "07:00",
            "reminder_hours": "12",
        },
        follow=True,
    )
    assert "Notification preferences saved." in r.content.decode()
    p = NotificationPrefs.objects.get(user=alice)
    assert (p.email, p.push, p.digest_hour, p.reminder_hours) == ("digest", "off", 6, 12)
    assert p.quiet_start.strftime("%H:%M") == "22:00"
    alice.refresh_from_db()
    assert alice.auto_vacation is False  # the box was not ticked


def test_bad_preferences_show_the_reason_and_change_nothing(web, alice):
    r = web.post(
        "/notifications/",
        {"action": "prefs", "email": "sometimes", "push": "off", "digest_hour": "6", "reminder_hours": "1"},
        follow=True,
    )
    assert "email is one of" in r.content.decode()
    assert not NotificationPrefs.objects.filter(user=alice, push="off").exists()


def test_taking_vacation_days(web, alice):
    r = web.post("/notifications/", {"action": "vacation", "days": "3"}, follow=True)
    assert "your clocks are stopped" in r.content.decode()
    assert Vacation.objects.filter(user=alice).count() == 1
    r = web.post("/notifications/", {"action": "vacation", "days": "40"}, follow=True)
    assert "vacation days left" in r.content.decode() or "in a row" in r.content.decode()
    assert Vacation.objects.filter(user=alice).count() == 1


def test_adding_and_removing_a_webhook(web, alice):
    r = web.post(
        "/notifications/",
        {"action": "webhook-add", "url": "https://hooks.example.org/starpost", "events": ["your_turn"]},
        follow=True,
    )
    assert "signing secret (shown once)" in r.content.decode()
    hook = Webhook.objects.get(user=alice)
    assert hook.events == ["your_turn"]
    web.post("/notifications/", {"action": "webhook-delete", "id": str(hook.pk)})
    assert not Webhook.objects.exists()

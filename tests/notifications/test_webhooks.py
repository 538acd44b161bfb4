"""Webhooks against a real HTTP receiver on loopback: signed Discord/Slack-style JSON, retried
through the outbox with backoff, switched off after failing too often; and their API."""

from __future__ import annotations

import json
import socket
import time
from datetime import timedelta

import pytest
from django.urls import include, path
from django.utils import timezone

from accounts.services import club_accept, club_add_member, club_create
from config.urls import urlpatterns as site_urlpatterns
from notifications.models import Outbox, Webhook
from notifications.services import outbox_add
from notifications.tasks import deliver
from notifications.webhooks import verify_signature, webhook_messages
from tests.support.http_recorder import Receiver

urlpatterns = [path("api/", include("notifications.api_urls")), *site_urlpatterns]
pytestmark = [pytest.mark.django_db, pytest.mark.urls(__name__)]

TURN = {
    "match_id": 12,
    "seq": 34,
    "game": "Space Dogfight",
    "url": "https://starpost.test/matches/12/",
    "to_move": [{"seat": "Blue", "username": "bob"}],
}
OVER = {
    "match_id": 12,
    "seq": 40,
    "game": "Space Dogfight",
    "url": "https://starpost.test/matches/12/",
    "outcome": "Red wins.",
}


@pytest.fixture
def receiver(settings):
    settings.STARPOST_OUTBOUND_ALLOW = ["127.0.0.1/32"]  # lets webhooks point at http://127.0.0.1
    r = Receiver()
    yield r
    r.close()


def hook_of(user, url: str, events=("your_turn", "match_over"), **extra) -> Webhook:
    return Webhook.objects.create(user=user, url=url, secret="s3cret-for-tests", events=list(events), **extra)


def one_row(user_ids, kind="your_turn", event=TURN) -> Outbox:
    [pk] = outbox_add(webhook_messages(user_ids, kind, event))
    return Outbox.objects.get(pk=pk)


def due_now(row: Outbox) -> None:
    Outbox.objects.filter(pk=row.pk).update(available_at=timezone.now())


# -- sending ------------------------------------------------------------------------------------


def test_a_delivery_is_signed_and_the_signature_verifies_with_the_secret(bob, receiver):
    hook_of(bob, receiver.url("discord"))
    row = one_row([bob.pk])
    assert deliver(row.pk) == "sent"
    [got] = receiver.received
    h, body = got["headers"], got["body"]
    assert h["x-starpost-event"] == "your_turn" and h["x-starpost-delivery"] == str(row.pk)
    assert h["x-starpost-signature"].startswith("sha256=")
    assert verify_signature("s3cret-for-tests", body, h["x-starpost-timestamp"], h["x-starpost-signature"])
    assert not verify_signature("another-secret", body, h["x-starpost-timestamp"], h["x-starpost-signature"])
    assert not verify_signature(
        "s3cret-for-tests", body + b" ", h["x-starpost-timestamp"], h["x-starpost-signature"]
    )
    later = int(h["x-starpost-timestamp"]) + 3600  # a replay an hour later
    assert not verify_signature(
        "s3cret-for-tests", body, h["x-starpost-timestamp"], h["x-starpost-signature"], now=later
    )


def test_nothing_is_posted_before_the_transaction_commits(bob, receiver, django_capture_on_commit_callbacks):
    hook_of(bob, receiver.url("chat"))
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        outbox_add(webhook_messages([bob.pk], "your_turn", TURN))
        assert receiver.received == []
    assert len(callbacks) == 1 and len(receiver.received) == 1
    assert Outbox.objects.get().status == Outbox.Status.SENT


def test_the_body_is_discord_and_slack_shaped_with_the_public_event(bob, receiver):
    hook_of(bob, receiver.url("chat"))
    deliver(one_row([bob.pk]).pk)
    body = json.loads(receiver.received[0]["body"])
    text = "Space Dogfight #12: bob (Blue) to move. https://starpost.test/matches/12/"
    assert body["content"] == text and body["text"] == text and body["username"] == "Starpost"
    assert body["allowed_mentions"] == {"parse": []}
    assert body["starpost"] == {"event": "your_turn", **TURN}
    assert receiver.received[0]["headers"]["content-type"] == "application/json"


def test_the_match_over_text_gives_the_outcome(bob, receiver):
    hook_of(bob, receiver.url("chat"))
    deliver(one_row([bob.pk], "match_over", OVER).pk)
    body = json.loads(receiver.received[0]["body"])
    assert body["content"] == "Space Dogfight #12 is over: Red wins. https://starpost.test/matches/12/"
    assert body["starpost"]["outcome"] == "Red wins."


def test_two_500s_then_a_200_is_delivered_once_with_growing_backoff(bob, receiver):
    hook = hook_of(bob, receiver.url("flaky"))
    receiver.answers["/flaky"] = [500, 500]
    row = one_row([bob.pk])
    waits = []
    for expected in ("retry", "retry", "sent"):
        started = timezone.now()
        assert deliver(row.pk) == expected
        row.refresh_from_db()
        if expected == "retry":
            assert row.status == Outbox.Status.PENDING and "HTTP 500" in row.last_error
            waits.append(row.available_at - started)
            assert deliver(row.pk) == "skipped"  # not before its time
            due_now(row)
    assert waits[0] >= timedelta(seconds=30) and waits[1] >= waits[0] + timedelta(seconds=29)
    assert row.status == Outbox.Status.SENT and row.attempts == 3
    assert [r["status"] for r in receiver.received] == [500, 500, 200]
    assert len({r["headers"]["x-starpost-delivery"] for r in receiver.received}) == 1
    assert deliver(row.pk) == "skipped"
    hook.refresh_from_db()
    assert hook.failures == 0 and hook.last_success_at is not None


def test_repeated_failures_switch_the_webhook_off(bob, receiver, settings):
    settings.STARPOST_WEBHOOK_MAX_FAILURES = 3
    hook = hook_of(bob, receiver.url("down"))
    receiver.answers["/down"] = [503] * 10
    row = one_row([bob.pk])
    for _ in range(2):
        assert deliver(row.pk) == "retry"
        due_now(row)
    assert Webhook.objects.get(pk=hook.pk).active
    assert deliver(row.pk) == "retry"
    row.refresh_from_db()
    assert "switched off after 3 failures" in row.last_error
    hook.refresh_from_db()
    assert not hook.active and hook.failures == 3
    due_now(row)
    assert deliver(row.pk) == "sent"  # nothing left to send to
    assert len(receiver.received) == 3
    assert webhook_messages([bob.pk], "your_turn", {**TURN, "seq": 35}) == []


def test_a_success_resets_the_count_of_failures(bob, receiver, settings):
    settings.STARPOST_WEBHOOK_MAX_FAILURES = 3
    hook = hook_of(bob, receiver.url("x"))
    receiver.answers["/x"] = [500, 500, 200, 500, 500]
    for seq in range(3):
        row = one_row([bob.pk], event={**TURN, "seq": seq})
        while deliver(row.pk) == "retry":
            due_now(row)
    hook.refresh_from_db()
    assert hook.active and hook.failures == 0
    assert [r["status"] for r in receiver.received] == [500, 500, 200, 500, 500, 200, 200]


def test_a_redirect_is_not_followed_and_counts_as_a_failure(bob, receiver):
    hook = hook_of(bob, receiver.url("moved"))
    receiver.answers["/moved"] = [302]
    row = one_row([bob.pk])
    assert deliver(row.pk) == "retry"
    assert [r["path"] for r in receiver.received] == ["/moved"]
    assert Webhook.objects.get(pk=hook.pk).failures == 1


def test_a_receiver_that_is_down_is_retried(bob, settings):
    settings.STARPOST_OUTBOUND_ALLOW = ["127.0.0.1/32"]
    hook_of(bob, "http://127.0.0.1:9/nobody-listens")
    row = one_row([bob.pk])
    assert deliver(row.pk) == "retry"
    assert "ConnectionError" in Outbox.objects.get(pk=row.pk).last_error


def test_a_deleted_webhook_sends_nothing_and_its_rows_complete(bob, receiver):
    hook = hook_of(bob, receiver.url("gone"))
    row = one_row([bob.pk])
    hook.delete()
    assert deliver(row.pk) == "sent"
    assert receiver.received == []


def test_a_private_address_is_not_posted_to(bob, settings):
    settings.DEBUG = True  # the same rule in DEBUG
    hook_of(bob, "https://127.0.0.1:9/internal")  # as if it had slipped past the API's check
    row = one_row([bob.pk])
    assert deliver(row.pk) == "retry"
    assert "public host" in Outbox.objects.get(pk=row.pk).last_error


def test_a_name_that_now_resolves_to_a_private_address_is_not_posted_to(bob, settings, monkeypatch):
    hook_of(bob, "https://hooks.example.com/x")
    monkeypatch.setattr(
        socket,
        "getaddrinfo",
        lambda *a, **k: [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("10.0.0.5", 443))],
    )
    row = one_row([bob.pk])
    assert deliver(row.pk) == "retry"
    assert "resolves to a private or special-purpose address" in Outbox.objects.get(pk=row.pk).last_error


# -- which messages an event makes ----------------------------------------------------------------


def test_one_message_per_active_webhook_subscribed_to_the_event(alice, bob, carol):
    club_create(owner=bob, name="Orion Club")
    a = hook_of(alice, "https://hooks.example.com/a", ["your_turn"])
    b1 = hook_of(bob, "https://hooks.example.com/b1", ["your_turn", "match_over"], club="Orion Club")
    hook_of(bob, "https://hooks.example.com/b2", ["match_over"])
    hook_of(bob, "https://hooks.example.com/b3", ["your_turn"], active=False)
    hook_of(carol, "https://hooks.example.com/c", ["your_turn"])
    messages = webhook_messages([alice.pk, bob.pk, bob.pk], "your_turn", TURN)
    assert [(m.user_id, m.payload["webhook"]) for m in messages] == [(alice.pk, a.pk), (bob.pk, b1.pk)]
    assert {m.channel for m in messages} == {"webhook"}
    assert [m.dedupe_key for m in messages] == [
        f"webhook:your_turn:12:34:{a.pk}",
        f"webhook:your_turn:12:34:{b1.pk}",
    ]
    assert len(outbox_add(messages)) == 2


def test_a_club_webhook_hears_every_turn_of_its_members_matches_once_per_url(alice, bob, carol, make_user):
    dave = make_user("dave")
    orion = club_create(owner=alice, name="Orion Club")
    for member in (bob, carol):  # invited, and accepted
        club_add_member(owner=alice, club_id=orion.pk, username=member.username)
        club_accept(user=member, club_id=orion.pk)
    club_create(owner=dave, name="Other Club")
    channel = "https://discord.com/api/webhooks/9/orion"
    a = hook_of(alice, channel, club="Orion Club")
    hook_of(bob, channel, club="Orion Club")  # the same channel, registered twice
    hook_of(alice, "https://hooks.example.com/alice-own", ["your_turn"])
    other = hook_of(dave, "https://hooks.example.com/other-club", club="Other Club")
    # Bob's turn in a match of alice and bob: alice's own webhook stays quiet, the club hears it once.
    messages = webhook_messages([bob.pk], "your_turn", TURN, club_user_ids=[alice.pk, bob.pk])
    assert [m.payload["webhook"] for m in messages] == [a.pk]
    # A match of two members without the organiser: the club channel still hears it.
    messages = webhook_messages([carol.pk], "your_turn", TURN, club_user_ids=[bob.pk, carol.pk])
    assert [m.payload["webhook"] for m in messages] == [a.pk]
    # Only another club's member plays: that club hears it, Orion does not.
    heard = [
        m.payload["webhook"] for m in webhook_messages([dave.pk], "your_turn", TURN, club_user_ids=[dave.pk])
    ]
    assert heard == [other.pk]


def test_only_a_clubs_organiser_adds_its_webhook(api, alice, bob):
    club_create(owner=alice, name="Orion Club")
    body = {"url": "https://hooks.example.com/orion", "events": ["your_turn"], "club": "Orion Club"}
    r = api.as_user(bob).post("/api/webhooks/", body, format="json")
    assert r.status_code == 400 and r.json()["code"] == "bad_webhook_club"
    assert api.as_user(alice).post("/api/webhooks/", body, format="json").status_code == 201


def test_no_message_for_an_event_nobody_subscribed_to(alice):
    hook_of(alice, "https://hooks.example.com/a", ["your_turn"])
    assert webhook_messages([alice.pk], "match_over", OVER) == []
    assert webhook_messages([alice.pk], "reminder", TURN) == []
    assert webhook_messages([], "your_turn", TURN) == []


def test_only_public_fields_of_the_event_are_kept(alice):
    hook_of(alice, "https://hooks.example.com/a")
    leaky = {
        **TURN,
        "view": {"hand": ["ctr-07"]},
        "to_move": [{"seat": "Blue", "username": "bob", "hand": "hold-0-3"}],
    }
    [message] = webhook_messages([alice.pk], "your_turn", leaky)
    text = json.dumps(message.payload)
    assert "ctr-07" not in text and "hold-0-3" not in text
    assert message.payload["starpost"] == {"event": "your_turn", **TURN}


def test_an_event_missing_a_required_field_is_a_programming_error(alice):
    hook_of(alice, "https://hooks.example.com/a")
    with pytest.raises(ValueError, match="outcome"):
        webhook_messages([alice.pk], "match_over", TURN)


def test_several_players_to_move_are_named_together(alice):
    hook_of(alice, "https://hooks.example.com/a")
    both = {**TURN, "to_move": [{"seat": "Red", "username": "alice"}, {"seat": "Blue", "username": "bob"}]}
    [message] = webhook_messages([alice.pk], "your_turn", both)
    assert message.payload["text"].startswith("Space Dogfight #12: alice (Red) and bob (Blue) to move.")


# -- the API ------------------------------------------------------------------------------------


def test_creating_a_webhook_returns_its_secret_once(api, bob):
    club_create(owner=bob, name="Orion")
    body = {
        "url": "https://discord.com/api/webhooks/1/abc",
        "events": ["match_over", "your_turn"],
        "club": "Orion",
    }
    response = api.as_user(bob).post("/api/webhooks/", body, format="json")
    assert response.status_code == 201
    created = response.json()
    assert len(created["secret"]) >= 32 and created["events"] == ["your_turn", "match_over"]
    assert created["club"] == "Orion" and created["active"] is True
    assert Webhook.objects.get(pk=created["id"]).secret == created["secret"]
    [listed] = api.as_user(bob).get("/api/webhooks/").json()["webhooks"]
    assert "secret" not in listed and listed["id"] == created["id"]


BAD_URLS = [
    None,
    "",
    "not a url",
    "http://hooks.example.com/x",
    "ftp://hooks.example.com/x",
    "https://localhost/x",
    "https://127.0.0.1/x",
    "https://10.1.2.3/x",
    "https://169.254.169.254/latest/meta-data",
    "https://[::1]/x",
    "https://redis/x",
    "https://printer.local/x",
    "https://user:pw@hooks.example.com/x",
    "https://hooks.example.com:99999/x",
    "https://hooks.example.com/" + "x" * 1000,
]


@pytest.mark.parametrize("url", BAD_URLS)
def test_a_bad_url_is_refused_and_nothing_is_stored(url, api, bob):
    response = api.as_user(bob).post("/api/webhooks/", {"url": url, "events": ["your_turn"]}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "bad_webhook_url" and response.json()["field"] == "url"
    assert not Webhook.objects.exists()


@pytest.mark.parametrize("events", [None, [], "your_turn", ["your_turn", "chat"], [1]])
def test_bad_events_are_refused_and_nothing_is_stored(events, api, bob):
    body = {"url": "https://hooks.example.com/x", "events": events}
    response = api.as_user(bob).post("/api/webhooks/", body, format="json")
    assert response.status_code == 400 and response.json()["code"] == "bad_webhook_events"
    assert not Webhook.objects.exists()


def test_a_loopback_url_is_allowed_only_when_the_operator_allows_it(api, bob, settings):
    body = {"url": "http://127.0.0.1:8080/hook", "events": ["your_turn"]}
    settings.DEBUG = True
    assert api.as_user(bob).post("/api/webhooks/", body, format="json").status_code == 400
    settings.STARPOST_OUTBOUND_ALLOW = ["127.0.0.1/32"]
    assert api.as_user(bob).post("/api/webhooks/", body, format="json").status_code == 201


def test_a_player_has_at_most_ten_webhooks(api, bob):
    for i in range(10):
        hook_of(bob, f"https://hooks.example.com/{i}")
    body = {"url": "https://hooks.example.com/11", "events": ["your_turn"]}
    response = api.as_user(bob).post("/api/webhooks/", body, format="json")
    assert response.status_code == 400 and response.json()["code"] == "too_many_webhooks"


def test_only_the_owner_sees_changes_or_deletes_a_webhook(api, alice, bob):
    hook = hook_of(alice, "https://hooks.example.com/a")
    assert api.as_user(bob).get("/api/webhooks/").json() == {"webhooks": []}
    assert api.as_user(bob).delete(f"/api/webhooks/{hook.pk}/").status_code == 404
    response = api.as_user(bob).patch(f"/api/webhooks/{hook.pk}/", {"active": False}, format="json")
    assert response.status_code == 404 and response.json()["code"] == "webhook_not_found"
    assert Webhook.objects.get(pk=hook.pk).active
    assert api.as_user(alice).delete(f"/api/webhooks/{hook.pk}/").status_code == 204
    assert not Webhook.objects.exists()


def test_switching_a_webhook_back_on_forgets_its_failures(api, alice):
    hook = hook_of(alice, "https://hooks.example.com/a", active=False, failures=20)
    response = api.as_user(alice).patch(f"/api/webhooks/{hook.pk}/", {"active": True}, format="json")
    assert response.status_code == 200 and response.json()["active"] is True
    assert response.json()["failures"] == 0 and "secret" not in response.json()


def test_webhooks_need_a_signed_in_player(api):
    assert api.get("/api/webhooks/").status_code == 401
    body = {"url": "https://hooks.example.com/x", "events": ["your_turn"]}
    assert api.post("/api/webhooks/", body, format="json").status_code == 401


def test_verify_signature_refuses_garbage(bob):
    assert not verify_signature("s", b"{}", "not-a-number", "sha256=00")
    assert not verify_signature("s", b"{}", str(int(time.time())), "")


def test_a_club_name_with_a_nul_character_is_refused_by_the_service_itself(alice):
    from notifications.webhooks import WebhookError, webhook_create

    with pytest.raises(WebhookError) as exc:
        webhook_create(user=alice, url="https://hooks.example.test/x", events=["your_turn"], club="a\x00b")
    assert exc.value.code == "bad_webhook_club"

"""How many emails a match sends: none about a turn while its player has the match open in
a browser (the page tells them), one per game round for a player who asks for that, and a
move list whose standing orders take one line. Real services, the outbox and its sending
(eager), after each commit."""

from __future__ import annotations

import hashlib
import random
import re
from collections import Counter
from datetime import timedelta
from email import message_from_bytes
from email.policy import default as default_policy
from types import SimpleNamespace

import pytest
from aiosmtpd.controller import Controller
from django.core import mail
from django.test import Client

from accounts.services import prefs_update
from config.env import site_url
from games import notify, selectors
from games.bots.earlydays import EarlyDaysBot
from games.bots.starfighters import StarFightersBot
from games.models import Match
from games.play import services
from notifications.contracts import Content, Email, Notice
from notifications.models import Outbox
from notifications.notices import notice_send
from tests.games.helpers import play_to_turns, started_match, submit, user_of
from tests.support.waiting import free_port

db = pytest.mark.django_db(transaction=True)  # what waits for the commit runs at each commit


def your_turn_emails(user) -> list:
    return [m for m in mail.outbox if m.to == [user.email] and m.subject.startswith("[Starpost] Your turn")]


def moves_of(match: Match, seat: int) -> list[dict]:
    return selectors.legal_moves_view(match, selectors.Viewer.for_seat(match, seat))["moves"]


def end_turn(match: Match) -> None:
    """The player on turn ends it (Space Dogfight's "end")."""
    match.refresh_from_db()
    seat = match.active_seats[0]
    end = next(m for m in moves_of(match, seat) if m["kind"] == "end")
    submit(match, user_of(match, seat), end)
    match.refresh_from_db()


def watch(user, match: Match) -> str:
    """The player's browser asks the match page for news, as its poll does; the page's text."""
    browser = Client()
    browser.force_login(user)
    response = browser.get(f"/matches/{match.pk}/poll/", {"seq": 0, "v": "x"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    return response.content.decode()


# -- a player watching the match -------------------------------------------------------------


@db
def test_no_your_turn_email_goes_to_a_player_who_has_the_match_open_and_the_page_says_so(
    alice, bob, time_travel
):
    match = play_to_turns(started_match(alice, bob))
    mover = user_of(match, match.active_seats[0])
    watcher = user_of(match, 1 - match.active_seats[0])
    page = watch(watcher, match)
    assert "we send you no" in page and "your turn" in page
    before = len(your_turn_emails(watcher))
    end_turn(match)
    assert user_of(match, match.active_seats[0]) == watcher
    assert len(your_turn_emails(watcher)) == before  # the page told them
    assert "It is your turn" in watch(watcher, match)

    # the other player never opened the page: their turn comes by email
    mover_before = len(your_turn_emails(mover))
    end_turn(match)
    assert len(your_turn_emails(mover)) == mover_before + 1

    # the watcher closed the page: once their last poll is old, email again
    time_travel.shift(timedelta(seconds=31))
    end_turn(match)
    assert user_of(match, match.active_seats[0]) == watcher
    assert len(your_turn_emails(watcher)) == before + 1


@db
def test_a_watching_player_still_gets_news_about_their_own_clock(alice, bob):
    match = play_to_turns(started_match(alice, bob))
    player = user_of(match, match.active_seats[0])
    watch(player, match)
    seat = match.seats.get(user=player)
    assert seat.watched_at is not None
    mail.outbox.clear()
    notify.clock_message("reminder", match, seat, {"until": "2026-11-26T10:00:00+00:00"})
    assert [m.to for m in mail.outbox] == [[player.email]]
    assert mail.outbox[0].subject.startswith("[Starpost] Reminder")


# -- one email per game round ------------------------------------------------------------------


def play_rounds(make_user, monkeypatch, game: str, options: dict, bot, per_round: bool, rounds: int = 2):
    """Two players (the game's bot) play until game round ``rounds`` is over (or the match
    ends), with a fixed seed; the your-turn emails each got, counted per (address, round)."""
    fixed = hashlib.sha256(f"rounds-{game}".encode()).digest()
    monkeypatch.setattr(services, "pysecrets", SimpleNamespace(token_bytes=lambda n: fixed[:n]))
    tag = "r" if per_round else "t"
    users = [make_user(f"{tag}ann"), make_user(f"{tag}ben")]
    for user in users:
        prefs_update(user, {"email_per_round": per_round})
    match = services.match_create(user=users[0], game=game, options=options, invite=[users[1].username])
    services.match_join(user=users[1], match_id=match.pk)
    rng, engine = random.Random("rounds"), selectors.engine_of(match)
    seen = len(mail.outbox)
    per_round_count: Counter = Counter()
    for _ in range(3000):
        match.refresh_from_db()
        game_round = selectors.game_round(match)
        for email in mail.outbox[seen:]:
            if email.subject.startswith("[Starpost] Your turn"):
                per_round_count[(email.to[0], game_round)] += 1
        seen = len(mail.outbox)
        if match.is_over or (game_round or 0) > rounds:
            break
        seat = match.active_seats[0]
        submit(match, users[seat], bot.choose(engine, engine.load(match.state), seat, rng).to_json())
    assert (selectors.game_round(match) or 0) > rounds or match.is_over
    return per_round_count


ROUND_GAMES = {
    "early-days": ({"scenario": "fighter_clash", "points": 100}, EarlyDaysBot),
    "star-fighters": ({}, StarFightersBot),
}


@db
@pytest.mark.parametrize("game", ["early-days", "star-fighters"])
def test_a_player_who_asks_for_one_email_per_round_gets_one_per_round(make_user, monkeypatch, game):
    options, bot = ROUND_GAMES[game]
    every_turn = play_rounds(make_user, monkeypatch, game, options, bot(), per_round=False)
    assert max(every_turn.values()) > 1  # turns alternate within a round: an email each time
    per_round = play_rounds(make_user, monkeypatch, game, options, bot(), per_round=True)
    assert max(per_round.values()) == 1, per_round
    assert len({r for (_, r) in per_round if r}) >= 2  # rounds were played, each with its one email


@db
def test_one_email_per_round_keeps_every_turn_of_a_game_without_rounds(alice, bob):
    prefs_update(alice, {"email_per_round": True})
    prefs_update(bob, {"email_per_round": True})
    match = play_to_turns(started_match(alice, bob))
    assert selectors.game_round(match) is None
    counts = [len(your_turn_emails(alice)), len(your_turn_emails(bob))]
    end_turn(match)
    end_turn(match)
    assert [len(your_turn_emails(alice)), len(your_turn_emails(bob))] == [c + 1 for c in counts]


@db
def test_the_round_rule_writes_one_email_for_two_notices_of_the_same_round(alice, bob):
    prefs_update(alice, {"email_per_round": True})

    def notice(user, key):
        content = Content(email=Email("invite", {"match": {"id": 1}, "title": "T", "url": "u"}))
        return Notice(
            user=user, kind="your_turn", key=key, content=lambda: content, round_key=f"round:{user.pk}"
        )

    notice_send([notice(alice, "a1"), notice(bob, "b1")])
    notice_send([notice(alice, "a2"), notice(bob, "b2")])
    keys = sorted(Outbox.objects.values_list("dedupe_key", flat=True))
    assert keys == sorted([f"round:{alice.pk}:email", "b1:email", "b2:email"])


def test_preferences_take_one_email_per_round_as_true_or_false(alice):
    from accounts.errors import DomainError

    assert prefs_update(alice, {"email_per_round": True}).email_per_round is True
    with pytest.raises(DomainError) as refused:
        prefs_update(alice, {"email_per_round": "yes"})
    assert refused.value.code == "bad_prefs"


# -- standing orders in the list -------------------------------------------------------------


@db
def test_a_space_dogfight_email_numbers_the_game_moves_and_gives_standing_orders_one_line(alice, bob):
    match = play_to_turns(started_match(alice, bob))
    player = user_of(match, match.active_seats[0])
    email = your_turn_emails(player)[-1]
    legal = moves_of(match, match.active_seats[0])
    orders = [m for m in legal if m["kind"] == "orders"]
    game = [m for m in legal if m["kind"] != "orders"]
    assert len(orders) > len(game)  # most of the list would be standing-order variants
    numbered = re.findall(r"^  (\d+)\. (.+)$", email.body.split("Your moves", 1)[1], re.MULTILINE)
    assert [int(n) for n, _ in numbered] == list(range(1, len(game) + 1))
    assert not any(text.startswith("orders") for _, text in numbered)
    lines = [line for line in email.body.splitlines() if "Standing orders" in line]
    assert len(lines) == 1 and f"({len(orders)} choices)" in lines[0] and "match page" in lines[0]


def test_the_outbox_sweep_forgets_the_moves_offered_by_emails_of_long_ago(alice):
    from django.utils import timezone

    from notifications.models import ReplyOffer
    from notifications.tasks import sweep_outbox

    OFFER_DAYS = ReplyOffer.KEEP_DAYS

    now = timezone.now()
    for token, age in (("old", OFFER_DAYS + 1), ("recent", OFFER_DAYS - 1)):
        ReplyOffer.objects.create(
            token=token, user=alice, match_id=1, seat=0, seq=1, created_at=now - timedelta(days=age)
        )
    sweep_outbox()
    assert list(ReplyOffer.objects.values_list("token", flat=True)) == ["recent"]


# -- through a real SMTP server ----------------------------------------------------------------


class Inbox:
    """An SMTP server's handler on loopback that keeps every accepted message."""

    def __init__(self):
        self.messages = []

    async def handle_DATA(self, server, session, envelope):
        self.messages.append(message_from_bytes(envelope.original_content, policy=default_policy))
        return "250 OK"


@db
def test_a_your_turn_email_sent_over_smtp_links_to_the_served_site_and_sums_up_standing_orders(
    alice, bob, settings
):
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", controller.port
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.SITE_URL = site_url(None, ["manage.py", "runserver", "127.0.0.1:8123"])  # make run PORT=8123
    controller.start()
    try:
        match = play_to_turns(started_match(alice, bob))
    finally:
        controller.stop()
    player = user_of(match, match.active_seats[0])
    sent = [m for m in inbox.messages if m["To"] == player.email and "Your turn" in m["Subject"]]
    body = sent[-1].get_body(("plain",)).get_content()
    assert f"http://127.0.0.1:8123/matches/{match.pk}/" in body and ":8000" not in body
    assert body.count("Standing orders (") == 1
    numbered = re.findall(r"^  (\d+)\. (.+)$", body.split("Your moves", 1)[1], re.MULTILINE)
    game = [m for m in moves_of(match, match.active_seats[0]) if m["kind"] != "orders"]
    assert len(numbered) == len(game)

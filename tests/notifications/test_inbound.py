"""Moves by replying to the "your turn" email: real messages, real services, real SMTP.

Each reply answers an email the system really sent (its Reply-To, its Message-ID, its body
quoted below), arrives through one of the ways in (receive(), the receive_email command
from standard input or a Maildir, a provider webhook, an SMTP server on loopback), and is
processed after the commit by the Celery task (eager here), through move_submit.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import io
import os
import re
import smtplib
import subprocess
import sys
import time
from email import message_from_bytes, policy
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller
from django.core import mail
from django.core.management import call_command
from django.db import connection
from django.test import Client

from games import email_replies, selectors
from games.engines.base import Move
from games.models import LogEntry, Match
from games.play import services
from notifications import inbound, replies, replyaddr
from notifications.inbound import receive
from notifications.inbound_tasks import sweep_inbound
from notifications.mailread import reply_lines
from notifications.models import InboundEmail, Outbox, ReplyOffer
from tests.games.helpers import play_to_turns, started_match, user_of
from tests.support.waiting import free_port

ROOT = Path(__file__).resolve().parents[2]
FLEET_TWO_A = {"kind": "fleet", "ships": {"A": 2, "B": 0, "C": 0, "D": 0}}
db = pytest.mark.django_db(transaction=True)  # the processing runs after the commit


# -- helpers ------------------------------------------------------------------------------


@pytest.fixture
def turn(alice, bob):
    """A Space Dogfight match on turn 1: (match, the player on turn, their "your turn" email)."""
    match = play_to_turns(started_match(alice, bob))
    player = user_of(match, match.active_seats[0])
    return match, player, turn_email(player)


def turn_email(user):
    found = [m for m in mail.outbox if m.to == [user.email] and m.subject.startswith("[Starpost] Your turn")]
    assert found, [m.subject for m in mail.outbox]
    return found[-1]


def answers(address):
    """The emails Starpost sent in answer to replies, to ``address``."""
    return [
        m
        for m in mail.outbox
        if m.to == [address] and m.extra_headers.get("Auto-Submitted") == "auto-replied"
    ]


def reply(original, text=None, *, html=None, sender=None, to=None, message_id=None, headers=None) -> bytes:
    """A reply to ``original`` as a mail client writes it: our text on top, the email quoted below."""
    msg = EmailMessage()
    msg["From"] = sender or f"Player <{original.to[0]}>"
    msg["To"] = to or original.reply_to[0]
    msg["Subject"] = f"Re: {original.subject}"
    msg["Date"] = formatdate()
    msg["Message-ID"] = message_id or make_msgid(domain="mail.example.test")
    msg["In-Reply-To"] = msg["References"] = original.extra_headers["Message-ID"]
    for name, value in (headers or {}).items():
        msg[name] = value
    quoted = "\n".join(f"> {line}" if line else ">" for line in original.body.splitlines())
    attribution = "On Sun, 22 Nov 2026 at 10:00, Starpost <turns@starpost.localhost> wrote:"
    if text is not None:
        msg.set_content(f"{text}\n\n{attribution}\n{quoted}\n")
        if html is not None:
            msg.add_alternative(html, subtype="html")
    else:
        msg.set_content(html, subtype="html")
    return msg.as_bytes()


def numbered(email, notation: str) -> int:
    """The number the email gives a move in its list ("  2. end")."""
    m = re.search(rf"^\s+(\d+)\. {re.escape(notation)}$", email.body, re.MULTILINE)
    assert m, email.body
    return int(m[1])


def entries(match):
    return list(LogEntry.objects.filter(match=match).order_by("seq"))


def token_of(email) -> replyaddr.ReplyToken:
    token = replyaddr.read(email.reply_to[0])
    assert token is not None
    return token


# -- the address --------------------------------------------------------------------------


def test_a_reply_address_is_lowercase_short_and_bound_to_match_seat_seq_and_player(settings):
    settings.STARPOST_REPLY_DOMAIN = "reply.example.test"
    address = replyaddr.reply_address(123456, 1, 987, 4242)
    local, _, domain = address.partition("@")
    assert address == address.lower() and domain == "reply.example.test"
    assert local.startswith("move+") and len(local) <= 64
    today = replyaddr.today()
    assert replyaddr.read(address) == replyaddr.ReplyToken(123456, 1, 987, 4242, today)
    assert replyaddr.read(address.upper()) == replyaddr.ReplyToken(123456, 1, 987, 4242, today)
    assert len(replyaddr.reply_address(36**8 - 1, 9, 36**8 - 1, 36**8 - 1).partition("@")[0]) <= 64


def test_a_reply_address_signed_with_another_key_is_not_ours_unless_it_is_a_fallback(settings):
    address = replyaddr.reply_address(1, 0, 5, 2)
    old = settings.SECRET_KEY
    settings.SECRET_KEY = "a-new-secret-key-for-this-test-only-0123456789"
    assert replyaddr.read(address) is None
    settings.SECRET_KEY_FALLBACKS = [old]
    assert replyaddr.read(address) == replyaddr.ReplyToken(1, 0, 5, 2, replyaddr.today())


def test_a_reply_address_is_off_when_reply_by_email_is_off(settings):
    settings.STARPOST_REPLY_BY_EMAIL = False
    assert replyaddr.reply_address(1, 0, 5, 2) is None


# -- reading the reply's own lines ---------------------------------------------------------


def test_only_the_first_paragraph_above_the_quote_is_read():
    text = "move b3 b5\nattack b5 b6\n\nCheers,\nBob\n\nOn Sun, 22 Nov 2026, Starpost wrote:\n> 1. draw\n"
    assert reply_lines(text) == ["move b3 b5", "attack b5 b6"]


def test_a_bottom_posted_reply_is_read_below_the_quote():
    text = "On Sun, 22 Nov 2026 at 10:00, Starpost <\nturns@starpost.localhost> wrote:\n> 1. draw\n> 2. end\n\nend\n"
    assert reply_lines(text) == ["end"]


@pytest.mark.parametrize(
    "cut",
    [
        "-- \nBob",
        "-----Original Message-----\nFrom: Starpost\n1. draw",
        "________________________________\nFrom: Starpost <turns@starpost.localhost>\nSent: Sunday",
        "From: Starpost <turns@starpost.localhost>\nSent: Sunday\n2. end",
        "Sent from my iPhone",
    ],
)
def test_signatures_and_forwarded_headers_end_the_reply(cut):
    assert reply_lines(f"draw\n{cut}\n") == ["draw"]


# -- replies by receive() -----------------------------------------------------------------


@db
def test_the_reply_handler_is_the_games_apps_named_in_settings_and_anymail_is_connected():
    from anymail.signals import inbound as anymail_inbound

    assert replies.reply_handler() is email_replies.handle
    assert any(key[0] == "notifications.inbound.anymail" for key, *_ in anymail_inbound.receivers)


@db
def test_the_your_turn_email_carries_a_signed_reply_address_for_that_turn(turn):
    match, player, email = turn
    seat = match.active_seats[0]
    assert token_of(email) == replyaddr.ReplyToken(match.pk, seat, match.seq, player.pk, replyaddr.today())


@db
def test_a_move_in_notation_is_applied_through_move_submit_and_confirmed(turn):
    match, player, email = turn
    before = match.seq
    row = receive(reply(email, "draw", sender=f"Bob <{player.email.upper()}>"), via="command")
    match.refresh_from_db()
    assert match.seq == before + 1
    entry = entries(match)[-1]
    assert (entry.kind, entry.source, entry.seat, entry.user_id) == (
        "draw",
        "email",
        token_of(email).seat,
        player.pk,
    )
    assert entry.idempotency_key == f"email:{row.pk}:0"
    row.refresh_from_db()
    assert (row.status, row.code, row.via) == ("applied", "", "command")
    [confirmation] = answers(player.email)
    assert confirmation.subject == f"[Starpost] Move received: Space Dogfight #{match.pk}"
    assert "applied:\n  draw\n" in confirmation.body
    assert confirmation.extra_headers["In-Reply-To"] == row.message_id


@db
def test_the_confirmation_lists_the_moves_now_and_a_reply_to_it_plays_on(turn):
    match, player, email = turn
    receive(reply(email, "draw"), via="command")
    match.refresh_from_db()
    [confirmation] = answers(player.email)
    assert "It is your turn" in confirmation.body and "Your moves now:" in confirmation.body
    viewer = selectors.Viewer.for_seat(match, token_of(email).seat)
    legal = selectors.legal_moves_view(match, viewer)
    game = [t for m, t in zip(legal["moves"], legal["notation"], strict=True) if m["kind"] != "orders"]
    for n, text in enumerate(game, start=1):
        assert f"  {n}. {text}\n" in confirmation.body
    assert confirmation.body.count("Standing orders (") == 1  # the rest: one line
    assert token_of(confirmation).seq == match.seq  # a fresh address for the move it is now
    receive(reply(confirmation, str(numbered(confirmation, "end"))), via="command")
    match.refresh_from_db()
    assert entries(match)[-1].kind == "end" and token_of(email).seat not in match.active_seats


@db
def test_a_move_number_from_the_emailed_list_is_applied(turn):
    match, _player, email = turn
    row = receive(reply(email, str(numbered(email, "end"))), via="command")
    match.refresh_from_db()
    assert entries(match)[-1].kind == "end" and entries(match)[-1].source == "email"
    other = 1 - token_of(email).seat
    assert match.active_seats == [other]
    assert token_of(turn_email(user_of(match, other))).seq == match.seq  # the turn passed, by email
    row.refresh_from_db()
    assert row.result == "applied 1: end"


@db
@pytest.mark.parametrize("greeting", ["Hi,", "Hello Starpost!", "Dear all,\n", "\n"])
def test_a_move_number_on_the_second_line_after_a_greeting_or_a_blank_line_is_applied(turn, greeting):
    match, _player, email = turn
    row = receive(reply(email, f"{greeting}\n{numbered(email, 'end')}\n\nThanks, Bob"), via="command")
    row.refresh_from_db()
    assert (row.status, row.result) == ("applied", "applied 1: end")
    match.refresh_from_db()
    assert entries(match)[-1].kind == "end" and entries(match)[-1].source == "email"


def test_a_greeting_is_not_read_as_a_move_but_a_move_that_looks_like_a_word_is():
    assert reply_lines("Hi,\n3\n") == ["3"]
    assert reply_lines("Hello Starpost!\n\n3\n\nBob") == ["3"]
    assert reply_lines("hit button\nend") == ["hit button", "end"]
    assert reply_lines("end\nHi") == ["end", "Hi"]


@db
def test_standing_orders_have_no_number_and_are_set_by_their_notation(turn):
    match, _player, email = turn
    seat = token_of(email).seat
    listed = [text for _, text in re.findall(r"^  (\d+)\. (.+)$", email.body, re.MULTILINE)]
    legal = selectors.legal_moves_view(match, selectors.Viewer.for_seat(match, seat))
    orders = [t for m, t in zip(legal["moves"], legal["notation"], strict=True) if m["kind"] == "orders"]
    assert orders and not set(orders) & set(listed)
    row = receive(reply(email, orders[0]), via="command")
    row.refresh_from_db()
    assert row.status == "applied", row.result
    assert entries(match)[-1].kind == "orders" and entries(match)[-1].source == "email"


@db
def test_several_lines_are_submitted_in_order_with_the_running_seq(turn):
    match, _player, email = turn
    before = match.seq
    row = receive(reply(email, "draw\nend"), via="command")
    match.refresh_from_db()
    assert [e.kind for e in entries(match)[-2:]] == ["draw", "end"]
    assert match.seq == before + 2
    assert [e.idempotency_key for e in entries(match)[-2:]] == [f"email:{row.pk}:0", f"email:{row.pk}:1"]
    row.refresh_from_db()
    assert row.status == "applied" and row.result.startswith("applied 2")


@db
def test_quoted_text_and_the_signature_are_not_read_as_moves(turn):
    match, _player, email = turn
    before = match.seq
    # The quoted email lists "1. draw" and so on; the signature says "draw" too.
    receive(reply(email, "end\n-- \ndraw\nBob"), via="command")
    match.refresh_from_db()
    assert match.seq == before + 1 and entries(match)[-1].kind == "end"


@db
def test_an_html_only_reply_is_read_from_its_text_without_the_quote(turn):
    match, _player, email = turn
    html = (
        '<div dir="ltr"><div>draw</div><div>end</div></div><br><div class="gmail_quote">'
        '<div dir="ltr" class="gmail_attr">On Sun, 22 Nov 2026 at 10:00, Starpost '
        "&lt;turns@starpost.localhost&gt; wrote:<br></div>"
        "<blockquote><div>Your moves:</div><ol><li>draw</li><li>end</li></ol></blockquote></div>"
    )
    receive(reply(email, html=html), via="command")
    match.refresh_from_db()
    assert [e.kind for e in entries(match)[-2:]] == ["draw", "end"]


@db
def test_an_unparsable_line_changes_nothing_and_the_error_email_explains_it(turn):
    match, player, email = turn
    before = match.seq
    row = receive(reply(email, "fly to the moon"), via="command")
    match.refresh_from_db()
    assert match.seq == before
    row.refresh_from_db()
    assert (row.status, row.code) == ("refused", "bad_notation")
    [error] = answers(player.email)
    assert error.subject == f"[Starpost] Not applied: Space Dogfight #{match.pk}"
    assert "> fly to the moon" in error.body and "bad_notation: Cannot read 'fly to the moon'" in error.body
    assert f"  {numbered(email, 'draw')}. draw\n" in error.body  # the moves, numbered, for another try
    assert token_of(error).seq == before


@db
def test_the_moves_before_a_bad_line_stay_applied_and_the_rest_is_not_tried(turn):
    match, player, email = turn
    before = match.seq
    row = receive(reply(email, "draw\nteleport\nend"), via="command")
    match.refresh_from_db()
    assert match.seq == before + 1 and entries(match)[-1].kind == "draw"
    row.refresh_from_db()
    assert (row.status, row.code) == ("applied", "bad_notation")
    [answer] = answers(player.email)
    assert answer.subject.startswith("[Starpost] Part of your reply applied")
    assert "Then this line was not applied, and nothing after it:\n  > teleport" in answer.body


@db
def test_a_move_number_after_the_first_line_is_refused(turn):
    match, _player, email = turn
    row = receive(reply(email, f"draw\n{numbered(email, 'end')}"), via="command")
    row.refresh_from_db()
    assert row.code == "bad_move_number"
    match.refresh_from_db()
    assert entries(match)[-1].kind == "draw"


@db
def test_a_reply_to_an_old_turn_is_refused_as_stale(turn):
    match, player, email = turn
    old = match.seq
    services.move_submit(match_id=match.pk, user=player, expected_seq=old, move={"kind": "draw"})
    row = receive(reply(email, "end"), via="command")
    match.refresh_from_db()
    assert match.seq == old + 1 and entries(match)[-1].kind == "draw"
    row.refresh_from_db()
    assert (row.status, row.code) == ("refused", "stale_reply")
    [error] = answers(player.email)
    assert f"This email was about move {old}; the match is now at move {old + 1}" in error.body
    assert f"/matches/{match.pk}/" in error.body


@db
def test_a_forged_reply_address_is_refused(turn):
    match, player, email = turn
    token = token_of(email)
    body = "-".join(
        replyaddr._b36(n) for n in (token.match_id, token.seat, token.seq, token.user_id, token.day)
    )
    forged = f"move+{body}-{'a' * 16}@reply.starpost.localhost"
    row = receive(reply(email, "end", to=forged), via="command")
    match.refresh_from_db()
    assert match.seq == token.seq
    row.refresh_from_db()
    assert (row.status, row.code, row.recipient) == ("refused", "bad_reply_address", forged)
    assert answers(player.email) == []  # an address we never gave out was given to nobody


@db
def test_a_tampered_reply_address_is_refused(turn):
    match, player, email = turn
    # The opponent takes the address and puts their own user id in it, keeping its signature.
    opponent = user_of(match, 1 - token_of(email).seat)
    m, s, q, _user, day, mac = email.reply_to[0].partition("+")[2].partition("@")[0].split("-")
    tampered = f"move+{m}-{s}-{q}-{replyaddr._b36(opponent.pk)}-{day}-{mac}@reply.starpost.localhost"
    row = receive(reply(email, "end", sender=opponent.email, to=tampered), via="command")
    match.refresh_from_db()
    assert match.seq == token_of(email).seq
    row.refresh_from_db()
    assert (row.status, row.code) == ("refused", "bad_reply_address")
    assert answers(opponent.email) == [] and answers(player.email) == []


@db
def test_a_reply_from_another_address_is_refused_and_only_the_player_is_told(turn):
    match, player, email = turn
    row = receive(reply(email, "end", sender="Mallory <mallory@elsewhere.test>"), via="command")
    match.refresh_from_db()
    assert match.seq == token_of(email).seq
    row.refresh_from_db()
    assert (row.status, row.code) == ("refused", "wrong_sender")
    assert answers("mallory@elsewhere.test") == []
    [told] = answers(player.email)
    assert "wrong_sender" in told.body and "mallory@elsewhere.test" in told.body


@db
def test_the_same_message_delivered_twice_is_applied_and_answered_once(turn):
    match, player, email = turn
    raw = reply(email, "draw")
    first = receive(raw, via="webhook")
    second = receive(raw, via="command")
    assert first is not None and second is None
    assert InboundEmail.objects.count() == 1
    match.refresh_from_db()
    assert [e.kind for e in entries(match)].count("draw") == 1
    assert len(answers(player.email)) == 1


@db
def test_a_message_without_a_message_id_is_still_received_once(turn):
    _match, player, email = turn
    raw = reply(email, "draw").replace(b"Message-ID:", b"X-Old-Message-ID:")
    first, second = receive(raw, via="command"), receive(b"Received: by mx2\r\n" + raw, via="command")
    assert first.message_id.startswith("<derived-") and second is None
    assert len(answers(player.email)) == 1


@db
def test_garbage_is_stored_and_refused_without_an_exception():
    row = receive(b"\x00\xff\xfe not an email\r\nFrom: <<<@@@\r\n\r\n\xff", via="command")
    row.refresh_from_db()
    assert (row.status, row.code) == ("refused", "bad_reply_address")
    assert mail.outbox == []


@db
def test_a_reply_stored_while_the_broker_was_down_is_processed_by_the_sweeper(turn, monkeypatch, settings):
    match, _player, email = turn
    monkeypatch.setattr(inbound, "_queue", lambda pk: None)  # the broker took nothing
    row = receive(reply(email, "draw"), via="webhook")
    monkeypatch.undo()
    row.refresh_from_db()
    assert row.status == "received"
    settings.STARPOST_REPLY_SWEEP_AFTER_SECONDS = 0
    assert sweep_inbound() == 1
    row.refresh_from_db()
    assert row.status == "applied" and entries(match)[-1].kind == "draw"
    assert sweep_inbound() == 0


@db
def test_an_auto_reply_makes_no_move_and_gets_no_answer(turn):
    _match, player, email = turn
    row = receive(
        reply(email, "I am away until Monday.", headers={"Auto-Submitted": "auto-replied"}), "command"
    )
    row.refresh_from_db()
    assert (row.status, row.code) == ("refused", "auto_reply")
    assert answers(player.email) == []


# -- the ways in --------------------------------------------------------------------------


@db
def test_receive_email_reads_a_message_piped_to_it_on_standard_input(turn):
    match, _player, email = turn
    d = connection.settings_dict  # the test database: the command is another process
    auth = d["USER"] + (f":{d['PASSWORD']}" if d["PASSWORD"] else "")
    env = {
        **os.environ,
        "DATABASE_URL": f"postgres://{auth}@{d['HOST'] or '127.0.0.1'}:{d['PORT'] or 5432}/{d['NAME']}",
        "CELERY_BROKER_URL": "memory://",
        "CELERY_TASK_ALWAYS_EAGER": "1",
        "EMAIL_URL": "locmem://",
        "DATABASE_CONN_MAX_AGE": "0",
    }
    done = subprocess.run(
        [sys.executable, "manage.py", "receive_email"],
        input=reply(email, "draw"),
        cwd=ROOT,
        env=env,
        capture_output=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr.decode()[-3000:]
    assert re.match(rb"stdin: applied \(<[^>]+>\): applied 1: draw", done.stdout), done.stdout
    match.refresh_from_db()
    assert entries(match)[-1].kind == "draw" and entries(match)[-1].source == "email"


@db
def test_receive_email_reads_standard_input_in_process(turn, monkeypatch, capsys):
    _match, player, email = turn
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(reply(email, "teleport"))))
    call_command("receive_email")
    assert capsys.readouterr().out.startswith("stdin: refused bad_notation (<")
    assert len(answers(player.email)) == 1


@db
def test_receive_email_processes_a_maildir_and_moves_each_message_to_cur(turn, tmp_path, capsys):
    _match, player, email = turn
    for sub in ("new", "cur", "tmp"):
        (tmp_path / sub).mkdir()
    raw = reply(email, "draw")
    (tmp_path / "new" / "1700000000.1.host").write_bytes(raw)
    (tmp_path / "new" / "1700000001.2.host").write_bytes(raw)  # delivered twice
    call_command("receive_email", maildir=str(tmp_path))
    out = capsys.readouterr().out.splitlines()
    assert (
        out[0].startswith("1700000000.1.host: applied (<")
        and out[1] == "1700000001.2.host: duplicate, ignored"
    )
    assert list((tmp_path / "new").iterdir()) == []
    assert sorted(p.name for p in (tmp_path / "cur").iterdir()) == [
        "1700000000.1.host:2,S",
        "1700000001.2.host:2,S",
    ]
    assert InboundEmail.objects.get().via == "maildir"
    assert len(answers(player.email)) == 1


def mailgun_post(client, raw: bytes, recipient: str, *, key: str = "mg-signing-key", auth: str = "mg:hook"):
    timestamp, token = str(int(time.time())), "a" * 50
    signature = hmac.new(key.encode(), f"{timestamp}{token}".encode(), hashlib.sha256).hexdigest()
    return client.post(
        "/anymail/mailgun/inbound_mime/",
        {
            "body-mime": raw.decode("utf-8"),
            "recipient": recipient,
            "sender": "bounces@example.test",
            "timestamp": timestamp,
            "token": token,
            "signature": signature,
        },
        HTTP_AUTHORIZATION="Basic " + base64.b64encode(auth.encode()).decode(),
    )


@db
def test_a_provider_posts_the_reply_to_the_anymail_inbound_webhook(turn, settings):
    settings.ANYMAIL = {"WEBHOOK_SECRET": "mg:hook", "MAILGUN_WEBHOOK_SIGNING_KEY": "mg-signing-key"}
    match, player, email = turn
    response = mailgun_post(Client(), reply(email, "draw"), email.reply_to[0])
    assert response.status_code == 200
    match.refresh_from_db()
    assert entries(match)[-1].kind == "draw" and entries(match)[-1].source == "email"
    assert InboundEmail.objects.get().via == "webhook"
    assert len(answers(player.email)) == 1


@db
def test_the_webhook_refuses_a_post_with_a_bad_signature_and_stores_nothing(turn, settings):
    settings.ANYMAIL = {"WEBHOOK_SECRET": "mg:hook", "MAILGUN_WEBHOOK_SIGNING_KEY": "mg-signing-key"}
    _match, _player, email = turn
    response = mailgun_post(Client(), reply(email, "draw"), email.reply_to[0], key="guessed")
    assert response.status_code == 400
    assert not InboundEmail.objects.exists()


class ToReceive:
    """aiosmtpd handler: what an MTA does with `| manage.py receive_email` (451 if not stored)."""

    async def handle_DATA(self, server, session, envelope):
        def store():
            try:
                receive(envelope.original_content, via="command", recipients=envelope.rcpt_tos)
            finally:
                connection.close()  # this thread's own connection

        try:
            await asyncio.get_running_loop().run_in_executor(None, store)
        except Exception as exc:
            return f"451 not stored, try again later ({exc})"
        return "250 OK"


@db
def test_a_reply_sent_through_a_real_smtp_server_makes_the_move(turn):
    match, player, email = turn
    controller = Controller(ToReceive(), hostname="127.0.0.1", port=free_port())
    controller.start()
    try:
        with smtplib.SMTP(controller.hostname, controller.port, timeout=60) as smtp:
            # Bcc-like delivery: the address is only in the envelope, not in the headers.
            msg = message_from_bytes(reply(email, "draw", to="someone-else@example.test"), policy=policy.SMTP)
            refused = smtp.send_message(msg, player.email, [email.reply_to[0]])
    finally:
        controller.stop()
    assert refused == {}
    match.refresh_from_db()
    assert entries(match)[-1].kind == "draw" and entries(match)[-1].source == "email"
    assert InboundEmail.objects.get().recipient == email.reply_to[0]
    assert len(answers(player.email)) == 1


@db
def test_a_greeting_then_a_move_number_sent_through_a_real_smtp_server_makes_the_move(turn):
    match, player, email = turn
    controller = Controller(ToReceive(), hostname="127.0.0.1", port=free_port())
    controller.start()
    try:
        with smtplib.SMTP(controller.hostname, controller.port, timeout=60) as smtp:
            text = f"Hello Starpost,\n\n{numbered(email, 'end')}\n\nCheers"
            msg = message_from_bytes(reply(email, text), policy=policy.SMTP)
            refused = smtp.send_message(msg, player.email, [email.reply_to[0]])
    finally:
        controller.stop()
    assert refused == {}
    match.refresh_from_db()
    assert entries(match)[-1].kind == "end" and entries(match)[-1].source == "email"
    assert InboundEmail.objects.get().result == "applied 1: end"


@db
def test_a_finished_match_takes_no_moves_by_email(turn):
    match, player, email = turn
    services.match_resign(match_id=match.pk, user=player)
    row = receive(reply(email, "end"), via="command")
    row.refresh_from_db()
    assert (row.status, row.code) == ("refused", "match_over")
    assert Match.objects.get(pk=match.pk).status == Match.Status.FINISHED


# -- phases everyone plays at once ---------------------------------------------------------------


@pytest.fixture
def building(alice, bob):
    """Both players build their fleets at once: each has a "your turn" email about entry 1."""
    match = started_match(alice, bob)
    return match, turn_email(alice), turn_email(bob)


def listed(email) -> dict[int, str]:
    return {int(n): text for n, text in re.findall(r"^\s+(\d+)\. (.+)$", email.body, re.MULTILINE)}


@db
def test_a_reply_after_only_the_others_moved_still_answers_the_players_turn(building, alice, bob):
    match, to_alice, _ = building
    services.move_submit(match_id=match.pk, user=bob, expected_seq=1, move=FLEET_TWO_A)
    number = next(n for n, text in listed(to_alice).items() if text.startswith("fleet "))
    row = receive(reply(to_alice, str(number)), via="command")
    row.refresh_from_db()
    assert row.status == "applied", row.result
    last = entries(match)[-1]
    assert (last.seat, last.source) == (0, "email")
    engine = services.engine_for("space-dogfight")
    assert engine.notation(Move.from_json(last.move)) == listed(to_alice)[number]
    # the same email again: she has moved since, so it is an old turn now
    again = receive(reply(to_alice, "end"), via="command")
    again.refresh_from_db()
    assert (again.status, again.code) == ("refused", "stale_reply")


@db
def test_the_emailed_list_is_kept_with_the_reply_token_not_read_from_the_outbox(building, alice, bob):
    match, to_alice, _ = building
    Outbox.objects.all().delete()  # what was sent is gone; the offer kept with the token is not
    services.move_submit(match_id=match.pk, user=bob, expected_seq=1, move=FLEET_TWO_A)
    number = next(n for n, text in listed(to_alice).items() if text.startswith("fleet "))
    row = receive(reply(to_alice, str(number)), via="command")
    row.refresh_from_db()
    assert row.status == "applied", row.result
    offer = ReplyOffer.objects.get(token=to_alice.reply_to[0].split("+")[1].split("@")[0])
    assert [text for n, text, _ in offer.moves if n == number] == [listed(to_alice)[number]]


@db
def test_a_reply_to_an_email_whose_list_no_longer_holds_is_refused_as_stale(building, alice, bob):
    match, to_alice, _ = building
    services.move_submit(match_id=match.pk, user=bob, expected_seq=1, move=FLEET_TWO_A)
    ReplyOffer.objects.all().delete()  # the list kept with its token is forgotten
    row = receive(reply(to_alice, "fleet 2A 0B 0C 0D"), via="command")
    row.refresh_from_db()
    assert (row.status, row.code) == ("refused", "stale_reply")
    assert entries(match)[-1].seat == 1

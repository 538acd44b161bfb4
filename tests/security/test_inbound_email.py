"""Issue 13, item 2: the inbound email webhook takes mail only from the provider, believes only
our receiving server about the sender, answers only the player a reply address was made for
(and not without end), and refuses expired addresses and oversized or deeply nested mail
clearly, never with a 500."""

from __future__ import annotations

import base64
import json
import secrets
from datetime import timedelta

import pytest
from django.core import mail
from django.test import Client

from games.models import LogEntry
from notifications import replyaddr
from notifications.inbound import receive
from notifications.models import InboundEmail
from tests.games.helpers import play_to_turns, started_match, user_of
from tests.notifications.test_inbound import answers, reply, token_of, turn_email

from .processes import manage, readme_production_env

db = pytest.mark.django_db(transaction=True)  # replies are processed after the commit
SECRET = "provider:" + "s3cret-for-the-test"
OURS = "mx.starpost.example"


@pytest.fixture
def on_turn(alice, bob):
    """A Space Dogfight match on turn 1: (match, the player on turn, their "your turn" email)."""
    match = play_to_turns(started_match(alice, bob))
    player = user_of(match, match.active_seats[0])
    return match, player, turn_email(player)


def postmark_post(raw: bytes, recipient: str, *, auth: str | None = None):
    """What Postmark posts for a received message, with the raw MIME ("RawEmail")."""
    headers = {"HTTP_AUTHORIZATION": "Basic " + base64.b64encode(auth.encode()).decode()} if auth else {}
    body = {"RawEmail": raw.decode("utf-8", "replace"), "OriginalRecipient": recipient, "Headers": []}
    return Client().post(
        "/anymail/postmark/inbound/", json.dumps(body), content_type="application/json", **headers
    )


@db
def test_the_inbound_webhook_refuses_posts_without_its_secret(on_turn, settings):
    match, _player, email = on_turn
    settings.ANYMAIL = {}  # nothing to check a post with: nobody's post is taken
    refused = postmark_post(reply(email, "draw"), email.reply_to[0])
    assert refused.status_code == 403 and b"ANYMAIL_WEBHOOK_SECRET" in refused.content
    settings.ANYMAIL = {"WEBHOOK_SECRET": SECRET}
    assert postmark_post(reply(email, "draw"), email.reply_to[0], auth="provider:guess").status_code == 400
    assert not InboundEmail.objects.exists()
    match.refresh_from_db()
    assert match.seq == token_of(email).seq
    assert postmark_post(reply(email, "draw"), email.reply_to[0], auth=SECRET).status_code == 200
    assert LogEntry.objects.filter(match=match).order_by("-seq").first().source == "email"


def test_production_refuses_to_start_with_the_inbound_webhook_and_no_secret(tmp_path):
    env = readme_production_env(secrets.token_urlsafe(50)) | {"STARPOST_VAR_DIR": str(tmp_path)}
    env.pop("ANYMAIL_WEBHOOK_SECRET", None)
    out = manage("check", env=env)
    assert out.returncode != 0
    assert "ANYMAIL_WEBHOOK_SECRET is not set" in out.stderr
    assert manage("check", env=env | {"STARPOST_INBOUND_WEBHOOK": "0"}).returncode == 0
    assert manage("check", env=env | {"ANYMAIL_WEBHOOK_SECRET": SECRET}).returncode == 0


@db
def test_an_authentication_results_header_below_another_hosts_is_not_believed(on_turn, settings):
    settings.STARPOST_INBOUND_AUTHSERV_ID = OURS
    settings.STARPOST_INBOUND_REQUIRE_AUTH = True
    match, _player, email = on_turn
    raw = reply(email, "draw")
    # The topmost header is another host's: ours was never added, so the one below it that
    # names our server was written by the sender.
    forged = (
        b"Authentication-Results: mx.elsewhere.test; spf=fail smtp.mailfrom=x\r\n"
        + f"Authentication-Results: {OURS}; spf=pass; dkim=pass; dmarc=pass\r\n".encode()
    )
    row = receive(forged + raw, via="command")
    row.refresh_from_db()
    assert (row.status, row.code) == ("refused", "unauthenticated_sender")
    match.refresh_from_db()
    assert match.seq == token_of(email).seq
    ours_on_top = f"Authentication-Results: {OURS}; spf=pass; dkim=pass; dmarc=pass\r\n".encode()
    row = receive(ours_on_top + reply(email, "draw"), via="command")
    row.refresh_from_db()
    assert row.status == "applied"


@db
def test_a_forged_from_never_makes_the_server_mail_a_stranger(on_turn):
    _match, player, email = on_turn
    mail.outbox.clear()
    row = receive(reply(email, "end", sender="stranger@elsewhere.test"), via="command")
    row.refresh_from_db()
    assert (row.status, row.code) == ("refused", "wrong_sender")
    assert [m.to for m in mail.outbox] == [[player.email]]  # the player the address was made for


@db
def test_a_reply_address_sent_to_an_old_email_is_not_answered_at_the_new_one_nor_the_sender(on_turn):
    _match, player, email = on_turn
    player.email = "moved@example.test"
    player.save(update_fields=["email"])
    mail.outbox.clear()
    row = receive(reply(email, "nonsense", sender="someone@elsewhere.test"), via="command")
    row.refresh_from_db()
    assert row.status == "refused"
    assert mail.outbox == []


@db
def test_refusals_by_email_are_limited_per_player(on_turn, settings):
    settings.STARPOST_INBOUND_REFUSALS_PER_HOUR = 3
    match, player, email = on_turn
    mail.outbox.clear()
    for _ in range(6):
        receive(reply(email, "nonsense"), via="command")
    assert InboundEmail.objects.filter(status="refused").count() == 6
    assert len(answers(player.email)) == 3
    row = receive(reply(email, "draw"), via="command")  # a move that goes in is still confirmed
    row.refresh_from_db()
    assert row.status == "applied" and len(answers(player.email)) == 4
    match.refresh_from_db()


@db
def test_a_reply_address_expires_after_the_configured_time(on_turn, settings, time_travel):
    settings.STARPOST_REPLY_ADDRESS_DAYS = 30
    match, player, email = on_turn
    time_travel.shift(timedelta(days=31))
    mail.outbox.clear()
    row = receive(reply(email, "draw"), via="command")
    row.refresh_from_db()
    assert (row.status, row.code) == ("refused", "reply_address_expired")
    match.refresh_from_db()
    assert match.seq == token_of(email).seq
    [told] = answers(player.email)
    assert "expired" in told.body and "30 days" in told.body
    assert replyaddr.expired(token_of(email))


@db
def test_a_reply_address_carries_no_move_once_the_match_is_over(on_turn):
    from games.play import services

    match, player, email = on_turn
    services.match_resign(match_id=match.pk, user=player)
    match.refresh_from_db()
    at_end = match.seq
    row = receive(reply(email, "draw"), via="command")
    row.refresh_from_db()
    assert (row.status, row.code) == ("refused", "match_over")
    match.refresh_from_db()
    assert match.seq == at_end


@db
def test_a_message_larger_than_the_bound_is_kept_as_headers_and_refused_clearly(on_turn, settings):
    settings.STARPOST_INBOUND_MAX_BYTES = 64 * 1024
    match, player, email = on_turn
    raw = reply(email, "draw\n\n" + "x" * 100_000)
    mail.outbox.clear()
    row = receive(raw, via="command")
    row.refresh_from_db()
    assert (row.status, row.code) == ("refused", "too_large")
    assert len(bytes(row.raw)) < 4096 and b"Message-ID" in bytes(row.raw)
    match.refresh_from_db()
    assert match.seq == token_of(email).seq
    [told] = answers(player.email)
    assert "too large" in told.body


def nested(raw: bytes, depth: int) -> bytes:
    """The reply with its body wrapped in ``depth`` multipart/mixed parts."""
    head = raw.partition(b"\r\n\r\n" if b"\r\n\r\n" in raw else b"\n\n")[0]
    kept = [
        line
        for line in head.splitlines()
        if not line.lower().startswith((b"content-type", b"content-transfer-encoding", b"mime-version"))
    ]
    inner = b"Content-Type: text/plain; charset=utf-8\r\n\r\ndraw\r\n"
    for i in reversed(range(depth)):
        inner = (
            b'Content-Type: multipart/mixed; boundary="b%d"\r\n\r\n--b%d\r\n' % (i, i)
            + inner
            + b"\r\n--b%d--\r\n" % i
        )
    return b"\r\n".join(kept) + b"\r\nMIME-Version: 1.0\r\n" + inner


@db
def test_a_message_nested_too_deep_is_refused_clearly_never_a_500(on_turn, settings):
    settings.ANYMAIL = {"WEBHOOK_SECRET": SECRET}
    match, player, email = on_turn
    mail.outbox.clear()
    row = receive(nested(reply(email, "draw"), 20), via="command")
    row.refresh_from_db()
    assert (row.status, row.code) == ("refused", "too_deep")
    [told] = answers(player.email)
    assert "nested too deep" in told.body
    # Deeper than the provider's payload can even be parsed: a clear 400, nothing stored.
    posted = postmark_post(nested(reply(email, "draw"), 3000), email.reply_to[0], auth=SECRET)
    assert posted.status_code == 400 and b"nested too deep" in posted.content
    assert InboundEmail.objects.count() == 1
    match.refresh_from_db()
    assert match.seq == token_of(email).seq

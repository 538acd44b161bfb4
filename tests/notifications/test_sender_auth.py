"""Replies whose From address our own mail server found forged are refused (RFC 8601
Authentication-Results, read only from our authserv-id)."""

from __future__ import annotations

import pytest

from notifications.inbound import receive
from tests.games.helpers import play_to_turns, started_match, user_of
from tests.notifications.test_inbound import answers, db, reply, token_of, turn_email

OURS = "mx.starpost.example"


@pytest.fixture
def on_turn(alice, bob):
    """A Space Dogfight match on turn 1: (match, the player on turn, their "your turn" email)."""
    match = play_to_turns(started_match(alice, bob))
    player = user_of(match, match.active_seats[0])
    return match, player, turn_email(player)


@pytest.fixture
def checked(settings):
    settings.STARPOST_INBOUND_AUTHSERV_ID = OURS
    settings.STARPOST_INBOUND_REQUIRE_AUTH = False
    return settings


def results(text: str, authserv: str = OURS) -> dict[str, str]:
    return {"Authentication-Results": f"{authserv}; {text}"}


@db
def test_a_reply_our_server_found_to_pass_dmarc_is_applied(on_turn, checked):
    _, _, email = on_turn
    row = receive(reply(email, "draw", headers=results("spf=pass; dkim=pass; dmarc=pass")), via="command")
    row.refresh_from_db()
    assert row.status == "applied"


@db
@pytest.mark.parametrize(
    ("verdict", "why"),
    [
        ("spf=pass smtp.mailfrom=x; dkim=none; dmarc=fail header.from=example.test", "DMARC failed"),
        ("spf=fail smtp.mailfrom=x; dkim=none", "SPF failed"),
        ("spf=softfail; dkim=fail", "SPF failed"),
    ],
)
def test_a_reply_our_server_found_forged_is_refused_and_the_address_owner_is_told(
    on_turn, checked, verdict, why
):
    match, player, email = on_turn
    row = receive(reply(email, "draw", headers=results(verdict)), via="command")
    match.refresh_from_db()
    assert match.seq == token_of(email).seq
    row.refresh_from_db()
    assert (row.status, row.code) == ("refused", "unauthenticated_sender")
    assert why in row.result
    [told] = answers(player.email)
    assert "unauthenticated_sender" in told.body and "not applied" in told.body


@db
def test_a_failed_spf_with_a_passing_dkim_signature_is_believed(on_turn, checked):
    _match, _player, email = on_turn
    row = receive(
        reply(email, "draw", headers=results("spf=fail; dkim=pass header.d=example.test")), via="command"
    )
    row.refresh_from_db()
    assert row.status == "applied"


@db
def test_a_verdict_written_by_anyone_but_our_server_is_ignored(on_turn, checked):
    _match, _player, email = on_turn
    forged_pass = results("spf=pass; dkim=pass; dmarc=pass", authserv=OURS + ".evil.test")
    row = receive(reply(email, "draw", headers=forged_pass), via="command")
    row.refresh_from_db()
    assert row.status == "applied"  # no verdict of ours, none required: the other checks decide
    checked.STARPOST_INBOUND_REQUIRE_AUTH = True
    again = receive(reply(email, "draw", headers=forged_pass), via="command")
    again.refresh_from_db()
    assert (again.status, again.code) == ("refused", "unauthenticated_sender")


@db
def test_without_an_authserv_id_nothing_is_checked(on_turn, settings):
    settings.STARPOST_INBOUND_AUTHSERV_ID = ""
    _match, _player, email = on_turn
    row = receive(reply(email, "draw", headers=results("dmarc=fail")), via="command")
    row.refresh_from_db()
    assert row.status == "applied"

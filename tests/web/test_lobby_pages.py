"""The web's decline, cancel and rematch forms: refusals shown as messages, nothing changed,
and the controls shown only to whom they are for."""

from __future__ import annotations

import pytest
from django.test import Client

from games.models import Match
from games.play import services

from .helpers import html_of, match_url, page

pytestmark = pytest.mark.django_db


def test_only_the_creator_sees_cancel_and_only_the_invited_decline(alice, bob, carol):
    match = services.match_create(user=alice, game="space-dogfight", invite=["bob"])
    assert 'id="cancel-confirm"' in html_of(page(Client(), alice).get(match_url(match)))
    bob_page = html_of(page(Client(), bob).get(match_url(match)))
    assert 'id="decline-button"' in bob_page and 'id="cancel-confirm"' not in bob_page
    carol_page = html_of(page(Client(), carol).get(match_url(match)))
    assert 'id="decline-button"' not in carol_page and 'id="cancel-confirm"' not in carol_page


def test_a_refused_cancel_says_why_and_changes_nothing(alice, bob):
    match = services.match_create(user=alice, game="space-dogfight")
    r = page(Client(), bob).post(match_url(match, "match-cancel"), follow=True)
    assert "Only the player who opened this match can cancel it." in html_of(r)
    match.refresh_from_db()
    assert match.status == Match.Status.OPEN


def test_a_cancelled_match_page_says_so_and_stops_polling(alice, bob):
    match = services.match_create(user=alice, game="space-dogfight", invite=["bob"])
    page(Client(), alice).post(match_url(match, "match-cancel"))
    text = html_of(page(Client(), bob).get(match_url(match)))
    assert "Cancelled" in text and "hx-trigger" not in text and 'id="join-button"' not in text
    match.refresh_from_db()
    r = page(Client(), bob).get(match_url(match, "match-poll"), {"seq": match.seq, "v": "x"})
    assert r.status_code == 200  # the stamp differs: the region once more
    r = page(Client(), bob).post(match_url(match, "match-join"), follow=True)
    assert "cancelled by the player who opened it" in html_of(r)


def test_a_rematch_is_offered_to_the_players_of_a_finished_match_only(alice, bob, carol):
    match = services.match_create(user=alice, game="space-dogfight", invite=["bob"])
    services.match_join(user=bob, match_id=match.pk)
    assert 'id="rematch-button"' not in html_of(page(Client(), alice).get(match_url(match)))
    services.match_resign(match_id=match.pk, user=alice)
    assert 'id="rematch-button"' in html_of(page(Client(), bob).get(match_url(match)))
    assert 'id="rematch-button"' not in html_of(page(Client(), carol).get(match_url(match)))
    r = page(Client(), carol).post(match_url(match, "match-rematch"), follow=True)
    assert "Only the match&#x27;s players can ask for a rematch." in html_of(r)
    assert not Match.objects.filter(rematch_of=match).exists()


def test_the_dice_check_page_and_the_script_to_run_at_home(alice, bob):
    match = services.match_create(user=alice, game="space-dogfight", invite=["bob"])
    services.match_join(user=bob, match_id=match.pk)
    text = html_of(Client().get(match_url(match, "match-verify")))
    assert "possible once the match is over" in text and 'id="verify-this"' not in text
    assert 'id="verify-link"' not in html_of(page(Client(), alice).get(match_url(match)))
    services.match_resign(match_id=match.pk, user=bob)
    assert 'id="verify-link"' in html_of(page(Client(), alice).get(match_url(match)))
    assert 'id="verify-this"' in html_of(page(Client(), alice).get(match_url(match, "match-verify")))
    r = Client().get("/verify_export.py")
    assert r.status_code == 200 and r["Content-Disposition"].startswith("attachment")
    assert b"def verify(export" in b"".join(r.streaming_content)

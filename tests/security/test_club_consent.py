"""Issue 13, item 6: an organiser cannot make someone a club member: until the player
accepts, the club's webhook hears nothing of their matches."""

from __future__ import annotations

import pytest

from accounts.services import club_accept, club_add_member, club_create
from notifications.models import Webhook
from notifications.webhooks import _hooks_for

pytestmark = pytest.mark.django_db


def test_an_invited_player_is_not_a_member_and_the_club_webhook_hears_nothing_of_them(alice, bob):
    club = club_create(owner=alice, name="Snoops")
    Webhook.objects.create(
        user=alice, url="https://hooks.example.com/x", secret="s", events=["your_turn"], club="Snoops"
    )
    club_add_member(owner=alice, club_id=club.pk, username="bob")
    assert not club.members.filter(user=bob).exists()
    assert _hooks_for(set(), {bob.pk}) == []
    club_accept(user=bob, club_id=club.pk)
    assert [h.club for h in _hooks_for(set(), {bob.pk})] == ["Snoops"]


def test_a_club_cannot_pile_up_invitations(alice, make_user, monkeypatch):
    from accounts import services

    monkeypatch.setattr(services, "MAX_PENDING_CLUB_INVITES", 2)
    club = club_create(owner=alice, name="Spam")
    for n in range(2):
        club_add_member(owner=alice, club_id=club.pk, username=make_user(f"p{n}").username)
    with pytest.raises(services.AccountError) as refused:
        club_add_member(owner=alice, club_id=club.pk, username=make_user("p9").username)
    assert refused.value.code == "too_many_invites"

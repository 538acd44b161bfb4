"""Issue 13, item 6: an invitation cannot make the server mail someone who asked not to be
mailed, nor mail strangers without end."""

from __future__ import annotations

import pytest

from accounts.errors import RateLimited
from accounts.services import prefs_update
from games.play import services
from notifications.models import Outbox
from tests.games.helpers import committed

pytestmark = pytest.mark.django_db


def invitation_emails(user) -> int:
    return Outbox.objects.filter(user=user, kind="invite").count()


@pytest.mark.parametrize(("mode", "emails"), [("immediate", 1), ("digest", 0), ("off", 0)])
def test_an_invitation_respects_the_invited_players_email_preference(alice, bob, mode, emails):
    prefs_update(bob, {"email": mode})
    with committed():
        services.match_create(user=alice, game="space-dogfight", invite=["bob"])
    assert invitation_emails(bob) == emails


def test_an_invitation_waits_for_the_end_of_quiet_hours(alice, bob):
    prefs_update(bob, {"quiet_start": "00:00", "quiet_end": "23:59"})
    with committed():
        services.match_create(user=alice, game="space-dogfight", invite=["bob"])
    row = Outbox.objects.get(user=bob, kind="invite")
    assert row.available_at > row.created_at


def test_one_player_cannot_send_invitations_without_end(alice, make_user, settings):
    settings.STARPOST_INVITES_PER_DAY = 3
    players = [make_user(f"p{n}") for n in range(4)]
    for p in players[:3]:
        services.match_create(user=alice, game="space-dogfight", invite=[p.username])
    with pytest.raises(RateLimited) as refused:
        services.match_create(user=alice, game="space-dogfight", invite=[players[3].username])
    assert refused.value.code == "too_many_invitations" and refused.value.status == 429
    assert invitation_emails(players[3]) == 0
    services.match_create(user=alice, game="space-dogfight")  # an open match without invitations is fine


def test_the_api_answers_too_many_invitations_with_a_429(api, alice, bob, settings):
    settings.STARPOST_INVITES_PER_DAY = 1
    c = api.as_user(alice)
    assert (
        c.post("/api/matches/", {"game": "space-dogfight", "invite": ["bob"]}, format="json").status_code
        == 201
    )
    r = c.post("/api/matches/", {"game": "space-dogfight", "invite": ["bob"]}, format="json")
    assert r.status_code == 429 and r.json()["code"] == "too_many_invitations"

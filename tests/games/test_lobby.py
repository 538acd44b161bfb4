"""Before and after play (games.play.lobby): declining an invitation, cancelling an open
match, and a rematch with the sides swapped; each refusal with its code, nothing changed."""

from __future__ import annotations

import pytest

from games.errors import Conflict, Forbidden
from games.models import Match
from games.play import match_cancel, match_decline, match_rematch, services

from .helpers import started_match

pytestmark = pytest.mark.django_db


def invite(alice, *names, seats=2, game="space-dogfight"):
    return services.match_create(user=alice, game=game, seats=seats, invite=list(names))


def refused(error, code, do):
    with pytest.raises(error) as caught:
        do()
    assert caught.value.code == code
    return caught.value


def finished(alice, bob):
    match = started_match(alice, bob)
    services.match_resign(match_id=match.pk, user=bob)
    match.refresh_from_db()
    return match


# -- declining ----------------------------------------------------------------------------


def test_declining_opens_the_reserved_seat_to_anyone(alice, bob, carol):
    match = invite(alice, "bob")
    match_decline(user=bob, match_id=match.pk)
    seat = match.seats.get(index=1)
    assert seat.invited is None and seat.user is None
    services.match_join(user=carol, match_id=match.pk)  # no longer reserved for bob
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE


def test_only_an_invited_player_declines(alice, bob, carol):
    match = invite(alice, "bob")
    refused(Forbidden, "not_invited", lambda: match_decline(user=carol, match_id=match.pk))
    refused(Forbidden, "not_invited", lambda: match_decline(user=alice, match_id=match.pk))
    assert match.seats.get(index=1).invited == bob


def test_an_invitation_taken_up_is_not_declined(alice, bob):
    match = started_match(alice, bob)
    refused(Conflict, "match_not_open", lambda: match_decline(user=bob, match_id=match.pk))


# -- cancelling ---------------------------------------------------------------------------


def test_the_creator_cancels_an_open_match_and_nobody_joins_it(alice, bob):
    match = invite(alice, "bob")
    match_cancel(user=alice, match_id=match.pk)
    match.refresh_from_db()
    assert match.status == Match.Status.CANCELLED
    refused(Conflict, "match_cancelled", lambda: services.match_join(user=bob, match_id=match.pk))
    refused(Conflict, "match_cancelled", lambda: match_decline(user=bob, match_id=match.pk))
    refused(Conflict, "match_cancelled", lambda: match_cancel(user=alice, match_id=match.pk))
    refused(
        Conflict,
        "match_cancelled",
        lambda: services.move_submit(match_id=match.pk, user=alice, expected_seq=0, move={"kind": "draw"}),
    )


def test_only_the_creator_cancels(alice, bob):
    match = invite(alice)
    refused(Forbidden, "not_creator", lambda: match_cancel(user=bob, match_id=match.pk))
    match.refresh_from_db()
    assert match.status == Match.Status.OPEN


def test_a_match_that_started_is_not_cancelled(alice, bob):
    match = started_match(alice, bob)
    refused(Conflict, "match_not_open", lambda: match_cancel(user=alice, match_id=match.pk))
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE


def test_a_cancelled_match_is_in_no_list_to_join(alice, bob):
    from games import selectors

    match = invite(alice)
    match_cancel(user=alice, match_id=match.pk)
    assert not selectors.match_list(bob, open_only=True).filter(pk=match.pk).exists()


# -- rematch ------------------------------------------------------------------------------


def test_a_rematch_swaps_the_sides_and_keeps_the_settings(alice, bob):
    old = services.match_create(
        user=alice,
        game="space-dogfight",
        invite=["bob"],
        options={"first_player": "red"},
        time_control={"days_per_move": 2, "count_weekends": False},
    )
    services.match_join(user=bob, match_id=old.pk)
    services.match_resign(match_id=old.pk, user=alice)
    new = match_rematch(user=bob, match_id=old.pk)
    new.refresh_from_db()
    assert new.rematch_of_id == old.pk and new.status == Match.Status.OPEN
    assert (new.game, new.options, new.num_seats) == ("space-dogfight", old.options, 2)
    assert (new.days_per_move, new.count_weekends) == (2, False)
    # alice flew seat 0 and bob seat 1: now bob has seat 0 and alice is invited to seat 1
    assert new.seats.get(index=0).user == bob
    seat = new.seats.get(index=1)
    assert seat.user is None and seat.invited == alice
    services.match_join(user=alice, match_id=new.pk)
    new.refresh_from_db()
    assert new.status == Match.Status.ACTIVE


def test_a_rematch_of_three_turns_each_player_one_seat_on(make_user):
    p = [make_user(f"s{i}") for i in range(3)]
    old = services.match_create(user=p[0], game="star-fighters", seats=3, invite=["s1", "s2"])
    for u in p[1:]:
        services.match_join(user=u, match_id=old.pk)
    services.match_resign(match_id=old.pk, user=p[0])
    old.refresh_from_db()
    assert old.is_over
    new = match_rematch(user=p[1], match_id=old.pk)
    placed = {s.index: s.user or s.invited for s in new.seats.all()}
    assert placed == {1: p[0], 2: p[1], 0: p[2]}


def test_one_open_rematch_per_match(alice, bob):
    old = finished(alice, bob)
    first = match_rematch(user=alice, match_id=old.pk)
    error = refused(Conflict, "rematch_exists", lambda: match_rematch(user=bob, match_id=old.pk))
    assert f"#{first.pk}" in error.message
    match_cancel(user=alice, match_id=first.pk)  # a cancelled rematch leaves room for another
    assert match_rematch(user=bob, match_id=old.pk).rematch_of_id == old.pk


def test_a_rematch_needs_a_finished_match_and_one_of_its_players(alice, bob, carol):
    match = started_match(alice, bob)
    refused(Conflict, "match_not_over", lambda: match_rematch(user=alice, match_id=match.pk))
    services.match_resign(match_id=match.pk, user=bob)
    refused(Forbidden, "not_a_player", lambda: match_rematch(user=carol, match_id=match.pk))
    assert not Match.objects.filter(rematch_of=match).exists()

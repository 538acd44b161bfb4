"""`manage.py verify_matches`: every match's log replays to its cached state, or it says which
does not; matches recorded under an older rules version are named, not continued."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from games import selectors
from games.errors import Conflict
from games.models import Match
from games.play import services

from .helpers import FLEET_SMALL, play_to_turns, started_match, submit

pytestmark = pytest.mark.django_db


def run(*ids) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command("verify_matches", *[str(i) for i in ids], stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_a_match_whose_cache_agrees_with_its_log_is_reported_ok(alice, bob):
    match = play_to_turns(started_match(alice, bob))
    out, err = run(match.pk)
    assert f"match {match.pk}: ok ({match.seq} entries)" in out and err == ""


def test_a_cached_state_that_differs_from_the_replay_is_reported_and_fails_the_command(alice, bob):
    match = started_match(alice, bob)
    submit(match, alice, FLEET_SMALL)
    match.refresh_from_db()
    tampered = {**match.state, "turn": 99}
    Match.objects.filter(pk=match.pk).update(state=tampered)
    with pytest.raises(CommandError, match="1 of 1 matches do not replay"):
        run(match.pk)


def test_an_outcome_or_log_head_that_differs_is_reported(alice, bob):
    match = started_match(alice, bob)
    Match.objects.filter(pk=match.pk).update(log_head="0" * 64)
    err = StringIO()
    with pytest.raises(CommandError):
        call_command("verify_matches", str(match.pk), stdout=StringIO(), stderr=err)
    assert "log head or seq differs from the last entry" in err.getvalue()


def test_a_match_under_an_older_rules_version_is_named_readable_and_not_continued(alice, bob):
    match = started_match(alice, bob)
    Match.objects.filter(pk=match.pk).update(engine_version="0")
    out, _ = run(match.pk)
    assert f"match {match.pk}: not replayed: recorded under version 0" in out
    match.refresh_from_db()
    assert selectors.match_view_for(match, alice)["view"] is not None  # still readable
    assert selectors.legal_moves_for(match, alice)["moves"] == []
    with pytest.raises(Conflict) as exc:
        services.move_submit(match_id=match.pk, user=alice, expected_seq=match.seq, move=FLEET_SMALL)
    assert exc.value.code == "rules_version_changed" and "version 0" in exc.value.message
    assert Match.objects.get(pk=match.pk).seq == match.seq

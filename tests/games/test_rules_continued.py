"""A match recorded under an earlier engine version that today's version declares it plays on
(``Engine.continues``: Star Fighters 6 continues 5) is played on: its moves are accepted over
the API and the web page, the first entry the new engine writes records the match under the
new version, and it verifies and replays. A version not declared stays frozen."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from games import selectors
from games.engines import get
from games.errors import Conflict
from games.models import LogEntry, Match
from games.play import services
from tests.games.helpers import submit
from tests.web.helpers import advance, started

pytestmark = pytest.mark.django_db

GAME = "star-fighters"


def recorded_under(version: str, alice, bob) -> Match:
    """A Star Fighters match begun through the write path as a server of ``version`` would
    have left it: the match and its setup entry recorded under that version."""
    match = services.match_create(user=alice, game=GAME, invite=["bob"])
    Match.objects.filter(pk=match.pk).update(engine_version=version)
    services.match_join(user=bob, match_id=match.pk)
    match.refresh_from_db()
    return match


def first_move(match: Match, user) -> tuple[int, dict]:
    legal = selectors.legal_moves_for(match, user)
    return legal["seq"], legal["moves"][0]


def verify(pk: int) -> str:
    out, err = StringIO(), StringIO()
    call_command("verify_matches", str(pk), stdout=out, stderr=err)
    assert err.getvalue() == ""
    return out.getvalue()


def test_star_fighters_6_declares_that_it_plays_version_5_matches_on():
    engine = get(GAME)
    assert engine is not None and engine.version == "6"
    assert engine.plays_on("5") and engine.plays_on("6") and not engine.plays_on("4")


def test_a_version_5_match_accepts_a_move_over_the_api_and_is_then_version_6(api, alice, bob):
    match = recorded_under("5", alice, bob)
    assert LogEntry.objects.get(match=match, seq=1).engine_version == "5"
    seq, move = first_move(match, alice)
    r = api.as_user(alice).post(
        f"/api/matches/{match.pk}/moves/", {"expected_seq": seq, "move": move}, format="json"
    )
    assert r.status_code in (200, 201), r.content
    match.refresh_from_db()
    assert match.seq == 2 and match.engine_version == "6"
    # each entry keeps the version that wrote it
    assert list(match.log.order_by("seq").values_list("engine_version", flat=True)) == ["5", "6"]
    assert f"match {match.pk}: ok (2 entries)" in verify(match.pk)


def test_a_version_5_match_accepts_a_move_on_the_web_page_and_replays_with_its_board(client, alice, bob):
    match = recorded_under("5", alice, bob)
    client.force_login(alice)
    replay = client.get(f"/matches/{match.pk}/replay/")
    assert replay.context["frame"].view is not None  # before it is continued, too
    seq, move = first_move(match, alice)
    r = client.post(
        f"/matches/{match.pk}/move/", {"expected_seq": seq, "move": json.dumps(move)}, HTTP_HX_REQUEST="true"
    )
    assert r.status_code == 200 and 'id="move-error"' not in r.content.decode()
    match.refresh_from_db()
    assert match.seq == 2 and match.engine_version == "6"
    assert match.log.get(seq=2).source == "web" and match.log.get(seq=2).engine_version == "6"
    page = client.get(f"/matches/{match.pk}/replay/")
    assert page.status_code == 200
    assert page.context["frame"].view is not None and page.context["frame"].at == 2
    assert "played under an earlier version" not in page.content.decode()
    assert f"match {match.pk}: ok (2 entries)" in verify(match.pk)


def passed_by_the_rules(match: Match, alice, bob) -> Match:
    """Both players hold at once: two bare boards, both ships passed by the rules (SF-30)."""
    for _ in range(60):
        match.refresh_from_db()
        if match.state["round"] > 1:
            return match
        submit(match, (alice, bob)[min(match.active_seats)], {"kind": "hold"})
    raise AssertionError("round 1 did not end")


def test_a_cached_state_of_the_earlier_version_without_the_new_notes_verifies(alice, bob):
    match = passed_by_the_rules(recorded_under("5", alice, bob), alice, bob)
    assert match.state.get("passes")  # version 6 keeps why each ship was passed
    # a version 5 server stored the same state without them
    Match.objects.filter(pk=match.pk).update(state={k: v for k, v in match.state.items() if k != "passes"})
    assert f"match {match.pk}: ok ({match.seq} entries)" in verify(match.pk)


def test_a_match_of_todays_version_alone_must_keep_the_new_notes_in_its_cache(alice, bob):
    match = passed_by_the_rules(started(GAME, alice, bob), alice, bob)
    Match.objects.filter(pk=match.pk).update(state={k: v for k, v in match.state.items() if k != "passes"})
    err = StringIO()
    with pytest.raises(CommandError, match="1 of 1 matches do not replay"):
        call_command("verify_matches", str(match.pk), stdout=StringIO(), stderr=err)
    assert "state differs from the cache" in err.getvalue()


def _fresh_mover(seat, moves):
    """A seat of "The early days" about to move a unit (no unit is half-way through its move)."""
    return any(m["kind"] == "move" for m in moves) and not any(m["kind"] == "end" for m in moves)


def test_the_routes_of_a_continued_version_are_offered_and_played_as_one_request(
    client, monkeypatch, alice, bob
):
    # Star Fighters has no routes: an early-days match recorded under a version "0" that its
    # engine is made to continue for this test
    match = started("early-days", alice, bob)
    match, seat, _ = advance(match, _fresh_mover, seed="routes")
    viewer = selectors.Viewer.for_seat(match, seat)
    before = selectors.routes_view(match, viewer)
    assert before
    Match.objects.filter(pk=match.pk).update(engine_version="0")
    match.refresh_from_db()
    assert selectors.routes_view(match, viewer) == []  # not declared: frozen
    monkeypatch.setattr(get("early-days"), "continues", frozenset({"0"}))
    assert selectors.routes_view(match, viewer) == before
    route = max(before, key=lambda r: len(r["moves"]))["moves"]
    client.force_login((alice, bob)[seat])
    seq = selectors.legal_moves_view(match, viewer)["seq"]
    r = client.post(
        f"/matches/{match.pk}/move/", {"expected_seq": seq, "move": json.dumps(route)}, HTTP_HX_REQUEST="true"
    )
    assert r.status_code == 200 and 'id="move-error"' not in r.content.decode()
    match.refresh_from_db()
    assert match.seq == seq + len(route) and match.engine_version == get("early-days").version
    assert f"match {match.pk}: ok ({match.seq} entries)" in verify(match.pk)


def test_a_match_of_a_version_not_declared_is_still_refused_and_nothing_changes(api, client, alice, bob):
    match = recorded_under("4", alice, bob)
    assert selectors.legal_moves_for(match, alice)["moves"] == []
    engine = get(GAME)
    assert engine is not None and match.state is not None
    move = engine.legal_moves(engine.load(match.state), 0)[0].to_json()  # legal but for the version
    r = api.as_user(alice).post(
        f"/api/matches/{match.pk}/moves/", {"expected_seq": match.seq, "move": move}, format="json"
    )
    assert r.status_code == 409 and r.json()["code"] == "rules_version_changed", r.content
    with pytest.raises(Conflict) as exc:
        services.moves_submit(match_id=match.pk, user=alice, expected_seq=match.seq, moves=[move])
    assert exc.value.code == "rules_version_changed" and "version 4" in exc.value.message
    after = Match.objects.get(pk=match.pk)
    assert (after.seq, after.engine_version, after.state) == (match.seq, "4", match.state)
    assert match.log.count() == 1
    assert f"match {match.pk}: not replayed: recorded under version 4" in verify(match.pk)
    client.force_login(alice)
    page = client.get(f"/matches/{match.pk}/replay/")
    assert page.context["frame"].view is None
    assert "played under an earlier version" in page.content.decode()

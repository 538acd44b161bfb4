"""The games API, endpoint by endpoint, with its errors (ARCHITECTURE §7)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from rest_framework.test import APIClient

from games.models import LogEntry, Match

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db

FLEET = {"kind": "fleet", "ships": {"A": 2, "B": 0, "C": 0, "D": 0}}


def client_for(user):
    from rest_framework.authtoken.models import Token

    c = APIClient()
    c.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return c


@pytest.fixture
def a(alice):
    return client_for(alice)


@pytest.fixture
def b(bob):
    return client_for(bob)


def new_match(a, b, **options):
    r = a.post(
        "/api/matches/", {"game": "space-dogfight", "options": options, "invite": ["bob"]}, format="json"
    )
    assert r.status_code == 201, r.json()
    pk = r.json()["id"]
    assert b.post(f"/api/matches/{pk}/join/", {}, format="json").status_code == 200
    return pk


def seq_of(c, pk):
    return c.get(f"/api/matches/{pk}/").json()["seq"]


def post_move(c, pk, move, seq=None, **headers):
    seq = seq_of(c, pk) if seq is None else seq
    return c.post(f"/api/matches/{pk}/moves/", {"expected_seq": seq, "move": move}, format="json", **headers)


def test_games_lists_each_engine_with_its_options_schema(api):
    games = api.get("/api/games/").json()
    dogfight = next(g for g in games if g["key"] == "space-dogfight")
    assert dogfight["min_seats"] == dogfight["max_seats"] == 2
    assert dogfight["options_schema"]["properties"]["points_limit"]["default"] == 80


def test_creating_a_match_needs_a_signed_in_player(api):
    r = api.post("/api/matches/", {"game": "space-dogfight"}, format="json")
    assert r.status_code == 401 and r.json()["code"] == "not_authenticated"


def test_every_game_starts_with_empty_options(a, b):
    r = a.post("/api/matches/", {"game": "space-dogfight", "options": {}, "seats": 2}, format="json")
    assert r.status_code == 201
    body = r.json()
    assert body["status"] == "open" and body["your_seat"] == 0 and body["seq"] == 0


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"game": "space-dogfight", "options": {"turn_cap": 0}}, 400, "invalid_options"),
        ({"game": "space-dogfight", "options": {"turn_cap": "soon"}}, 400, "invalid_options"),
        ({"game": "space-dogfight", "seats": 5}, 400, "invalid_seats"),
        ({"game": "tiddlywinks"}, 400, "unknown_game"),
        ({"game": "space-dogfight", "invite": ["ghost"]}, 400, "unknown_user"),
        ({"game": "space-dogfight", "invite": "bob"}, 400, "invalid_request"),
        ({"options": {}}, 400, "invalid_request"),
        ([1, 2], 400, "invalid_request"),
    ],
)
def test_bad_match_requests_get_a_specific_error_and_create_nothing(a, bob, body, status, code):
    r = a.post("/api/matches/", body, format="json")
    assert r.status_code == status, r.json()
    assert r.json()["code"] == code and r.json()["message"]
    assert Match.objects.count() == 0


def test_the_lists_show_mine_awaiting_me_and_open(a, b, carol):
    pk = new_match(a, b)
    c = client_for(carol)
    open_pk = c.post("/api/matches/", {"game": "space-dogfight"}, format="json").json()["id"]
    assert [m["id"] for m in a.get("/api/matches/?mine=1").json()] == [pk]
    assert [m["id"] for m in a.get("/api/matches/?awaiting=me").json()] == [pk]  # fleets: both act
    assert [m["id"] for m in a.get("/api/matches/?open=1").json()] == [open_pk]
    post_move(a, pk, FLEET)
    assert a.get("/api/matches/?awaiting=me").json() == []
    assert [m["id"] for m in b.get("/api/matches/?awaiting=me").json()] == [pk]


def test_joining_a_full_match_is_a_conflict(a, b, carol):
    pk = new_match(a, b)
    r = client_for(carol).post(f"/api/matches/{pk}/join/", {}, format="json")
    assert r.status_code == 409 and r.json()["code"] == "match_full"


def test_the_match_view_is_the_viewers_own(a, b, api):
    pk = new_match(a, b)
    post_move(a, pk, FLEET)
    mine = a.get(f"/api/matches/{pk}/").json()
    theirs = b.get(f"/api/matches/{pk}/").json()
    public = api.get(f"/api/matches/{pk}/").json()
    assert mine["your_seat"] == 0 and theirs["your_seat"] == 1 and public["your_seat"] is None
    assert mine["view"]["you"]["unplaced"] and theirs["view"]["you"]["unplaced"] == []
    assert public["view"]["you"] is None
    for body in (mine, theirs, public):
        assert body["seed"] is None and len(body["seed_commitment"]) == 64 and len(body["log_head"]) == 64
    assert "hold-0-" not in json.dumps(theirs) and "hold-0-" not in json.dumps(public)


def test_every_listed_legal_move_can_be_posted_as_is(a, b):
    pk = new_match(a, b)
    legal = a.get(f"/api/matches/{pk}/legal-moves/").json()
    assert legal["seq"] == 1 and len(legal["moves"]) == len(legal["notation"]) > 100
    r = post_move(a, pk, legal["moves"][-1], seq=legal["seq"])
    assert r.status_code == 201 and r.json() == {"seq": 2}


def test_a_spectator_has_no_legal_moves(api, a, b):
    pk = new_match(a, b)
    assert api.get(f"/api/matches/{pk}/legal-moves/").json()["moves"] == []


@pytest.mark.parametrize(
    ("case", "status", "code"),
    [
        ("stale", 409, "stale_seq"),
        ("illegal", 422, "fleet_over_budget"),
        ("unknown_kind", 422, "unknown_move"),
        ("wrong_types", 400, "invalid_request"),
        ("move_not_object", 400, "bad_move"),
        ("malformed_json", 400, "malformed_json"),
        ("stranger", 403, "not_a_player"),
        ("missing_match", 404, "match_not_found"),
        ("not_signed_in", 401, "not_authenticated"),
    ],
)
def test_bad_moves_get_the_documented_error_and_change_nothing(a, b, carol, api, case, status, code):
    pk = new_match(a, b)
    before = (seq_of(a, pk), LogEntry.objects.count())
    if case == "stale":
        r = post_move(a, pk, FLEET, seq=0)
    elif case == "illegal":
        r = post_move(a, pk, {"kind": "fleet", "ships": {"A": 4, "B": 3, "C": 2, "D": 2}})
    elif case == "unknown_kind":
        r = post_move(a, pk, {"kind": "hyperjump"})
    elif case == "wrong_types":
        r = a.post(f"/api/matches/{pk}/moves/", {"expected_seq": "one", "move": FLEET}, format="json")
    elif case == "move_not_object":
        r = post_move(a, pk, "draw")
    elif case == "malformed_json":
        r = a.generic(
            "POST", f"/api/matches/{pk}/moves/", "{'expected_seq': 1", content_type="application/json"
        )
    elif case == "stranger":
        r = post_move(client_for(carol), pk, FLEET, seq=1)
    elif case == "missing_match":
        r = post_move(a, 987654, FLEET, seq=1)
    elif case == "not_signed_in":
        r = api.post(f"/api/matches/{pk}/moves/", {"expected_seq": 1, "move": FLEET}, format="json")
    assert r.status_code == status, r.json()
    body = r.json()
    assert body["message"] and (code is None or body["code"] == code)
    if status in (409, 422):
        assert body["seq"] == 1
    assert (seq_of(a, pk), LogEntry.objects.count()) == before


def test_a_move_out_of_turn_is_409_with_the_seq(a, b):
    pk = new_match(a, b, first_player="blue")
    post_move(a, pk, FLEET)
    post_move(b, pk, FLEET)
    # Blue places first: Red may not
    r = post_move(b, pk, {"kind": "place", "ship": "A", "to": "a9"})
    assert r.status_code == 409 and r.json()["code"] == "not_your_turn" and r.json()["seq"] == 3


def test_an_idempotency_key_replays_the_original_answer(a, b):
    pk = new_match(a, b)
    first = post_move(a, pk, FLEET, seq=1, HTTP_IDEMPOTENCY_KEY="abc-1")
    again = post_move(a, pk, FLEET, seq=1, HTTP_IDEMPOTENCY_KEY="abc-1")
    assert first.status_code == again.status_code == 201
    assert first.json() == again.json() == {"seq": 2}
    assert again["Idempotent-Replayed"] == "true"
    assert LogEntry.objects.filter(match_id=pk).count() == 2


def test_the_log_hides_sealed_moves_from_the_opponent(a, b, api):
    pk = new_match(a, b)
    post_move(a, pk, FLEET)
    own = a.get(f"/api/matches/{pk}/log/").json()
    other = b.get(f"/api/matches/{pk}/log/").json()
    public = api.get(f"/api/matches/{pk}/log/?after=1").json()
    assert [e["seq"] for e in own] == [1, 2] and [e["seq"] for e in public] == [2]
    assert own[1]["move"] == FLEET and not own[1]["sealed"]
    assert other[1]["move"] is None and other[1]["sealed"]
    assert own[1]["hash"] == other[1]["hash"] and other[1]["prev_hash"] == other[0]["hash"]
    assert all(e["text"] for e in other)


def test_once_the_match_is_over_its_players_read_every_sealed_move_and_spectators_still_do_not(a, b, api):
    pk = new_match(a, b)
    post_move(a, pk, FLEET)
    b.post(f"/api/matches/{pk}/resign/", {}, format="json")
    other = b.get(f"/api/matches/{pk}/log/").json()
    assert other[1]["move"] == FLEET and not other[1]["sealed"]
    public = api.get(f"/api/matches/{pk}/log/").json()
    assert public[1]["move"] is None and public[1]["sealed"]


def test_resign_ends_the_match_and_reveals_the_seed_to_the_players(a, b, api):
    pk = new_match(a, b)
    assert a.get(f"/api/matches/{pk}/export/").status_code == 409
    r = b.post(f"/api/matches/{pk}/resign/", {}, format="json")
    assert r.status_code == 201
    body = a.get(f"/api/matches/{pk}/").json()
    assert body["status"] == "finished" and body["outcome"]["winners"] == [0]
    assert len(body["seed"]) == 64
    assert api.get(f"/api/matches/{pk}/").json()["seed"] is None
    r = post_move(a, pk, FLEET)
    assert r.status_code == 409 and r.json()["code"] == "match_over"
    r = b.post(f"/api/matches/{pk}/resign/", {}, format="json")
    assert r.status_code == 409 and r.json()["code"] == "match_over"


def test_the_export_is_for_the_players_of_a_finished_match_and_verifies(a, b, carol, tmp_path):
    pk = new_match(a, b)
    post_move(a, pk, FLEET)
    post_move(b, pk, FLEET)
    b.post(f"/api/matches/{pk}/resign/", {}, format="json")
    assert client_for(carol).get(f"/api/matches/{pk}/export/").status_code == 403
    export = json.loads(b"".join(a.get(f"/api/matches/{pk}/export/").streaming_content))
    path = tmp_path / "export.json"
    path.write_text(json.dumps(export))
    ok = subprocess.run(
        [sys.executable, ROOT / "tools" / "verify_export.py", path], capture_output=True, text=True
    )
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert ok.stdout.startswith("OK:")
    # tamper with one recorded die: the verifier notices
    export["entries"][0]["dice"][0]["value"] = export["entries"][0]["dice"][0]["value"] % 6 + 1
    path.write_text(json.dumps(export))
    bad = subprocess.run(
        [sys.executable, ROOT / "tools" / "verify_export.py", path], capture_output=True, text=True
    )
    assert bad.returncode == 1 and "FAIL" in bad.stdout


def test_the_openapi_schema_describes_every_endpoint(api):
    r = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert r.status_code == 200
    schema = json.loads(r.content)
    assert schema["openapi"].startswith("3.")
    for path in [
        "/api/accounts/",
        "/api/auth/token/",
        "/api/games/",
        "/api/matches/",
        "/api/matches/{id}/",
        "/api/matches/{id}/join/",
        "/api/matches/{id}/legal-moves/",
        "/api/matches/{id}/moves/",
        "/api/matches/{id}/move-list/",
        "/api/matches/{id}/routes/",
        "/api/matches/{id}/log/",
        "/api/matches/{id}/export/",
        "/api/matches/{id}/decline/",
        "/api/matches/{id}/cancel/",
        "/api/matches/{id}/rematch/",
    ]:
        assert path in schema["paths"], path


def test_an_unknown_api_path_is_a_json_404(api):
    r = api.get("/api/nothing-here/")
    assert r.status_code == 404 and r.json()["code"] == "not_found"

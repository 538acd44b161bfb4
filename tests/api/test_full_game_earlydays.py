"""A whole random game of every "early days" scenario, played through the REST API alone."""

from __future__ import annotations

import random

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db(transaction=True)

# Points per scenario: 100 lets Vader's squadron be bought ([SEED] games of at least 100
# points); the smaller games keep the run short.
SCENARIOS = {
    "fighter_clash": 100,
    "convoy_raid": 100,
    "outpost_assault": 60,
    "hostage": 60,
    "steal_starship": 60,
}


def client(user) -> APIClient:
    c = APIClient()
    c.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return c


def play(clients: dict[int, APIClient], pk: int, rng: random.Random, limit: int = 4000) -> dict:
    """Random legal moves until the match ends; standing orders only now and then."""
    for _ in range(limit):
        match = clients[0].get(f"/api/matches/{pk}/").json()
        if match["status"] == "finished":
            return match
        seat = rng.choice(match["active_seats"])
        legal = clients[seat].get(f"/api/matches/{pk}/legal-moves/").json()
        assert legal["moves"], f"seat {seat} is active but has no legal move"
        game = [m for m in legal["moves"] if m["kind"] != "orders"]
        move = rng.choice(game if game and rng.random() < 0.97 else legal["moves"])
        r = clients[seat].post(
            f"/api/matches/{pk}/moves/", {"expected_seq": legal["seq"], "move": move}, format="json"
        )
        assert r.status_code == 201, (move, r.json())
    pytest.fail("the match did not end")


@pytest.mark.parametrize(("scenario", "points"), SCENARIOS.items())
def test_a_script_plays_a_whole_early_days_game_through_the_api(make_user, scenario, points):
    alice, bob = make_user("alice"), make_user("bob")
    a, b = client(alice), client(bob)
    r = a.post(
        "/api/matches/",
        {"game": "early-days", "options": {"scenario": scenario, "points": points}, "invite": ["bob"]},
        format="json",
    )
    assert r.status_code == 201, r.json()
    pk = r.json()["id"]
    assert b.post(f"/api/matches/{pk}/join/", {}, format="json").status_code in (200, 201)

    final = play({0: a, 1: b}, pk, random.Random(scenario))

    outcome = final["outcome"]
    assert outcome is not None and final["active_seats"] == []
    details = outcome["details"]
    assert details["scenario"] == scenario and details["points"] == points
    assert details["result"] == (
        "draw" if outcome["draw"] else ("rebels", "imperials")[outcome["winners"][0]]
    )
    assert set(details["sides"]) == {"rebels", "imperials"}
    for side in details["sides"].values():
        assert {"points_lost", "units_destroyed", "units_surviving", "units_withdrawn"} <= set(side)
    # once over, both players see the same full view (sealed lists and orders revealed)
    va = a.get(f"/api/matches/{pk}/").json()["view"]
    vb = b.get(f"/api/matches/{pk}/").json()["view"]
    assert va == vb and va["secrets"] is not None


def test_an_illegal_early_days_move_is_refused_with_its_rule_code(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    a, b = client(alice), client(bob)
    pk = a.post(
        "/api/matches/", {"game": "early-days", "options": {}, "invite": ["bob"]}, format="json"
    ).json()["id"]
    b.post(f"/api/matches/{pk}/join/", {}, format="json")
    seq = a.get(f"/api/matches/{pk}/legal-moves/").json()["seq"]
    r = a.post(
        f"/api/matches/{pk}/moves/",
        {"expected_seq": seq, "move": {"kind": "buy", "unit": "tie_fighter"}},
        format="json",
    )
    assert r.status_code == 422 and r.json()["code"] == "unit_not_available"

"""Scripts play whole Star Fighters matches of 2, 3 and 4 players through the REST API alone.

Each script only ever chooses among the moves GET /legal-moves/ offers and posts them with
the seq it saw; it prefers moves that make the game go on (placing dice, firing, flying,
shooting) so that the matches reach combat, B sides and standing-order decisions.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.engines.starfighters.geometry import dist, neighbour

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ("alice", "bob", "carol", "dave")
HEADINGS = ["ne", "e", "se", "sw", "w", "nw"]
WEIGHTS = {"fire": 6, "activate": 30, "drive": 12, "place": 4, "roll": 2, "pickup": 0.1, "hold": 0.3}
SPACES = {
    "cockpit": 8,
    "drives.move": 5,
    "drives.thrust": 4,
    "phasers.attack": 6,
    "phasers.target": 4,
    "torpedoes.launch": 6,
}
SYSTEMS = {"phasers": 60, "torpedoes": 40, "drives": 15, "shields": 3}


def client(user) -> APIClient:
    c = APIClient()
    c.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return c


def weight(move: dict, view: dict, seat: int) -> float:
    if move["kind"] == "place":
        return SPACES.get(move["space"], 1)
    if move["kind"] == "drive":
        return _steer(move, view, seat)
    if move["kind"] == "orders":
        return 0.05
    if move["kind"] == "activate":
        return SYSTEMS[move["system"]]
    return WEIGHTS.get(move["kind"], 1)


def _steer(move: dict, view: dict, seat: int) -> float:
    """Fly towards the nearest enemy (the script reads only the public view)."""
    me = view["ships"][seat]
    enemies = [s["hex"] for s in view["ships"] if s["team"] != me["team"] and s["hex"]]
    if move["step"] == "stop" or not enemies or me["hex"] is None:
        return 0.3
    heading = HEADINGS.index(me["heading"])
    if move["step"] == "move":
        ahead = neighbour(me["hex"], heading) or me["hex"]
    else:
        turned = heading + (-1 if move["step"] == "rotate-left" else 1)
        ahead = neighbour(me["hex"], turned % 6) or me["hex"]
    near = min(dist(ahead, e) for e in enemies)
    return 40.0 / (1 + near) + (5 if move["step"] == "move" else 0)


def play(clients: list[APIClient], pk: int, rng: random.Random, limit: int = 4000) -> dict:
    """Play legal moves until the match ends; check on the way that rolls stay sealed."""
    for _ in range(limit):
        match = clients[0].get(f"/api/matches/{pk}/").json()
        if match["status"] == "finished":
            return match
        seat = rng.choice(match["active_seats"])
        legal = clients[seat].get(f"/api/matches/{pk}/legal-moves/").json()
        assert legal["moves"], f"seat {seat} is active but has no legal move"
        view = clients[seat].get(f"/api/matches/{pk}/").json()["view"]
        move = rng.choices(legal["moves"], weights=[weight(m, view, seat) for m in legal["moves"]])[0]
        r = clients[seat].post(
            f"/api/matches/{pk}/moves/", {"expected_seq": legal["seq"], "move": move}, format="json"
        )
        assert r.status_code == 201, (move, r.json())
        if move["kind"] == "roll":
            _assert_roll_is_sealed(clients, pk, seat)
    pytest.fail("the match did not end")


def _assert_roll_is_sealed(clients: list[APIClient], pk: int, seat: int) -> None:
    """AS-SF-1 / rules/README 7: no other seat can read the roller's sealed board or rolls."""
    roll = (clients[seat].get(f"/api/matches/{pk}/").json()["view"]["you"] or {}).get("roll")
    if roll is None:  # that roll ended the Roll phase: the boards are revealed
        return
    ids = [roll["id"], *(r["id"] for r in roll["rolls"])]
    for other, c in enumerate(clients):
        if other == seat:
            continue
        seen = json.dumps([c.get(f"/api/matches/{pk}/").json(), c.get(f"/api/matches/{pk}/log/").json()])
        for marker in ids:
            assert not re.search(rf"(?<![\w-]){re.escape(marker)}(?![\w-])", seen), (
                f"seat {other} sees {marker}"
            )


@pytest.mark.parametrize(
    ("seats", "options", "seed"),
    [
        (2, {"ship_1": "A", "ship_2": "B3", "round_limit": 20}, 1),
        (3, {"ship_1": "B1", "ship_2": "B2", "ship_3": "B4", "round_limit": 12}, 2),
        (4, {"ship_1": "A", "ship_2": "B1", "ship_3": "B3", "ship_4": "B2", "round_limit": 10}, 3),
    ],
)
def test_a_script_plays_a_whole_star_fighters_match_through_the_api(
    make_user, tmp_path, seats, options, seed
):
    users = [make_user(name) for name in NAMES[:seats]]
    clients = [client(u) for u in users]
    r = clients[0].post(
        "/api/matches/",
        {"game": "star-fighters", "options": options, "seats": seats, "invite": list(NAMES[1:seats])},
        format="json",
    )
    assert r.status_code == 201, r.json()
    pk = r.json()["id"]
    for c in clients[1:]:
        assert c.post(f"/api/matches/{pk}/join/", {}, format="json").status_code == 200
    # Player 2 asks to be asked (rules/README 5): its decisions pause the match for an answer.
    seq = clients[1].get(f"/api/matches/{pk}/").json()["seq"]
    ask = {"kind": "orders", "ask": True}
    r = clients[1].post(f"/api/matches/{pk}/moves/", {"expected_seq": seq, "move": ask}, format="json")
    assert r.status_code == 201, r.json()

    final = play(clients, pk, random.Random(seed))

    outcome = final["outcome"]
    assert outcome is not None and final["active_seats"] == []
    details = outcome["details"]
    assert details["mode"] == {2: "duel", 3: "three", 4: "teams"}[seats]
    assert [s["side"] for s in details["ships"]] == [options[f"ship_{i + 1}"] for i in range(seats)]
    assert outcome["draw"] or outcome["winners"]
    # Once the match is over every player reads the same full view.
    views = [c.get(f"/api/matches/{pk}/").json()["view"] for c in clients]
    assert all(v == views[0] for v in views)

    export = clients[0].get(f"/api/matches/{pk}/export/").json()
    path = tmp_path / "export.json"
    path.write_text(json.dumps(export))
    checked = subprocess.run(
        [sys.executable, ROOT / "tools" / "verify_export.py", path], capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stdout
    call_command("verify_matches", pk)

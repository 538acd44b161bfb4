"""Scripts play whole Star Fighters matches of 2, 3 and 4 players through the REST API alone.

Each script only ever chooses among the moves GET /legal-moves/ offers and posts them with
the seq it saw. It plays to win, reading only what its seat may see: it allocates dice to
Phasers and the Cockpit, flies towards the nearest enemy, fires when a shot is possible
and shoots at ships, so every match ends by the rules ("the game ends immediately when one
ship loses its 5th hull marker"), never by the house round limit. The match seed is fixed
per test so that a failure replays exactly.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.core.management import call_command
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games import services
from games.engines.starfighters.geometry import dist, neighbour

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ("alice", "bob", "carol", "dave")
HEADINGS = ["ne", "e", "se", "sw", "w", "nw"]
COLOURS = {"r": "red", "b": "blue", "y": "yellow"}
RULES_ENDINGS = {"ship_destroyed", "last_ship_standing", "first_destruction"}


def client(user) -> APIClient:
    c = APIClient()
    c.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return c


def _gap(view: dict, seat: int, at: str | None = None) -> int:
    """Hexes from ``at`` (default: the seat's ship) to the nearest enemy ship."""
    me = view["ships"][seat]
    at = at or me["hex"]
    foes = [s["hex"] for s in view["ships"] if s["team"] != me["team"] and s["hex"]]
    return min((dist(at, f) for f in foes), default=0) if at else 0


def _dice(board: list, group: str) -> list:
    return [d for g in board if g["group"] == group for d in g["dice"]]


def _roll_weight(move: dict, roll: dict, gap: int) -> float:
    board = roll["board"]
    reach = 1 + len(_dice(board, "phasers.target"))
    cockpit = {d["colour"] for d in _dice(board, "cockpit")}
    far = gap > reach
    kind = move["kind"]
    if kind == "place":
        space, colour = move["space"], COLOURS[move["die"][0]]
        if space == "cockpit":
            if not cockpit & {"red", "yellow"} and colour != "blue":
                return 20
            return 15 if far and not cockpit & {"blue", "yellow"} and colour != "red" else 0.5
        wanted = {
            "phasers.attack": 12 if colour != "yellow" else 2,
            "phasers.overcharge": 6,
            "phasers.target": 8 if far else 0.5,
            "drives.move": 10 if far else 0.5,
            "drives.thrust": 10 if far else 0.5,
        }
        return wanted.get(space, 1)
    if kind == "fire":
        shoot = _dice(board, "phasers.attack") and cockpit & {"red", "yellow"} and not far
        fly = far and cockpit & {"blue", "yellow"}
        return 60 if shoot or fly or roll["step"] >= 12 else 0.1
    if kind == "hold":
        return 50 if roll["step"] >= roll["cap"] else 0.05
    return {"roll": 4, "pickup": 0.05}.get(kind, 1)


def _drive_weight(move: dict, view: dict, seat: int, gap: int) -> float:
    """Fly towards the nearest enemy; stop next to it."""
    me = view["ships"][seat]
    if move["step"] == "stop":
        return 50 if gap <= 1 else 0.1
    heading = HEADINGS.index(me["heading"])
    if move["step"] != "move":
        heading = (heading + (-1 if move["step"] == "rotate-left" else 1)) % 6
    ahead = neighbour(me["hex"], heading)
    closer = ahead is not None and _gap(view, seat, ahead) < gap
    return (100 if move["step"] == "move" else 60) if closer else 1


def weight(move: dict, view: dict, seat: int) -> float:
    kind = move["kind"]
    gap = _gap(view, seat)
    roll = (view.get("you") or {}).get("roll")
    if kind == "orders":
        return 0.05
    if roll is not None:
        return _roll_weight(move, roll, gap)
    if kind == "activate":
        if move["system"] == "phasers":
            return 100 if move["target"].startswith("s") else 10
        if move["system"] == "drives":
            return 40 if gap > 1 else 3
        return {"torpedoes": 30, "shields": 8}[move["system"]]
    if kind == "drive":
        return _drive_weight(move, view, seat, gap)
    return {"pass": 0.5, "cockpit": 1}.get(kind, 1)


def play(clients: list[APIClient], pk: int, rng: random.Random, limit: int = 3000) -> dict:
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
        if move["kind"] in ("roll", "place", "pickup"):
            _assert_roll_is_sealed(clients, pk, seat, legal["seq"])
    pytest.fail("the match did not end")


def _assert_roll_is_sealed(clients: list[APIClient], pk: int, seat: int, before: int) -> None:
    """AS-SF-1 / rules/README 7: no other seat can read the roller's sealed board or rolls.

    Entries up to ``before`` were checked when they were written; only the new one is read.
    """
    roll = (clients[seat].get(f"/api/matches/{pk}/").json()["view"]["you"] or {}).get("roll")
    if roll is None:  # that move ended the Roll phase: the boards are revealed
        return
    ids = [roll["id"], *(r["id"] for r in roll["rolls"])]
    for other, c in enumerate(clients):
        if other == seat:
            continue
        seen = json.dumps(
            [
                c.get(f"/api/matches/{pk}/").json(),
                c.get(f"/api/matches/{pk}/log/?after={before}").json(),
                c.get(f"/api/matches/{pk}/legal-moves/").json(),
            ]
        )
        for marker in ids:
            assert not re.search(rf"(?<![\w-]){re.escape(marker)}(?![\w-])", seen), (
                f"seat {other} sees {marker}"
            )


WINNERS = {"duel": 1, "three": 1, "teams": 2}


@pytest.mark.parametrize(
    ("seats", "options", "seed"),
    [
        (2, {"ship_1": "A", "ship_2": "B3"}, 1),
        (3, {"ship_1": "B1", "ship_2": "B2", "ship_3": "B4"}, 2),
        (3, {"ship_1": "A", "ship_2": "B3", "ship_3": "A", "three_player_victory": "first"}, 6),
        (4, {"ship_1": "A", "ship_2": "B1", "ship_3": "B3", "ship_4": "B2"}, 6),
    ],
    ids=["2-players", "3-players-last-ship-standing", "3-players-first-to-destroy", "2-v-2"],
)
def test_a_script_plays_a_whole_star_fighters_match_through_the_api_to_a_destroyed_ship(
    make_user, tmp_path, monkeypatch, seats, options, seed
):
    # A fixed match seed: the same dice, so the same match, on every run.
    fixed = hashlib.sha256(f"star-fighters-api-{seed}".encode()).digest()
    monkeypatch.setattr(services, "pysecrets", SimpleNamespace(token_bytes=lambda n: fixed[:n]))
    users = [make_user(name) for name in NAMES[:seats]]
    clients = [client(u) for u in users]
    options = {**options, "round_limit": 0}  # no house limit: only the rules end these matches
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
    assert outcome["reason"] in RULES_ENDINGS and not outcome["draw"]
    assert len(outcome["winners"]) == WINNERS[details["mode"]]
    assert details["destroyed"] and all(not details["ships"][w]["destroyed"] for w in outcome["winners"])
    if options.get("three_player_victory") == "first":
        assert outcome["reason"] == "first_destruction" and details["destroyed"] == [details["destroyed"][0]]
    elif seats == 3:
        assert outcome["reason"] == "last_ship_standing" and len(details["destroyed"]) == 2
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

"""Whole matches played through the REST API alone: each script only ever chooses among the
moves GET /legal-moves/ offers and posts them with the seq it saw."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

ROOT = Path(__file__).resolve().parents[2]

# (rng, seat, the listed moves) -> the move to make
Choose = Callable[[random.Random, int, list[dict[str, Any]]], dict[str, Any]]


def client_for(user: Any) -> APIClient:
    """An API client signed in as ``user`` with a real token."""
    c = APIClient()
    c.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return c


def match_open(users: list[Any], game: str, options: dict[str, Any]) -> tuple[int, list[APIClient]]:
    """The first user opens a match of ``game`` inviting the others, who join it: its id, and
    a client per seat."""
    clients = [client_for(u) for u in users]
    r = clients[0].post(
        "/api/matches/",
        {"game": game, "options": options, "seats": len(users), "invite": [u.username for u in users[1:]]},
        format="json",
    )
    assert r.status_code == 201, r.json()
    pk = r.json()["id"]
    for c in clients[1:]:
        assert c.post(f"/api/matches/{pk}/join/", {}, format="json").status_code in (200, 201)
    return pk, clients


def play(
    clients: list[APIClient],
    pk: int,
    rng: random.Random,
    *,
    choose: Choose | None = None,
    every_step: Callable[[int], None] | None = None,
    after_move: Callable[[int, dict[str, Any], int], None] | None = None,
    limit: int = 4000,
) -> tuple[dict[str, Any], list[tuple[int, ...]]]:
    """Play until the match ends: each step a seat on turn (by ``rng``) makes a listed move
    (``choose``, by default any). Returns the final match and the seats on turn each step.
    ``every_step(step)`` runs before each step, ``after_move(seat, move, seq)`` after each move."""
    turns: list[tuple[int, ...]] = []
    for step in range(limit):
        match = clients[0].get(f"/api/matches/{pk}/").json()
        if match["status"] == "finished":
            return match, turns
        if every_step is not None:
            every_step(step)
        turns.append(tuple(match["active_seats"]))
        seat = rng.choice(match["active_seats"])
        legal = clients[seat].get(f"/api/matches/{pk}/legal-moves/").json()
        assert legal["moves"], f"seat {seat} is active but has no legal move"
        move = choose(rng, seat, legal["moves"]) if choose is not None else rng.choice(legal["moves"])
        r = clients[seat].post(
            f"/api/matches/{pk}/moves/", {"expected_seq": legal["seq"], "move": move}, format="json"
        )
        assert r.status_code == 201, (move, r.json())
        if after_move is not None:
            after_move(seat, move, legal["seq"])
    pytest.fail("the match did not end")


def export_verified(client: APIClient, pk: int, tmp_path: Path) -> None:
    """The match's export passes the standalone verifier, and its log replays to its state."""
    export = json.loads(b"".join(client.get(f"/api/matches/{pk}/export/").streaming_content))
    path = tmp_path / "export.json"
    path.write_text(json.dumps(export))
    checked = subprocess.run(
        [sys.executable, ROOT / "tools" / "verify_export.py", path], capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stdout
    call_command("verify_matches", pk)

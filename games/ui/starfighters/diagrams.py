"""Boards for Star Fighters' help page, each a position reached by playing the engine (two
of the server's automatic players, fixed dice), and its dice table read from the engine's
view of a new match, so a diagram can never show a board the rules would not allow. Drawn
for a spectator: nothing sealed is shown."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import Any

from games.bots.starfighters import StarFightersBot
from games.engines import named as engine_named
from games.engines.session import Session
from games.ui.common.diagrams import Draw, spectator_view

SEED = b"star-fighters help diagrams"


def _damaged(view: dict[str, Any]) -> bool:
    return any(p.get("damage_taken") for p in view.get("players", []))


@cache
def _positions() -> dict[str, Any]:
    """The first position of each moment worth showing, from one match between bots."""
    engine = engine_named("star-fighters")
    session = Session.begin(engine, 2, SEED)
    bots, rng = (StarFightersBot(), StarFightersBot()), random.Random(7)
    found: dict[str, Any] = {"start": session.state}
    while session.seq < 1500 and len(found) < 3:
        state = session.state
        view = engine.view(state, None)
        if view["phase"] == "activate" and "activate" not in found:
            found["activate"] = state
        if _damaged(view) and "damage" not in found:
            found["damage"] = state
        active = sorted(engine.active_seats(state))
        if not active:
            break
        seat = rng.choice(active)
        move = bots[seat].choose(engine, state, seat, rng)
        if move is None:
            break
        session.advance(seat, move)
    return found


def _dice_table() -> tuple[str, list[str], list[list[Any]]]:
    engine = engine_named("star-fighters")
    dice = engine.view(Session.begin(engine, 2, SEED).state, None)["dice"]
    symbols = dice["symbols"]
    rows = []
    for colour, faces in dice["faces"].items():
        counts = Counter(faces)
        rows.append([colour, ", ".join(f"{n} × {symbols[f]} {f}" for f, n in counts.items())])
    return "The six faces of each colour of die.", ["Die", "Faces"], rows


def _diagram(name: str, caption: str) -> Draw:
    return spectator_view("star-fighters", _positions, name, caption)


DIAGRAMS = {
    "start": _diagram(
        "start",
        "A 2-player match as it begins: the two ships (arrows show their headings) on the 21 hexes, "
        "the two anomalies at the tips, and each player's empty ship board below.",
    ),
    "activate": _diagram(
        "activate",
        "After the roll phase: the dice each player placed are revealed on their ship board, "
        "Command dice in the Cockpit; now the players take turns activating systems.",
    ),
    "damage": _diagram(
        "damage",
        "The first damage: the shield facing the hit lost markers (the numbers around each small ship "
        "on its board); once a shield is empty, hull markers go, from the left.",
    ),
}

TABLES = {"dice": _dice_table}

"""Boards for Space Dogfight's help page, each a position reached by playing the engine
(two of the server's automatic players, fixed dice), and its tables read from the engine's
view of a new match, so a diagram can never show a board
the rules would not allow. Drawn for a spectator: no hand and no unplaced ship is shown."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from games.bots.dogfight import DogfightBot
from games.engines import named as engine_named
from games.engines.session import Session
from games.ui.common.diagrams import Draw, spectator_view

SEED = b"space-dogfight help diagrams"


@cache
def _positions() -> dict[str, Any]:
    """The first position of each phase worth showing, from one match between bots."""
    engine = engine_named("space-dogfight")
    session = Session.begin(engine, 2, SEED)
    bots, rng = (DogfightBot(), DogfightBot()), random.Random(7)
    found: dict[str, Any] = {}
    while session.seq < 400 and len(found) < 3:
        state = session.state
        phase = engine.view(state, None)["phase"]
        if phase == "place" and "place" not in found and _ships(engine, state) >= 4:
            found["place"] = state
        if phase == "play" and "play" not in found:
            found["play"] = state
        if phase == "play" and "play" in found and _ships(engine, state) < _ships(engine, found["play"]):
            found["combat"] = state  # the first ship eliminated
        active = sorted(engine.active_seats(state))
        if not active:
            break
        seat = rng.choice(active)
        move = bots[seat].choose(engine, state, seat, rng)
        if move is None:
            break
        session.advance(seat, move)
    return found


def _start() -> dict[str, Any]:
    """The view of a match just set up: the ship table and the cup's counters."""
    engine = engine_named("space-dogfight")
    return engine.view(Session.begin(engine, 2, SEED).state, None)


def _ship_table() -> tuple[str, list[str], list[list[Any]]]:
    ships = _start()["ship_types"].values()
    rows = [[s["type"], s["pts"], s["mov"], s["att"], s["def"], s["count"]] for s in ships]
    caption = (
        "The ships (the same for Blue and Red); the PTS of the ships you buy may add up to the points limit."
    )
    return caption, ["Ship", "PTS", "MOV", "ATT", "DEF", "Counters"], rows


def _cup_table() -> tuple[str, list[str], list[list[Any]]]:
    counters = _start()["counter_types"].values()
    rows = [[c["label"], c["count"]] for c in counters]
    return "The counters in the cup at the start.", ["Counter", "How many"], rows


def _ships(engine: Any, state: Any) -> int:
    return len(engine.view(state, None).get("ships", []))


def _diagram(name: str, caption: str) -> Draw:
    return spectator_view("space-dogfight", _positions, name, caption)


DIAGRAMS = {
    "place": _diagram(
        "place",
        "Placing ships: the fleets are secret, and each player in turn puts one ship in their "
        "starting zone (Blue's two rows at one end, Red's at the other). The grey discs are "
        "the three asteroids.",
    ),
    "play": _diagram(
        "play",
        "In play: every ship is on the board. Ships move forward or sideways, never "
        "diagonally, backwards or through another ship or an asteroid.",
    ),
    "combat": _diagram(
        "combat",
        "Later in the same match: the first ships have been eliminated in combat between "
        "ships on squares side by side.",
    ),
}

TABLES = {"ships": _ship_table, "cup": _cup_table}

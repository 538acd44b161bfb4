"""Boards for Battleship Galaxies' help page, each a position reached by playing the engine
(the server's automatic players, fixed dice), and its fleet table read from the engine's
view of a new match, so a diagram can never show a board the rules would not allow. Drawn
for a spectator: no hand, screen or hold is shown."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from games.bots.galaxies import GalaxiesBot
from games.engines import named as engine_named
from games.engines.session import Session
from games.ui.common.diagrams import Draw, spectator_view

KEY = "battleship-galaxies"
SEED = b"battleship-galaxies help diagrams"


@cache
def _positions(mission: str = "skirmish") -> dict[str, Any]:
    """The first position of each moment worth showing, from one match between bots."""
    engine = engine_named(KEY)
    session = Session.begin(engine, 2, SEED, {"mission": mission})
    bot, rng = GalaxiesBot(), random.Random(7)
    found: dict[str, Any] = {}
    while session.seq < 600 and len(found) < 3:
        state = session.state
        view = engine.view(state, None)
        turn = view.get("turn") or {}
        if turn.get("phase") == "action" and view["ships"] and "deploy" not in found:
            found["deploy"] = state  # the first ships launched, their turn's action phase begun
        if "deploy" in found and turn.get("steps") and "move" not in found and turn.get("seat") == 0:
            found["move"] = state
        if view.get("last_attack") and "combat" not in found:
            found["combat"] = state
        active = sorted(engine.active_seats(state))
        if not active:
            break
        move = bot.choose(engine, state, active[0], rng)
        if move is None:
            break
        session.advance(active[0], move)
    return found


def _diagram(name: str, caption: str, mission: str = "skirmish") -> Draw:
    return spectator_view(KEY, lambda: _positions(mission), name, caption)


def _fleet_table() -> tuple[str, list[str], list[list[Any]]]:
    """Every ship card of both factions with each version's numbers, from the catalogue a
    player chooses a fleet from."""
    engine = engine_named(KEY)
    state = Session.begin(engine, 2, SEED, {"mission": "skirmish"}).state
    rows = []
    for seat in (0, 1):
        view = engine.view(state, seat)
        faction = view["you"]["faction"].upper()
        for ship in view["you"]["catalogue"]["ships"].values():
            for version, s in ship["versions"].items():
                rows.append(
                    [
                        faction,
                        ship["name"] + (f" (squadron of {ship['count']})" if ship["count"] > 1 else ""),
                        ship["size"],
                        version,
                        s["launch"],
                        s["activate"],
                        s["move"],
                        s["hull"],
                        s["shields"],
                        s["points"],
                    ]
                )
    caption = "The ship cards (the server's generic fleet): what launching and activating cost in energy, how far a ship moves, its hull and shields, and its points."
    headers = ["Side", "Ship", "Size", "Version", "Launch", "Activate", "Move", "Hull", "Shields", "Points"]
    return caption, headers, rows


DIAGRAMS = {
    "deploy": _diagram(
        "deploy",
        "The first ships launched: each covers one hex (small), two (medium) or three (large) "
        "of its side's starting zone, the tinted rows at each end. Blue pegs are shields, red "
        "pegs damage; the ship cards in play are drawn under the board.",
    ),
    "move": _diagram(
        "move",
        "Moving: an activated ship moves hex by hex up to its move number, around asteroids "
        "(grey) and other ships.",
    ),
    "combat": _diagram(
        "combat",
        "The first attack of the same match: the attacker and its target are outlined in "
        "orange; the two dice rolled were read on the target's grid.",
    ),
}

TABLES = {"fleet": _fleet_table}

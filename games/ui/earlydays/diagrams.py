""" "The early days" boards for its help page, each a position reached by playing the engine
(two of the server's automatic players, fixed dice), and its tables read from the engine's
view of a new match, so a diagram can never show a board the rules would not allow. Drawn
for a spectator: no draft, no sealed fire decision is shown."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from games.bots.earlydays import EarlyDaysBot
from games.engines import named as engine_named
from games.engines.session import Session
from games.ui.common.diagrams import Draw, spectator_view

KEY = "early-days"
SEED = b"early-days help diagrams"
OPTIONS = {"scenario": "fighter_clash", "points": 60}


@cache
def _positions() -> dict[str, Any]:
    """The first position of each moment worth showing, from one Fighter clash between bots."""
    engine = engine_named(KEY)
    session = Session.begin(engine, 2, SEED, OPTIONS)
    bot, rng = EarlyDaysBot(), random.Random(7)
    found: dict[str, Any] = {}
    while session.seq < 800 and len(found) < 3:
        state = session.state
        view = engine.view(state, None)
        turn = view.get("turn") or {}
        if view["phase"] == "turn" and "deployed" not in found:
            found["deployed"] = state  # every unit on the map, turn 1 about to be played
        moving = turn.get("moving") or {}
        if turn.get("number", 0) >= 2 and moving.get("hexes", 0) >= 2 and "moving" not in found:
            found["moving"] = state  # a unit in the middle of its movement, its arcs shown
        if "deployed" in found and "losses" not in found and _on_map(view) < _on_map(found["deployed"]):
            found["losses"] = state  # the first unit destroyed (or gone off the map)
        active = sorted(engine.active_seats(state))
        if not active:
            break
        move = bot.choose(engine, state, active[0], rng)
        if move is None:
            break
        session.advance(active[0], move)
    return found


def _on_map(view_or_state: Any) -> int:
    view = view_or_state if isinstance(view_or_state, dict) else engine_named(KEY).view(view_or_state, None)
    return sum(1 for u in view["units"] if u["status"] == "active")


def _diagram(name: str, caption: str) -> Draw:
    return spectator_view(KEY, _positions, name, caption)


def _start() -> dict[str, Any]:
    engine = engine_named(KEY)
    return engine.view(Session.begin(engine, 2, SEED, OPTIONS).state, None)


def _unit_table() -> tuple[str, list[str], list[list[Any]]]:
    """Every unit type with its cost and numbers, as the engine's catalogue holds them."""
    side = {"rebel": "Rebels", "imperial": "Imperials", "any": "Either side"}
    rows = []
    for t in _start()["unit_types"].values():
        cost = f"{t['cost']}" + (" a flight" if t["fighters"] else "") if t["cost"] else "scenario"
        save = f"{t['save']}+" if t["save"] else "-"
        fighters = t["fighters"] or "-"
        rows.append(
            [t["name"], side.get(t["side"], t["side"]), cost, t["move"], t["evasion"], save, fighters]
        )
    caption = (
        "The units. A fighter unit is a flight (four fighters, one shot each); cost is per flight. "
        "Units marked 'scenario' are provided by the scenario, never bought."
    )
    return caption, ["Unit", "Side", "Cost", "Move", "Evasion", "Save", "Fighters"], rows


def _range_table() -> tuple[str, list[str], list[list[Any]]]:
    """The range bands of each weapon class: hexes up to, and what they add to the roll needed."""
    rows = []
    for table, bands in _start()["range_bands"].items():
        low = 1
        for up_to, modifier in bands:
            rows.append([table.replace("_", " "), f"{low}-{up_to}", f"+{modifier}" if modifier else "0"])
            low = up_to + 1
        rows.append([table.replace("_", " "), f"{low}+", "extreme: one die, hits on a 6"])
    return "Range: what the distance adds to the number needed to hit.", ["Weapons", "Hexes", "Adds"], rows


DIAGRAMS = {
    "deployed": _diagram(
        "deployed",
        "Deployed: the Rebels (red) in the three columns at the left edge, the Imperials (grey) "
        "at the right, every unit facing the enemy edge. The ids (R1a, I2b) name each flight.",
    ),
    "moving": _diagram(
        "moving",
        "Movement, a later turn: the unit moving now shows its weapon arcs (yellow): a 60° arc "
        "ahead as far as its guns reach. Units move one at a time, the sides alternating.",
    ),
    "losses": _diagram(
        "losses",
        "The first losses: fire orders are sealed, revealed together and resolved in the "
        "Shooting phase, and the hits taken in the End phase, so a unit shot down still fired "
        "that turn.",
    ),
}

TABLES = {"units": _unit_table, "ranges": _range_table}

"""Matches of each game as its engine stored them before the engines moved onto the shared
kit (``games/engines/kit/``).

Each ``*.json.gz`` file is one match: its options and seed, and for every log entry the
move, the seat, the sealed audience, the events, the dice drawn and the state the engine
dumped after it. ``test_stored.py`` insists that today's engine loads each stored state and
dumps it byte for byte the same, and replays the log to the same events, dice, audiences
and states: a match stored before the move must play on after it.

``record`` wrote the files with the engine code of before the move (``python -m
tests.engines.stored_kit``); never write them again for an existing name, since a file
written by the code under test cannot catch a change that code made. A game whose version
changes play records its matches again under new names with the new version.
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path
from typing import Any

from games.engines import get
from games.engines.base import Invalid
from games.engines.session import Session

HERE = Path(__file__).parent

MATCHES: dict[str, tuple[str, int, int, dict[str, Any], int]] = {
    # name: (game, seed, seats, options, most entries); the "asking" match's players first
    # ask to be asked at every reaction window, so that windows wait for an answer
    "galaxies-asking": ("battleship-galaxies", 31, 2, {"mission": "mission-1", "rounds": 4}, 300),
    "earlydays-fighter-clash": ("early-days", 11, 2, {"scenario": "fighter_clash", "turn_limit": 3}, 400),
    "earlydays-convoy-raid": ("early-days", 12, 2, {"scenario": "convoy_raid", "turn_limit": 2}, 300),
    "earlydays-outpost-assault": ("early-days", 13, 2, {"scenario": "outpost_assault", "turn_limit": 2}, 300),
    "earlydays-hostage": ("early-days", 14, 2, {"scenario": "hostage", "turn_limit": 3}, 300),
    "earlydays-steal-starship": ("early-days", 15, 2, {"scenario": "steal_starship", "turn_limit": 2}, 300),
    "galaxies-two": ("battleship-galaxies", 21, 2, {}, 400),
    "galaxies-mission-1": ("battleship-galaxies", 22, 2, {"mission": "mission-1", "rounds": 3}, 400),
    "galaxies-pan-base": ("battleship-galaxies", 23, 3, {"mission": "pan-base", "rounds": 3}, 400),
    "dogfight-path": ("space-dogfight", 7, 2, {"turn_cap": 5, "movement": "path"}, 400),
    "dogfight-straight": ("space-dogfight", 11, 2, {"turn_cap": 12}, 200),
    # Star Fighters 5 (the blind Roll phase, SF-R5) changed what a roll-phase entry tells
    # whom, and 6 says why a ship was passed with nothing to activate (SF-30): each time its
    # matches were recorded again, under new names, by the new version
    "starfighters-2-v6": ("star-fighters", 5, 2, {"round_limit": 2}, 150),
    "starfighters-3-v6": ("star-fighters", 6, 3, {"round_limit": 3, "ship_2": "B4"}, 90),
}

CONTINUED: dict[str, str] = {
    # name: the game; recordings of an earlier version that today's version plays on
    # (``Engine.continues``): Star Fighters 6 gave the "passed" event its reasons (SF-30)
    "starfighters-2-v5": "star-fighters",
    "starfighters-3-v5": "star-fighters",
}


def record(game: str, seed: int, seats: int, options: dict[str, Any], most: int) -> dict[str, Any]:
    """One match between players who pick legal moves at random, at most ``most`` entries."""
    engine = get(game)
    assert engine is not None
    rng = random.Random(seed)
    session = Session.begin(engine, seats, seed.to_bytes(4, "big"), options)
    asking = options.get("mission") == "mission-1" and seed == 31  # galaxies-asking
    asked: set[int] = set()
    while engine.outcome(session.state) is None and len(session.records) < most:
        seat = rng.choice(sorted(engine.active_seats(session.state)))
        moves = engine.legal_moves(session.state, seat)
        plays = [m for m in moves if m.kind != "orders"] or moves
        ask = [m for m in moves if m.kind == "orders" and m.get("ask") is True and m.get("react") == "always"]
        if asking and seat not in asked and ask:
            move = ask[0]
            asked.add(seat)
        elif asking:
            move = rng.choice(plays)
        else:
            move = rng.choice(moves if rng.random() < 0.1 else plays)
        assert not isinstance(session.advance(seat, move), Invalid), move
    return {
        "game": game,
        "version": engine.version,
        "seed": seed,
        "seats": seats,
        "options": dict(session.options),
        "entries": [
            {
                "seq": r.seq,
                "seat": r.seat,
                "move": dict(r.move),
                "move_audience": None if r.move_audience is None else sorted(r.move_audience),
                "events": [e.to_json() for e in r.events],
                "draws": [dict(d) for d in r.draws],
                "state": json.dumps(engine.dump(r.state)),
            }
            for r in session.records
        ],
    }


def path(name: str) -> Path:
    return HERE / f"{name}.json.gz"


def read(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(gzip.decompress(path(name).read_bytes()))
    return data


def main() -> None:
    for name, (game, seed, seats, options, most) in MATCHES.items():
        if path(name).exists():
            continue
        match = record(game, seed, seats, options, most)
        path(name).write_bytes(gzip.compress(json.dumps(match).encode(), mtime=0))
        sys.stdout.write(f"{name}: {len(match['entries'])} entries\n")


if __name__ == "__main__":
    main()

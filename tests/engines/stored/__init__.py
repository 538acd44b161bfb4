"""Matches as the engines stored them before they moved onto the shared kit.

Each file here is one match's log (the setup and every move, with its events, its sealed
audience and its dice) and the state the engine dumped after each entry, written by the
engine version named in the file. ``test_stored.py`` insists that today's engines load
those states and dump them byte for byte the same, and replay the logs to the same events,
dice and states: a match stored before a refactor must play on after it.

``record`` wrote the files; do not run it again for an existing file (a file written by
the code under test cannot catch a change it made).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from games.engines import get
from games.engines.base import Invalid
from games.engines.session import Session

HERE = Path(__file__).parent


def record(key: str, seed: int, seats: int, options: dict[str, Any], most: int) -> dict[str, Any]:
    """One match between players who pick legal moves at random, at most ``most`` entries."""
    engine = get(key)
    assert engine is not None
    rng = random.Random(seed)
    session = Session.begin(engine, seats, seed.to_bytes(4, "big"), options)
    while engine.outcome(session.state) is None and len(session.records) < most:
        seat = rng.choice(sorted(engine.active_seats(session.state)))
        moves = engine.legal_moves(session.state, seat)
        plays = [m for m in moves if m.kind != "orders"] or moves
        move = rng.choice(moves if rng.random() < 0.1 else plays)
        assert not isinstance(session.advance(seat, move), Invalid)
    entries = [
        {
            "seq": r.seq,
            "seat": r.seat,
            "move": dict(r.move),
            "move_audience": None if r.move_audience is None else sorted(r.move_audience),
            "events": [e.to_json() for e in r.events],
            "draws": [dict(d) for d in r.draws],
            "state": engine.dump(r.state),
        }
        for r in session.records
    ]
    return {
        "game": key,
        "version": engine.version,
        "seed": seed,
        "seats": seats,
        "options": session.options,
        "entries": entries,
    }


def write(name: str, match: dict[str, Any]) -> None:
    (HERE / f"{name}.json").write_text(json.dumps(match, separators=(",", ":")) + "\n", "utf-8")

"""Matches stored by earlier code load, dump byte for byte the same, and replay the same."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.engines import get
from games.engines.session import Stored, replay

from . import HERE

FILES = sorted(HERE.glob("*.json"))


def read(path: Any) -> dict[str, Any]:
    match: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return match


def exact(data: Any) -> str:
    """The JSON text as stored: key order kept, nothing sorted."""
    return json.dumps(data, separators=(",", ":"))


@pytest.fixture(params=FILES, ids=[f.stem for f in FILES])
def match(request: pytest.FixtureRequest) -> dict[str, Any]:
    return read(request.param)


def test_there_are_stored_matches_of_each_migrated_game():
    games = {read(f)["game"] for f in FILES}
    assert {"space-dogfight", "star-fighters"} <= games


def test_the_engine_version_is_the_one_that_stored_the_match(match):
    engine = get(match["game"])
    assert engine is not None and engine.version == match["version"]


def test_each_stored_state_loads_and_dumps_byte_for_byte_the_same(match):
    engine = get(match["game"])
    assert engine is not None
    for entry in match["entries"]:
        stored = entry["state"]
        assert exact(engine.dump(engine.load(stored))) == exact(stored), f"entry {entry['seq']}"


def test_the_stored_log_replays_to_the_same_events_dice_audiences_and_states(match):
    engine = get(match["game"])
    assert engine is not None
    entries = match["entries"]
    stored = [Stored(e["seq"], e["seat"], e["move"], e["events"], e["draws"]) for e in entries]
    session = replay(engine, match["options"], match["seats"], match["seed"].to_bytes(4, "big"), stored)
    assert len(session.records) == len(entries)
    for record, entry in zip(session.records, entries, strict=True):
        audience = None if record.move_audience is None else sorted(record.move_audience)
        assert audience == entry["move_audience"], f"entry {entry['seq']}"
        assert exact([e.to_json() for e in record.events]) == exact(entry["events"]), f"entry {entry['seq']}"
        assert exact(engine.dump(record.state)) == exact(entry["state"]), f"entry {entry['seq']}"

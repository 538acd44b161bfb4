"""Matches stored before the engines moved onto the shared kit load, dump and replay exactly
as they were stored."""

from __future__ import annotations

import json

import pytest

from games.engines import get
from games.engines.session import Stored, replay

from . import MATCHES, read


@pytest.fixture(scope="module", params=sorted(MATCHES))
def match(request: pytest.FixtureRequest) -> dict:
    return read(request.param)


def test_the_stored_match_was_written_by_todays_engine_version(match: dict) -> None:
    engine = get(match["game"])
    assert engine is not None
    assert engine.version == match["version"]


def test_every_stored_state_loads_and_dumps_byte_for_byte_the_same(match: dict) -> None:
    engine = get(match["game"])
    assert engine is not None
    for entry in match["entries"]:
        again = json.dumps(engine.dump(engine.load(json.loads(entry["state"]))))
        assert again == entry["state"], f"entry {entry['seq']}"


def test_the_stored_log_replays_to_the_same_events_dice_audiences_and_states(match: dict) -> None:
    engine = get(match["game"])
    assert engine is not None
    entries = match["entries"]
    stored = [Stored(e["seq"], e["seat"], e["move"], e["events"], e["draws"]) for e in entries]
    session = replay(engine, match["options"], match["seats"], match["seed"].to_bytes(4, "big"), stored)
    assert len(session.records) == len(entries)
    for record, entry in zip(session.records, entries, strict=True):
        audience = None if record.move_audience is None else sorted(record.move_audience)
        assert audience == entry["move_audience"], f"entry {entry['seq']}"
        assert json.dumps(engine.dump(record.state)) == entry["state"], f"entry {entry['seq']}"

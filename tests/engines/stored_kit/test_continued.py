"""Matches recorded by an earlier engine version that today's version continues
(``Engine.continues``) load as stored and replay to the same dice and states; only the
events the new version reworded differ, and the replay keeps the stored ones."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from games.engines import get
from games.engines.session import ReplayError, Stored, replay

from . import CONTINUED, read


@pytest.fixture(scope="module", params=sorted(CONTINUED))
def match(request: pytest.FixtureRequest) -> dict:
    return read(request.param)


def stored(match: dict) -> list[Stored]:
    return [
        Stored(e["seq"], e["seat"], e["move"], e["events"], e["draws"], match["version"])
        for e in match["entries"]
    ]


def test_the_recording_is_of_an_earlier_version_that_todays_engine_continues(match: dict) -> None:
    engine = get(match["game"])
    assert engine is not None
    assert match["version"] != engine.version and match["version"] in engine.continues
    assert engine.plays_on(match["version"])


def test_every_stored_state_of_the_earlier_version_loads_and_dumps_byte_for_byte_the_same(
    match: dict,
) -> None:
    engine = get(match["game"])
    assert engine is not None
    for entry in match["entries"]:
        again = json.dumps(engine.dump(engine.load(json.loads(entry["state"]))))
        assert again == entry["state"], f"entry {entry['seq']}"


def test_the_earlier_log_replays_to_the_same_dice_audiences_and_states(match: dict) -> None:
    engine = get(match["game"])
    assert engine is not None
    entries = match["entries"]
    session = replay(
        engine, match["options"], match["seats"], match["seed"].to_bytes(4, "big"), stored(match)
    )
    assert len(session.records) == len(entries)
    for record, entry in zip(session.records, entries, strict=True):
        assert [dict(d) for d in record.draws] == entry["draws"], f"entry {entry['seq']}"
        audience = None if record.move_audience is None else sorted(record.move_audience)
        assert audience == entry["move_audience"], f"entry {entry['seq']}"
        # the same state, save the notes only the new version's view reads
        again = engine.played(engine.dump(record.state))
        assert again == engine.played(json.loads(entry["state"])), f"entry {entry['seq']}"


def test_only_the_passed_events_differ_and_only_by_their_reasons(match: dict) -> None:
    engine = get(match["game"])
    assert engine is not None
    session = replay(
        engine, match["options"], match["seats"], match["seed"].to_bytes(4, "big"), stored(match)
    )
    reworded = 0
    for record, entry in zip(session.records, match["entries"], strict=True):
        now = [e.to_json() for e in record.events]
        if now != entry["events"]:
            reworded += 1
            assert len(now) == len(entry["events"]), f"entry {entry['seq']}"
            for new, old in zip(now, entry["events"], strict=True):
                if new != old:
                    assert new["kind"] == old["kind"] == "passed" and "why" in new["data"]
                    assert {**new, "data": {k: v for k, v in new["data"].items() if k != "why"}} == old
    assert reworded > 0  # the recording has passes the rules made, so the test sees a difference


def test_the_same_entries_as_todays_version_would_be_refused_for_their_events(match: dict) -> None:
    engine = get(match["game"])
    assert engine is not None
    mine = [replace(s, version="") for s in stored(match)]
    with pytest.raises(ReplayError, match="the events differ"):
        replay(engine, match["options"], match["seats"], match["seed"].to_bytes(4, "big"), mine)


def test_entries_of_a_version_not_continued_are_refused(match: dict) -> None:
    engine = get(match["game"])
    assert engine is not None
    assert not engine.plays_on("4")
    older = [replace(s, version="4") for s in stored(match)]
    with pytest.raises(ReplayError, match="written by version 4"):
        replay(engine, match["options"], match["seats"], match["seed"].to_bytes(4, "big"), older)


def test_a_changed_die_in_a_continued_entry_is_still_refused(match: dict) -> None:
    engine = get(match["game"])
    assert engine is not None
    entries = stored(match)
    i = next(i for i, s in enumerate(entries) if s.draws)
    die = {**entries[i].draws[0], "value": -1}
    entries[i] = replace(entries[i], draws=[die, *entries[i].draws[1:]])
    with pytest.raises(ReplayError, match="the dice differ"):
        replay(engine, match["options"], match["seats"], match["seed"].to_bytes(4, "big"), entries)

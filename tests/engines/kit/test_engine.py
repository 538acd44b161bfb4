"""The kit's engine: what every game's façade does the same way."""

from __future__ import annotations

import json

import pytest

from games.engines import all_engines
from games.engines.base import Engine, Move


@pytest.mark.parametrize("engine", all_engines(), ids=lambda e: e.key)
def test_a_move_the_notation_has_no_words_for_is_written_as_its_json(engine: Engine):
    move = Move.of("no_such_kind", x=1)
    assert engine.notation(move) == json.dumps({"kind": "no_such_kind", "x": 1}, sort_keys=True)


def test_a_star_fighters_move_missing_its_fields_is_written_as_its_json():
    (engine,) = [e for e in all_engines() if e.key == "star-fighters"]
    move = Move.of("place", die="r1")
    assert engine.notation(move) == json.dumps(move.to_json(), sort_keys=True)

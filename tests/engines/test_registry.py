"""The registry finds every engine package, whatever was imported first."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
KEYS = ["battleship-galaxies", "early-days", "space-dogfight", "star-fighters"]


def test_every_engine_is_registered_even_after_one_was_imported_directly():
    code = (
        "import games.engines.earlydays.forces\n"
        "from games.engines import all_engines\n"
        "print(sorted(e.key for e in all_engines()))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == str(KEYS)


def test_engine_keys_are_the_stable_public_ones():
    from games.engines import all_engines

    assert sorted(e.key for e in all_engines()) == KEYS


def test_named_returns_the_registered_engine_and_refuses_a_key_no_engine_has():
    from games.engines import get, named

    assert named("early-days") is get("early-days")
    with pytest.raises(KeyError, match="no engine is registered as 'chess'"):
        named("chess")

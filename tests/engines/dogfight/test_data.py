"""The data file (rules/README decision 1): every number cites the rules text or its ID."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from games.engines.dogfight import data as data_module
from games.engines.dogfight.data import DATA

TOML = Path(data_module.__file__).parent / "data" / "dogfight.toml"
CITATION = re.compile(r"\[SEED\]|\bSD-\d\d\b|\bSD-H\d\b|\bAS-SD-\d\b")
NUMBER = re.compile(r"^\s*([\w.]+)\s*=\s*\[?\s*-?\d")


def test_every_number_in_the_data_file_cites_the_rules_text_or_its_gaps_id():
    """The citation is on the number's line, the comment just above it, or its table's header."""
    section_cites = above_cites = False
    uncited = []
    for line in TOML.read_text("utf-8").splitlines():
        if line.startswith("["):
            section_cites = bool(CITATION.search(line))
        elif NUMBER.match(line) and not (section_cites or above_cites or CITATION.search(line)):
            uncited.append(line.strip())
        above_cites = line.startswith("#") and (above_cites or bool(CITATION.search(line)))
    assert uncited == []


def test_the_data_file_holds_every_number_the_rules_leave_out_or_give():
    rules = DATA.rules
    assert (rules["points_limit"], rules["hand_limit"], rules["draws_per_turn"]) == (80, 5, 3)
    assert (rules["move_cost"], rules["combat_cost"], rules["repeat_cost"]) == (1, 2, 1)
    assert (rules["support_bonus"], rules["turn_cap"], rules["die"]) == (1, 75, 6)
    assert (DATA.counters["DEF1"].def_bonus, DATA.counters["DEF2"].def_bonus) == (1, 2)
    assert DATA.placement == ("b5", "d5", "f5", "c6", "e6", "g6")  # SD-02
    assert DATA.zones == ((1, 2), (9, 10)) and DATA.forward == (1, -1)  # SD-01


@pytest.mark.parametrize(
    "broken",
    [
        {"select": (1, 1, 2, 2, 2, 2)},  # asteroid 3 could never be chosen (SD-05, SD-07)
        {"select": (1, 1, 2, 2, 3, 4)},  # there is no asteroid 4
        {"directions": ("north", "east", "south", "reroll", "reroll", "reroll")},  # never west (SD-06)
        {"placement": ("b5", "d5", "f5", "c6", "e6")},  # one square per die face (SD-02)
    ],
)
def test_inconsistent_tables_are_refused_when_the_data_is_loaded(broken):
    with pytest.raises(ValueError, match=r"dogfight\.toml"):
        data_module._validate(replace(DATA, **broken))

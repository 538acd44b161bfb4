"""Issue 13, item 6: the standalone verifier checks everything it can and fails loudly on
anything missing or malformed; it never crashes and never skips a check."""

from __future__ import annotations

import copy
import importlib.util
import json
from pathlib import Path

import pytest

from games import selectors
from games.play import services
from tests.games.helpers import started_match

pytestmark = pytest.mark.django_db

_spec = importlib.util.spec_from_file_location(
    "verify_export", Path(__file__).resolve().parents[2] / "tools" / "verify_export.py"
)
verifier = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(verifier)


@pytest.fixture
def export(alice, bob):
    match = started_match(alice, bob)
    services.match_resign(match_id=match.pk, user=bob)
    match.refresh_from_db()
    data = json.loads(json.dumps(selectors.export_for(match)))
    assert any(e["dice"] for e in data["entries"]), "the fixture needs an entry with dice"
    return data


def first_draw(data: dict) -> dict:
    return next(e for e in data["entries"] if e["dice"])["dice"][0]


def problems_of(data: dict) -> list[str]:
    problems, _ = verifier.verify(data)
    return problems


def test_a_genuine_export_checks_out(export):
    assert problems_of(export) == []


def test_a_die_with_zero_sides_fails_instead_of_crashing(export):
    first_draw(export)["sides"] = 0
    assert any("0 sides cannot be rolled" in p for p in problems_of(export))


def test_a_value_that_is_no_face_of_the_die_fails(export):
    draw = first_draw(export)
    draw["value"] = draw["sides"] + 1
    assert any("not a face" in p for p in problems_of(export))


@pytest.mark.parametrize(
    "remove",
    [
        lambda d: d.pop("dice_seed"),
        lambda d: d.pop("log_head"),
        lambda d: d.pop("salts"),
        lambda d: d["entries"][0].pop("hash"),
        lambda d: d["entries"][0].pop("created_at"),
        lambda d: first_draw(d).pop("sides"),
        lambda d: first_draw(d).pop("n"),
    ],
    ids=["dice_seed", "log_head", "salts", "hash", "created_at", "sides", "n"],
)
def test_a_missing_field_fails_loudly_instead_of_skipping_its_check(export, remove):
    broken = copy.deepcopy(export)
    remove(broken)
    problems = problems_of(broken)
    assert any(p.startswith("cannot be checked:") for p in problems), problems


def test_an_entry_left_out_of_the_middle_fails(export):
    export["entries"].append(copy.deepcopy(export["entries"][-1]))
    export["entries"][-1]["seq"] += 5
    assert any("expected seq" in p for p in problems_of(export))


def test_the_command_says_fail_and_exits_1_on_a_broken_file(tmp_path, export, capsys):
    first_draw(export)["sides"] = 0
    path = tmp_path / "export.json"
    path.write_text(json.dumps(export))
    assert verifier.main(["verify_export.py", str(path)]) == 1
    assert "FAIL" in capsys.readouterr().out
    path.write_text("{not json")
    assert verifier.main(["verify_export.py", str(path)]) == 1

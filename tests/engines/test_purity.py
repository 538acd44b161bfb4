"""Rules engines are pure: they import the standard library and each other, nothing else."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ENGINES = Path(__file__).resolve().parents[2] / "games" / "engines"
FORBIDDEN_CALLS = {"random", "time", "datetime", "os", "socket", "subprocess", "urllib", "http"}


def imports(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_engines_import_only_the_standard_library():
    files = sorted(ENGINES.rglob("*.py"))
    assert len(files) > 10
    for path in files:
        outside = {n for n in imports(path) if n not in sys.stdlib_module_names and n != "games"}
        assert not outside, f"{path.relative_to(ENGINES)} imports {outside}"


def test_engines_use_no_clock_no_io_and_no_random_module():
    for path in sorted(ENGINES.rglob("*.py")):
        used = imports(path) & FORBIDDEN_CALLS
        assert not used, f"{path.relative_to(ENGINES)} imports {used}: randomness comes from Dice only"


def test_engines_import_nothing_of_ours_outside_the_engines_package():
    for path in sorted(ENGINES.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.ImportFrom)
                and node.level == 0
                and (node.module or "").startswith("games")
            ):
                assert node.module.startswith("games.engines"), f"{path.name} imports {node.module}"

"""Rules engines are pure: they import the standard library, each other and msgspec (the
state codec's library: no I/O, no clock), nothing else."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ENGINES = Path(__file__).resolve().parents[2] / "games" / "engines"
FORBIDDEN_CALLS = {"random", "time", "datetime", "os", "socket", "subprocess", "urllib", "http"}
ALLOWED = {"games", "msgspec"}


def imports(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_engines_import_only_the_standard_library_and_msgspec():
    files = sorted(ENGINES.rglob("*.py"))
    assert len(files) > 10
    for path in files:
        outside = {n for n in imports(path) if n not in sys.stdlib_module_names and n not in ALLOWED}
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


TESTS = Path(__file__).resolve().parent


def test_the_engine_tests_read_the_engines_as_the_server_does_without_the_server():
    """The log's redaction and the session loop are the engines' own (audience, session):
    the engine tests need nothing of the server to test them."""
    for path in sorted(TESTS.rglob("*.py")):
        server = {
            n
            for n in _modules(path)
            if n.split(".")[0] == "django" or n.startswith(("games.models", "games.selectors"))
        }
        assert not server, f"{path.relative_to(TESTS)} imports {server}"


def _modules(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
            names |= {f"{node.module}.{a.name}" for a in node.names}
    return names

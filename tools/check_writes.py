"""Lint: only the write path (games/play/) writes matches, seats and log entries, and every
lock on one of their rows is ``FOR NO KEY UPDATE``.

Run by ``make lint``: ``python tools/check_writes.py [paths...]`` prints each offence as
``path:line: message`` and exits 1 if there is any. It reads the code, it does not run it:
within each function it follows what a name holds (``match: Match`` annotations,
``seat = Seat.objects.get(...)``, ``for s in match.seats.all()``, ``seat.match``) and
flags, on a Match, Seat or LogEntry, its managers or querysets:

- ``.save()``, ``.delete()``, ``.update()``, ``.create()``, ``.get_or_create()``,
  ``.update_or_create()``, ``.bulk_create()``, ``.bulk_update()``, ``.select_for_update()``
  outside games/play/;
- ``games.rows.update_row(Match | Seat | LogEntry, ...)`` and ``insert_row(<one of them>)``
  outside games/play/;
- ``select_for_update()`` without ``no_key=True`` anywhere (the one lock is games.play.locking).
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCANNED = ("games", "notifications", "accounts", "config")
WRITE_PATH = "games/play/"
SKIPPED = ("/migrations/", "games/engines/", "games/bots/")

MODELS = {"Match", "Seat", "LogEntry"}
WRITES = {
    "save",
    "delete",
    "update",
    "create",
    "get_or_create",
    "update_or_create",
    "bulk_create",
    "bulk_update",
    "select_for_update",
}
QUERYSET = {
    "all",
    "filter",
    "exclude",
    "order_by",
    "select_related",
    "prefetch_related",
    "only",
    "defer",
    "distinct",
    "select_for_update",
    "using",
    "none",
}
INSTANCE = {"get", "first", "last", "earliest", "latest", "create"}
# Relations by name: Match.seats / User.seats -> Seat, Match.log -> LogEntry, X.match -> Match.
MANAGERS = {"seats": "Seat", "log": "LogEntry"}
FOREIGN = {"match": "Match"}


# What an expression holds: ("class" | "manager" | "row", model name); a queryset is a manager.
Kind = tuple[str, str]


def kind(what: str, model: str) -> Kind:
    return (what, model)


class Checker(ast.NodeVisitor):
    def __init__(self, path: str) -> None:
        self.path = path
        self.inside = path.startswith(WRITE_PATH)
        self.scopes: list[dict[str, Kind]] = [{name: kind("class", name) for name in MODELS}]
        self.problems: list[tuple[int, str]] = []

    # -- what an expression holds ----------------------------------------------------------
    def lookup(self, name: str) -> Kind | None:
        for scope in reversed(self.scopes):
            if name in scope:
                return scope[name]
        return None

    def of(self, node: ast.AST | None) -> Kind | None:
        if isinstance(node, ast.Name):
            return self.lookup(node.id)
        if isinstance(node, ast.Attribute):
            base = self.of(node.value)
            if base is None:
                # user.seats, request.user.seats: the seats are Seat rows whoever holds them
                return kind("manager", "Seat") if node.attr == "seats" else None
            what, model = base
            if what == "class" and node.attr == "objects":
                return kind("manager", model)
            if what == "row" and node.attr in MANAGERS:
                return kind("manager", MANAGERS[node.attr])
            if what == "row" and node.attr in FOREIGN:
                return kind("row", FOREIGN[node.attr])
            return None
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id in MODELS:
                return kind("row", func.id)
            if isinstance(func, ast.Attribute):
                base = self.of(func.value)
                if base is not None and base[0] == "manager":
                    if func.attr in QUERYSET:
                        return base
                    if func.attr in INSTANCE:
                        return kind("row", base[1])
        if isinstance(node, ast.Subscript):  # qs[0], qs[:10]
            base = self.of(node.value)
            if base is not None and base[0] == "manager":
                return base if isinstance(node.slice, ast.Slice) else kind("row", base[1])
        return None

    def annotation(self, node: ast.AST | None) -> Kind | None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):  # "Match"
            name = node.value
        elif isinstance(node, ast.Name):
            name = node.id
        elif isinstance(node, ast.BinOp):  # Match | None
            return self.annotation(node.left) or self.annotation(node.right)
        elif isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
            if node.value.id in ("list", "Sequence", "Iterable", "QuerySet"):
                inner = self.annotation(node.slice)
                return kind("manager", inner[1]) if inner else None
            return self.annotation(node.slice)
        else:
            return None
        return kind("row", name) if name in MODELS else None

    def bind(self, target: ast.AST, value: Kind | None) -> None:
        if isinstance(target, ast.Name):
            if value is None:
                self.scopes[-1].pop(target.id, None)
            else:
                self.scopes[-1][target.id] = value

    def element(self, iterable: ast.AST) -> Kind | None:
        got = self.of(iterable)
        return kind("row", got[1]) if got is not None and got[0] == "manager" else None

    # -- scopes ------------------------------------------------------------------------------
    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        scope: dict[str, Kind] = {}
        args = node.args
        for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs]:
            found = self.annotation(arg.annotation)
            if found is not None:
                scope[arg.arg] = found
        self.scopes.append(scope)
        self.generic_visit(node)
        self.scopes.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Assign(self, node: ast.Assign) -> None:
        self.generic_visit(node)
        value = self.of(node.value)
        for target in node.targets:
            self.bind(target, value)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        self.generic_visit(node)
        self.bind(node.target, self.annotation(node.annotation) or self.of(node.value))

    def visit_For(self, node: ast.For) -> None:
        self.visit(node.iter)
        self.bind(node.target, self.element(node.iter))
        for statement in [*node.body, *node.orelse]:
            self.visit(statement)

    def visit_comprehension(self, node: ast.comprehension) -> None:
        self.visit(node.iter)
        self.bind(node.target, self.element(node.iter))
        for condition in node.ifs:
            self.visit(condition)

    def _comprehension(self, node: ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp) -> None:
        self.scopes.append({})
        for generator in node.generators:
            self.visit_comprehension(generator)
        for field in ("elt", "key", "value"):
            child = getattr(node, field, None)
            if child is not None:
                self.visit(child)
        self.scopes.pop()

    visit_ListComp = visit_SetComp = visit_GeneratorExp = visit_DictComp = _comprehension

    # -- the offences ------------------------------------------------------------------------
    def visit_Call(self, node: ast.Call) -> None:
        self.generic_visit(node)
        func = node.func
        if isinstance(func, ast.Attribute):
            target = self.of(func.value)
            if func.attr == "select_for_update" and target is not None:
                no_key = any(
                    k.arg == "no_key" and isinstance(k.value, ast.Constant) and k.value.value is True
                    for k in node.keywords
                )
                if not no_key:
                    self.report(node, f"lock {target[1]} rows FOR NO KEY UPDATE (games.play.locking)")
            if func.attr in WRITES and target is not None and not self.inside:
                self.report(node, f"{target[1]}.{func.attr}() outside the write path (games/play/)")
        elif isinstance(func, ast.Name) and not self.inside and node.args:
            first = node.args[0]
            if func.id == "update_row" and isinstance(first, ast.Name) and first.id in MODELS:
                self.report(node, f"update_row({first.id}, ...) outside the write path (games/play/)")
            written = self.of(first)
            if func.id == "insert_row" and written is not None:
                self.report(node, f"insert_row(<{written[1]}>) outside the write path (games/play/)")

    def report(self, node: ast.AST, message: str) -> None:
        self.problems.append((getattr(node, "lineno", 0), message))


def check_source(path: str, source: str) -> list[tuple[int, str]]:
    """The offences in one module's source; ``path`` is relative to the repository."""
    checker = Checker(path)
    checker.visit(ast.parse(source, filename=path))
    return sorted(checker.problems)


def files(paths: list[str]) -> Iterator[Path]:
    for top in paths or SCANNED:
        start = ROOT / top
        for path in sorted([start] if start.is_file() else start.rglob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            if not any(part in f"/{relative}" for part in SKIPPED):
                yield path


def main(argv: list[str]) -> int:
    found = 0
    for path in files(argv):
        relative = path.relative_to(ROOT).as_posix()
        for line, message in check_source(relative, path.read_text(encoding="utf-8")):
            print(f"{relative}:{line}: {message}")
            found += 1
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

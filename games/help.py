"""What a game's help page shows (rules/README.md decision 1, docs/HOUSE-RULES.md): the
engine's seats, options and notation, every value of the game's data files with where it
comes from, and the house rules of that game.

The engines' own loaders (``games/engines/<game>/data.py``) keep the values but drop the
comments, and the comments are where each value names its source: ``[SEED]`` (the rules
text), ``[SOURCED]`` (published material), a GAPS.md ID such as ``SD-03`` (a default we
chose) or a house-rule ID such as ``SF-H1``. So the TOML files are read here once more,
line by line, each value parsed with ``tomllib`` and paired with its comment.
"""

from __future__ import annotations

import importlib
import inspect
import json
import re
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from django.conf import settings

from . import catalog
from .engines import get as get_engine
from .engines.base import Engine

HOUSE_RULES = Path(settings.BASE_DIR) / "docs" / "HOUSE-RULES.md"
_ID = re.compile(r"\b(?:AS-[A-Z]{2}-\d+|[A-Z]{2}-H\d+|[A-Z]{2}-\d{2,})\b")
_HOUSE_RULE_ID = re.compile(r"\b[A-Z]{2}-H\d+\b")
_BOUND = re.compile(r"\b(?:option|house) bound\b|\bnot a rule\b", re.I)
_MARKS = (
    (re.compile(r"\[SEED\]"), "rules"),
    (re.compile(r"\[SOURCED\]"), "sourced"),
    (_ID, "default"),
    (re.compile(r"\bhouse\b", re.I), "house"),
)
MAX_SHOWN = 400
"""Characters of one value shown before it is cut (a few target grids are long)."""

SOURCES = {
    "rules": "Rules text",
    "sourced": "Published material",
    "house-rule": "House rule",
    "default": "House default",
    "house": "House value",
    "bound": "Not a rule (a bound of an option, an order of display)",
    "": "Not marked",
}
"""What each kind of source is called on the page."""


@dataclass(frozen=True)
class Value:
    key: str
    shown: str
    source: str  # a key of SOURCES
    ids: tuple[str, ...]
    note: str  # the comment beside the value, as written

    @property
    def house(self) -> bool:
        return self.source in ("house-rule", "default", "house")


@dataclass(frozen=True)
class Table:
    name: str
    note: str
    values: tuple[Value, ...]


@dataclass(frozen=True)
class DataFile:
    name: str
    about: str
    house: bool  # the whole file is labelled house data (``house = true``)
    tables: tuple[Table, ...]

    @property
    def house_values(self) -> int:
        return sum(v.house for t in self.tables for v in t.values)


def classify(note: str) -> tuple[str, tuple[str, ...]]:
    """(source, IDs) of one comment. A house-rule ID or an option bound anywhere decides;
    otherwise the first mark does, as the files write the value's own source first
    ("SD-02: ... (re-roll if occupied, [SEED])" is a default; "[SEED] ...; SD-08 ..." is
    the rules text)."""
    ids = tuple(dict.fromkeys(_ID.findall(note)))
    if _HOUSE_RULE_ID.search(note):
        return "house-rule", ids
    if _BOUND.search(note):
        return "bound", ids
    marks = [(m.start(), kind) for pattern, kind in _MARKS for m in [pattern.search(note)] if m]
    if not marks:
        return "", ids
    kind = min(marks)[1]
    return ("default" if kind == "house" and ids else kind), ids


def _outside_strings(line: str) -> Iterator[tuple[int, str]]:
    """(index, character) of each character of a TOML line that is not inside a string."""
    quote = ""
    i = 0
    while i < len(line):
        c = line[i]
        if quote:
            if c == "\\" and quote == '"':
                i += 1
            elif c == quote:
                quote = ""
        elif c in "\"'":
            quote = c
        else:
            yield i, c
        i += 1


def _split_comment(line: str) -> tuple[str, str]:
    """(code, comment) of one line; a ``#`` inside a string is not a comment."""
    for i, c in _outside_strings(line):
        if c == "#":
            return line[:i].rstrip(), line[i + 1 :].strip()
    return line.rstrip(), ""


def _open_brackets(code: str) -> int:
    """Brackets opened minus closed outside strings: > 0 while a value goes on."""
    return sum((c in "[{") - (c in "]}") for _, c in _outside_strings(code))


def shown(value: Any) -> str:
    """A parsed TOML value as the page shows it: text as is, the rest as compact JSON."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    return text if len(text) <= MAX_SHOWN else text[: MAX_SHOWN - 1] + "…"


class _Tables:
    """Collects the tables of one file in order, numbering arrays of tables."""

    def __init__(self) -> None:
        self.order: list[str] = [""]
        self.notes: dict[str, str] = {"": ""}
        self.fallback: dict[str, str] = {"": ""}
        self.values: dict[str, list[Value]] = {"": []}
        self.counts: dict[str, int] = {}

    def start(self, header: str, inline: str, block: list[str]) -> str:
        if header.startswith("[["):
            name = header[2:-2].strip()
            self.counts[name] = self.counts.get(name, 0) + 1
            name = f"{name} #{self.counts[name]}"
        else:
            name = header[1:-1].strip()
        self.order.append(name)
        self.notes[name] = " ".join([*block, inline]).strip()
        self.fallback[name] = inline  # only the header's own comment speaks for its values
        self.values[name] = []
        return name

    def result(self) -> tuple[Table, ...]:
        return tuple(
            Table(n, self.notes[n], tuple(self.values[n])) for n in self.order if self.values[n] or n
        )


def read_data_file(path: Path) -> DataFile:
    """Every value of one TOML data file, with its source taken from its comment (or from
    the comment lines just above it, or from its table's header line)."""
    text = path.read_text("utf-8")
    parsed = tomllib.loads(text)  # the file must be valid TOML as a whole, too
    lines = text.splitlines()
    about: list[str] = []
    for line in lines:
        if not line.startswith("#"):
            break
        about.append(line.lstrip("#").strip())
    tables = _Tables()
    table = ""
    block: list[str] = []
    i = len(about)
    while i < len(lines):
        code, comment = _split_comment(lines[i].strip())
        i += 1
        if not code:
            block = [*block, comment] if comment else []
            continue
        if code.startswith("["):
            table, block = tables.start(code, comment, block), []
            continue
        key, _, raw = code.partition("=")
        items: list[str] = []  # the comments of the lines of a value over several lines
        while _open_brackets(raw) > 0 and i < len(lines):
            more, more_comment = _split_comment(lines[i].strip())
            raw, i = f"{raw}\n{more}", i + 1
            if more.strip(" ]},"):
                items.append(more_comment)
        value = tomllib.loads(f"v = {raw.strip()}")["v"]
        fallbacks = (comment, " ".join(block), tables.fallback[table])
        if isinstance(value, list) and items and len(items) == len(value):
            # one element per line, each with its own source: a row each
            for n, (element, note) in enumerate(zip(value, items, strict=True), start=1):
                tables.values[table].append(_value(f"{key.strip()} [{n}]", element, note, fallbacks))
        else:
            note = "; ".join(c for c in (comment, *items) if c)
            tables.values[table].append(_value(key.strip(), value, note, fallbacks[1:]))
        block = []
    return DataFile(path.name, "\n".join(about).strip(), parsed.get("house") is True, tables.result())


def _value(key: str, value: Any, note: str, fallbacks: tuple[str, ...]) -> Value:
    """One value; without a mark of its own, the first comment around it that has one."""
    source, ids = classify(note)
    for fallback in fallbacks:
        if source:
            break
        source, ids = classify(fallback)
    return Value(key, shown(value), source, ids, note or next((f for f in fallbacks if f), ""))


def data_dir(engine: Engine) -> Path:
    return Path(inspect.getfile(type(engine))).parent / "data"


def notation_of(engine: Engine) -> tuple[str, str]:
    """(reference, examples) of the game's text notation, from its engine's notation
    module: the module's docstring lists every form, HELP gives examples."""
    package = type(engine).__module__.rpartition(".")[0]
    try:
        module = importlib.import_module(f"{package}.notation")
    except ImportError:
        return "", ""
    doc = inspect.cleandoc(module.__doc__ or "")
    _, _, reference = doc.partition("\n\n")  # after the summary line
    return reference.strip(), getattr(module, "HELP", "")


def rules_prefix(key: str) -> str:
    """The game's ID prefix in GAPS.md and docs/HOUSE-RULES.md ("SD"), from its UI hints."""
    found = catalog.entry(key)
    return found.hints.rules_prefix if found else ""


def house_rules(key: str, path: Path = HOUSE_RULES) -> list[dict[str, str]]:
    """The rows of docs/HOUSE-RULES.md's table for one game (by ID prefix)."""
    prefix = rules_prefix(key)
    if not prefix or not path.exists():
        return []
    rows = [
        line.strip().strip("|").split("|")
        for line in path.read_text("utf-8").splitlines()
        if line.startswith("|")
    ]
    if len(rows) < 2:
        return []
    header = [h.strip().lower() for h in rows[0]]
    found = []
    for cells in rows[2:]:  # after the header and its |---| line
        row = dict(zip(header, (c.strip() for c in cells), strict=False))
        if row.get("id", "").startswith(f"{prefix}-H"):
            found.append(row)
    return found


def house_by_id(files: tuple[DataFile, ...]) -> list[dict[str, Any]]:
    """Every house value, grouped under the GAPS.md or house-rule ID it cites (in ID
    order; values marked only "house" last), for the page's summary."""
    groups: dict[str, list[dict[str, str]]] = {}
    for f in files:
        for t in f.tables:
            for v in t.values:
                if not v.house:
                    continue
                for ref in v.ids or ("",):
                    place = f"{t.name}.{v.key}" if t.name else v.key
                    groups.setdefault(ref, []).append({"file": f.name, "place": place, "value": v.shown})
    order = sorted((ref for ref in groups if ref), key=_id_order)
    return [
        {"id": ref, "kind": _id_kind(ref), "values": groups[ref]}
        for ref in [*order, *([""] if "" in groups else [])]
    ]


def _id_order(ref: str) -> tuple[str, int]:
    head, _, number = ref.rpartition("-")
    digits = number.lstrip("H")
    return (head + ("-H" if number.startswith("H") else ""), int(digits) if digits.isdigit() else 0)


def _id_kind(ref: str) -> str:
    if not ref:
        return "house"
    return "house-rule" if _HOUSE_RULE_ID.fullmatch(ref) else "default"


def _options(engine: Engine) -> list[dict[str, Any]]:
    rows = []
    for name, spec in engine.options_schema().get("properties", {}).items():
        if "enum" in spec:
            allowed = ", ".join(str(v) for v in spec["enum"])
        elif "minimum" in spec or "maximum" in spec:
            allowed = f"{spec.get('minimum', '…')} to {spec.get('maximum', '…')}"
        else:
            allowed = spec.get("type", "")
        rows.append(
            {
                "name": name,
                "title": spec.get("title") or name.replace("_", " ").capitalize(),
                "description": spec.get("description", ""),
                "default": spec.get("default"),
                "allowed": allowed,
            }
        )
    return rows


@cache
def game_help(key: str) -> dict[str, Any] | None:
    """Everything the help page of game ``key`` shows, or None for an unknown game. Read
    once per process: the data files and docs do not change while it runs."""
    engine = get_engine(key)
    if engine is None:
        return None
    reference, examples = notation_of(engine)
    files = tuple(read_data_file(p) for p in sorted(data_dir(engine).glob("*.toml")))
    seats = engine.min_seats if engine.min_seats == engine.max_seats else None
    return {
        "key": engine.key,
        "title": engine.title,
        "version": engine.version,
        "players": seats or f"{engine.min_seats} to {engine.max_seats}",
        "seat_names": [engine.seat_name(i) for i in range(engine.max_seats)],
        "options": _options(engine),
        "notation": reference,
        "notation_examples": examples,
        "files": files,
        "house_values": sum(f.house_values for f in files),
        "house_by_id": house_by_id(files),
        "house_rules": house_rules(engine.key),
        "prefix": rules_prefix(engine.key),
    }

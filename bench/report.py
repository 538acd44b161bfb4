"""The printed report: lines and tables, echoed as they come and saved at the end."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from pathlib import Path


class Report:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def line(self, text: str = "") -> None:
        print(text, flush=True)
        self.lines.append(text)

    def heading(self, text: str) -> None:
        self.line()
        self.line(text)
        self.line("-" * len(text))

    def table(self, headers: Sequence[str], rows: Sequence[Sequence[object]]) -> None:
        cells = [[str(h) for h in headers]] + [[_cell(c) for c in row] for row in rows]
        widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
        for n, row in enumerate(cells):
            first = row[0].ljust(widths[0])
            rest = "  ".join(c.rjust(w) for c, w in zip(row[1:], widths[1:], strict=True))
            self.line(f"  {first}  {rest}".rstrip())
            if n == 0:
                self.line("  " + "  ".join("-" * w for w in widths))

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("\n".join(self.lines) + "\n")


def _cell(value: object) -> str:
    if isinstance(value, float):
        return f"{value:,.2f}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def ms(seconds: float) -> float:
    return seconds * 1000.0


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else float("nan")


def percentile(values: Sequence[float], p: int) -> float:
    """The p-th percentile (1..99), exclusive method; NaN for fewer than two samples."""
    if len(values) < 2:
        return float("nan")
    return statistics.quantiles(values, n=100)[p - 1]


def ratio(a: float, b: float) -> float:
    return a / b if b else float("nan")

"""Drawing helpers for boards of squares named like "b3" (files a, b, ... and rows 1, 2, ...).

The game renderers decide what stands on a square; these helpers lay the squares out as
SVG, monospace text or an HTML table. Every value that reaches the markup is escaped here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape


def esc(value: object) -> str:
    """Text or attribute value, escaped for HTML and SVG (quotes included)."""
    return escape(str(value), quote=True)


def attrs(**values: object) -> str:
    """` key="value"` pairs; a trailing underscore is dropped (class_) and _ becomes -."""
    out = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        out.append(f' {name}="{esc(value)}"')
    return "".join(out)


@dataclass(frozen=True)
class Layout:
    """Where each square of a ``files`` × ``rows`` board is drawn.

    Row 1 is at the bottom unless ``flipped`` (then the board is seen from the other side,
    as a player sitting there would see it: row 1 on top, file a on the right).
    """

    files: Sequence[str]
    rows: int
    cell: int = 40
    margin: int = 20
    flipped: bool = False

    @property
    def width(self) -> int:
        return self.margin * 2 + self.cell * len(self.files)

    @property
    def height(self) -> int:
        return self.margin * 2 + self.cell * self.rows

    def column(self, file_index: int) -> int:
        return len(self.files) - 1 - file_index if self.flipped else file_index

    def line(self, row: int) -> int:
        """0 for the top line of squares."""
        return row - 1 if self.flipped else self.rows - row

    def origin(self, square: str) -> tuple[int, int] | None:
        """Top-left corner of ``square`` in SVG units, or None if it is not on the board."""
        parsed = parse(square, self.files, self.rows)
        if parsed is None:
            return None
        f, r = parsed
        return self.margin + self.column(f) * self.cell, self.margin + self.line(r) * self.cell

    def centre(self, square: str) -> tuple[float, float] | None:
        corner = self.origin(square)
        if corner is None:
            return None
        return corner[0] + self.cell / 2, corner[1] + self.cell / 2

    def squares(self) -> list[str]:
        """Every square, in drawing order (top line first, left to right)."""
        order = sorted(
            ((f, r) for r in range(1, self.rows + 1) for f in range(len(self.files))),
            key=lambda fr: (self.line(fr[1]), self.column(fr[0])),
        )
        return [f"{self.files[f]}{r}" for f, r in order]


def parse(square: str, files: Sequence[str], rows: int) -> tuple[int, int] | None:
    """("b3") -> (1, 3): file index and row; None when it is not a square of the board."""
    if not isinstance(square, str) or len(square) < 2 or square[0] not in files:
        return None
    try:
        row = int(square[1:])
    except ValueError:
        return None
    return (list(files).index(square[0]), row) if 1 <= row <= rows else None


def svg_squares(layout: Layout, style: Callable[[str], tuple[str, str]]) -> list[str]:
    """One <rect> per square; ``style(square)`` gives its (class, fill)."""
    out = []
    for sq in layout.squares():
        x, y = layout.origin(sq) or (0, 0)
        cls, fill = style(sq)
        out.append(
            f"<rect{attrs(class_=f'sq {cls}'.strip(), data_square=sq, x=x, y=y)}"
            f' width="{layout.cell}" height="{layout.cell}"{attrs(fill=fill)}'
            ' stroke="#4a5575" stroke-width="0.5"/>'
        )
    return out


def svg_labels(layout: Layout) -> list[str]:
    """File letters above and below the board, row numbers left and right."""
    out = []
    half, m, c = layout.cell / 2, layout.margin, layout.cell
    font = ' font-size="13" fill="#9aa4c0" text-anchor="middle" dominant-baseline="central"'
    for i, name in enumerate(layout.files):
        x = m + layout.column(i) * c + half
        for y in (m / 2, layout.height - m / 2):
            out.append(f'<text class="label coord" x="{x}" y="{y}"{font}>{esc(name)}</text>')
    for row in range(1, layout.rows + 1):
        y = m + layout.line(row) * c + half
        for x in (m / 2, layout.width - m / 2):
            out.append(f'<text class="label coord" x="{x}" y="{y}"{font}>{row}</text>')
    return out


def text_grid(files: Sequence[str], rows: int, cell: Callable[[str], str], width: int = 4) -> list[str]:
    """Rows ``rows`` .. 1, each line "10  ..  ..  10", with file letters above and below."""
    head = "    " + "".join(f.center(width) for f in files)
    lines = [head]
    for row in range(rows, 0, -1):
        body = "".join(cell(f"{f}{row}").center(width) for f in files)
        lines.append(f"{row:>3} {body} {row}")
    lines.append(head)
    return [line.rstrip() for line in lines]


def html_grid(
    files: Sequence[str],
    rows: int,
    cell: Callable[[str], tuple[str, str, str]],
    size: int = 30,
) -> str:
    """A <table> with inline styles (for mail clients that drop SVG and <style>).

    ``cell(square)`` gives (text, background colour, text colour); text is escaped here.
    """
    label = f"width:{size}px;height:{size}px;text-align:center;color:#667;font:11px sans-serif"
    head = "<tr><td></td>" + "".join(f'<td style="{label}">{esc(f)}</td>' for f in files) + "<td></td></tr>"
    body = []
    for row in range(rows, 0, -1):
        tds = []
        for f in files:
            text, bg, fg = cell(f"{f}{row}")
            style = (
                f"width:{size}px;height:{size}px;text-align:center;vertical-align:middle;"
                f"background:{bg};color:{fg};border:1px solid #99a;font:bold 12px monospace"
            )
            tds.append(f'<td style="{esc(style)}">{esc(text)}</td>')
        body.append(f'<tr><td style="{label}">{row}</td>{"".join(tds)}<td style="{label}">{row}</td></tr>')
    return (
        '<table role="presentation" cellpadding="0" cellspacing="0" '
        'style="border-collapse:collapse;margin:8px 0">'
        f"{head}{''.join(body)}{head}</table>"
    )

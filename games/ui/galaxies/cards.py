"""The ship cards in play drawn under the Battleship Galaxies board (render.py),
and the shield and hull pegs both drawings share. Only the view dict is read."""

from __future__ import annotations

from html import escape
from typing import Any


def esc(value: Any) -> str:
    return escape(str(value), quote=True)


def pegs(ship: dict[str, Any], x: float, y: float) -> list[str]:
    """Blue shield pegs and red hull pegs under the ship's label."""
    shields, damage = int(ship.get("shields") or 0), int(ship.get("damage") or 0)
    pegs = ["#60a5fa"] * min(shields, 8) + ["#ef4444"] * min(damage, 8)
    start = x - (len(pegs) - 1) * 2.5
    return [
        f'<circle class="peg" pointer-events="none" cx="{start + i * 5:.1f}" cy="{y:.1f}" r="2" fill="{colour}"/>'
        for i, colour in enumerate(pegs)
    ]


def svg_cards(
    view: dict[str, Any], width: float, top: float, fills: dict[str, str]
) -> tuple[list[str], float]:
    """The ship cards in play under the board, two to a row: name, version and numbers,
    weapons, power, attached tactic cards, each ship's pegs and the target grid (BG-04)."""
    cards, ships = view.get("cards") or [], {s["id"]: s for s in view.get("ships", [])}
    col_w, line, out, y = (width - 12) / 2, 10, [], top + 4
    for row in range(0, len(cards), 2):
        pair = [(c, *_card_box(c, ships)) for c in cards[row : row + 2]]
        height = max(50, *(8 + line * (len(texts) + len(marks)) for _, texts, marks in pair))
        for i, (card, texts, marks) in enumerate(pair):
            x = 4 + i * (col_w + 4)
            body = [
                f"<title>{esc(' / '.join(texts))}</title>",
                f'<rect x="{x:.1f}" y="{y:.1f}" width="{col_w:.1f}" height="{height}" rx="3" fill="#161f38"'
                f' stroke="{"#f5a524" if card.get("activated") else "#26304d"}"/>',
                f'<rect x="{x:.1f}" y="{y:.1f}" width="3" height="{height}"'
                f' fill="{fills.get(str(card.get("faction")), "#999")}"/>',
            ]
            for n, t in enumerate([*texts, *(label for label, _ in marks)]):
                bold = ' font-weight="bold"' if n == 0 else ""
                body.append(
                    f'<text x="{x + 7:.1f}" y="{y + 11 + n * line:.1f}" font-size="8"{bold} fill="#e8ecf8">{esc(t)}</text>'
                )
            for n, (_, peg_view) in enumerate(marks):
                count = min(peg_view["shields"], 8) + min(peg_view["damage"], 8)
                body += pegs(peg_view, x + 32 + (count - 1) * 2.5, y + 8 + (len(texts) + n) * line)
            body += _mini_grid(card.get("grid") or [], x + col_w - 34, y + 5)
            out.append(
                f'<g class="card" data-card="{esc(card.get("code"))}" data-owner="{esc(card.get("owner"))}"'
                ' font-family="sans-serif">' + "".join(body) + "</g>"
            )
        y += height + 4
    return out, (y - top if cards else 0)


def _card_box(card: dict[str, Any], ships: dict[str, Any]) -> tuple[list[str], list[tuple[str, dict]]]:
    """A card's lines of text, and (label, pegs) for each of its ships."""
    s = card.get("stats", {})
    texts = [
        f"{str(card.get('code', '')).upper()} {card.get('name')}",
        f"{card.get('version')} {card.get('size')}{' squadron' if card.get('squadron') else ''}, "
        f"move {s.get('move')}, activate {s.get('activate')}",
        f"hull {s.get('hull')}, shields {s.get('shields')}, capacity {s.get('capacity')}",
    ]
    texts += [
        f"{w.get('name')}: range {w.get('range')}, {w.get('attacks')} x {w.get('strength')}, charge {w.get('charge')}"
        for w in card.get("weapons", [])
    ]
    if card.get("power"):
        texts.append(f"power: {card['power'].get('name')}")
    texts += [f"+ {a.get('name')} ({a.get('type')})" for a in card.get("attached", [])]
    pegs = [
        (
            str(pid).upper(),
            {
                "shields": int(ships.get(pid, {}).get("shields") or 0),
                "damage": int(ships.get(pid, {}).get("damage") or 0),
            },
        )
        for pid in card.get("ships", [])
    ]
    return texts, pegs


def _mini_grid(rows: list[str], x: float, y: float) -> list[str]:
    """The target grid (BG-04): rows A-J of the letter die, columns 1-10 of the number die."""
    colours = {"x": "#7c8db5", "*": "#ef4444"}
    size = 3 * len(rows)
    out = [
        '<g class="target-grid"><title>Target grid: rows A-J (letter die), columns 1-10 (number die); '
        f'red cells are critical</title><rect x="{x:.1f}" y="{y:.1f}" width="{size}" height="{size}" fill="#0b1020"/>'
    ]
    out += [
        f'<rect class="grid-{"critical" if cell == "*" else "hit"}" x="{x + c * 3:.1f}" y="{y + r * 3:.1f}"'
        f' width="2.6" height="2.6" fill="{colours[cell]}"/>'
        for r, row in enumerate(rows)
        for c, cell in enumerate(row)
        if cell in colours
    ]
    return [*out, "</g>"]

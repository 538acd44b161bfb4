"""Space Dogfight drawings from the engine's view dict (games/engines/dogfight/view.py).

``svg`` is the board on the match page; ``text`` and ``html`` go into emails. Each draws
only what the view holds, so a view for one seat can never show another seat's secrets.
Squares carry ``data-square`` and ships ``data-ship`` so the page script and browser tests
can find them.
"""

from __future__ import annotations

from typing import Any

from ..common.grid import Layout, attrs, esc, html_grid, svg_labels, svg_squares, text_grid

COLOURS = {"blue": "#3b82f6", "red": "#e5484d"}
ZONE_TINTS = {"blue": "#1d3566", "red": "#5a2230"}
SQUARE_FILLS = ("#131a30", "#18213b")
ASTEROID_FILL = "#8b8f99"
PHASES = {
    "build": "secret fleet building",
    "place": "placing ships",
    "play": "in play",
    "over": "over",
}


def _files(view: dict[str, Any]) -> list[str]:
    files = view.get("board", {}).get("files", 8)
    return [chr(ord("a") + i) for i in range(files)] if isinstance(files, int) else list(files)


def _zone_of(view: dict[str, Any]) -> dict[int, str]:
    """Row -> colour of the starting zone that row belongs to."""
    zones = view.get("board", {}).get("zones", {})
    return {row: colour for colour, rows in zones.items() for row in rows}


def _flipped(view: dict[str, Any]) -> bool:
    """Show a player their own starting zone at the bottom, as across a real table."""
    you = view.get("you")
    if not you:
        return False
    rows = view.get("board", {}).get("zones", {}).get(you.get("colour"), [])
    return bool(rows) and min(rows) > view.get("board", {}).get("rows", 10) / 2


def _ship_title(ship: dict[str, Any]) -> str:
    stats = " ".join(f"{k.upper()} {ship[k]}" for k in ("pts", "mov", "att", "def") if k in ship)
    return f"{ship['colour'].capitalize()} {ship['type']} ({ship['id']}) {stats}".strip()


def _counter_label(view: dict[str, Any], item: dict[str, Any]) -> str:
    types = view.get("counter_types") or {}
    return item.get("label") or types.get(item.get("type"), {}).get("label") or str(item.get("type"))


def status_line(view: dict[str, Any]) -> str:
    """The phase and who must act, e.g. "Turn 4, Red on turn"."""
    phase = view.get("phase")
    turn = view.get("turn")
    players = view.get("players") or []
    active = [p["name"] if "name" in p else p["colour"].capitalize() for p in players if p.get("active")]
    if phase == "play" and turn:
        who = " and ".join(active) or turn["colour"].capitalize()
        line = f"Turn {turn['number']}, {turn['colour'].capitalize()} on turn"
        return line if who == turn["colour"].capitalize() else f"{line}; {who} to answer"
    label = PHASES.get(str(phase), str(phase)).capitalize()
    return f"{label}: {' and '.join(active)} to act" if active else label


# -- SVG ----------------------------------------------------------------------------------


def svg(view: dict[str, Any]) -> str:
    files, rows = _files(view), int(view.get("board", {}).get("rows", 10))
    layout = Layout(files, rows, flipped=_flipped(view))
    zone = _zone_of(view)

    def style(sq: str) -> tuple[str, str]:
        row = int(sq[1:])
        if row in zone:
            return f"zone zone-{zone[row]}", ZONE_TINTS.get(zone[row], "#333")
        return "", SQUARE_FILLS[(files.index(sq[0]) + row) % 2]

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {layout.width} {layout.height}"'
        f' class="board board-dogfight" role="img" aria-labelledby="board-title">',
        f'<title id="board-title">{esc(_board_title(view))}</title>',
        f'<rect x="0" y="0" width="{layout.width}" height="{layout.height}" fill="#0b1020" rx="6"/>',
        *svg_squares(layout, style),
        *svg_labels(layout),
        *_svg_numbered_squares(view, layout),
        *_svg_combat_marks(view, layout),
        *_svg_asteroids(view, layout),
        *_svg_ships(view, layout),
        "</svg>",
    ]
    return "\n".join(parts)


def _board_title(view: dict[str, Any]) -> str:
    ships = ", ".join(f"{s['colour']} {s['type']} on {s['square']}" for s in view.get("ships", []))
    asteroids = ", ".join(f"asteroid {a['n']} on {a['square']}" for a in view.get("asteroids", []))
    return f"Space Dogfight board. {status_line(view)}. {ships or 'No ships placed'}. {asteroids}."


def _svg_numbered_squares(view: dict[str, Any], layout: Layout) -> list[str]:
    """The little die numbers of the asteroid placement squares (SD-02)."""
    out = []
    for n, sq in (view.get("board", {}).get("asteroid_squares") or {}).items():
        corner = layout.origin(sq)
        if corner:
            out.append(
                f'<text x="{corner[0] + 3}" y="{corner[1] + 10}" font-size="8" fill="#5d6787"'
                f' pointer-events="none">{esc(n)}</text>'
            )
    return out


def _svg_combat_marks(view: dict[str, Any], layout: Layout) -> list[str]:
    """Rings around the ships of the last (or the pending) combat."""
    combat = view.get("pending") or view.get("last_combat")
    if not combat:
        return []
    where = {s["id"]: s["square"] for s in [*view.get("lost", []), *view.get("ships", [])]}
    out = []
    for role in ("attacker", "defender"):
        sq = where.get(combat.get(role))
        corner = layout.origin(sq) if sq else None
        if corner:
            out.append(
                f"<rect{attrs(class_=f'combat-mark combat-{role}', x=corner[0] + 1.5, y=corner[1] + 1.5)}"
                f' width="{layout.cell - 3}" height="{layout.cell - 3}" fill="none"'
                f' stroke="{"#f5a524" if role == "attacker" else "#f97066"}" stroke-width="2"'
                ' stroke-dasharray="4 3" pointer-events="none"/>'
            )
    return out


def _svg_asteroids(view: dict[str, Any], layout: Layout) -> list[str]:
    out = []
    r = layout.cell * 0.36
    for a in view.get("asteroids", []):
        c = layout.centre(a["square"])
        if c:
            out.append(
                f"<g{attrs(class_='asteroid', data_square=a['square'], data_asteroid=a['n'])}>"
                f"<title>Asteroid {esc(a['n'])} on {esc(a['square'])}</title>"
                f'<circle cx="{c[0]}" cy="{c[1]}" r="{r:.1f}" fill="{ASTEROID_FILL}" stroke="#c9ccd3"/>'
                f'<text x="{c[0]}" y="{c[1]}" font-size="13" fill="#1b1d22" text-anchor="middle"'
                f' dominant-baseline="central" pointer-events="none">{esc(a["n"])}</text></g>'
            )
    return out


def _svg_ships(view: dict[str, Any], layout: Layout) -> list[str]:
    out = []
    forward = view.get("board", {}).get("forward", {})
    inset = 5
    size = layout.cell - 2 * inset
    for ship in view.get("ships", []):
        corner = layout.origin(ship["square"])
        if not corner:
            continue
        x, y = corner[0] + inset, corner[1] + inset
        cx = corner[0] + layout.cell / 2
        # The nose points "forward" (towards the enemy zone) as the viewer sees the board.
        up = (forward.get(ship["colour"], 1) > 0) != layout.flipped
        nose_y, base_y = (y - 3, y + 3) if up else (y + size + 3, y + size - 3)
        colour = COLOURS.get(ship["colour"], "#999")
        group = attrs(
            class_=f"ship ship-{ship['colour']}",
            data_square=ship["square"],
            data_ship=ship["id"],
            data_owner=ship["owner"],
            data_type=ship["type"],
        )
        out.append(
            f"<g{group}>"
            f"<title>{esc(_ship_title(ship))}</title>"
            f'<polygon points="{cx - 6},{base_y} {cx + 6},{base_y} {cx},{nose_y}" fill="{colour}"/>'
            f'<rect class="hull" x="{x}" y="{y}" width="{size}" height="{size}" rx="6"'
            f' fill="{colour}" stroke="#e8ecf8" stroke-width="1"/>'
            f'<text x="{cx}" y="{y + size / 2}" font-size="16" font-weight="bold" fill="#fff"'
            f' text-anchor="middle" dominant-baseline="central" pointer-events="none">'
            f"{esc(ship['type'])}</text></g>"
        )
    return out


# -- text (plain-text emails) -------------------------------------------------------------


def _cell_text(view: dict[str, Any]) -> dict[str, str]:
    cells = {a["square"]: f"@{a['n']}" for a in view.get("asteroids", [])}
    for s in view.get("ships", []):
        cells[s["square"]] = f"{s['colour'][0]}{s['type']}"
    return cells


def text(view: dict[str, Any]) -> str:
    files, rows = _files(view), int(view.get("board", {}).get("rows", 10))
    zone = _zone_of(view)
    cells = _cell_text(view)
    grid = text_grid(files, rows, lambda sq: cells.get(sq) or (":" if int(sq[1:]) in zone else "."))
    zones = view.get("board", {}).get("zones", {})
    zone_text = ", ".join(f"{c} rows {min(r)}-{max(r)}" for c, r in zones.items() if r)
    lines = [f"Space Dogfight - {status_line(view)}", "", *grid, ""]
    lines.append("bA / rA = blue / red ship of type A   @n = asteroid n")
    lines.append(f": = starting zone ({zone_text})")
    types = view.get("ship_types") or {}
    if types:
        lines.append(
            "Ships: "
            + "; ".join(
                f"{k} PTS {t['pts']} MOV {t['mov']} ATT {t['att']} DEF {t['def']}" for k, t in types.items()
            )
        )
    for p in view.get("players", []):
        lines.append(
            f"{p['colour'].capitalize()}: fleet value {p['fleet_value']}, "
            f"{p['hand_size']} counter(s) in hand, {p['turns_taken']} turn(s) taken"
        )
    you = view.get("you")
    if you:
        lines.append("")
        hand = ", ".join(_counter_label(view, c) for c in you.get("hand", [])) or "empty"
        lines.append(f"Your hand ({you['colour']}): {hand}")
        if you.get("unplaced"):
            lines.append("Still to place: " + ", ".join(h["type"] for h in you["unplaced"]))
    return "\n".join(lines) + "\n"


# -- HTML table (HTML emails) -------------------------------------------------------------


def html(view: dict[str, Any]) -> str:
    files, rows = _files(view), int(view.get("board", {}).get("rows", 10))
    zone = _zone_of(view)
    cells = _cell_text(view)
    owner = {s["square"]: s["colour"] for s in view.get("ships", [])}
    rocks = {a["square"] for a in view.get("asteroids", [])}

    def cell(sq: str) -> tuple[str, str, str]:
        if sq in owner:
            return cells[sq], COLOURS.get(owner[sq], "#999"), "#ffffff"
        if sq in rocks:
            return cells[sq], ASTEROID_FILL, "#111111"
        row = int(sq[1:])
        bg = {"blue": "#c9d8f5", "red": "#f5cccf"}.get(zone.get(row, ""), "#eef0f5")
        return "", bg, "#333333"

    parts = [
        f'<p style="font:14px sans-serif;margin:4px 0"><strong>{esc(status_line(view))}</strong></p>',
        html_grid(files, rows, cell),
        '<p style="font:12px sans-serif;color:#555;margin:4px 0">'
        "bA / rA: blue / red ship of type A-D; @n: asteroid n; tinted rows: starting zones.</p>",
    ]
    you = view.get("you")
    if you:
        hand = ", ".join(_counter_label(view, c) for c in you.get("hand", [])) or "empty"
        parts.append(f'<p style="font:14px sans-serif;margin:4px 0">Your hand: {esc(hand)}</p>')
        if you.get("unplaced"):
            left = ", ".join(h["type"] for h in you["unplaced"])
            parts.append(f'<p style="font:14px sans-serif;margin:4px 0">Still to place: {esc(left)}</p>')
    return "\n".join(parts)

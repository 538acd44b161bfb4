""" "The early days" drawings from the engine's view dict (games/engines/earlydays/view.py).

``svg`` is the hex map on the match page (units, facings, and the weapon arcs of one unit);
``text`` and ``html`` go into emails, with the force sheet of each side as the viewer may
see it. Each draws only what the view holds, so a view for one seat can never show another
seat's secrets. Hexes carry ``data-hex`` and units ``data-unit`` for the page script.
"""

from __future__ import annotations

import math
from html import escape
from typing import Any

SIZE = 12.0  # hex radius in SVG units
MARGIN = 16.0
SIDE_COLOURS = {"rebel": "#e5484d", "imperial": "#8b9bb4"}
ZONE_TINTS = {"rebel": "#3a1b22", "imperial": "#1c2638"}
HEX_FILL, HEX_LINE = "#0f1629", "#1f2a44"
ARC_FILL = "#f5d90a"
STEPS = {"initiative": "Initiative", "move": "Movement", "shoot": "Shooting", "end": "End phase"}
PHASES = {"build": "Force building (sealed)", "deploy": "Deployment", "turn": "In play", "over": "Over"}


def esc(value: Any) -> str:
    return escape(str(value), quote=True)


# -- shared wording ---------------------------------------------------------------------------
def _side_name(view: dict[str, Any], seat: Any) -> str:
    for s in view.get("sides") or []:
        if s.get("seat") == seat:
            return str(s.get("name"))
    return f"Seat {seat}"


def status_line(view: dict[str, Any]) -> str:
    """Scenario, phase or turn step, and who must act."""
    scenario = (view.get("scenario") or {}).get("name", "The early days")
    active = [s["name"] for s in view.get("sides") or [] if s.get("active")]
    turn = view.get("turn")
    if view.get("phase") == "turn" and turn:
        where = f"Turn {turn['number']} of {view.get('turn_limit')}, {STEPS.get(turn.get('step'), turn.get('step'))}"
    else:
        phase = str(view.get("phase"))
        where = PHASES.get(phase, phase)
    who = f"; {' and '.join(active)} to act" if active else ""
    return f"{scenario}: {where}{who}"


def _unit_stats(u: dict[str, Any]) -> str:
    if u.get("class") == "fighter":
        stat = f"{u['fighters']}/{u['start_fighters']} fighters" + (" incl. Vader" if u.get("vader") else "")
    elif u.get("class") == "falcon":
        stat = f"{u['falcon_hits']} hits"
    else:
        stat = f"hull {u['hull']}/{u['max_hull']} shield {u['shield']}/{u['max_shield']}"
    flags = [
        f
        for f, on in (
            ("stopped", u.get("stopped")),
            ("panicked", u.get("panicked")),
            ("disabled", u.get("disabled")),
            ("inactive", u.get("inactive")),
        )
        if on
    ]
    flags += [e["weapon"] or e["kind"] for e in u.get("effects") or []]
    return stat + (f" [{', '.join(flags)}]" if flags else "")


def _force_lines(view: dict[str, Any]) -> list[tuple[str, list[str]]]:
    """(heading, lines) per side: the revealed force, your own draft, or "sealed"."""
    you = view.get("you") or {}
    out = []
    for s in view.get("sides") or []:
        entries = s.get("force")
        heading = f"{s['name']} (budget {s['budget']} pts)"
        if entries is None and you.get("seat") == s["seat"]:
            entries = you.get("draft") or []
            heading += f", your draft: {you.get('draft_cost', 0)} pts" + (
                " (sealed)" if s.get("sealed") else ""
            )
        elif entries is None:
            out.append(
                (
                    heading,
                    [
                        "sealed until both force lists are sealed"
                        if s.get("sealed")
                        else "building a sealed force list"
                    ],
                )
            )
            continue
        else:
            heading += f", {s.get('cost')} pts"
        lines = []
        for e in entries:
            what = (
                f"{e['flights']} flight(s) of "
                if e.get("flights", 1) > 1 or "squadron" in e.get("name", "").lower()
                else ""
            )
            names = [
                ((view.get("options") or {}).get(o) or {}).get("name", o) for o in e.get("options") or []
            ]
            opts = f" + {', '.join(names)}" if names else ""
            lines.append(
                f"{e['id']}: {what}{e['name']}{opts}{' (transport)' if e.get('transport') else ''} - {e['cost']} pts"
            )
        out.append((heading, lines or ["(nothing bought)"]))
    return out


def _fire_text(o: dict[str, Any]) -> str:
    if o.get("mode") == "hold":
        return f"{o['unit']} holds its {o.get('group', '')} weapons"
    return f"{o['unit']} {o['weapon']} at {o['target']} ({o['mode']})"


def _extra_lines(view: dict[str, Any]) -> list[str]:
    lines = []
    you = view.get("you") or {}
    if you.get("dock_turn"):
        lines.append(f"Secret: your transport may dock from turn {you['dock_turn']['turn']} (SW-62).")
    if view.get("dock_turn"):
        lines.append(f"The transport may dock from turn {view['dock_turn']}.")
    if you.get("fire_orders"):
        lines.append("Your sealed fire orders: " + "; ".join(_fire_text(o) for o in you["fire_orders"]))
    if you.get("fire_slots"):
        lines.append(
            "Fire decisions still to give (a target or hold): "
            + ", ".join(f"{unit} {group}" for unit, group in you["fire_slots"])
        )
    if view.get("fire"):
        lines.append(
            "Last fire orders: "
            + "; ".join(f"{o['unit']} {o['weapon']} at {o['target']} ({o['mode']})" for o in view["fire"])
        )
    p = view.get("pending")
    if p:
        lines.append(
            f"Waiting for {_side_name(view, p['seat'])}: {p['kind'].replace('_', ' ')} ({', '.join(p['choices'])})"
        )
    out = view.get("outcome")
    if out:
        d = out.get("details") or {}
        who = (
            "a draw"
            if out.get("draw")
            else f"{' and '.join(_side_name(view, w) for w in out['winners'])} win"
        )
        lines.append(f"Result: {who} ({str(out.get('reason', '')).replace('_', ' ')}).")
        for key, side in (d.get("sides") or {}).items():
            lines.append(
                f"  {side.get('name', key)}: {side['points_lost']} of {side['force_points']} pts lost, {side['units_lost']} unit(s) destroyed"
            )
    return lines


# -- SVG --------------------------------------------------------------------------------------
def _centre(view: dict[str, Any], name: str) -> tuple[float, float] | None:
    if not isinstance(name, str) or len(name) != 4 or not name.isdigit():
        return None
    col, row = int(name[:2]) - 1, int(name[2:]) - 1
    return MARGIN + SIZE * math.sqrt(3) * (col + 0.5 + 0.5 * (row & 1)), MARGIN + SIZE + SIZE * 1.5 * row


def _corners(x: float, y: float, r: float = SIZE) -> str:
    pts = []
    for i in range(6):
        a = math.radians(60 * i - 30)
        pts.append(f"{x + r * math.cos(a):.1f},{y + r * math.sin(a):.1f}")
    return " ".join(pts)


def facing_angle(view: dict[str, Any], facing: str) -> float:
    names = (view.get("map") or {}).get("facings") or ["NE", "E", "SE", "SW", "W", "NW"]
    return -60 + 60 * (names.index(facing) if facing in names else 1)


def _wedge(x: float, y: float, radius: float, start: float, end: float) -> str:
    """An arc sector from ``start`` to ``end`` degrees (clockwise, y down)."""
    if end - start >= 360:
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius:.1f}"'
    a, b = math.radians(start), math.radians(end)
    large = 1 if end - start > 180 else 0
    return (
        f'<path d="M{x:.1f},{y:.1f} L{x + radius * math.cos(a):.1f},{y + radius * math.sin(a):.1f} '
        f'A{radius:.1f},{radius:.1f} 0 {large} 1 {x + radius * math.cos(b):.1f},{y + radius * math.sin(b):.1f} Z"'
    )


MOUNTS = {"forward": (-30, 30), "rear": (150, 210), "left": (-180, 0), "right": (0, 180), "any": (0, 360)}


def _reach(view: dict[str, Any], w: dict[str, Any]) -> int:
    if w.get("max_range"):
        return int(w["max_range"])
    bands = (view.get("range_bands") or {}).get(w.get("range")) or [[9, 0]]
    return int(bands[-1][0])


def _svg_arcs(view: dict[str, Any], unit: dict[str, Any]) -> list[str]:
    c = _centre(view, unit.get("hex", ""))
    if c is None:
        return []
    base = facing_angle(view, unit.get("facing", "E"))
    out = []
    seen = set()
    for w in unit.get("weapons") or []:
        if not w.get("working") or (w["mount"], _reach(view, w)) in seen:
            continue
        seen.add((w["mount"], _reach(view, w)))
        lo, hi = MOUNTS.get(w["mount"], (0, 360))
        radius = (_reach(view, w) + 0.5) * SIZE * math.sqrt(3)
        start, end = (0, 360) if w["mount"] == "any" else (base + lo, base + hi)
        out.append(
            f'{_wedge(c[0], c[1], radius, start, end)} class="arc arc-{esc(w["mount"])}" data-unit="{esc(unit["id"])}"'
            f' data-weapon="{esc(w["key"])}" fill="{ARC_FILL}" fill-opacity="0.08" stroke="{ARC_FILL}"'
            ' stroke-opacity="0.5" stroke-dasharray="3 3" pointer-events="none"/>'
        )
    return out


def _svg_unit(view: dict[str, Any], u: dict[str, Any]) -> str:
    """A unit fills most of its hex: a disc (fighters), a hexagon (ships) or a square
    (stations) in its side's colour, its id in bold across the middle, and its facing as a
    white arrowhead on the rim, clear of the id."""
    c = _centre(view, u.get("hex", ""))
    if c is None:
        return ""
    x, y = c
    colour = SIDE_COLOURS.get(u.get("side", ""), "#999")
    a = math.radians(facing_angle(view, u.get("facing", "E")))
    if u.get("class") == "station":
        half = SIZE * 0.68
        body = (
            f'<rect x="{x - half:.1f}" y="{y - half:.1f}" width="{2 * half:.1f}" height="{2 * half:.1f}"'
            f' fill="{colour}" stroke="#fff" class="body"/>'
        )
    elif u.get("class") in ("ship", "falcon"):
        body = f'<polygon points="{_corners(x, y, SIZE * 0.86)}" fill="{colour}" stroke="#fff" class="body"/>'
    else:
        body = f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{SIZE * 0.78:.1f}" fill="{colour}" stroke="#fff" class="body"/>'

    def at(r: float, turn: float) -> str:
        return f"{x + r * math.cos(a + turn):.1f},{y + r * math.sin(a + turn):.1f}"

    arrow = f"{at(SIZE * 1.02, 0)} {at(SIZE * 0.62, 0.42)} {at(SIZE * 0.62, -0.42)}"
    title = f"{_side_name(view, u['seat'])} {u['name']} {u['id']} on {u['hex']} facing {u['facing']}: {_unit_stats(u)}"
    label = str(u["id"])
    font = 8.0 if len(label) <= 3 else 6.5
    return (
        f'<g class="unit unit-{esc(u.get("side"))}" data-unit="{esc(u["id"])}" data-hex="{esc(u["hex"])}"'
        f' data-facing="{esc(u["facing"])}"><title>{esc(title)}</title>{body}'
        f'<polygon class="facing" points="{arrow}" fill="#fff" stroke="#080c18" stroke-width="0.6"'
        ' pointer-events="none"/>'
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{font}" font-weight="700" fill="#fff" stroke="#080c18"'
        ' stroke-width="1.4" paint-order="stroke" text-anchor="middle" dominant-baseline="central"'
        f' pointer-events="none">{esc(label)}</text></g>'
    )


def svg(view: dict[str, Any], selected: str | None = None) -> str:
    """The hex map; ``selected`` (default: the unit moving now) shows its weapon arcs."""
    m = view.get("map") or {}
    cols, rows = int(m.get("columns", 36)), int(m.get("rows", 24))
    width = 2 * MARGIN + SIZE * math.sqrt(3) * (cols + 0.5)
    height = 2 * MARGIN + SIZE * (1.5 * rows + 0.5)
    zones = {h: side for side, hexes in (m.get("zones") or {}).items() for h in hexes}
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" class="board board-early-days"'
        ' role="img" aria-labelledby="board-title">',
        f'<title id="board-title">{esc(status_line(view))}</title>',
        f'<rect x="0" y="0" width="{width:.0f}" height="{height:.0f}" fill="#080c18" rx="6"/>',
    ]
    for col in range(1, cols + 1):
        for row in range(1, rows + 1):
            name = f"{col:02d}{row:02d}"
            x, y = _centre(view, name)  # type: ignore[misc]
            fill = ZONE_TINTS.get(zones.get(name, ""), HEX_FILL)
            parts.append(
                f'<polygon class="hex" data-hex="{name}" points="{_corners(x, y)}" fill="{fill}" stroke="{HEX_LINE}"/>'
            )
    parts += _svg_coordinates(view, cols, rows, width, height)
    units = [u for u in view.get("units") or [] if u.get("status") == "active"]
    turn = view.get("turn") or {}
    chosen = selected or ((turn.get("moving") or {}).get("unit"))
    for u in units:
        if u["id"] == chosen:
            parts += _svg_arcs(view, u)
    parts += [_svg_unit(view, u) for u in units]
    parts.append("</svg>")
    return "\n".join(p for p in parts if p)


def _svg_coordinates(view: dict[str, Any], cols: int, rows: int, width: float, height: float) -> list[str]:
    """Column numbers above and below the map, row numbers left and right: a hex is CCRR."""
    font = (
        ' font-size="7" fill="#7f8bb0" text-anchor="middle" dominant-baseline="central" pointer-events="none"'
    )
    out = []
    for col in range(1, cols + 1):
        x = _centre(view, f"{col:02d}01")[0]  # type: ignore[index]
        out += [
            f'<text class="coord" x="{x:.1f}" y="{y:.1f}"{font}>{col:02d}</text>'
            for y in (MARGIN / 2, height - MARGIN / 2)
        ]
    for row in range(1, rows + 1):
        y = _centre(view, f"01{row:02d}")[1]  # type: ignore[index]
        out += [
            f'<text class="coord" x="{x:.1f}" y="{y:.1f}"{font}>{row:02d}</text>'
            for x in (MARGIN / 2, width - MARGIN / 2)
        ]
    return out


# -- text (plain-text emails) -------------------------------------------------------------------
def _unit_rows(view: dict[str, Any]) -> list[str]:
    rows = []
    for u in view.get("units") or []:
        where = f"{u['hex']} {u['facing']}" if u.get("status") == "active" else u.get("status", "")
        role = f" ({u['role']})" if u.get("role") else ""
        rows.append(
            f"{u['id']:<5} {_side_name(view, u['seat'])[:3]} {u['name']}{role}: {where}, {_unit_stats(u)}"
        )
    return rows


def text(view: dict[str, Any]) -> str:
    lines = [f'"The early days" - {status_line(view)}', ""]
    for heading, entries in _force_lines(view):
        lines.append(f"{heading}:")
        lines += [f"  {e}" for e in entries]
    units = _unit_rows(view)
    if units:
        lines += ["", "Units (hexes are CCRR, column then row):", *(f"  {r}" for r in units)]
    extra = _extra_lines(view)
    if extra:
        lines += ["", *extra]
    return "\n".join(lines) + "\n"


# -- HTML (HTML emails; no SVG) -----------------------------------------------------------------
P = 'style="font:14px sans-serif;margin:4px 0"'
TD = 'style="border:1px solid #ccd;padding:2px 6px;font:13px sans-serif"'


def html(view: dict[str, Any]) -> str:
    parts = [f"<p {P}><strong>{esc(status_line(view))}</strong></p>"]
    for heading, entries in _force_lines(view):
        parts.append(f"<p {P}><strong>{esc(heading)}</strong></p>")
        parts.append(
            '<ul style="font:13px sans-serif;margin:2px 0 8px 0">'
            + "".join(f"<li>{esc(e)}</li>" for e in entries)
            + "</ul>"
        )
    units = view.get("units") or []
    if units:
        head = "".join(
            f"<th {TD}>{h}</th>" for h in ("Unit", "Side", "Type", "Hex", "Facing", "Status", "State")
        )
        body = []
        for u in units:
            colour = SIDE_COLOURS.get(u.get("side"), "#999")
            cells = (
                u["id"],
                _side_name(view, u["seat"]),
                u["name"],
                u.get("hex") or "-",
                u.get("facing"),
                u.get("status"),
                _unit_stats(u),
            )
            body.append(
                f'<tr style="color:{colour}">' + "".join(f"<td {TD}>{esc(c)}</td>" for c in cells) + "</tr>"
            )
        parts.append(
            f'<table style="border-collapse:collapse;margin:6px 0"><tr>{head}</tr>{"".join(body)}</table>'
        )
    parts += [f"<p {P}>{esc(line)}</p>" for line in _extra_lines(view)]
    return "\n".join(parts)

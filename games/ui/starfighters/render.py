"""Star Fighters: Rapid Fire drawings from the engine's view dict (engines/starfighters/view.py).

``svg`` is the board on the match page: the 21 hexes, the anomalies, ships with their
headings, torpedoes face up or down, and each ship board (dice on spaces, shields per
facing, reactors, hull track). ``text`` and ``html`` go into emails (no SVG there). Each
draws only what the view holds, so a seat's view can never show another seat's secrets;
in the Roll phase a player's own sealed board comes from ``view["you"]["roll"]``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ..common.grid import attrs, esc

SEAT_COLOURS = ("#f5a524", "#a78bfa", "#34d399", "#22d3ee")
DIE_COLOURS = {"red": "#e5484d", "blue": "#3b82f6", "yellow": "#facc15"}
SPACE_FILLS = {"red": "#4a1d24", "blue": "#1c2c4f", "command": "#3a3f4d"}
SYMBOLS = {"security": "▲", "engineering": "◆", "command": "■", "blank": "·"}
HEADING_ANGLES = {"ne": -60, "e": 0, "se": 60, "sw": 120, "w": 180, "nw": -120}
ARROWS = {"ne": "↗", "e": "→", "se": "↘", "sw": "↙", "w": "←", "nw": "↖"}
PHASES = {
    "roll": "Roll dice",
    "activate": "Activate systems",
    "torpedoes": "Move torpedoes",
    "over": "Game over",
}
R = 28  # hex radius in SVG units
DX, DY = R * math.sqrt(3) / 2, R * 1.5  # one doubled-x unit, one row


def _symbol(view: dict[str, Any], face: str | None) -> str:
    return (view.get("dice") or {}).get("symbols", SYMBOLS).get(face or "", "?") if face else ""


def _seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def status_line(view: dict[str, Any]) -> str:
    """E.g. "Round 2, Activate systems: Player 1 on turn"."""
    outcome = view.get("outcome")
    if outcome:
        names = {p["seat"]: p["name"] for p in view.get("players", [])}
        reason = str(outcome.get("reason", "")).replace("_", " ")
        if outcome.get("draw"):
            return f"Game over: a draw ({reason})"
        winners = " and ".join(names.get(s, f"Player {s + 1}") for s in outcome.get("winners", []))
        return f"Game over: {winners} {'win' if len(outcome.get('winners', [])) > 1 else 'wins'} ({reason})"
    active = [p["name"] for p in view.get("players", []) if p.get("active")]
    phase = PHASES.get(view.get("phase", ""), str(view.get("phase")))
    who = " and ".join(active)
    verb = "rolling" if view.get("phase") == "roll" else "to act"
    pending = view.get("pending")
    if pending:
        choice = {"lose": "a die to lose", "reroll": "which misses to re-roll"}
        verb = "to choose " + choice.get(pending.get("kind"), "a torpedo's path")
    return f"Round {view.get('round')}, {phase}" + (f": {who} {verb}" if who else "")


def _board_of(view: dict[str, Any], player: dict[str, Any]) -> tuple[list[dict[str, Any]], bool]:
    """The spaces to draw for ``player``: the viewer's own sealed board during the Roll phase."""
    you = view.get("you") or {}
    roll = you.get("roll")
    if roll and you.get("seat") == player.get("seat"):
        return roll.get("board", []), True
    return player.get("board", []), False


# -- SVG -------------------------------------------------------------------------------------
def _centre(x: float, y: float, ox: float, oy: float) -> tuple[float, float]:
    return ox + x * DX, oy + y * DY


def _hex_points(cx: float, cy: float, r: float = R) -> str:
    pts = []
    for k in range(6):
        a = math.radians(60 * k - 90)
        pts.append(f"{cx + r * math.cos(a):.1f},{cy + r * math.sin(a):.1f}")
    return " ".join(pts)


def svg(view: dict[str, Any]) -> str:
    board = view.get("board") or {}
    hexes = board.get("hexes", [])
    xs = [h["x"] for h in hexes] + [a["x"] for a in board.get("anomalies", [])] or [0]
    players = view.get("players", [])
    seat = (view.get("you") or {}).get("seat")
    mine = [p for p in players if p.get("seat") == seat]
    others = [p for p in players if p.get("seat") != seat]
    panel_h = SMALL.height(max((len(_board_of(view, p)[0]) for p in others), default=0), False)
    own_h = BIG.height(len(_board_of(view, mine[0])[0]), view.get("phase") == "roll", True) if mine else 0
    width = int(max((max(xs) - min(xs) + 2) * DX + 40, 2 * 330 + 30))
    ox = width / 2 - (max(xs) + min(xs)) / 2 * DX
    oy = 30 + 4 * DY
    map_height = int(oy + 4 * DY)
    height = map_height + own_h + panel_h * ((len(others) + 1) // 2) + 10
    centres = {h["name"]: _centre(h["x"], h["y"], ox, oy) for h in hexes}
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}"'
        ' class="board board-starfighters" role="img" aria-labelledby="board-title">',
        f'<title id="board-title">Star Fighters: Rapid Fire. {esc(status_line(view))}</title>',
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#0b1020" rx="6"/>',
        f'<text x="12" y="20" font-size="13" fill="#e8ecf8">{esc(status_line(view))}</text>',
    ]
    for h in hexes:
        cx, cy = centres[h["name"]]
        parts.append(
            f"<g{attrs(class_='hex', data_hex=h['name'])}>"
            f'<polygon points="{_hex_points(cx, cy, R - 1)}" fill="#151c33" stroke="#3b4668"/>'
            f'<text class="coord" x="{cx:.1f}" y="{cy + R * 0.62:.1f}" font-size="8" fill="#5d6787" text-anchor="middle"'
            f' pointer-events="none">{esc(h["name"])}</text></g>'
        )
    for a in board.get("anomalies", []):
        cx, cy = _centre(a["x"], a["y"], ox, oy)
        parts.append(
            f"<g{attrs(class_='anomaly', data_anomaly=a['name'])}>"
            f"<title>{esc(a['name'].capitalize())} anomaly (enter from {esc(', '.join(a.get('gates', [])))})</title>"
            f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{R * 0.7:.1f}" fill="#2a1245" stroke="#c084fc"'
            ' stroke-dasharray="3 2"/>'
            f'<text x="{cx:.1f}" y="{cy:.1f}" font-size="9" fill="#e9d5ff" text-anchor="middle"'
            f' dominant-baseline="central">{esc(a["name"])}</text></g>'
        )
    parts += _svg_ships(view, centres)
    parts += _svg_torpedoes(view, centres)
    for i, p in enumerate(others):  # below the viewer's own board; drawn first, so that the
        x = 10 + (i % 2) * (width - 20) / 2  # viewer's own pieces are the last of their names
        parts += _svg_panel(
            view, p, x, map_height + own_h + (i // 2) * panel_h, (width - 30) / 2, panel_h, SMALL
        )
    if mine:  # the viewer's own ship board under the map, full width, dice large enough to tap
        parts += _svg_panel(view, mine[0], 10, map_height, width - 20, own_h, BIG)
    parts.append("</svg>")
    return "\n".join(parts)


def _svg_ships(view: dict[str, Any], centres: dict[str, tuple[float, float]]) -> list[str]:
    out = []
    for s in view.get("ships", []):
        if not s.get("hex") or s["hex"] not in centres:
            continue
        cx, cy = centres[s["hex"]]
        a = math.radians(HEADING_ANGLES.get(s.get("heading", "e"), 0))
        pts = []
        for dist, ang in ((R * 0.62, 0.0), (R * 0.5, 2.5), (R * 0.5, -2.5)):
            pts.append(f"{cx + dist * math.cos(a + ang):.1f},{cy + dist * math.sin(a + ang):.1f}")
        colour = _seat_colour(s["seat"])
        stroke = ' stroke="#e9d5ff" stroke-dasharray="2 2"' if s.get("cloaked") else ' stroke="#0b1020"'
        out.append(
            f"<g{attrs(class_='ship', data_ship=s['id'], data_target=s['id'], data_hex=s['hex'], data_heading=s.get('heading'))}>"
            f"<title>{esc(s['name'])} ({esc(s.get('side'))}) on {esc(s['hex'])}, heading {esc(s.get('heading'))}"
            f"{' (cloaked)' if s.get('cloaked') else ''}</title>"
            f'<polygon points="{" ".join(pts)}" fill="{colour}"{stroke} stroke-width="1.5"/>'
            f'<text x="{cx:.1f}" y="{cy:.1f}" font-size="10" font-weight="bold" fill="#0b1020"'
            f' text-anchor="middle" dominant-baseline="central" pointer-events="none">{s["seat"] + 1}</text></g>'
        )
    return out


def _svg_torpedoes(view: dict[str, Any], centres: dict[str, tuple[float, float]]) -> list[str]:
    out = []
    seen: dict[str, int] = {}
    for t in view.get("torpedoes", []):
        if t.get("hex") not in centres:
            continue
        cx, cy = centres[t["hex"]]
        k = seen.get(t["hex"], 0)
        seen[t["hex"]] = k + 1
        cx += (k - 0.5) * 12
        colour = _seat_colour(t["owner"])
        fill, dash = (colour, "") if t.get("face_up") else ("#0b1020", ' stroke-dasharray="2 2"')
        state = "face up" if t.get("face_up") else "face down (launched this round)"
        out.append(
            f"<g{attrs(class_='torpedo', data_torpedo=t['id'], data_target=t['id'], data_hex=t['hex'], data_face_up=t.get('face_up'))}>"
            f"<title>Torpedo {esc(t['id'])} of Player {t['owner'] + 1}, {state}</title>"
            f'<circle cx="{cx:.1f}" cy="{cy - 8:.1f}" r="6" fill="{fill}" stroke="{colour}" stroke-width="2"{dash}/>'
            f'<text x="{cx:.1f}" y="{cy + 4:.1f}" font-size="7" fill="#e8ecf8" text-anchor="middle"'
            f' pointer-events="none">{esc(t["id"])}</text></g>'
        )
    return out


@dataclass(frozen=True)
class Size:
    """How large a ship board is drawn: the viewer's own large enough to tap on a phone."""

    pitch: float  # from one space to the next
    label: float  # the width of the spaces' names
    font: float

    @property
    def die(self) -> float:
        return self.pitch - 2

    def height(self, rows: int, hand: bool, legend: bool = False) -> float:
        return 34 + rows * self.pitch + (self.pitch if hand else 0) + (30 if hand or legend else 0) + 12


SMALL = Size(pitch=16, label=106, font=9)
BIG = Size(pitch=36, label=150, font=14)


def _svg_die(
    view: dict[str, Any],
    d: dict[str, Any],
    x: float,
    y: float,
    size: Size = SMALL,
    group: str | None = None,
    command: str | None = None,
) -> str:
    face = d.get("face")
    words = f"{d['colour']} die {d['die']}" + (f", {face} {_symbol(view, face)}" if face else "")
    k = size.die
    return (
        f"<g{attrs(class_='die', data_die=d['die'], data_group=group, data_face=face, data_command=command)}>"
        f"<title>{esc(words)}</title>"
        f'<rect x="{x + 1:.1f}" y="{y + 1:.1f}" width="{k - 2:.1f}" height="{k - 2:.1f}" rx="{k / 6:.1f}"'
        f' fill="{DIE_COLOURS.get(d["colour"], "#999")}" stroke="#0b1020"/>'
        f'<text x="{x + k / 2:.1f}" y="{y + k * 0.72:.1f}" font-size="{k * 0.62:.1f}" fill="#0b1020"'
        f' text-anchor="middle" pointer-events="none">{esc(_symbol(view, face))}</text></g>'
    )


def _hand(view: dict[str, Any], p: dict[str, Any]) -> list[dict[str, Any]]:
    """The dice the viewer rolled and has not placed yet (their own board, Roll phase)."""
    you = view.get("you") or {}
    if you.get("seat") != p.get("seat"):
        return []
    return [d for d in (you.get("roll") or {}).get("hand") or [] if d.get("face")]  # rolled, not placed


def legend(view: dict[str, Any]) -> str:
    """The dice faces' symbols in words: "▲ security  ◆ engineering  ■ command  · blank"."""
    symbols = (view.get("dice") or {}).get("symbols", SYMBOLS)
    return "  ".join(f"{mark} {face}" for face, mark in symbols.items())


def _svg_panel(
    view: dict[str, Any], p: dict[str, Any], x: float, y: float, w: float, h: float, size: Size = SMALL
) -> list[str]:
    spaces, sealed = _board_of(view, p)
    own = (view.get("you") or {}).get("seat") == p.get("seat")
    colour = _seat_colour(p["seat"])
    title = f"{p['name']} - {p.get('side_title', p.get('side'))}"
    if p.get("destroyed"):
        title += " (destroyed)"
    if sealed:
        title += " - your sealed board"
    elif own:
        title += " - your ship board"
    # Another player's dice and spaces share names with the viewer's: never picked on the page.
    out = [
        f"<g{attrs(class_='ship-board', data_seat=p['seat'], data_pick_none=None if own else 'other')}>",
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h - 10:.1f}" rx="5" fill="#121832" stroke="{colour}"/>',
        f'<text x="{x + 8:.1f}" y="{y + 8 + size.font:.1f}" font-size="{size.font + 2}" font-weight="bold"'
        f' fill="{colour}">{esc(title)}</text>',
    ]
    pitch, row_y = size.pitch, y + 16 + size.font
    system = None
    for g in spaces:
        if own and g.get("system") != system:  # a system's rows, clicked to activate it
            if system is not None:
                out.append("</g>")
            system = g.get("system")
            rows = sum(1 for o in spaces if o.get("system") == system)
            out.append(
                f"<g{attrs(class_='system', data_system=system)}>"
                f'<rect x="{x + 3:.1f}" y="{row_y - 2:.1f}" width="{size.label - 6:.1f}" height="{rows * pitch:.1f}"'
                ' rx="3" fill="#121832" fill-opacity="0"/>'
            )
        count = g.get("count", 0)
        out.append(
            f"<g{attrs(class_='space', data_space=g['group'] if own else None)}>"
            f'<rect x="{x + 4:.1f}" y="{row_y - 1:.1f}" width="{size.label + count * pitch - 4:.1f}" height="{pitch:.1f}"'
            ' rx="2" fill="#121832" fill-opacity="0"/>'
            f'<text x="{x + 8:.1f}" y="{row_y + pitch * 0.62:.1f}" font-size="{size.font}" fill="#aab3cf"'
            f' pointer-events="none">{esc(g["group"])}</text>'
        )
        dice = g.get("dice", [])
        for i in range(count):
            sx = x + size.label + i * pitch
            covered = i >= g["count"] - g.get("covered", 0)
            out.append(
                f'<rect x="{sx:.1f}" y="{row_y:.1f}" width="{size.die:.1f}" height="{size.die:.1f}" rx="2"'
                f' fill="{SPACE_FILLS.get(g.get("colour", ""), "#333")}" stroke="#5d6787"/>'
            )
            if covered:
                out.append(
                    f'<text x="{sx + size.die / 2:.1f}" y="{row_y + size.die * 0.7:.1f}" font-size="{size.die * 0.6:.1f}"'
                    ' fill="#f5a524" text-anchor="middle" pointer-events="none">R</text>'
                )
        out.append("</g>")
        cockpit = own and g.get("colour") == "command"
        for i, d in enumerate(dice[: count - g.get("covered", 0)]):
            sx = x + size.label + i * pitch
            out.append(_svg_die(view, d, sx, row_y, size, g["group"], d["colour"] if cockpit else None))
        row_y += pitch
    if system is not None:
        out.append("</g>")
    hand = _hand(view, p)
    if hand:
        out.append(
            f'<text x="{x + 8:.1f}" y="{row_y + pitch * 0.62:.1f}" font-size="{size.font}" fill="#e8ecf8">'
            "your dice in hand</text>"
        )
        out += [_svg_die(view, d, x + size.label + i * pitch, row_y, size) for i, d in enumerate(hand)]
        row_y += pitch
    if own or hand:
        out.append(
            f'<text class="legend" x="{x + 8:.1f}" y="{row_y + 16:.1f}" font-size="{size.font}" fill="#aab3cf">'
            f"{esc(legend(view))}</text>"
        )
    out += _svg_shields_and_hull(p, x + w - 100, y + 16 + size.font)
    out.append("</g>")
    return out


def _svg_shields_and_hull(p: dict[str, Any], x: float, y: float) -> list[str]:
    out = []
    cx, cy = x + 45, y + 38
    spots = {"forward": (0, -30), "right": (34, 0), "rear": (0, 30), "left": (-34, 0)}
    out.append(f'<polygon points="{cx},{cy - 14} {cx + 9},{cy + 10} {cx - 9},{cy + 10}" fill="#5d6787"/>')
    for facing, (dx, dy) in spots.items():
        have = (p.get("shields") or {}).get(facing, 0)
        most = (p.get("shields_max") or {}).get(facing, have)
        out.append(
            f'<text{attrs(class_="shield", data_facing=facing)} x="{cx + dx}" y="{cy + dy + 4}"'
            f' font-size="10" fill="#7dd3fc" text-anchor="middle">{esc(f"{have}/{most}")}</text>'
        )
    hull, most = p.get("hull", 0), p.get("hull_max", 5)
    for i, lost in enumerate(_hull_lost(p)):  # hull markers go from left to right
        out.append(
            f'<rect class="hull-marker" x="{x + i * 18:.1f}" y="{y + 84:.1f}" width="15" height="10"'
            f' fill="{"#1b2238" if lost else "#9ca3af"}" stroke="#5d6787"/>'
        )
    out.append(
        f'<text x="{x:.1f}" y="{y + 110:.1f}" font-size="9" fill="#aab3cf">'
        f"hull {hull}/{most}, reactors {p.get('reactors', 0)}</text>"
    )
    return out


# -- text (plain-text emails) ------------------------------------------------------------------
def _cells(view: dict[str, Any]) -> dict[str, str]:
    cells: dict[str, str] = {}
    for t in view.get("torpedoes", []):
        cells[t["hex"]] = t["id"] + ("" if t.get("face_up") else "*")
    for s in view.get("ships", []):
        if s.get("hex"):
            cells[s["hex"]] = f"P{s['seat'] + 1}{ARROWS.get(s.get('heading'), '?')}"
    return cells


def text(view: dict[str, Any]) -> str:
    board = view.get("board") or {}
    cells = _cells(view)
    rows: dict[int, list[tuple[int, str]]] = {}
    for h in board.get("hexes", []):
        rows.setdefault(h["y"], []).append((h["x"], cells.get(h["name"], h["name"])))
    for a in board.get("anomalies", []):
        rows.setdefault(a["y"], []).append((a["x"], "(" + a["name"][0].upper() + ")"))
    xs = [x for r in rows.values() for x, _ in r] or [0]
    lines = [f"Star Fighters: Rapid Fire - {status_line(view)}", ""]
    for y in sorted(rows):
        line = [" "] * (3 * (max(xs) - min(xs)) + 6)
        for x, token in sorted(rows[y]):
            start = 3 * (x - min(xs))
            line[start : start + len(token[:5])] = list(token[:5].center(5))
        lines.append("".join(line).rstrip())
    lines += [
        "",
        "P1→ = ship of player 1 and its heading; t1a = torpedo (* = face down); (N)/(S) = anomalies",
    ]
    for p in view.get("players", []):
        lines += ["", *_text_player(view, p)]
    return "\n".join(lines) + "\n"


def _hull_lost(p: dict[str, Any]) -> list[bool]:
    """The hull track, left to right: True where a marker is gone (they go from the left)."""
    hull, most = p.get("hull", 0) or 0, p.get("hull_max", 0) or 0
    return [i < most - hull for i in range(most)]


def _hull_track(p: dict[str, Any]) -> str:
    return "".join("[ ]" if lost else "[H]" for lost in _hull_lost(p))


def _dice_text(view: dict[str, Any], dice: list[dict[str, Any]]) -> str:
    return " ".join(f"{d['die']}{_symbol(view, d.get('face'))}" for d in dice) or "-"


def _text_player(view: dict[str, Any], p: dict[str, Any]) -> list[str]:
    shields = " ".join(
        f"{f} {n}/{(p.get('shields_max') or {}).get(f, n)}" for f, n in (p.get("shields") or {}).items()
    )
    head = f"{p['name']} ({p.get('side_title', p.get('side'))})" + (
        " DESTROYED" if p.get("destroyed") else ""
    )
    lines = [
        head,
        f"  hull {p.get('hull')}/{p.get('hull_max')} {_hull_track(p)}  shields {shields}  reactors {p.get('reactors')}"
        + ("  cloaked" if p.get("cloaked") else ""),
    ]
    spaces, sealed = _board_of(view, p)
    for g in spaces:
        dice = g.get("dice", [])
        slots = [f"[{d['die']}{_symbol(view, d.get('face'))}]" for d in dice]
        slots += ["[   ]"] * (g["count"] - g.get("covered", 0) - len(dice)) + ["[ R ]"] * g.get("covered", 0)
        lines.append(f"  {g['group']:<19}{''.join(slots)}")
    if sealed:
        roll = (view.get("you") or {}).get("roll") or {}
        lines.append(
            f"  your roll {roll.get('step')}/{roll.get('cap')}, in hand: {_dice_text(view, roll.get('hand', []))}"
        )
    else:
        lines.append(f"  beside the board: {_dice_text(view, p.get('pool', []))}")
    return lines


# -- HTML (HTML emails: inline styles, no SVG) ---------------------------------------------------
CELL = "width:26px;height:26px;text-align:center;font:11px monospace;border-radius:6px;"


def html(view: dict[str, Any]) -> str:
    board = view.get("board") or {}
    cells = _cells(view)
    owner = {s["hex"]: s["seat"] for s in view.get("ships", []) if s.get("hex")}
    at: dict[tuple[int, int], str] = {(h["x"], h["y"]): h["name"] for h in board.get("hexes", [])}
    anomalies = {(a["x"], a["y"]): a["name"] for a in board.get("anomalies", [])}
    coords = list(at) + list(anomalies) or [(0, 0)]
    x0, x1 = min(x for x, _ in coords) - 1, max(x for x, _ in coords) + 1
    rows = []
    for y in sorted({y for _, y in coords}):
        tds, x = [], x0
        while x <= x1:
            name, anomaly = at.get((x, y)), anomalies.get((x, y))
            if anomaly is not None:
                style, label = "background:#e9d5ff;color:#4c1d95;", anomaly[0].upper()
            elif name is None:
                tds.append('<td style="width:13px"></td>')
                x += 1
                continue
            elif name in owner:
                style, label = f"background:{_seat_colour(owner[name])};color:#111;", cells[name]
            else:
                style, label = "background:#e5e7f0;color:#555;", cells.get(name, name)
            tds.append(f'<td colspan="2" style="{CELL}{style}">{esc(label)}</td>')
            x += 2
        rows.append("<tr>" + "".join(tds) + "</tr>")
    parts = [
        f'<p style="font:14px sans-serif;margin:4px 0"><strong>{esc(status_line(view))}</strong></p>',
        '<table style="border-collapse:separate;border-spacing:2px">' + "".join(rows) + "</table>",
        '<p style="font:12px sans-serif;color:#555;margin:4px 0">P1→: ship of player 1 and its heading;'
        " t1a: torpedo (* face down); N / S: anomalies.</p>",
    ]
    for p in view.get("players", []):
        parts.append(_html_player(view, p))
    return "\n".join(parts)


def _html_player(view: dict[str, Any], p: dict[str, Any]) -> str:
    spaces, sealed = _board_of(view, p)
    colour = _seat_colour(p["seat"])
    rows = []
    for g in spaces:
        dice = g.get("dice", [])
        tds = []
        for i in range(g["count"]):
            if i >= g["count"] - g.get("covered", 0):
                tds.append(f'<td style="{CELL}background:#fde68a">R</td>')
            elif i < len(dice):
                d = dice[i]
                fill = DIE_COLOURS.get(d["colour"], "#999")
                tds.append(f'<td style="{CELL}background:{fill}">{esc(_symbol(view, d.get("face")))}</td>')
            else:
                tds.append(f'<td style="{CELL}border:1px solid #bbb"></td>')
        rows.append(
            f'<tr><td style="font:12px sans-serif;padding-right:6px">{esc(g["group"])}</td>{"".join(tds)}</tr>'
        )
    shields = ", ".join(
        f"{f} {n}/{(p.get('shields_max') or {}).get(f, n)}" for f, n in (p.get("shields") or {}).items()
    )
    head = f"{p['name']} - {p.get('side_title', p.get('side'))}" + (
        " (destroyed)" if p.get("destroyed") else ""
    )
    extra = " - your sealed board" if sealed else ""
    hull = "".join(
        f'<td style="{CELL}height:12px;background:{"#e5e7f0" if lost else "#6b7280"}">{"" if lost else "H"}</td>'
        for lost in _hull_lost(p)
    )
    return (
        f'<div style="border-left:4px solid {colour};padding:4px 8px;margin:8px 0;font:13px sans-serif">'
        f"<strong>{esc(head)}</strong>{esc(extra)}<br>"
        f"Hull {esc(p.get('hull'))}/{esc(p.get('hull_max'))}; shields {esc(shields)}; reactors {esc(p.get('reactors'))}"
        f'<table style="border-collapse:separate;border-spacing:2px"><tr>{hull}</tr></table>'
        f'<table style="border-collapse:separate;border-spacing:2px">{"".join(rows)}</table></div>'
    )

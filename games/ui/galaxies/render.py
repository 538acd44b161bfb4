"""Battleship Galaxies drawings from the engine's view dict (games/engines/galaxies/view.py).

``svg`` is the hex board on the match page (multi-hex ships, shield and hull pegs,
obstacles, discovery tiles) with the ship cards in play drawn under it; ``text`` and
``html`` go into emails, with the ship cards in play too. Each draws only what the view holds - never the state - so a seat's view can never
show another seat's screen, holds or hand. Hexes carry ``data-hex`` and ships ``data-ship``
for the page script and browser tests.
"""

from __future__ import annotations

import math
from html import escape
from typing import Any

from .cards import pegs, svg_cards

FACTION_FILL = {"isn": "#3b82f6", "wretch": "#d94848"}
ZONE_TINT = {"isn": "#1b2f5c", "wretch": "#4f1f2a"}
HEX_FILL = "#121a30"
ASTEROID_FILL = "#8b8f99"
DEBRIS_FILL = "#6b5a3e"
TILE_FILL = "#2f7d5b"
SURVIVOR = "#facc15"
TRACK_HEIGHT = 20  # the victory point track's strip between the board and the ship cards
SIZE = 16  # hex radius in SVG units
PHASES = {
    "select": "choosing fleets and decks",
    "muster": "placing the ships that start launched",
    "play": "in play",
    "over": "over",
}


def esc(value: Any) -> str:
    return escape(str(value), quote=True)


# -- shared helpers -----------------------------------------------------------------------------
def _columns(view: dict[str, Any]) -> list[str]:
    return list(view.get("board", {}).get("columns") or "abcdefghijklmnopq")


def _rows(view: dict[str, Any]) -> int:
    return int(view.get("board", {}).get("rows", 13))


def _hexes(view: dict[str, Any]) -> list[str]:
    """Every full hex: odd columns hold one hex fewer (half hexes are not part of the board)."""
    rows = _rows(view)
    return [f"{c}{r}" for i, c in enumerate(_columns(view)) for r in range(1, rows + 1 - (i & 1))]


def _players(view: dict[str, Any]) -> list[dict[str, Any]]:
    return list(view.get("players") or [])


def _name(view: dict[str, Any], seat: Any) -> str:
    for p in _players(view):
        if p.get("seat") == seat:
            return str(p.get("name", f"Player {seat}"))
    return f"Player {seat}"


def status_line(view: dict[str, Any]) -> str:
    """The mission, the phase and who must act, e.g. "Skirmish, turn 4: ISN (action phase)"."""
    mission = (view.get("mission") or {}).get("name", "Battleship Galaxies")
    active = [p["name"] for p in _players(view) if p.get("active")]
    turn, window = view.get("turn"), view.get("window")
    if view.get("phase") == "play" and turn:
        line = f"{mission}, turn {turn['number']}: {_name(view, turn['seat'])} ({turn['phase']} phase)"
        if window:
            line += f"; {_name(view, window['seat'])} to answer a {str(window['window']).replace('_', ' ')} window"
        return line
    label = PHASES.get(str(view.get("phase")), str(view.get("phase")))
    return f"{mission}: {label}" + (f"; {' and '.join(active)} to act" if active else "")


def _occupants(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {h: s for s in view.get("ships", []) for h in s.get("hexes", [])}


def _terrain(view: dict[str, Any]) -> dict[str, str]:
    out = {}
    for o in view.get("obstacles", []):
        for h in o.get("hexes", []):
            out[h] = str(o.get("kind"))
    return out


def _tiles(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {t["hex"]: t for t in view.get("tiles", [])}


def _zones(view: dict[str, Any]) -> dict[str, str]:
    return {h: side for side, hexes in (view.get("board", {}).get("zones") or {}).items() for h in hexes}


def _ship_title(ship: dict[str, Any]) -> str:
    return (
        f"{ship.get('name')} ({str(ship.get('id', '')).upper()}, {ship.get('version')}): "
        f"shields {ship.get('shields')}/{ship.get('shield_max')}, hull {ship.get('damage')}/{ship.get('hull')} "
        f"on {' '.join(ship.get('hexes', []))}"
    )


# -- SVG ------------------------------------------------------------------------------------------
def _flipped(view: dict[str, Any]) -> bool:
    """Show the Wretch their own starting zone at the bottom, as across a real table."""
    you = view.get("you") or {}
    return you.get("faction") == "wretch"


def _centre(view: dict[str, Any], name: str) -> tuple[float, float]:
    cols = _columns(view)
    c, r = cols.index(name[0]), int(name[1:]) - 1
    x = SIZE + 1.5 * SIZE * c
    y = math.sqrt(3) * SIZE * (r + 0.5 * (c & 1) + 0.5)
    if _flipped(view):
        width = SIZE * 2 + 1.5 * SIZE * (len(cols) - 1)
        height = math.sqrt(3) * SIZE * _rows(view)
        x, y = width - x, height - y
    return x + 4, y + 4


def _corners(x: float, y: float, radius: float) -> str:
    return " ".join(
        f"{x + radius * math.cos(math.radians(a)):.1f},{y + radius * math.sin(math.radians(a)):.1f}"
        for a in range(0, 360, 60)
    )


def svg(view: dict[str, Any]) -> str:
    cols = _columns(view)
    width = SIZE * 2 + 1.5 * SIZE * (len(cols) - 1) + 8
    board_height = math.sqrt(3) * SIZE * _rows(view) + 8
    track = (view.get("mission") or {}).get("track")
    track_height = TRACK_HEIGHT if track else 0
    cards, cards_height = svg_cards(view, width, board_height + track_height, FACTION_FILL)
    height = board_height + track_height + cards_height
    zones, terrain, tiles = _zones(view), _terrain(view), _tiles(view)
    title = f"Battleship Galaxies board. {status_line(view)}."
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}"'
        ' class="board board-galaxies" role="img" aria-labelledby="board-title">',
        f'<title id="board-title">{esc(title)}</title>',
        f'<rect x="0" y="0" width="{width:.0f}" height="{height:.0f}" fill="#0b1020" rx="6"/>',
    ]
    for h in _hexes(view):
        x, y = _centre(view, h)
        kind = terrain.get(h)
        fill = {"asteroid": ASTEROID_FILL, "debris": DEBRIS_FILL}.get(
            kind or "", ZONE_TINT.get(zones.get(h, ""), HEX_FILL)
        )
        cls = f"hex{' zone-' + zones[h] if h in zones else ''}{' ' + kind if kind else ''}"
        parts.append(
            f'<polygon class="{esc(cls)}" data-hex="{esc(h)}" points="{_corners(x, y, SIZE - 0.8)}"'
            f' fill="{fill}" stroke="#26304d" stroke-width="1"><title>{esc(h)}{esc(" " + kind if kind else "")}</title></polygon>'
            f'<text class="coord" x="{x:.1f}" y="{y + SIZE * 0.62:.1f}" font-size="6" fill="#7f8bb0"'
            f' text-anchor="middle" pointer-events="none">{esc(h)}</text>'
        )
        if h in tiles:
            t = tiles[h]
            parts.append(
                f'<g class="tile" data-hex="{esc(h)}" data-tile="{esc(t.get("kind"))}" pointer-events="none"><title>{esc(t.get("name"))}: '
                f'{esc(t.get("text"))}</title><circle cx="{x:.1f}" cy="{y:.1f}" r="{SIZE * 0.55:.1f}" fill="none"'
                f' stroke="{TILE_FILL}" stroke-width="3"/></g>'
            )
    parts += _svg_survivors(view)
    parts += _svg_ships(view)
    if track:
        parts += _svg_track(track, board_height)
    parts += cards
    parts.append("</svg>")
    return "\n".join(parts)


def _svg_survivors(view: dict[str, Any]) -> list[str]:
    """The mission's survivor sites (Pan Base): waiting ones ringed in gold, rescued ones dimmed."""
    track = (view.get("mission") or {}).get("track") or {}
    side = str(track.get("side", "")).upper()
    out = []
    for h, rescued in [(h, False) for h in track.get("survivors", [])] + [
        (h, True) for h in track.get("rescued", [])
    ]:
        if h[:1] not in _columns(view):
            continue
        x, y = _centre(view, h)
        what = "rescued" if rescued else f"survivors waiting for an {side} rescue"
        out.append(
            f'<g class="survivor{" rescued" if rescued else ""}" data-survivor="{esc(h)}" pointer-events="none">'
            f"<title>Survivor site {esc(h)}: {esc(what)}</title>"
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{SIZE * 0.7:.1f}" fill="none" stroke="{SURVIVOR}"'
            f' stroke-width="2" stroke-dasharray="3 2" opacity="{0.35 if rescued else 1}"/>'
            f'<text x="{x:.1f}" y="{y - SIZE * 0.3:.1f}" font-size="7" fill="{SURVIVOR}" text-anchor="middle"'
            f' opacity="{0.35 if rescued else 1}">{"✓" if rescued else "SOS"}</text></g>'
        )
    return out


def _svg_track(track: dict[str, Any], top: float) -> list[str]:
    """The victory point track: a box per point up to the target, filled up to the score."""
    points, target = int(track.get("points") or 0), int(track.get("target") or 0)
    side = str(track.get("side", ""))
    label = f"{side.upper()} victory points: {points} of {target}"
    out = [
        f'<g class="vp-track" data-points="{points}" data-target="{target}"><title>{esc(label)}</title>',
        f'<text x="8" y="{top + 13:.1f}" font-size="10" fill="#e8ecf8" font-family="sans-serif">{esc(label)}</text>',
    ]
    for i in range(target):
        x = 150 + i * 14
        fill = FACTION_FILL.get(side, "#999") if i < points else "none"
        out.append(
            f'<rect x="{x}" y="{top + 4:.1f}" width="11" height="11" rx="2" fill="{fill}" stroke="#7f8bb0"/>'
        )
    return [*out, "</g>"]


def _svg_ships(view: dict[str, Any]) -> list[str]:
    out = []
    last = view.get("last_attack") or {}
    active_card = (view.get("turn") or {}).get("card")
    for ship in view.get("ships", []):
        fill = FACTION_FILL.get(str(ship.get("faction")), "#999")
        centres = [_centre(view, h) for h in ship.get("hexes", [])]
        if not centres:
            continue
        mx = sum(c[0] for c in centres) / len(centres)
        my = sum(c[1] for c in centres) / len(centres)
        marked = ship.get("id") in (last.get("ship"), last.get("target"))
        activated = bool(ship.get("card")) and ship.get("card") == active_card
        group = (
            f'<g class="ship ship-{esc(ship.get("faction"))} size-{esc(ship.get("size"))}{" activated" if activated else ""}"'
            f' data-ship="{esc(ship.get("id"))}" data-card="{esc(ship.get("card"))}" data-owner="{esc(ship.get("owner"))}">'
        )
        body = [
            f"<title>{esc(_ship_title(ship))}{' (activated: it may move, then attack)' if activated else ''}</title>"
        ]
        for h, (x, y) in zip(ship.get("hexes", []), centres, strict=True):
            # each hex of the ship is its board hex too: a step or placement onto it is clicked here
            body.append(
                f'<polygon data-hex="{esc(h)}" points="{_corners(x, y, SIZE - 3)}" fill="{fill}" fill-opacity="0.85"'
                f' stroke="{"#f5a524" if marked else "#e8ecf8"}" stroke-width="{2 if marked else 1}"/>'
            )
        if activated:  # a gold ring under the ship's label: the ship card being activated
            body += [
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{SIZE - 1:.1f}" fill="none" stroke="{SURVIVOR}"'
                ' stroke-width="1.5" stroke-dasharray="4 2" pointer-events="none"/>'
                for x, y in centres
            ]
        if len(centres) > 1:
            pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in centres + centres[:1])
            body.append(
                f'<polyline points="{pts}" fill="none" stroke="#e8ecf8" stroke-width="2" pointer-events="none"/>'
            )
        body.append(
            f'<text x="{mx:.1f}" y="{my - 2:.1f}" font-size="9" font-weight="bold" fill="#fff" text-anchor="middle"'
            f' pointer-events="none">{esc(str(ship.get("id", "")).upper())}</text>'
        )
        body += pegs(ship, mx, my + 6)
        out.append(group + "".join(body) + "</g>")
    return out


# -- text (plain-text emails) --------------------------------------------------------------------------
def _cell(view: dict[str, Any], h: str, occupants, terrain, tiles, zones) -> str:
    if h in occupants:
        return str(occupants[h].get("id", "?")).upper()[:3]
    if terrain.get(h) == "asteroid":
        return "##"
    if terrain.get(h) == "debris":
        return "%%"
    if h in tiles:
        return "T" + str(tiles[h].get("kind", "?"))[:1].upper()
    return ":" if h in zones else "."


def _grid_lines(view: dict[str, Any]) -> list[str]:
    cols, rows = _columns(view), _rows(view)
    occupants, terrain, tiles, zones = _occupants(view), _terrain(view), _tiles(view), _zones(view)
    lines = [("     " + "".join(f"{c:<4}" for c in cols)).rstrip()]
    for r in range(1, rows + 1):
        cells = []
        for i, c in enumerate(cols):
            h = f"{c}{r}"
            cells.append(
                f"{_cell(view, h, occupants, terrain, tiles, zones):<4}" if r <= rows - (i & 1) else "    "
            )
        lines.append(f"{r:>3}  " + "".join(cells).rstrip())
    return lines


def _card_lines(card: dict[str, Any], ships: dict[str, dict[str, Any]]) -> list[str]:
    s = card.get("stats", {})
    head = (
        f"{str(card.get('code', '')).upper()} {card.get('name')} ({card.get('faction')}, {card.get('version')}, "
        f"{card.get('size')}{', squadron' if card.get('squadron') else ''}): move {s.get('move')}, "
        f"activate {s.get('activate')}, hull {s.get('hull')}, shields {s.get('shields')}"
        + (", activated" if card.get("activated") else "")
    )
    lines = [head]
    for w in card.get("weapons", []):
        lines.append(
            f"    weapon {w.get('key')}: {w.get('name')} range {w.get('range')}, {w.get('attacks')} attack(s), "
            f"strength {w.get('strength')}, charge {w.get('charge')}"
        )
    if card.get("power"):
        lines.append(f"    power: {card['power'].get('name')} - {card['power'].get('text')}")
    for a in card.get("attached", []):
        lines.append(f"    attached {a.get('id')}: {a.get('name')} ({a.get('type')}) - {a.get('text')}")
    for pid in card.get("ships", []):
        ship = ships.get(pid, {})
        lines.append(
            f"    {str(pid).upper()} on {' '.join(ship.get('hexes', []))}: shields {ship.get('shields')}/"
            f"{ship.get('shield_max')}, hull {ship.get('damage')}/{ship.get('hull')}"
        )
    return lines


def text(view: dict[str, Any]) -> str:
    ships = {s["id"]: s for s in view.get("ships", [])}
    lines = [f"Battleship Galaxies - {status_line(view)}", "", *_grid_lines(view), ""]
    lines.append(
        "Ships by id (EV, BS2...); ## asteroid field, %% debris field, T? discovery tile, : starting zone. "
        "Odd columns sit half a hex lower."
    )
    for t in view.get("tiles", []):
        lines.append(f"Tile {t.get('hex')}: {t.get('name')} - {t.get('text')}")
    track = (view.get("mission") or {}).get("track")
    if track:
        lines.append(
            f"{str(track.get('side')).upper()} victory points: {track.get('points')} of {track.get('target')}; "
            f"survivor sites waiting: {' '.join(track.get('survivors') or []) or 'none'}"
            + (f"; rescued: {' '.join(track['rescued'])}" if track.get("rescued") else "")
        )
    lines.append("")
    lines.append("Ship cards in play:" if view.get("cards") else "No ship cards in play yet.")
    for card in view.get("cards", []):
        lines += ["  " + line for line in _card_lines(card, ships)]
    if view.get("destroyed"):
        lines.append(
            "Destroyed: " + ", ".join(f"{d.get('name')} ({d.get('version')})" for d in view["destroyed"])
        )
    last = view.get("last_attack")
    if last:
        lines.append(
            f"Last attack: {str(last.get('ship')).upper()} on {str(last.get('target')).upper()}, "
            f"rolled {last.get('roll')}: {last.get('result')}"
        )
    lines.append("")
    for p in _players(view):
        lines.append(
            f"{p.get('name')} ({p.get('faction')}): energy {p.get('energy')}, {p.get('hand_size')} card(s) in hand, "
            f"deck {'?' if p.get('deck_size') is None else p.get('deck_size')}, discard {len(p.get('discard', []))}, {p.get('turns')} turn(s)"
        )
    lines += _you_lines(view.get("you"))
    if view.get("house"):
        lines += ["", "Ship cards, grids and tactic cards are Starpost house placeholders."]
    return "\n".join(lines) + "\n"


def _you_lines(you: dict[str, Any] | None) -> list[str]:
    if not you:
        return []
    lines = ["", "Behind your screen (only you see this):"]
    hand = ", ".join(
        f"{c.get('id')} {c.get('name')} ({c.get('phase')}, cost {c.get('cost')})" for c in you.get("hand", [])
    )
    lines.append(f"  Hand: {hand or 'empty'}")
    screen = ", ".join(
        f"{str(c.get('ship')).upper()} {c.get('name')} ({c.get('version')})" for c in you.get("screen", [])
    )
    lines.append(f"  Screen: {screen or 'empty'}")
    for carrier, cargo in (you.get("holds") or {}).items():
        inside = ", ".join(f"{str(c.get('ship')).upper()} ({c.get('version')})" for c in cargo)
        lines.append(f"  Hold of {str(carrier).upper()}: {inside}")
    orders = you.get("orders") or {}
    lines.append(f"  Standing orders: react {orders.get('react')}{', ask me' if orders.get('ask') else ''}")
    return lines


# -- HTML (HTML emails; inline styles, no SVG) ---------------------------------------------------------
def html(view: dict[str, Any]) -> str:
    cols, rows = _columns(view), _rows(view)
    occupants, terrain, tiles, zones = _occupants(view), _terrain(view), _tiles(view), _zones(view)
    cell_style = "width:22px;height:18px;text-align:center;font:10px monospace;border:1px solid #d0d4de;"
    head = "".join(f'<th style="font:10px monospace;color:#666">{esc(c)}</th>' for c in cols)
    body = []
    for r in range(1, rows + 1):
        cells = []
        for i, c in enumerate(cols):
            h = f"{c}{r}"
            if r > rows - (i & 1):
                cells.append('<td style="border:none"></td>')
                continue
            label, bg, fg = "", "#eef0f5", "#333333"
            if h in occupants:
                ship = occupants[h]
                label = str(ship.get("id", "")).upper()[:3]
                bg, fg = FACTION_FILL.get(str(ship.get("faction")), "#999999"), "#ffffff"
            elif terrain.get(h):
                label = "##" if terrain[h] == "asteroid" else "%%"
                bg = ASTEROID_FILL if terrain[h] == "asteroid" else "#c9b48f"
            elif h in tiles:
                label, bg = "T" + str(tiles[h].get("kind", "?"))[:1].upper(), "#bfe3d0"
            elif h in zones:
                bg = {"isn": "#c9d8f5", "wretch": "#f5cccf"}.get(zones[h], bg)
            cells.append(
                f'<td title="{esc(h)}" style="{cell_style}background:{bg};color:{fg}">{esc(label)}</td>'
            )
        body.append(f'<tr><th style="font:10px monospace;color:#666">{r}</th>{"".join(cells)}</tr>')
    ships = {s["id"]: s for s in view.get("ships", [])}
    parts = [
        f'<p style="font:14px sans-serif;margin:4px 0"><strong>{esc(status_line(view))}</strong></p>',
        f'<table style="border-collapse:collapse"><tr><th></th>{head}</tr>{"".join(body)}</table>',
        '<p style="font:12px sans-serif;color:#555;margin:4px 0">Ships by id; ## asteroid field; %% debris field; '
        "T? discovery tile; tinted hexes: starting zones; odd columns sit half a hex lower.</p>",
    ]
    for card in view.get("cards", []):
        lines = _card_lines(card, ships)
        parts.append(
            '<p style="font:12px sans-serif;margin:4px 0"><strong>'
            + esc(lines[0])
            + "</strong><br>"
            + "<br>".join(esc(line.strip()) for line in lines[1:])
            + "</p>"
        )
    you = _you_lines(view.get("you"))
    if you:
        parts.append(
            '<p style="font:13px sans-serif;margin:4px 0">'
            + "<br>".join(esc(x.strip()) for x in you if x)
            + "</p>"
        )
    return "\n".join(parts)

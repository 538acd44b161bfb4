"""What a viewer may see: JSON-ready data a renderer can draw without knowing the rules.

Keys (stable; new keys may be added, none renamed):

- ``game``: "battleship-galaxies"; ``house``: True (the generic fleet, grids and tactic cards
  are house placeholders, rules/README decision 3); ``phase``: select | muster | play | over.
- ``mission``: {"key", "name", "source", "boards", "rounds", "at_limit", "track": None or the
  victory point track {"side" scoring, "points", "target", "value" (fleet points per victory
  point at the round limit), "survivors": [hex] still to rescue, "rescued": [hex]}, "core":
  None or Barrage's computer core {"side" drawing, "deck" drawn from, "cards"}}.
- ``board``: {"columns": ["a", ...], "rows" (even columns; odd ones hold rows - 1),
  "zones": {"isn": [hex, ...], "wretch": [...]}}.
- ``obstacles``: [{"kind": "asteroid" | "debris", "name", "text", "hexes"}];
  ``tiles``: [{"kind", "name", "text", "hex"}] (discovery tiles).
- ``ships``: ships on the battlefield, [{"id", "card", "owner", "faction", "name", "size",
  "version", "hexes", "shields", "shield_max", "damage", "hull"}].
- ``cards``: launched ship cards, [{"code", "name", "owner", "faction", "size", "squadron",
  "version", "stats": {launch, activate, move, hull, shields, capacity, points},
  "weapons": [{"key", "name", "range", "attacks", "strength", "charge"}], "power": None |
  {"name", "text"}, "attached": [{"id", "kind", "name", "type", "text"}], "ships", "lost",
  "activated", "placing", "grid": [rows A-J of "." miss, "x" hit, "*" critical]}]; ``destroyed``: [{"code", "name", "owner", "faction", "version"}].
- ``players``: per seat {"seat", "name", "faction", "energy", "hand_size", "deck_size" (None
  while that seat is still choosing its deck),
  "discard": [{"id", "kind", "name"}], "reshuffles", "turns", "ready", "active",
  "teammates", "borrowed" (cards in hand drawn from another side's deck), and, only under ``reveal_all``: "hand", "deck", "screen", "holds", "orders"}.
- ``you``: None for spectators and under ``reveal_all``, else {"seat", "faction", "hand":
  [card] (in id order, never the order drawn), "deck": {"tag", "taken", "cards": [{"kind",
  "name", "count"}]} (contents, never order; with the "taken" cards another side drew from
  it and has not played, which its owner has not seen either), "screen": [{"tag", "ship", "name", "version", "size",
  "stats"}], "holds": {carrier: [same]}, "orders": {"id", "react", "ask"},
  "why_not": [{"ship", "action": launch | activate | move | attack, "why"}] (what the seat
  on turn cannot do now, in the rules' words: whynot.py), "draft":
  {"points", "limit", "deck_size", "deck_target"}, "team_hands": {seat: [card]}, "catalogue": None, or while choosing a
  fleet and deck {"ships": {code: {"name", "size", "count", "versions": {version: stats}}},
  "cards": {kind: {"name", "type", "phase", "cost", "text"}}}} where a card is {"id",
  "kind", "name", "type", "phase", "cost", "text"}.
- ``turn``: None or {"seat", "number", "phase", "activated", "card", "attacking",
  "moving", "steps", "stopped", "charges", "placing", "warp", "draw" (cards whose deck is
  still to be chosen), "end_loses" (ending the turn now loses the match: its side has no
  ship on the battlefield, BG-18)}.
- ``window``: None or the reaction window waiting for an answer {"seat", "window",
  "ship", "target"}; ``last_attack``: None or {"ship", "target", "weapon", "strength",
  "roll", "result"}.
- ``first_player``, ``chooser``: seats (-1 until known).
- ``outcome``: None or {"winners", "draw", "reason", "scores", "details"}.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from .board import mission
from .cardids import origin
from .data import DATA, SIDES, Stats
from .data import seat_name as name
from .geometry import Geometry, geometry
from .legal import active
from .ships import move, stats, weapons
from .state import DESTROYED, HOLD, LAUNCHED, PLACING, SCREEN, SELECT, Card, State, Tac, hull
from .victory import ending_loses
from .whynot import why_not


def _stats(s: Stats) -> dict[str, Any]:
    return {
        "launch": s.launch,
        "activate": s.activate,
        "move": s.move,
        "hull": s.hull,
        "shields": s.shields,
        "capacity": s.capacity,
        "points": s.points,
    }


@cache
def _static(boards: int) -> dict[str, Any]:
    g = geo_for(boards)
    return {
        "columns": list(dict.fromkeys(h[0] for h in sorted(g.hexes))),
        "rows": g.rows,
        "zones": {side: sorted(g.zones[i]) for i, side in enumerate(SIDES)},
    }


def _board(boards: int) -> dict[str, Any]:
    """A fresh copy of the cached board data, so a caller editing its view changes nothing else."""
    b = _static(boards)
    return {
        "columns": list(b["columns"]),
        "rows": b["rows"],
        "zones": {k: list(v) for k, v in b["zones"].items()},
    }


def geo_for(boards: int) -> Geometry:
    return geometry(boards)


def catalogue(faction: str) -> dict[str, Any]:
    """The ship cards and tactic cards a player chooses from (BG-15), faction only."""
    return {
        "ships": {
            code: {
                "name": DATA.ships[code].name,
                "size": DATA.ships[code].size,
                "count": DATA.ships[code].count,
                "versions": {v: _stats(s) for v, s in DATA.ships[code].versions.items()},
            }
            for code in DATA.ships_of(faction)
        },
        "cards": {
            k: {n: v for n, v in _tac(Tac("", k)).items() if n not in ("id", "kind")}
            for k in DATA.cards_of(faction)
        },
    }


def _tac(t: Tac, full: bool = True) -> dict[str, Any]:
    c = DATA.cards[t.kind]
    out: dict[str, Any] = {"id": t.id, "kind": t.kind, "name": c.name}
    if full:
        out.update(type=c.type, phase=c.phase, cost=c.cost, text=c.effect.text)
    return out


def _hidden_card(c: Card) -> dict[str, Any]:
    s = stats(c)
    return {
        "tag": c.tag,
        "ship": c.code,
        "name": DATA.ships[c.code].name,
        "version": c.version,
        "size": DATA.ships[c.code].size,
        "stats": _stats(s),
    }


def deck_kinds(state: State, seat: int) -> list[str]:
    """What the seat's deck holds: its draft until sealed, then the cards' kinds (never ids)."""
    p = state.players[seat]
    return sorted(t.kind for t in p.deck) if p.ready else list(p.draft)


def taken(state: State, seat: int) -> list[Tac]:
    """Cards of ``seat``'s deck now in another side's hand ([SEED] page 11): unseen by ``seat``
    like the deck itself, so its view of the deck counts them in."""
    return [
        t
        for other, q in enumerate(state.players)
        if state.enemy(seat, other)
        for t in q.hand
        if origin(state, t, other) == seat
    ]


def _secrets(state: State, seat: int) -> dict[str, Any]:
    p = state.players[seat]
    away = taken(state, seat)
    kinds = deck_kinds(state, seat) + [t.kind for t in away]
    mine = [c for c in state.cards if c.owner == seat]
    holds: dict[str, list[dict[str, Any]]] = {}
    for c in mine:
        if c.place == HOLD:
            holds.setdefault(c.carrier, []).append(_hidden_card(c))
    return {
        "hand": [_tac(t) for t in p.hand],
        "deck": {
            "tag": f"deck-{seat}",
            "taken": len(away),
            "cards": [
                {"kind": k, "name": DATA.cards[k].name, "count": kinds.count(k)} for k in sorted(set(kinds))
            ],
        },
        "screen": [_hidden_card(c) for c in mine if c.place == SCREEN],
        "holds": holds,
        "orders": {"id": f"orders-{seat}", "react": p.orders.react, "ask": p.orders.ask},
    }


def _card(state: State, c: Card) -> dict[str, Any]:
    t = DATA.ships[c.code]
    s = stats(c)
    arms = weapons(state, c, c.pieces[0]) if c.pieces else {}
    turn = state.turn
    return {
        "code": c.code,
        "name": t.name,
        "owner": c.owner,
        "faction": SIDES[state.side(c.owner)],
        "size": t.size,
        "squadron": t.squadron,
        "version": c.version,
        "stats": {**_stats(s), "hull": hull(c), "move": move(c)},
        "weapons": [
            {
                "key": w.key,
                "name": w.name,
                "range": w.range,
                "attacks": w.attacks,
                "strength": w.strength,
                "charge": w.charge,
            }
            for w in arms.values()
        ],
        "power": None if s.power is None else {"name": s.power.name, "text": s.power.text},
        "attached": [
            {**_tac(a, False), "type": DATA.cards[a.kind].type, "text": DATA.cards[a.kind].effect.text}
            for a in c.attached
        ],
        "ships": [p.id for p in c.pieces],
        "lost": list(c.lost),
        "activated": turn is not None and c.code in turn.activated,
        "placing": c.place == PLACING,
        "grid": list(t.grid),
    }


def view(state: State, viewer: int | None, reveal_all: bool = False) -> dict[str, Any]:
    m = mission(state)
    now = active(state)
    seats = range(len(state.players))
    players = []
    for seat in seats:
        p = state.players[seat]
        entry: dict[str, Any] = {
            "seat": seat,
            "name": name(seat),
            "faction": SIDES[p.side],
            "energy": p.energy,
            "hand_size": len(p.hand),
            # a draft deck's size would tell the opponent how the selection is going
            "deck_size": None if state.phase == SELECT and not p.ready else len(p.deck),
            "discard": [_tac(t, False) for t in p.discard],
            "reshuffles": p.reshuffles,
            "turns": p.turns,
            "ready": p.ready,
            "active": seat in now,
            "teammates": list(state.mates(seat)),
            # drawn from another side's deck ([SEED] page 11): counted in public, and named
            # by their ids once played
            "borrowed": sum(origin(state, t, seat) != seat for t in p.hand),
        }
        if reveal_all:
            entry.update(_secrets(state, seat))
        players.append(entry)
    you = None
    if viewer in seats and not reveal_all:
        assert viewer is not None
        mine = [c for c in state.cards if c.owner == viewer and c.place in (SCREEN, HOLD)]
        you = {
            "seat": viewer,
            "faction": SIDES[state.side(viewer)],
            **_secrets(state, viewer),
            "draft": {
                "points": sum(stats(c).points for c in mine),
                "limit": state.fleet_points,
                "deck_size": len(deck_kinds(state, viewer)),
                "deck_target": DATA.selection["deck_size"],
            },
            # [SOURCED] page 3: teammates may show each other their tactic cards
            "team_hands": {str(s): [_tac(t) for t in state.players[s].hand] for s in state.mates(viewer)},
            # why a ship cannot launch, activate, move or attack now (the seat on turn only)
            "why_not": why_not(state, viewer),
            "catalogue": catalogue(state.faction(viewer))
            if state.phase == SELECT and mission(state).player_fleets and not state.players[viewer].ready
            else None,
        }
    turn = state.turn
    return {
        "game": "battleship-galaxies",
        "house": True,
        "phase": state.phase,
        "mission": {
            "key": m.key,
            "name": m.name,
            "source": m.source,
            "boards": m.boards,
            "rounds": state.rounds,
            "at_limit": m.at_limit,
            "track": None
            if not m.vp_side
            else {
                "side": m.vp_side,
                "points": state.vp[SIDES.index(m.vp_side)],
                "target": m.vp_target,
                "value": m.vp_value,
                "survivors": [h for h in m.survivors if h not in state.rescued],
                "rescued": list(state.rescued),
            },
            "core": None
            if not m.core_side
            else {"side": m.core_side, "deck": m.core_deck, "cards": m.core_cards},
        },
        "board": _board(m.boards),
        "obstacles": [
            {
                "kind": kind,
                "name": DATA.obstacles[kind]["name"],
                "text": DATA.obstacles[kind]["text"],
                "hexes": list(o),
            }
            for kind, group in (("asteroid", m.asteroids), ("debris", m.debris))
            for o in group
        ],
        "tiles": [
            {"kind": k, "name": DATA.tiles[k].name, "text": DATA.tiles[k].text, "hex": h} for k, h in m.tiles
        ],
        "ships": [
            {
                "id": p.id,
                "card": c.code,
                "owner": c.owner,
                "faction": SIDES[state.side(c.owner)],
                "name": DATA.ships[c.code].name,
                "size": DATA.ships[c.code].size,
                "version": c.version,
                "hexes": list(p.hexes),
                "shields": p.shields,
                "shield_max": stats(c).shields,
                "damage": p.damage,
                "hull": hull(c),
            }
            for c, p in state.on_board()
        ],
        "cards": [_card(state, c) for c in state.cards if c.place in (LAUNCHED, PLACING)],
        "destroyed": [
            {
                "code": c.code,
                "name": DATA.ships[c.code].name,
                "owner": c.owner,
                "faction": SIDES[state.side(c.owner)],
                "version": c.version,
            }
            for c in state.cards
            if c.place == DESTROYED
        ],
        "players": players,
        "you": you,
        "turn": None
        if turn is None
        else {
            "seat": turn.seat,
            "number": turn.number,
            "phase": turn.phase,
            "activated": list(turn.activated),
            "card": turn.card or None,
            "attacking": turn.attacking,
            "moving": turn.moving or None,
            "steps": dict(turn.steps),
            "stopped": list(turn.stopped),
            "charges": dict(turn.charges),
            "placing": turn.placing or None,
            "warp": turn.warp or None,
            "draw": turn.draw,
            "end_loses": ending_loses(state),
        },
        "window": None
        if not state.asking
        else {
            "seat": state.queue[0].seat,
            "window": state.queue[0].stage,
            "ship": state.queue[0].piece or None,
            "target": state.queue[0].target or None,
        },
        "last_attack": None
        if state.last_attack is None
        else {
            "ship": state.last_attack.piece,
            "target": state.last_attack.target,
            "weapon": state.last_attack.weapon,
            "strength": state.last_attack.strength,
            "roll": state.last_attack.roll,
            "result": state.last_attack.result,
        },
        "first_player": state.first,
        "chooser": state.chooser,
        "outcome": None if state.outcome is None else state.outcome.to_json(),
    }

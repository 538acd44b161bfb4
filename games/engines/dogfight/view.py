"""What a viewer may see: JSON-ready data a renderer can draw without knowing the rules.

Keys (stable; new keys may be added, none renamed):

- ``game``: "space-dogfight"; ``phase``: "build" | "place" | "play" | "over".
- ``board``: ``files`` (["a", ...]), ``rows`` (int), ``zones`` ({"blue": [rows], "red":
  [rows]}), ``forward`` ({"blue": +1, "red": -1} rows), ``asteroid_squares`` ({"1": "b5",
  ...}: the numbered squares for placing asteroids, SD-02).
- ``asteroids``: [{"n", "square"}], numbered in placement order (SD-05).
- ``ships``: placed ships still in play, [{"id", "owner", "colour", "type", "square", "pts",
  "mov", "att", "def"}]; ``lost``: eliminated ships, [{"id", "owner", "colour", "type",
  "square"}] (the square they were lost on).
- ``ship_types``: {"A": {"type", "count", "pts", "mov", "att", "def"}, ...} (SD-03).
- ``counter_types``: {"AP": {"label", "count", "def_bonus"}, ...} (SD-04).
- ``first_player``: seat; ``points_limit``, ``turn_cap``, ``movement``: the match options.
- ``turn``: None outside play, else {"seat", "colour", "number", "stage" ("start" |
  "drawing" | "spending"), "draws", "ap_spent", "repeat_available", "repeat" (None or
  {"attacker", "defender"})}.
- ``players``: per seat {"seat", "colour", "name", "active", "hand_size", "sealed",
  "turns_taken", "fleet_value" (placed ships still in play), "hand", "unplaced",
  "orders"}; the last three are None unless ``reveal_all``.
- ``you``: None for spectators and under ``reveal_all``, else {"seat", "colour", "hand":
  [{"id", "type", "label"}], "unplaced": [{"id", "type"}], "orders": {"id", "def_counter",
  "def2_min_pts", "ask"}}. A hand is in counter-type order and its ids are labels
  ("ctr-101" ... for Blue, "ctr-201" ... for Red), not the counters' box ids (AS-SD-2).
- ``pending``: None, or the paused combat {"seat" (who must answer), "attacker",
  "defender", "repeat", "support", "attack_roll", "attack_target", "then_repeat" (the
  attacker declared a repeat with the attack, AS-SD-4)}.
- ``last_combat``: None, or {"attacker", "defender", "repeat", "support", "attack_roll",
  "attack_target", "potential_hit", "def_counter", "defence_roll", "defence_target",
  "result" ("miss" | "blocked" | "eliminated"), "then_repeat"}.
- ``cup_size``; ``cup``: None unless ``reveal_all``, then [{"id", "type"}].
- ``outcome``: None or {"winners", "draw", "reason", "scores"}.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from .data import COLOURS, DATA
from .geometry import BOARD
from .legal import active
from .state import Combat, State, colour
from .whynot import why_not


def _ship(ship: Any, full: bool) -> dict[str, Any]:
    out = {
        "id": ship.id,
        "owner": ship.owner,
        "colour": colour(ship.owner),
        "type": ship.type,
        "square": ship.square,
    }
    if full:
        t = DATA.ship_types[ship.type]
        out.update(pts=t.pts, mov=t.mov, att=t.att, **{"def": t.def_})
    return out


def _combat(c: Combat | None) -> dict[str, Any] | None:
    return None if c is None else asdict(c)


def _hand(state: State, seat: int) -> list[dict[str, Any]]:
    return [
        {"id": label, "type": kind, "label": DATA.counters[kind].label}
        for label, kind in state.hand_labels(seat)
    ]


def _secrets(state: State, seat: int) -> dict[str, Any]:
    o = state.orders[seat]
    return {
        "hand": _hand(state, seat),
        "unplaced": [{"id": h.id, "type": h.type} for h in state.holds[seat]],
        "orders": {
            "id": f"orders-{seat}",
            "def_counter": o.def_counter,
            "def2_min_pts": o.def2_min_pts,
            "ask": o.ask,
        },
    }


def view(state: State, viewer: int | None, reveal_all: bool = False) -> dict[str, Any]:
    seats = range(len(COLOURS))
    now = active(state)
    players = []
    for seat in seats:
        secret = _secrets(state, seat) if reveal_all else {}
        players.append(
            {
                "seat": seat,
                "colour": colour(seat),
                "name": colour(seat).capitalize(),
                "active": seat in now,
                "hand_size": len(state.hands[seat]),
                "sealed": state.sealed[seat],
                "turns_taken": state.turns_taken[seat],
                "fleet_value": state.fleet_value(seat),
                "hand": secret.get("hand"),
                "unplaced": secret.get("unplaced"),
                "orders": secret.get("orders"),
            }
        )
    you = None
    if viewer is not None and viewer in seats and not reveal_all:
        you = {
            "seat": viewer,
            "colour": colour(viewer),
            **_secrets(state, viewer),
            "why_not": why_not(state, viewer),  # names the viewer's own hand: theirs only
        }
    t = state.turn
    turn = None
    if t is not None:
        turn = {
            "seat": t.seat,
            "colour": colour(t.seat),
            "number": t.number,
            "stage": t.stage,
            "draws": t.draws,
            "ap_spent": t.ap_spent,
            "repeat_available": t.repeat is not None,
            "repeat": None
            if t.repeat is None
            else dict(zip(("attacker", "defender"), t.repeat, strict=True)),
        }
    pending = None
    if state.pending is not None:
        p = state.pending
        defender = state.ship(p.defender)
        pending = {
            "seat": None if defender is None else defender.owner,
            "attacker": p.attacker,
            "defender": p.defender,
            "repeat": p.repeat,
            "support": p.support,
            "attack_roll": p.attack_roll,
            "attack_target": p.attack_target,
            "then_repeat": p.then_repeat,
        }
    return {
        "game": "space-dogfight",
        "phase": state.phase,
        "board": {
            "files": [chr(ord("a") + f) for f in range(BOARD.files)],
            "rows": BOARD.rows,
            "zones": {c: list(DATA.zones[i]) for i, c in enumerate(COLOURS)},
            "forward": {c: DATA.forward[i] for i, c in enumerate(COLOURS)},
            "asteroid_squares": {str(i): sq for i, sq in enumerate(DATA.placement, 1)},
        },
        "asteroids": [{"n": n, "square": sq} for n, sq in enumerate(state.asteroids, 1)],
        "ships": [_ship(s, True) for s in state.ships],
        "lost": [_ship(s, False) for s in state.lost],
        "ship_types": {k: t.to_json() for k, t in DATA.ship_types.items()},
        "counter_types": {
            k: {"label": c.label, "count": c.count, "def_bonus": c.def_bonus}
            for k, c in DATA.counters.items()
        },
        "first_player": state.first,
        "points_limit": state.points_limit,
        "turn_cap": state.turn_cap,
        "movement": state.movement,
        "turn": turn,
        "players": players,
        "you": you,
        "pending": pending,
        "last_combat": _combat(state.last_combat),
        "cup_size": len(state.cup),
        "cup": ([{"id": c, "type": DATA.counter_type(c)} for c in state.cup] if reveal_all else None),
        "outcome": None if state.outcome is None else state.outcome.to_json(),
    }

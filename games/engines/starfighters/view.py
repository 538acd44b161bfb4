"""What a viewer may see: JSON-ready data a renderer can draw without knowing the rules.

Keys (stable; new keys may be added, none renamed):

- ``game``: "star-fighters"; ``round`` (1-based); ``phase``: "roll" | "activate" |
  "torpedoes" | "over"; ``mode``: "duel" | "three" | "teams"; ``victory``: "last" |
  "first" (3 players, SF-44); ``seats``.
- ``board``: ``hexes`` [{"name", "x", "y"}] in doubled coordinates (SF-01; y grows
  southwards), ``anomalies`` [{"name", "x", "y", "gates"}] (SF-02), ``headings`` (names of
  the facings 0..5, clockwise from north-east), ``shields`` (facing names, ring order).
- ``ships``: [{"seat", "id" ("s1"...), "name", "hex" (None once destroyed), "heading",
  "side", "team", "destroyed", "cloaked"}].
- ``torpedoes``: [{"id" ("t1a"...), "owner", "hex", "face_up"}].
- ``players``: per seat {"seat", "name", "ship", "side", "side_title", "team", "active",
  "destroyed", "hull", "hull_max", "shields" {facing: n}, "shields_max" {facing: n},
  "reactors", "cloaked", "board" (spaces, below), "pool" [{"die", "colour", "face"}] (face
  None unless reserved), "lost" [die ids], "torpedo_supply", "rolling" (None outside the
  Roll phase, else whether the player is still taking steps; to the others, until the reveal,
  every player with a sealed sequence is rolling and active, AS-SF-1.6), "passed", "activated"
  [systems], "cockpit_used", "why_not" {system: why it cannot be activated now, in the rules'
  words; empty outside the Activate-systems phase}, "why_not_drive" {step ("move",
  "rotate-left", "rotate-right"): why it is refused, while the player flies the Drives},
  "passed_why" [why the player's ship was passed with nothing to activate in the last
  Activate-systems phase (SF-30), in words that read the same to every player; empty if it was
  not], "damage_dealt", "damage_taken", "orders" (None unless
  ``reveal_all``)}. In the Roll phase "board" is the board as the round began: the sealed
  work of a roll sequence is shown to its owner only, under ``you``.
- A board is a list of spaces groups: {"group" ("phasers.attack"), "system", "label",
  "colour" ("red" | "blue" | "command"), "count", "covered" (spaces under reactor markers),
  "dice" [{"die", "colour", "face"}]}.
- ``turn``: None outside the Activate-systems phase, else {"on" [seats on turn], "actor"
  (the seat that has begun the turn, or None), "passed" [seats], "order" [[seats], ...] (the
  turn order from the first; a destroyed ship's entry is empty),
  "drive" (None or {"seat", "moves", "rotates", "steps"})}.
- ``hitter``: who hit the button this round (None before the reveal or if nobody fired).
- ``pending``: None or {"kind" ("lose" | "steer" | "reroll"), "seat", "options", "torpedo",
  "target", "dice"}; for "reroll" (B2, SF-51) "target" is the ship or torpedo fired at, "dice"
  the attack roll [[die, face]] and "options" the dice that did no damage.
- ``you``: None for spectators and under ``reveal_all``, else {"seat", "orders" {"id",
  "lose", "ask"}, "roll"}; "roll" is None outside the Roll phase, else the sealed sequence
  {"id", "step", "cap", "done", "fired", "actions", "bridge_used", "why_no_fire" (why Fire!
  is not offered yet, or None), "hand" [{"die", "colour",
  "face"}] (face "" once picked up), "board" (spaces), "rolls" [{"id", "step", "faces"
  [[die, face]]}]}.
- ``dice``: {"faces" {colour: [icons]}, "symbols" {icon: text}}; ``rules``: {"roll_cap",
  "hull", "die_loss_at", "repair"}.
- ``outcome``: None or {"winners", "draw", "reason", "scores", "details"}; ``details``
  (for leagues): {"mode", "victory", "rounds", "destroyed" [seats in order], "teams" (2 v 2:
  [[seats], [seats]]), "ships" [{"seat", "side", "hull", "shields", "destroyed",
  "destroyed_by", "damage_dealt", "damage_taken", "dice_lost", "kills"}]}.
"""

from __future__ import annotations

from typing import Any

from .data import DATA, RULES
from .moves import ship_id
from .rollphase import board_id, roll_id
from .shipboard import capacity, cloaked
from .state import ROLL, Placed, Ship, State, name
from .whynot import drive_problems, fire_problem, why_not


def spaces(side_key: str, reactors: int, board: tuple[Placed, ...]) -> list[dict[str, Any]]:
    side = DATA.sides[side_key]
    return [
        {
            "group": g.name,
            "system": g.system,
            "label": g.label,
            "colour": g.colour,
            "count": g.count,
            "covered": g.count - capacity(g, reactors),
            "dice": [
                {"die": d, "colour": DATA.colour_of(d), "face": f} for d, grp, f in board if grp == g.name
            ],
        }
        for g in side.groups
    ]


def _facings(values: tuple[int, ...]) -> dict[str, int]:
    return dict(zip(DATA.ring, values, strict=True))


def _player(
    state: State, ship: Ship, active: frozenset[int], reveal_all: bool, viewer: int | None = None
) -> dict[str, Any]:
    side = DATA.sides[ship.side]
    reserve = dict(ship.reserve)
    turns = state.turns
    roller = state.rollers[ship.seat] if state.phase == ROLL and state.rollers else None
    o = state.orders[ship.seat]
    # AS-SF-1.6: until the reveal the others do not learn that a player has finished rolling.
    blind = roller is not None and not reveal_all and viewer != ship.seat
    return {
        "seat": ship.seat,
        "name": name(ship.seat),
        "ship": ship_id(ship.seat),
        "side": ship.side,
        "side_title": side.title,
        "team": ship.team,
        "active": True if blind else ship.seat in active,
        "destroyed": ship.destroyed,
        "hull": ship.hull,
        "hull_max": RULES["hull"],
        "shields": _facings(ship.shields),
        "shields_max": _facings(side.shields),
        "reactors": ship.reactors,
        "cloaked": cloaked(side, ship.board),
        "board": spaces(ship.side, ship.reactors, ship.board),
        "pool": [{"die": d, "colour": DATA.colour_of(d), "face": reserve.get(d)} for d in ship.pool()],
        "lost": list(ship.lost),
        "torpedo_supply": RULES["torpedoes"] - sum(1 for t in state.torpedoes if t.owner == ship.seat),
        "rolling": None if state.phase != ROLL else bool(roller is not None and (blind or not roller.done)),
        "passed": bool(turns and state.unit_of(ship.seat) in turns.passed),
        "activated": [sys for s, sys in turns.activated if s == ship.seat] if turns else [],
        "cockpit_used": bool(turns and ship.seat in turns.cockpit),
        "why_not": why_not(state, ship.seat),
        "why_not_drive": drive_problems(state, ship.seat),
        "passed_why": [text for seat, why in state.passes if seat == ship.seat for _, _, text in why],
        "damage_dealt": ship.dealt,
        "damage_taken": ship.taken,
        "orders": {"id": f"orders-{ship.seat + 1}", "lose": o.lose, "ask": o.ask} if reveal_all else None,
    }


def _roll(state: State, seat: int) -> dict[str, Any] | None:
    r = state.rollers[seat] if state.phase == ROLL and state.rollers else None
    if r is None:
        return None
    return {
        "id": board_id(state, seat),
        "step": r.step,
        "cap": RULES["roll_cap"],
        "done": r.done,
        "fired": r.fired,
        "actions": r.actions,
        "bridge_used": r.bridge,
        "why_no_fire": fire_problem(state, seat),
        "hand": [{"die": d, "colour": DATA.colour_of(d), "face": f} for d, f in r.hand],
        "board": spaces(state.ships[seat].side, state.ships[seat].reactors, r.board),
        "rolls": [
            {"id": roll_id(state, seat, k), "step": k, "faces": [list(p) for p in faces]}
            for k, faces in enumerate(r.rolls, 1)
        ],
    }


def view(state: State, viewer: int | None, reveal_all: bool = False) -> dict[str, Any]:
    active = state.active()
    you = None
    if viewer in range(state.seats) and not reveal_all:
        assert viewer is not None
        o = state.orders[viewer]
        you = {
            "seat": viewer,
            "orders": {"id": f"orders-{viewer + 1}", "lose": o.lose, "ask": o.ask},
            "roll": _roll(state, viewer),
        }
    turns = state.turns
    turn = None
    if turns is not None:
        d = turns.drive
        turn = {
            "on": list(state.unit_seats(turns.on)),
            "actor": turns.actor,
            "passed": [s for u in turns.passed for s in state.unit_seats(u)],
            "order": [list(state.unit_seats(u)) for u in turns.units],
            "drive": None
            if d is None
            else {"seat": d.seat, "moves": d.moves, "rotates": d.rotates, "steps": d.steps},
        }
    pending = None
    if state.pending:
        p = state.pending[0]
        pending = {
            "kind": p.kind,
            "seat": p.seat,
            "options": list(p.options),
            "torpedo": p.torpedo or None,
            "target": p.target or None,
            "dice": [list(r) for r in p.rolled],
        }
    return {
        "game": "star-fighters",
        "round": state.round,
        "phase": state.phase,
        "mode": state.mode,
        "victory": state.victory,
        "seats": state.seats,
        "board": {
            "hexes": [{"name": n, "x": x, "y": y} for n, (x, y) in sorted(DATA.doubled.items())],
            "anomalies": [
                {"name": a, "x": 2 * cell.q + cell.r, "y": cell.r, "gates": list(DATA.gates[a])}
                for a, cell in DATA.anomalies.items()
            ],
            "headings": list(DATA.headings),
            "shields": list(DATA.ring),
        },
        "ships": [
            {
                "seat": s.seat,
                "id": ship_id(s.seat),
                "name": name(s.seat),
                "hex": s.hex,
                "heading": DATA.headings[s.heading],
                "side": s.side,
                "team": s.team,
                "destroyed": s.destroyed,
                "cloaked": cloaked(DATA.sides[s.side], s.board),
            }
            for s in state.ships
        ],
        "torpedoes": [
            {"id": t.id, "owner": t.owner, "hex": t.hex, "face_up": t.face_up} for t in state.torpedoes
        ],
        "players": [_player(state, s, active, reveal_all, viewer) for s in state.ships],
        "turn": turn,
        "hitter": state.hitter,
        "pending": pending,
        "you": you,
        "dice": {"faces": {c: list(f) for c, f in DATA.faces.items()}, "symbols": dict(DATA.symbols)},
        "rules": {k: RULES[k] for k in ("roll_cap", "hull", "die_loss_at", "repair")},
        "outcome": None if state.outcome is None else state.outcome.to_json(),
    }

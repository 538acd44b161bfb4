"""Why a move is illegal: one ``Invalid`` per broken rule, with a message naming the rule.

``CHECKS`` has one check per kind of move; the kit's referee runs it after the checks every
game shares (the match over, the move's shape, the seat, the phase of the kind: see
``moves.MOVES``) and returns None for a move the rules allow. ``legal.py`` lists exactly
the candidates that pass, and the engine refuses anything not listed, so the two never
disagree silently. Messages never echo another seat's hidden names (the canary test).
"""

from __future__ import annotations

from ..base import Invalid, Move
from ..kit.referee import Check
from . import fire_orders, forces, movement
from .data import DATA, side_name
from .geometry import hex_of, zone
from .moves import BUILD_KINDS, MOVE_KINDS, ORDERS
from .state import MOVE, RESERVE, SHOOT, State

ANSWERS = {"initiative": "initiative", "pick": "ion_weapon", "repair": "repair"}


def _answer(state: State, seat: int, m: Move) -> Invalid | None:
    """An "ask me" decision (rules/README decision 5)."""
    p = state.pending
    if p is None or p.seat != seat or p.kind != ANSWERS[m.kind]:
        return Invalid("no_decision", f'No "{m.kind}" decision is waiting for you (rules/README decision 5).')
    arg = {"initiative": "choice", "pick": "weapon", "repair": "effect"}[m.kind]
    if m[arg] not in p.choices:
        return Invalid("bad_choice", f"Choose one of {', '.join(p.choices)}.")
    return None


def _unanswered(state: State, seat: int) -> Invalid | None:
    """Nothing else is played while an "ask me" decision is owed (GAPS 2.6)."""
    p = state.pending
    if p is None:
        return None
    who = "You owe" if p.seat == seat else f"The {side_name(p.seat)} owe"
    return Invalid("decision_pending", f"{who} a {p.kind.replace('_', ' ')} decision first (GAPS 2.6).")


# -- force building and deployment ------------------------------------------------------------
def _build(state: State, seat: int, m: Move) -> Invalid | None:
    sc = DATA.scenarios[state.scenario]
    if sc.sides[seat].fixed:
        return Invalid(
            "force_fixed", f"In {sc.name} the {side_name(seat)} field a fixed force ([SEED], {sc.rule})."
        )
    if state.sealed[seat]:
        return Invalid(
            "already_sealed",
            "You have sealed your force list; it is revealed when both are sealed (GAPS 2.5).",
        )
    draft = state.drafts[seat]
    if m.kind == "seal":
        found = forces.problems(sc, state.points, seat, draft, final=True)
        return found[0] if found else None
    new = forces.edit(draft, m, forces.entry_id(seat, state.next_entry[seat]))
    if new is None:
        mine = ", ".join(e.id for e in draft) or "none yet"
        return Invalid("no_such_entry", f"That entry is not in your force list (yours: {mine}).")
    if m.kind == "flights":
        old = next(e for e in draft if e.id == m["entry"])
        if old.flights == m["n"]:
            return Invalid("flights_unchanged", f"{old.id} already has {old.flights} flight(s).")
    found = forces.problems(sc, state.points, seat, new, final=False)
    return found[0] if found else None


def _place(state: State, seat: int, m: Move) -> Invalid | None:
    if state.deploy_next != seat:
        return Invalid(
            "not_your_turn",
            f"It is the {side_name(state.deploy_next)}' turn to place a unit; the sides alternate (SW-H5).",
        )
    nxt = next((u for u in state.side(seat) if u.status == RESERVE), None)
    assert nxt is not None
    if m["unit"] != nxt.id:
        return Invalid(
            "place_in_order", f"Units are placed in force-list order; place {nxt.id} next (SW-H5)."
        )
    if hex_of(m["hex"]) is None:
        return Invalid("bad_hex", f"{m['hex']!r} is not a hex of the map (0101 to 3624).")
    if m["hex"] not in zone(seat):
        return Invalid(
            "outside_zone",
            f"{m['hex']} is outside your deployment zone, within {DATA.map['zone_depth']} hexes of your own short edge (SW-01).",
        )
    if state.at(m["hex"]) is not None:
        return Invalid("hex_occupied", f"{m['hex']} already holds a unit (SW-06).")
    return None


# -- the turn -----------------------------------------------------------------------------------
def _movement(state: State, seat: int, m: Move) -> Invalid | None:
    if (owed := _unanswered(state, seat)) is not None:
        return owed
    if state.step != MOVE:
        return Invalid(
            "wrong_phase",
            f"Units move in the Movement phase; this is the {state.step} phase ([SEED] turn phases).",
        )
    if state.mover != seat:
        return Invalid(
            "not_your_turn",
            f"The {side_name(state.mover)} move a unit now; sides alternate unit by unit ([SEED], SW-05).",
        )
    u = state.unit(m["unit"])
    if u is None or u.seat != seat:
        return Invalid("not_your_unit", f"You have no unit {m['unit']}.")
    if u.status != "active":
        return Invalid("unit_not_on_map", f"{u.id} is not on the map ({u.status}).")
    return movement.problem(state, u, m)


def _shooting(state: State, seat: int, m: Move) -> Invalid | None:
    if (owed := _unanswered(state, seat)) is not None:
        return owed
    if state.step != SHOOT:
        return Invalid(
            "wrong_phase",
            f"Fire orders are given in the Shooting phase; this is the {state.step} phase ([SEED] turn phases).",
        )
    if state.fire_done[seat]:
        return Invalid(
            "fire_sealed",
            "Your fire orders for this turn are sealed; they are revealed with the other side's (AS-SW-1).",
        )
    return fire_orders.problem(state, seat, m)


CHECKS: dict[str, Check[State]] = {
    **dict.fromkeys(BUILD_KINDS, _build),
    "place": _place,
    **dict.fromkeys(ANSWERS, _answer),
    **dict.fromkeys(MOVE_KINDS, _movement),
    "fire": _shooting,
    "orders": ORDERS.check,
}

"""Why a move is illegal: one ``Invalid`` per broken rule, with a message naming the rule.

``CHECKS`` has one check per kind of move, run by the referee (``kit.referee``) after the
checks every game shares (the match is over, the move's shape, the seat, the kind's
phase). A check returns None for a move the rules allow; the referee still insists that
the move is one that ``legal.py`` lists, so the two can never disagree silently.
"""

from __future__ import annotations

from ..base import Invalid, Move
from ..grid import Square
from ..kit.referee import Check
from .data import AP, DATA
from .geometry import BOARD, distance, in_zone, is_adjacent, is_diagonal, reachable, straight_line
from .moves import NO_COUNTER, ORDERS, RULES, fleet_counts
from .state import DRAWING, SPENDING, START, State, colour

BOARD_TEXT = f"files a-{chr(ord('a') + DATA.files - 1)}, rows 1-{DATA.rows}"


def name(seat: int) -> str:
    return colour(seat).capitalize()


def label(counter_type: str) -> str:
    return DATA.counters[counter_type].label


# -- build and place ----------------------------------------------------------------------
def _fleet(state: State, seat: int, m: Move) -> Invalid | None:
    if state.sealed[seat]:
        return Invalid("already_sealed", "You have already sealed your fleet (AS-SD-1).")
    counts = fleet_counts(m)
    for t in DATA.ship_types.values():
        if counts[t.key] > t.count:
            return Invalid(
                "fleet_too_many",
                f"Each player has {t.count} type {t.key} counters; a fleet cannot hold "
                f"{counts[t.key]} (SD-03).",
            )
    pts = sum(n * DATA.ship_types[k].pts for k, n in counts.items())
    if pts > state.points_limit:
        return Invalid(
            "fleet_over_budget",
            f"That fleet is worth {pts} PTS; the limit is {state.points_limit} (SETUP).",
        )
    if sum(counts.values()) < RULES["min_fleet_ships"]:
        return Invalid(
            "fleet_empty", "A fleet needs at least one ship, or it would lose at once (house rule SD-H1)."
        )
    return None


def _square(text: str, role: str) -> Square | Invalid:
    sq = Square.parse(text)
    if sq is None or sq.name != text:
        return Invalid("bad_square", f"{role} {text!r} is not a square; write squares like b3.")
    if not BOARD.contains(sq):
        return Invalid("off_board", f"{text} is off the board ({BOARD_TEXT}).")
    return sq


def _place(state: State, seat: int, m: Move) -> Invalid | None:
    if state.place_next != seat:
        return Invalid("not_your_turn", f"It is {name(state.place_next)}'s turn to place a ship.")
    sq = _square(m["to"], "Placement square")
    if isinstance(sq, Invalid):
        return sq
    if m["ship"] not in {h.type for h in state.holds[seat]}:
        left = ", ".join(sorted({h.type for h in state.holds[seat]})) or "none"
        return Invalid(
            "not_in_fleet",
            f"No type {m['ship']} ship is left in your fleet to place (left: {left}).",
        )
    if not in_zone(sq.name, seat):
        rows = "-".join(str(r) for r in (DATA.zones[seat][0], DATA.zones[seat][-1]))
        return Invalid(
            "outside_zone",
            f"{sq.name} is outside your starting zone (rows {rows}); ships are placed there (SETUP, SD-01).",
        )
    if state.occupied(sq.name):
        return Invalid("square_occupied", f"{sq.name} is already occupied (SETUP).")
    return None


# -- play -----------------------------------------------------------------------------------
def _play(state: State, seat: int, m: Move) -> Invalid | None:
    t, pending = state.turn, state.pending
    assert t is not None
    if pending is not None:
        defender = state.ship(pending.defender)
        assert defender is not None
        if defender.owner != seat:
            return Invalid(
                "not_your_turn",
                f"{name(defender.owner)} is deciding whether to use a DEF counter (AS-SD-3).",
            )
        if m.kind != "defend":
            return Invalid(
                "decision_pending",
                f"First answer the attack on {defender.id}: defend def1, defend def2 or defend none "
                "(your standing orders say ask me, AS-SD-3).",
            )
        counter = m["counter"]
        if counter != NO_COUNTER and counter not in state.hand_types(seat):
            return Invalid(
                "no_counter",
                f"You hold no {label(counter)} counter; only a DEF counter you hold can raise "
                "the defence (COMBAT).",
            )
        return None
    if m.kind == "defend":
        return Invalid("no_decision", "No attack is waiting for your DEF counter decision.")
    if t.seat != seat:
        return Invalid("not_your_turn", f"It is {name(t.seat)}'s game turn.")
    return TURN_CHECKS[m.kind](state, seat, m)


def _discard(state: State, seat: int, m: Move) -> Invalid | None:
    if state.turn and state.turn.stage != START:
        return Invalid(
            "discard_too_late",
            "Counters are discarded at the start of a game turn [1], before drawing, moving or attacking.",
        )
    if m["counter"] not in state.hand_types(seat):
        return Invalid(
            "no_counter",
            f"You hold no {label(m['counter'])} counter; only counters in your possession "
            "can be discarded [1].",
        )
    return None


def _draw(state: State, seat: int, m: Move) -> Invalid | None:
    t = state.turn
    assert t is not None
    if t.stage == SPENDING:
        return Invalid(
            "draw_after_spending",
            "You have spent APs this turn [2b]; a game turn is either drawing [2a] or spending.",
        )
    if t.draws >= RULES["draws_per_turn"]:
        return Invalid("draw_limit", f"You have drawn {t.draws} counters this turn, the most allowed [2a].")
    if len(state.hands[seat]) >= RULES["hand_limit"]:
        return Invalid(
            "hand_full",
            f"You hold {len(state.hands[seat])} counters; never more than "
            f"{RULES['hand_limit']} [2a]. Discard at the start of a turn to make room.",
        )
    if not state.cup:
        return Invalid("cup_empty", "The cup is empty; there is nothing to draw.")
    return None


def _no_ap(state: State, seat: int, cost: int, what: str) -> Invalid | None:
    held = state.held(seat, AP)
    if held >= cost:
        return None
    return Invalid("no_ap", f"{what} costs {cost} AP and you hold {held} AP counter(s) [2b].")


def _spend_stage(state: State) -> Invalid | None:
    if state.turn and state.turn.stage == DRAWING:
        return Invalid(
            "drew_this_turn",
            "You have drawn counters this turn [2a]; APs are spent in a turn without drawing "
            "[2b]. End your turn.",
        )
    return None


def _own_ship(state: State, seat: int, text: str) -> Invalid | tuple[Square, str]:
    sq = _square(text, "Square")
    if isinstance(sq, Invalid):
        return sq
    ship = state.ship_at(sq.name)
    if ship is None or ship.owner != seat:
        return Invalid(
            "no_ship",
            f"You have no ship on {sq.name}; only your own ships move and attack (MOVEMENT, COMBAT).",
        )
    return sq, ship.id


def _from_to(state: State, seat: int, m: Move, role: str) -> Invalid | tuple[Square, str, Square]:
    """A move's or an attack's squares, in the order they are refused: a turn that drew
    spends nothing, then the ship moved or attacking, then the square it goes to or attacks."""
    bad = _spend_stage(state)
    if bad is not None:
        return bad
    got = _own_ship(state, seat, m["from"])
    if isinstance(got, Invalid):
        return got
    to = _square(m["to"], role)
    if isinstance(to, Invalid):
        return to
    return (*got, to)


def _move(state: State, seat: int, m: Move) -> Invalid | None:
    got = _from_to(state, seat, m, "Destination")
    if isinstance(got, Invalid):
        return got
    frm, ship_id, to = got
    bad = _no_ap(state, seat, RULES["move_cost"], "Moving a ship (MOVEMENT)")
    if bad is not None:
        return bad
    ship = state.ship(ship_id)
    assert ship is not None
    st = DATA.ship_types[ship.type]
    a, b = frm.name, to.name
    if a == b:
        return Invalid("move_zero", f"A ship must move at least one square (MOVEMENT); {a} = {b}.")
    if (to.row - frm.row) * DATA.forward[seat] < 0:
        return Invalid(
            "move_backwards",
            f"Ships never move backwards (MOVEMENT): {ship.id} may go from {a} only forward "
            f"(towards row {DATA.zones[1 - seat][-1]}) or sideways.",
        )
    straight = state.movement == "straight"
    if straight and to.row != frm.row and to.file != frm.file:
        return Invalid(
            "move_diagonal",
            f"Ships never move diagonally (MOVEMENT, SD-09): {a} to {b} is not one straight "
            "line along a row or a file.",
        )
    if distance(a, b) > st.mov:
        return Invalid(
            "move_too_far",
            f"Ship {ship.id} is a type {st.key} with MOV {st.mov}; {a} to {b} is {distance(a, b)} squares.",
        )
    if straight:
        for sq in straight_line(a, b):
            if state.occupied(sq):
                return Invalid(
                    "move_blocked",
                    f"{sq} holds {_what(state, sq)}; ships never move into or through an "
                    "occupied square (MOVEMENT).",
                )
    elif b not in reachable(state, a, seat, st.mov):
        return Invalid(
            "move_blocked",
            f"No path of at most {st.mov} forward or sideways steps through empty squares "
            f"leads from {a} to {b} (MOVEMENT, SD-09 path movement).",
        )
    return None


def _what(state: State, sq: str) -> str:
    ship = state.ship_at(sq)
    if ship is not None:
        return f"ship {ship.id}"
    return f"asteroid {state.asteroid_at(sq)}"


def _attack(state: State, seat: int, m: Move) -> Invalid | None:
    got = _from_to(state, seat, m, "Target")
    if isinstance(got, Invalid):
        return got
    frm, ship_id, to = got
    target = state.ship_at(to.name)
    if target is None:
        here = f"asteroid {state.asteroid_at(to.name)}" if to.name in state.asteroids else "nothing"
        return Invalid("no_target", f"{to.name} holds {here}; attack an enemy ship (COMBAT).")
    if target.owner == seat:
        return Invalid("own_ship", f"{target.id} on {to.name} is your own ship; attack an enemy (COMBAT).")
    if is_diagonal(frm.name, to.name):
        return Invalid(
            "attack_diagonal",
            f"{frm.name} and {to.name} touch only diagonally; combat needs an enemy on an "
            "adjacent square, not diagonally (COMBAT).",
        )
    if not is_adjacent(frm.name, to.name):
        return Invalid(
            "not_adjacent",
            f"{target.id} on {to.name} is not adjacent to {ship_id} on {frm.name} (COMBAT).",
        )
    if m.get("repeat"):
        cost = RULES["combat_cost"] + RULES["repeat_cost"]
        return _no_ap(state, seat, cost, "A combat with its repeat declared (COMBAT, AS-SD-4)")
    return _no_ap(state, seat, RULES["combat_cost"], "A combat (COMBAT)")


def _repeat(state: State, seat: int, m: Move) -> Invalid | None:
    t = state.turn
    assert t is not None
    if t.repeat is None:
        return Invalid(
            "no_repeat",
            "A repeat is only allowed as the very next move after a combat of yours in which "
            "the defender survived, once per combat (COMBAT).",
        )
    return _no_ap(state, seat, RULES["repeat_cost"], "A repeated combat (COMBAT)")


TURN_CHECKS: dict[str, Check[State]] = {
    "discard": _discard,
    "draw": _draw,
    "move": _move,
    "attack": _attack,
    "repeat": _repeat,
    "end": lambda state, seat, m: None,
}

CHECKS: dict[str, Check[State]] = {
    "fleet": _fleet,
    "place": _place,
    **dict.fromkeys(("discard", "draw", "move", "attack", "repeat", "end", "defend"), _play),
    "orders": ORDERS.check,
}

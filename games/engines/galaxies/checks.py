"""Why a move is illegal: one ``Invalid`` per broken rule, with a message naming the rule.

``CHECKS`` has one check per kind of move; the kit's referee runs it after the checks every
game shares (the match over, the move's shape, the seat, an open reaction window
(``pending``), the phase of the kind: see ``moves.MOVES``). ``check`` is that whole
judgement: ``legal.py`` lists exactly the candidate moves that pass it, and the engine
refuses anything not listed. Messages never repeat a
tactic card id or anything else another seat keeps hidden (the canary test tries other
seats' moves and reads the refusals).
"""

from __future__ import annotations

from ..base import Invalid, Move
from ..kit.referee import Check, Judge
from .board import can_launch, completes, free, geo, mission, placement_ok, size
from .checks_action import ACTION_CHECKS, CARD_CHECKS, react, stuck_piece
from .checks_select import SELECT_CHECKS
from .data import DATA, SIDES
from .data import seat_name as name
from .deploy import can_carry, cargo, launch_cost, used_capacity
from .geometry import canon
from .moves import MOVES, ORDERS
from .state import (
    ACTION,
    DEPLOY,
    HOLD,
    LAUNCHED,
    MUSTER,
    PLACING,
    SCREEN,
    Card,
    State,
)


def pending(state: State, seat: int, m: Move) -> Invalid | None:
    """An open reaction window holds up every move but its answer and standing orders."""
    if not state.asking:
        return None
    t = state.queue[0]
    if t.seat != seat:
        return Invalid("not_your_turn", f"{name(t.seat)} is answering a reaction window first (AS-BG-3).")
    return Invalid(
        "decision_pending",
        "Answer the open reaction window first: react with a card or react none (AS-BG-3).",
    )


def _turn(state: State, seat: int, m: Move) -> Invalid | None:
    """A move of the muster or of a turn: the seat on turn, what the turn owes first, then its
    own rule."""
    turn = state.turn
    assert turn is not None
    if turn.seat != seat:
        return Invalid("not_your_turn", f"It is {name(turn.seat)}'s turn.")
    if turn.placing and m.kind != "place":
        return Invalid(
            "placement_pending",
            f"First place the ships of {turn.placing.upper()} ([SEED] page 6: launched ships are placed at once).",
        )
    if m.kind == "draw" or turn.draw:
        return _draw(state, seat, m)
    if len(state.players[seat].hand) > DATA.hand["limit"] and m.kind != "discard":
        return Invalid(
            "hand_limit",
            f"You hold more than {DATA.hand['limit']} tactic cards: discard down to "
            f"{DATA.hand['limit']} at once, +1 energy each (BG-16).",
        )
    stuck = stuck_piece(state)
    if stuck and not (m.kind == "step" and m["ship"] == stuck):
        return Invalid(
            "ends_on_ship",
            f"{stuck.upper()} is on another ship's space: move it on first ([SEED] page 7: ships may "
            "pass through other ships but may not end their movement on one).",
        )
    if m.kind in ACTION_CHECKS:
        return ACTION_CHECKS[m.kind](state, seat, m)
    if m.kind in CARD_CHECKS:
        return CARD_CHECKS[m.kind](state, seat, m)
    return DEPLOY_CHECKS[m.kind](state, seat, m)


# -- deploy ([SEED] page 6) -----------------------------------------------------------------------
def _deploy_phase(state: State, what: str) -> Invalid | None:
    assert state.turn is not None
    if state.turn.phase not in (DEPLOY, MUSTER):
        return Invalid(
            "wrong_turn_phase",
            f"{what} happens in the deploy phase ([SEED] page 6); you are in your {state.turn.phase} phase.",
        )
    return None


def own_card(state: State, seat: int, code: str, where: str) -> Card | Invalid:
    card = state.card(code)
    if card is None or card.owner != seat:
        return Invalid("no_such_ship", f"You have no ship card {code.upper()} {where}.")
    return card


def _launch(state: State, seat: int, m: Move) -> Invalid | None:
    bad = _deploy_phase(state, "Launching")
    if bad is not None:
        return bad
    card = own_card(state, seat, m["ship"], "behind your screen or in a hold")
    if isinstance(card, Invalid):
        return card
    if card.place in (LAUNCHED, PLACING):
        return Invalid("already_launched", f"{card.code.upper()} is on the battlefield already.")
    if card.place not in (SCREEN, HOLD):
        return Invalid("no_such_ship", f"{card.code.upper()} was destroyed.")
    assert state.turn is not None
    if card.place == HOLD:
        carrier = state.card(card.carrier)
        assert carrier is not None
        if carrier.place != LAUNCHED or state.turn.phase == MUSTER:
            return Invalid(
                "carrier_not_launched",
                f"{card.code.upper()} is in the hold of {carrier.code.upper()}, which is not on the battlefield "
                "([SEED] transported ships launch from a ship launched on a previous turn).",
            )
        if carrier.launched >= state.turn.number:
            return Invalid(
                "carrier_launched_this_turn",
                f"{carrier.code.upper()} was launched this turn; the ships it carries launch from it on a "
                "later turn ([SEED] page 6, BG-19).",
            )
    cost = launch_cost(state, card)
    energy = state.players[seat].energy
    if cost > energy:
        return Invalid(
            "no_energy",
            f"Launching {card.code.upper()} costs {cost} energy; you have {energy} ([SEED] page 6).",
        )
    if not can_launch(state, card):
        return Invalid(
            "no_room",
            f"There are not enough available spaces to place {card.code.upper()} ([SEED] page 6: then you "
            "cannot launch it).",
        )
    return None


def _place(state: State, seat: int, m: Move) -> Invalid | None:
    turn = state.turn
    assert turn is not None
    if not turn.placing:
        return Invalid("nothing_to_place", "No launched or warping ship is waiting to be placed.")
    if m["ship"] != turn.placing:
        return Invalid("wrong_ship", f"Place {turn.placing.upper()} now.")
    hexes = tuple(m["hexes"])
    g_ok = all(isinstance(h, str) and h == h.lower() for h in hexes)
    if not g_ok or not all(geo(state).valid(h) for h in hexes):
        return Invalid(
            "bad_hex",
            "Name hexes by column letter and row, e.g. d12; half hexes and hexes off the board can never "
            "be used ([SOURCED] page 7, BG-01).",
        )
    if hexes != canon(hexes):
        return Invalid(
            "bad_hexes", f"List a ship's hexes once each, in board order: {' '.join(canon(hexes))}."
        )
    if turn.warp:
        return _place_warp(state, m["ship"], hexes)
    card = state.card(m["ship"])
    assert card is not None
    occupied = state.occupied()
    why = placement_ok(state, card, hexes, occupied)
    if why is None and not completes(state, card, hexes, occupied):
        why = "room"
    return _placement_refusal(card.code, size(card), why)


def _placement_refusal(code: str, sz: str, why: str | None) -> Invalid | None:
    text = {
        "shape": (
            "bad_footprint",
            f"A {sz} ship covers {DATA.sizes[sz]['hexes']} mutually adjacent hexes (BG-06).",
        ),
        "occupied": (
            "space_taken",
            "Ships are placed on empty spaces: no ship and no asteroid there ([SEED] page 6, BG-10).",
        ),
        "zone": (
            "outside_zone",
            "A ship launched into your starting zone must cover at least one full starting zone space ([SEED] page 6).",
        ),
        "carrier": (
            "not_adjacent_carrier",
            "A ship launched from a transporting ship is placed adjacent to it ([SEED] page 6).",
        ),
        "squadron": (
            "squadron_apart",
            "Each ship of a squadron is placed adjacent to another ship of that squadron ([SEED] page 6).",
        ),
        "room": (
            "squadron_no_room",
            "There would be no room left for the rest of the squadron ([SEED] page 6).",
        ),
    }
    if why is None:
        return None
    code_, message = text[why]
    return Invalid(code_, f"{code.upper()}: {message}")


def _place_warp(state: State, pid: str, hexes: tuple[str, ...]) -> Invalid | None:
    turn = state.turn
    assert turn is not None
    found = state.piece(pid)
    assert found is not None
    if turn.warp not in hexes:
        return Invalid("warp_hex", f"{pid.upper()} warps to {turn.warp}: its footprint must cover that hex.")
    if not geo(state).is_footprint(size(found[0]), hexes):
        return _placement_refusal(pid, size(found[0]), "shape")
    if not free(state, hexes, state.occupied(skip=pid)):
        return _placement_refusal(pid, size(found[0]), "occupied")
    return None


def _load(state: State, seat: int, m: Move) -> Invalid | None:
    bad = _deploy_phase(state, "Loading a transport hold")
    if bad is not None:
        return bad
    assert state.turn is not None
    if state.turn.phase == MUSTER:
        return Invalid("wrong_turn_phase", "Ships that start launched carry nothing ([SOURCED] page 10).")
    cargo_card = own_card(state, seat, m["ship"], "behind your screen")
    if isinstance(cargo_card, Invalid):
        return cargo_card
    carrier = own_card(state, seat, m["into"], "behind your screen")
    if isinstance(carrier, Invalid):
        return carrier
    if cargo_card.place != SCREEN or carrier.place != SCREEN:
        return Invalid(
            "not_behind_screen",
            "Ships are loaded under a ship card behind your screen before it launches into your starting "
            "zone ([SEED] sealed transport holds).",
        )
    if cargo_card.code == carrier.code:
        return Invalid("self_load", "A ship cannot carry itself.")
    if not can_carry(carrier, cargo_card):
        return Invalid(
            "too_large_for_hold",
            f"{carrier.code.upper()} is {size(carrier)} and cannot carry the {size(cargo_card)} "
            f"{cargo_card.code.upper()} ([SEED] size limitations: a ship only carries smaller ships).",
        )
    if cargo(state, cargo_card.code):
        return Invalid(
            "nested_transport",
            f"{cargo_card.code.upper()} carries ships itself; a transported ship can NEVER transport other "
            "ships ([SEED] page 6).",
        )
    need = DATA.ships[cargo_card.code].spaces
    used = used_capacity(state, carrier.code)
    cap = DATA.stats(carrier.code, carrier.version).capacity
    if used + need > cap:
        return Invalid(
            "over_capacity",
            f"{carrier.code.upper()} has capacity {cap} with {used} in use; {cargo_card.code.upper()} takes "
            f"{need} ([SEED] capacity, whole squadrons only).",
        )
    return None


def _unload(state: State, seat: int, m: Move) -> Invalid | None:
    bad = _deploy_phase(state, "Unloading a transport hold")
    if bad is not None:
        return bad
    card = own_card(state, seat, m["ship"], "in a hold")
    if isinstance(card, Invalid):
        return card
    carrier = state.card(card.carrier) if card.place == HOLD else None
    if carrier is None:
        return Invalid("not_in_hold", f"{card.code.upper()} is not in a transport hold.")
    if carrier.place != SCREEN:
        return Invalid(
            "carrier_launched",
            f"{carrier.code.upper()} has launched; its cargo leaves it only by launching ([SEED] page 6).",
        )
    return None


def _draw(state: State, seat: int, m: Move) -> Invalid | None:
    """[SEED] page 11: with Barrage's computer core, the energy-phase card comes from one's own
    deck or, instead, the mission's cards from the other side's deck; chosen before all else."""
    turn = state.turn
    assert turn is not None
    core = mission(state).core_deck
    if not turn.draw:
        return Invalid(
            "no_draw_choice",
            "There is no card to draw now: with Barrage's computer core the deck is chosen at the start "
            "of your energy phase ([SEED] page 11).",
        )
    if m.kind != "draw":
        return Invalid(
            "draw_pending",
            f"First choose where your energy-phase card comes from: 'draw own' or 'draw {core}' "
            "([SEED] page 11, Barrage's computer core).",
        )
    if m["deck"] == "own":
        return None
    if m["deck"] != core:
        return Invalid(
            "wrong_deck", f"You draw from your own deck or, instead, from the {core} deck ([SEED] page 11)."
        )
    if not state.players[state.seats_of(SIDES.index(core))[0]].deck:
        return Invalid("deck_empty", f"The {core} deck has no cards left to draw (BG-17).")
    return None


def _next(state: State, seat: int, m: Move) -> Invalid | None:
    assert state.turn is not None
    if state.turn.phase == ACTION:
        return Invalid(
            "no_next_phase", "The action phase is the last of the turn ([SOURCED] page 5); end your turn."
        )
    return None


DEPLOY_CHECKS: dict[str, Check[State]] = {
    "launch": _launch,
    "place": _place,
    "load": _load,
    "unload": _unload,
    "next": _next,
    "end": lambda state, seat, m: None,
}


CHECKS: dict[str, Check[State]] = {
    **SELECT_CHECKS,
    **{kind: _turn for kind in MOVES.kinds if kind not in SELECT_CHECKS},
    "orders": ORDERS.check,
    "react": react,
}
JUDGE = Judge(MOVES, CHECKS, outcome=lambda s: s.outcome, seats=lambda s: len(s.players), pending=pending)
check = JUDGE.check
"""The whole judgement of a move, the common checks first (for the list of legal moves)."""

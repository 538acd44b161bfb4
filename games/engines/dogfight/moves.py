"""The moves of Space Dogfight: their constructors and the table of move kinds.

Move kinds (public protocol, never renamed): fleet, place, discard, draw, move, attack,
repeat, end, orders, defend.
"""

from __future__ import annotations

from dataclasses import replace

from ..base import Move
from ..kit import moves as k
from ..kit.codec import set_at
from ..kit.orders import StandingOrders
from .data import DATA
from .state import BUILD, PLACE, PLAY, Orders, State

DEF_POLICIES = ("best", "lowest", "never")
NO_COUNTER = "none"
RULES = DATA.rules


# -- constructors -----------------------------------------------------------------------
def fleet(counts: dict[str, int]) -> Move:
    return Move.of("fleet", ships={t: counts.get(t, 0) for t in DATA.ship_types})


def place(ship_type: str, to: str) -> Move:
    return Move.of("place", ship=ship_type, to=to)


def discard(counter: str) -> Move:
    return Move.of("discard", counter=counter)


def move(frm: str, to: str) -> Move:
    return Move.of("move", **{"from": frm, "to": to})


def attack(frm: str, to: str, repeat: bool = False) -> Move:
    """COMBAT; ``repeat`` declares "repeat if the defender survives" with the attack (AS-SD-4)."""
    if repeat:
        return Move.of("attack", **{"from": frm, "to": to, "repeat": True})
    return Move.of("attack", **{"from": frm, "to": to})


def defend(counter: str) -> Move:
    return Move.of("defend", counter=counter)


DRAW, REPEAT, END = Move.of("draw"), Move.of("repeat"), Move.of("end")


def fleet_counts(m: Move) -> dict[str, int]:
    return dict(m["ships"])


def def2_thresholds() -> tuple[int, ...]:
    """The values of ``def2_min_pts``: 0 or a ship type's PTS (AS-SD-3)."""
    return (0, *DATA.pts_values)


# -- standing orders (AS-SD-3, rules/README decision 5) -------------------------------------
def _put_orders(state: State, seat: int, orders: Orders) -> State:
    return replace(state, orders=set_at(state.orders, seat, orders))


ORDERS: StandingOrders[State, Orders] = StandingOrders(
    Orders,
    fields={
        "def_counter": k.one_of(DEF_POLICIES, '"def_counter"'),
        "def2_min_pts": k.one_of(def2_thresholds(), '"def2_min_pts"'),
        "ask": k.one_of((True, False), '"ask"'),
    },
    values={"def_counter": DEF_POLICIES, "def2_min_pts": def2_thresholds(), "ask": (False, True)},
    get=lambda state, seat: state.orders[seat],
    put=_put_orders,
    public=True,  # docs/architecture.md, "Standing orders"
)


def orders(o: Orders) -> Move:
    return ORDERS.move(o)


def orders_of(m: Move) -> Orders:
    return ORDERS.of(m)


# -- the table ------------------------------------------------------------------------------
def _square(field: str) -> k.Field:
    return k.text(f"{field} must be a square name such as b3.")


_REPEAT = '"repeat" may only be true (leave it out to decide on the repeat after the combat).'

MOVES = k.Moves(
    "Space Dogfight",
    {
        "fleet": k.Kind({"ships": k.counts(tuple(DATA.ship_types), '"ships"')}, phase=BUILD, sealed=True),
        "place": k.Kind({"ship": k.one_of(DATA.ship_types, '"ship"'), "to": _square('"to"')}, phase=PLACE),
        "discard": k.Kind({"counter": k.one_of(DATA.hand_types, '"counter"')}, phase=PLAY, sealed=True),
        "draw": k.Kind(phase=PLAY),
        "move": k.Kind({"from": _square('"from"'), "to": _square('"to"')}, phase=PLAY),
        "attack": k.Kind(
            {"from": _square('"from"'), "to": _square('"to"')},
            optional={"repeat": k.only(True, _REPEAT)},  # AS-SD-4: the repeat declared with the attack
            phase=PLAY,
        ),
        "repeat": k.Kind(phase=PLAY),
        "end": k.Kind(phase=PLAY),
        "orders": ORDERS.kind,
        "defend": k.Kind({"counter": k.one_of((*DATA.def_types, NO_COUNTER), '"counter"')}, phase=PLAY),
    },
    phases={
        BUILD: "fleet building (send your fleet)",
        PLACE: "placement (place your ships)",
        PLAY: "play (game turns)",
    },
)

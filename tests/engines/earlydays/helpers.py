"""Hand-built "early days" positions and small helpers for the rule-by-rule tests."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from games.engines.base import Step
from games.engines.dice import Dice
from games.engines.earlydays import ENGINE
from games.engines.earlydays.data import DATA, FIGHTER
from games.engines.earlydays.geometry import FACINGS
from games.engines.earlydays.state import ACTIVE, MOVE, SHOOT, TURN, Moving, Orders, State, Unit

from ..steps import Driver
from ..steps import event as event
from ..steps import events as events
from ..steps import has as has
from ..steps import kinds as kinds

E = ENGINE
SEED = b"early-days-rule-tests"
REBEL, IMPERIAL = 0, 1


def dice(seq: int = 1) -> Dice:
    return Dice(SEED, seq)


def unit(uid: str, type_: str, hex_: str, facing: str = "E", **kw: Any) -> Unit:
    """A unit on the map: "R..." ids are Rebel, "I..." Imperial; stats from the data files."""
    t = DATA.units[type_]
    base = {
        "id": uid,
        "seat": 0 if uid[0] == "R" else 1,
        "type": type_,
        "entry": uid.rstrip("abc"),
        "hex": hex_,
        "facing": FACINGS.index(facing),
        "status": ACTIVE,
        "fighters": t.fighters if t.cls == FIGHTER else 0,
        "hull": t.hull,
        "shield": t.shield,
        "hits": t.hits,
        "value": t.cost,
    }
    base.update(kw)
    if "options" in base:
        base["options"] = tuple(base["options"])
    return Unit(**base)


def position(
    *units: Unit,
    step: str = MOVE,
    mover: int = REBEL,
    turn: int = 1,
    scenario: str = "fighter_clash",
    points: int = 100,
    turn_limit: int = 12,
    orders: Sequence[Orders] = (Orders(), Orders()),
    fire_done: tuple[bool, bool] = (False, False),
    **kw: Any,
) -> State:
    """A game-turn position with the given units (already revealed and deployed)."""
    return State(
        scenario=scenario,
        points=points,
        turn_limit=turn_limit,
        phase=TURN,
        sealed=(True, True),
        units=tuple(units),
        orders=tuple(orders),
        turn=turn,
        step=step,
        mover=mover,
        fire_done=fire_done,
        **kw,
    )


def shooting(*units: Unit, **kw: Any) -> State:
    return position(*units, step=SHOOT, **kw)


def moving(state: State, unit_id: str, **kw: Any) -> State:
    """``state`` with ``unit_id`` in the middle of its movement."""
    return replace(state, moving=Moving(unit_id, **kw))


DRIVE = Driver(E, dice)
act, ok, refused, seek = DRIVE.act, DRIVE.ok, DRIVE.refused, DRIVE.seek
notations, game_moves = DRIVE.notations, DRIVE.game_moves


def hold_all(state: State, seat: int) -> Step:
    """``seat`` holds the fire of every weapon group still owing a decision (AS-SW-1)."""
    from games.engines.earlydays.fire_orders import owed

    slots = owed(state, seat)
    assert slots, f"seat {seat} owes no fire decision"
    for unit_id, group in slots:
        step = ok(state, seat, f"fire {unit_id} hold {group}")
        state = step.state
    return step


def at(state: State, unit_id: str) -> tuple[str, str]:
    u = state.unit(unit_id)
    assert u is not None
    return u.hex, FACINGS[u.facing]


def ahead(hex_name: str, facing: str, n: int = 1) -> str:
    """The hex ``n`` steps from ``hex_name`` towards ``facing``."""
    from games.engines.earlydays.geometry import name_of, step

    return name_of(step(hex_name, FACINGS.index(facing), n))


def offset(hex_name: str, dq: int, dr: int) -> str:
    """The hex at axial offset (dq, dr) from ``hex_name``."""
    from games.engines.earlydays.geometry import hex_of, name_of
    from games.engines.hexgrid import Hex

    h = hex_of(hex_name)
    assert h is not None
    return name_of(Hex(h.q + dq, h.r + dr))


def needed(state, shooter, weapon, target, mode="rapid", vader=False):
    """The to-hit number of ``shooter``'s ``weapon`` against ``target`` (SW-30)."""
    from games.engines.earlydays.data import DATA
    from games.engines.earlydays.shooting import to_hit

    return to_hit(state, state.unit(shooter), DATA.weapons[weapon], state.unit(target), mode, vader)


def parts(th):
    return dict(th.parts)


def red_vs_omega():
    """The rules text's example: X-wing flight Red against TIE flight Omega, front to front."""
    return shooting(unit("R1a", "x_wing", "1010", "E"), unit("I1a", "tie_fighter", "1210", "W"))


def end_of(state, hits=(), seq=1, **kw):
    """Run the End phase of ``state`` with ``hits`` waiting; (state, event kinds, events)."""
    from games.engines.earlydays import endphase, sequence
    from games.engines.earlydays.state import END

    state = replace(state, hits=tuple(hits), step=END, **kw)
    state = replace(state, end_queue=endphase.queue(state))
    new, evs = sequence.continue_end(state, dice(seq))
    return new, [e.kind for e in evs], evs


def find(state, hits, want, **kw):
    """The first End phase (by dice seq) for which ``want(state, kinds, events)`` holds."""
    for seq in range(1, 3000):
        got = end_of(state, hits, seq, **kw)
        if want(*got):
            return got
    raise AssertionError("no dice gave the wanted End phase")

"""Flying an activated Drives system one die at a time ([SEED] Drives, The anomalies).

A MOVE takes the ship one hex forward, jumping over a ship in the way (SF-36) or through
an anomaly (SF-38); a ROTATE turns it 60 degrees. A ship that enters a torpedo's hex sets
the torpedo off on its forward shield (SF-37).
"""

from __future__ import annotations

from dataclasses import replace

from ..base import Event, Move
from ..dice import Dice
from .damage import Events, torpedo_hit
from .data import DATA
from .geometry import FORWARD, anomaly_ahead, heading_name, neighbour
from .state import Drive, State, with_ship


def step(state: State, seat: int, m: Move, dice: Dice) -> tuple[State, Events]:
    assert state.turns is not None and state.turns.drive is not None
    drive = state.turns.drive
    kind = m["step"]
    if kind == "stop":
        return _end(state, seat, drive, "stop")
    ship = state.ships[seat]
    assert ship.hex is not None
    events: Events
    if kind.startswith("rotate"):
        turn = -1 if kind == "rotate-left" else 1
        heading = (ship.heading + turn) % 6
        state = with_ship(state, replace(ship, heading=heading))
        drive = (
            replace(drive, rotates=drive.rotates - 1)
            if drive.rotates
            else replace(drive, steps=drive.steps - 1)
        )
        events = [Event("ship_rotated", {"seat": seat, "heading": heading_name(heading), "turn": kind[7:]})]
    else:
        drive = (
            replace(drive, moves=drive.moves - 1) if drive.moves else replace(drive, steps=drive.steps - 1)
        )
        state, events = _move(state, seat, m, dice)
    if state.outcome is not None:  # "the game ends immediately": no turn order is left to update
        return state, events
    assert state.turns is not None
    state = replace(state, turns=replace(state.turns, drive=drive))
    if state.ships[seat].destroyed or drive.moves + drive.rotates + drive.steps == 0:
        state, more = _end(state, seat, drive, "done")
        events += more
    return state, events


def _move(state: State, seat: int, m: Move, dice: Dice) -> tuple[State, Events]:
    ship = state.ships[seat]
    assert ship.hex is not None
    heading, jumped, through = ship.heading, None, None
    anomaly = anomaly_ahead(ship.hex, ship.heading)
    if anomaly is not None:  # SF-38: jump to the other anomaly, any heading
        dest, heading, through = m["exit"], DATA.headings.index(m["heading"]), anomaly
    else:
        ahead = neighbour(ship.hex, ship.heading)
        assert ahead is not None
        if state.ship_at(ahead) is not None:  # [SEED] hop over the other ship, same MOVE die
            jumped, dest = ahead, neighbour(ahead, ship.heading)
            assert dest is not None
        else:
            dest = ahead
    state = with_ship(state, replace(ship, hex=dest, heading=heading))
    events = [
        Event(
            "ship_moved",
            {
                "seat": seat,
                "from": ship.hex,
                "to": dest,
                "heading": heading_name(heading),
                "jumped": jumped,
                "anomaly": through,
            },
        )
    ]
    for torpedo in sorted(state.torpedoes_at(dest), key=lambda t: t.id):  # SF-37
        state, more = torpedo_hit(state, torpedo, seat, FORWARD, dice)
        events += more
        if state.outcome is not None or state.ships[seat].destroyed:
            break
    return state, events


def _end(state: State, seat: int, drive: Drive, why: str) -> tuple[State, Events]:
    assert state.turns is not None
    unused = drive.moves + drive.rotates + drive.steps
    state = replace(state, turns=replace(state.turns, drive=None))
    return state, [Event("drive_ended", {"seat": seat, "unused": unused, "why": why})]

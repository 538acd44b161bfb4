"""Hand-built Star Fighters positions and small helpers for the rule-by-rule tests."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from games.engines.dice import Dice
from games.engines.starfighters import ENGINE
from games.engines.starfighters.data import DATA, RULES
from games.engines.starfighters.state import (
    ACTIVATE,
    MODES,
    ROLL,
    Orders,
    Placed,
    Roller,
    Ship,
    State,
    Torpedo,
    Turns,
)

from ..steps import Driver
from ..steps import event as event
from ..steps import events as events
from ..steps import has as has
from ..steps import kinds as kinds

E = ENGINE
SEED = b"starfighters-rule-tests"
ALL_DICE = tuple(d for d, _ in DATA.dice)
HEADINGS = {h: i for i, h in enumerate(DATA.headings)}
FACES = {"S": "security", "E": "engineering", "C": "command", "-": "blank"}


def dice(seq: int = 1) -> Dice:
    return Dice(SEED, seq)


def board(*specs: str) -> tuple[Placed, ...]:
    """Dice on spaces from "r1 phasers.attack S" (S/E/C/- = security/engineering/command/blank)."""
    out = []
    for spec in specs:
        die, group, face = spec.split()
        out.append((die, group, FACES.get(face, face)))
    return tuple(sorted(out))


def ship(
    seat: int,
    hex_name: str,
    heading: str = "e",
    *,
    side: str = "A",
    on: Iterable[str] = (),
    shields: Sequence[int] | None = None,
    hull: int = 5,
    reactors: int = 3,
    team: int | None = None,
    dice: Sequence[str] = ALL_DICE,
    reserve: Sequence[tuple[str, str]] = (),
) -> Ship:
    return Ship(
        seat=seat,
        side=side,
        team=seat if team is None else team,
        hex=hex_name,
        heading=HEADINGS[heading],
        shields=tuple(DATA.sides[side].shields if shields is None else shields),
        hull=hull,
        reactors=reactors,
        dice=tuple(dice),
        board=board(*on),
        reserve=tuple(reserve),
    )


def position(
    *ships: Ship,
    phase: str = ACTIVATE,
    on: int = 0,
    torpedoes: Sequence[Torpedo] = (),
    passed: Sequence[int] = (),
    orders: Sequence[Orders] | None = None,
    victory: str = "last",
    hitter: int | None = None,
    round_no: int = 1,
    units: Sequence[int] | None = None,
) -> State:
    """A position in the Activate-systems phase (``on`` = the unit on turn) or the Roll phase."""
    n = len(ships)
    mode = MODES[n]
    state = State(
        seats=n,
        mode=mode,
        victory=victory,
        round=round_no,
        phase=phase,
        ships=tuple(ships),
        orders=tuple(orders or [Orders() for _ in ships]),
        torpedoes=tuple(torpedoes),
        hitter=hitter,
        round_limit=RULES["round_limit"],
        rollers=tuple(None for _ in ships),
    )
    if phase == ACTIVATE:
        if units is None:
            units = sorted({s.team for s in ships}) if mode == "teams" else list(range(n))
            i = list(units).index(on)
            units = [*units[i:], *units[:i]]
        state = replace(state, first=on, turns=Turns(units=tuple(units), on=on, passed=tuple(passed)))
    if phase == ROLL:
        rollers = tuple(
            Roller(board=s.board, hand=tuple((d, dict(s.reserve).get(d, "")) for d in s.pool()))
            for s in ships
        )
        state = replace(state, rollers=rollers)
    return state


def torpedo(tid: str, hex_name: str, face_up: bool = True) -> Torpedo:
    return Torpedo(tid, int(tid[1]) - 1, hex_name, face_up)


DRIVE = Driver(E, dice)
act, ok, refused, seek = DRIVE.act, DRIVE.ok, DRIVE.refused, DRIVE.seek
notations, game_moves = DRIVE.notations, DRIVE.game_moves


def rolled(state: State, seat: int, faces: dict[str, str], step: int | None = None) -> State:
    """A Roll-phase position where ``seat``'s last roll showed ``faces`` (die -> S/E/C/-)."""
    r = state.rollers[seat]
    assert r is not None
    hand = tuple((d, FACES.get(faces.get(d, ""), "")) for d, _ in r.hand)
    k = r.step + 1 if step is None else step
    r = replace(r, step=k, hand=hand, boards=(*r.boards, r.board), rolls=(*r.rolls, hand))
    return replace(state, rollers=tuple(r if i == seat else x for i, x in enumerate(state.rollers)))


def roller(state: State, seat: int) -> Roller:
    r = state.rollers[seat]
    assert r is not None
    return r


POWERED = ("y1 cockpit C", "b1 drives.move E")
"""A board that can fire: a yellow Command die in the Cockpit and one MOVE die (SF-13)."""

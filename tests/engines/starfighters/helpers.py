"""Hand-built Star Fighters positions and small helpers for the rule-by-rule tests."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

from games.engines.base import Event, Invalid, Move, Step
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


def act(state: State, seat: int, move: str | Move | dict, d: Dice | None = None) -> Step | Invalid:
    """Apply a move given as notation, a Move or JSON."""
    if isinstance(move, str):
        parsed = E.parse(move, state, seat)
        assert isinstance(parsed, Move), parsed
        move = parsed
    elif isinstance(move, dict):
        parsed = Move.from_json(move)
        assert isinstance(parsed, Move), parsed
        move = parsed
    return E.apply(state, seat, move, d or dice())


def ok(state: State, seat: int, move: str | Move | dict, d: Dice | None = None) -> Step:
    result = act(state, seat, move, d)
    assert isinstance(result, Step), result
    return result


def refused(state: State, seat: int, move: str | Move | dict) -> Invalid:
    result = act(state, seat, move)
    assert isinstance(result, Invalid), f"{move} was accepted"
    assert result.message
    return result


def seek(state: State, seat: int, move: str, want: Callable[[Step], bool], tries: int = 3000) -> Step:
    """The first dice (by seq) under which ``move`` gives a step satisfying ``want``."""
    for seq in range(1, tries):
        step = act(state, seat, move, dice(seq))
        assert isinstance(step, Step), step
        if want(step):
            return step
    raise AssertionError(f"no dice in {tries} tries gave the wanted result for {move!r}")


def kinds(step: Step) -> list[str]:
    return [e.kind for e in step.events]


def events(step: Step, kind: str) -> list[Event]:
    return [e for e in step.events if e.kind == kind]


def event(step: Step, what: str) -> Event:
    found = events(step, what)
    assert found, f"no {what} event in {kinds(step)}"
    return found[0]


def has(step: Step, what: str, /, **data: object) -> bool:
    return any(e.kind == what and all(e.data.get(k) == v for k, v in data.items()) for e in step.events)


def notations(state: State, seat: int) -> list[str]:
    return [E.notation(m) for m in E.legal_moves(state, seat)]


def game_moves(state: State, seat: int) -> list[str]:
    """Legal moves without the (always present) standing-orders moves."""
    return [n for n in notations(state, seat) if not n.startswith("orders")]


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

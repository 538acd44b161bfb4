"""Hand-built Space Dogfight positions and small helpers for the rule-by-rule tests."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.engines.dice import Dice
from games.engines.dogfight import ENGINE
from games.engines.dogfight.data import DATA
from games.engines.dogfight.state import PLAY, START, Orders, Ship, State, Turn

from ..steps import Driver
from ..steps import event as event
from ..steps import events as events
from ..steps import has as has
from ..steps import kinds as kinds

E = ENGINE
SEED = b"dogfight-rule-tests"
BLUE, RED = 0, 1
DEFAULT_ASTEROIDS = ("b5", "d5", "f5")


def dice(seq: int = 1) -> Dice:
    return Dice(SEED, seq)


def counter_ids(types: Iterable[str], taken: set[str]) -> tuple[str, ...]:
    """Box ids for the given counter types, skipping ids already ``taken``."""
    out = []
    for t in types:
        cid = next(c for c, kind in DATA.counter_box if kind == t and c not in taken)
        taken.add(cid)
        out.append(cid)
    return tuple(sorted(out))


def position(
    ships: Sequence[str] = ("blue A c3", "red A c8"),
    *,
    asteroids: Sequence[str] = DEFAULT_ASTEROIDS,
    hands: Sequence[Sequence[str]] = ((), ()),
    cup: Sequence[str] | None = None,
    seat: int = BLUE,
    stage: str = START,
    draws: int = 0,
    ap_spent: int = 0,
    repeat: tuple[str, str] | None = None,
    orders: Sequence[Orders] = (Orders(), Orders()),
    movement: str = "straight",
    turn_cap: int = 50,
    turns_taken: tuple[int, int] = (0, 0),
) -> State:
    """A play-phase position. ``ships`` are "colour TYPE square", numbered per colour.

    ``hands`` are counter types per seat; ``cup`` (counter types) defaults to the rest of
    the box.
    """
    placed = [0, 0]
    built = []
    for spec in ships:
        col, kind, sq = spec.split()
        owner = ("blue", "red").index(col)
        placed[owner] += 1
        built.append(Ship(f"{col}-{placed[owner]}", owner, kind, sq))
    taken: set[str] = set()
    held = tuple(counter_ids(h, taken) for h in hands)
    if cup is None:
        rest = tuple(sorted(c for c, _ in DATA.counter_box if c not in taken))
    else:
        rest = counter_ids(cup, taken)
    return State(
        points_limit=80,
        turn_cap=turn_cap,
        movement=movement,
        first=BLUE,
        phase=PLAY,
        asteroids=tuple(asteroids),
        sealed=(True, True),
        placed=tuple(placed),
        ships=tuple(built),
        cup=rest,
        hands=held,
        orders=tuple(orders),
        turns_taken=turns_taken,
        turn=Turn(seat, turns_taken[seat] + 1, stage, draws, ap_spent, repeat),
    )


DRIVE = Driver(E, dice, tries=5000)
act, ok, refused, seek = DRIVE.act, DRIVE.ok, DRIVE.refused, DRIVE.seek
notations, game_moves = DRIVE.notations, DRIVE.game_moves


def squares_of(state: State) -> dict[str, str]:
    return {s.id: s.square for s in state.ships}

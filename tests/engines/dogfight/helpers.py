"""Hand-built Space Dogfight positions and small helpers for the rule-by-rule tests."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from games.engines.base import Event, Invalid, Move, Step
from games.engines.dice import Dice
from games.engines.dogfight import ENGINE
from games.engines.dogfight.data import DATA
from games.engines.dogfight.state import PLAY, START, Orders, Ship, State, Turn

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


def seek(state: State, seat: int, move: str, want: Callable[[Step], bool], tries: int = 5000) -> Step:
    """The first dice (by seq) under which ``move`` gives a step satisfying ``want``."""
    for seq in range(1, tries):
        step = act(state, seat, move, dice(seq))
        assert isinstance(step, Step), step
        if want(step):
            return step
    raise AssertionError(f"no dice in {tries} tries gave the wanted result for {move!r}")


def kinds(step: Step) -> list[str]:
    return [e.kind for e in step.events]


def event(step: Step, kind: str) -> Event:
    found = [e for e in step.events if e.kind == kind]
    assert found, f"no {kind} event in {kinds(step)}"
    return found[0]


def has(step: Step, kind: str, **data: object) -> bool:
    return any(e.kind == kind and all(e.data.get(k) == v for k, v in data.items()) for e in step.events)


def notations(state: State, seat: int) -> list[str]:
    return [E.notation(m) for m in E.legal_moves(state, seat)]


def game_moves(state: State, seat: int) -> list[str]:
    """Legal moves without the (always present) standing-orders moves."""
    return [n for n in notations(state, seat) if not n.startswith("orders")]


def squares_of(state: State) -> dict[str, str]:
    return {s.id: s.square for s in state.ships}

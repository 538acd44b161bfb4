"""Player 1's sealed Roll-phase sequences and the rounds played around them, for the
non-interference tests of AS-SF-1 (``test_sealed_roll.py``, ``test_sealed_log.py``)."""

from __future__ import annotations

from games.engines.starfighters.state import State

from .helpers import E, dice
from .seen import Entry, Faces, history

P1 = 0


def shows(**faces: str) -> Faces:
    """A roll showing these faces (die -> security, engineering, command or blank)."""
    return lambda rolled: all(rolled.get(d) == f for d, f in faces.items())


# Player 1's sealed sequences: roll, allocate or pick up, roll, allocate or pick up, end.
# The first rolls of each group differ in at least one die, so the rolled values differ too.
PICKED_UP = [
    ("roll", shows(r1="security", y1="blank")),
    ("place r1 phasers.attack", 0),
    ("roll", shows(b2="command")),
    ("pickup r1", 0),
]
TWO_PLACED = [
    ("roll", shows(b1="engineering", r1="command")),
    ("place b1 drives.move", 0),
    ("roll", shows(y1="command")),
    ("place y1 cockpit", 0),
]
OTHER_TWO = [
    ("roll", shows(y1="command", b1="blank")),
    ("place y1 cockpit", 0),
    ("roll", shows(r2="security")),
    ("place r2 phasers.attack", 0),
]
POWERED_LATE = [  # y1 Command in the Cockpit and b1 on MOVE: Fire is allowed (SF-13)
    ("roll", shows(y1="command")),
    ("place y1 cockpit", 0),
    ("roll", shows(b1="engineering")),
    ("place b1 drives.move", 0),
]
POWERED_EARLY = [
    ("roll", shows(b2="engineering", y1="blank")),
    ("place b2 drives.move", 0),
    ("roll", shows(y1="command", r3="blank")),
    ("place y1 cockpit", 0),
]


def start_of(seats: int = 2) -> State:
    return E.setup(E.default_options(), seats, dice()).state


def round_with(start: State, mine: list[tuple[str, object]], end: str) -> list[Entry]:
    """Player 1's sequence interleaved with the same moves of every other player: each rolls,
    allocates its first allocatable die, rolls again and holds; the last hold is the reveal."""
    others = range(1, start.seats)
    moves: list = [(P1, *mine[0]), *((s, "roll", 500 + s) for s in others), (P1, *mine[1])]
    moves += [(P1, *mine[2]), (P1, *mine[3])]
    moves += [(s, first_place(start, s), 0) for s in others]
    moves += [(P1, end, 0), *((s, "roll", 600 + s) for s in others), *((s, "hold", 0) for s in others)]
    return history(start, moves)


def first_place(start: State, seat: int) -> str:
    state = history(start, [(seat, "roll", 500 + seat)])[0][2].state
    return next(E.notation(m) for m in E.legal_moves(state, seat) if m.kind == "place")

"""The canary for sealed fire (AS-SW-1, rules/README decision 7): until the reveal, nothing
the other side or a spectator can read differs between ordering an attack and holding.

Each position is played once per way of deciding the author's fire slots (the first
listed attack, or hold, for each slot), from the same dice. After every decision the
other seat's and a spectator's whole picture (view, log lines, visible events, dice,
legal moves and the refusals they get) and every event's kind and audience must be the
same in all variants. After the reveal they differ, which shows the comparison can fail.
"""

from __future__ import annotations

import itertools
import json

import pytest

from games.engines.base import Move, Step
from games.engines.earlydays.fire_orders import owed, slot_of
from tests.engines.contract import Playout, advance, everything_seen_by

from .helpers import IMPERIAL, REBEL, E, shooting, unit

SEED = b"early-days-fire-secrecy"


def dogfight():
    """One X-wing flight against one TIE flight, nose to nose: one slot each."""
    return shooting(unit("R1a", "x_wing", "1010", "E"), unit("I1a", "tie_fighter", "1210", "W"))


def corvette():
    """A corvette with side turrets and a turbolaser against two TIE flights: three slots."""
    return shooting(
        unit("R1", "corvette_rebel", "1010", "E", options=("cr_side_turrets", "cr_turbolaser_1")),
        unit("I1a", "tie_fighter", "1308", "W"),
        unit("I2a", "tie_fighter", "1008", "W"),
    )


def bombers():
    """The Imperials decide: a TIE bomber flight (lasers or a torpedo snap shot, one group)
    and a TIE flight, against a Rebel corvette."""
    return shooting(
        unit("R1", "corvette_rebel", "1010", "E"),
        unit("I1a", "tie_bomber", "1310", "W"),
        unit("I2a", "tie_fighter", "1210", "W"),
    )


POSITIONS = {"dogfight": (dogfight, REBEL), "corvette": (corvette, REBEL), "bombers": (bombers, IMPERIAL)}


def decision(state, seat: int, slot: tuple[str, str], attack: bool) -> Move:
    """The first listed attack of ``slot``, or its hold; both must be listed."""
    listed = [m for m in E.legal_moves(state, seat) if m.kind == "fire" and slot_of(m) == slot]
    hold = Move.of("fire", unit=slot[0], hold=slot[1])
    attacks = [m for m in listed if m != hold]
    assert attacks and hold in listed
    return attacks[0] if attack else hold


def outside(p: Playout, step: Step, other: int) -> dict:
    """All that the other seat and a spectator can read, and the shape of every event."""
    return {
        "other": everything_seen_by(p, other),
        "spectator": everything_seen_by(p, None),
        "events": [(e.kind, None if e.audience is None else sorted(e.audience)) for e in step.events],
        "sealed_to": sorted(step.move_audience or ()),
        "kind": p.history[-1].move["kind"],
        "active": sorted(E.active_seats(p.state)),
        "other_moves": [m.to_json() for m in E.legal_moves(p.state, other)],
        "draws": [d for played in p.history for d in played.draws],
    }


def play(make, author: int, choices: tuple[bool, ...]) -> tuple[list[dict], Playout]:
    state = make()
    p = Playout(E, {}, 2, SEED, history=[], states=[state])
    slots = owed(state, author)
    seen = []
    for slot, attack in zip(slots, choices, strict=True):
        step = advance(p, author, decision(p.state, author, slot, attack))
        assert isinstance(step, Step), step
        seen.append(outside(p, step, 1 - author))
    return seen, p


@pytest.mark.parametrize("name", POSITIONS)
def test_the_other_side_cannot_tell_an_attack_from_a_hold_before_the_reveal_as_sw_1(name):
    make, author = POSITIONS[name]
    count = len(owed(make(), author))
    assert count >= 1
    runs = {
        choices: play(make, author, choices) for choices in itertools.product((True, False), repeat=count)
    }
    pictures = {choices: seen for choices, (seen, _p) in runs.items()}
    first = next(iter(pictures.values()))
    for choices, seen in pictures.items():
        assert seen == first, f"{choices} shows something the all-attack run does not"
    # the author, on the other hand, does see what it decided
    mine = {json.dumps(E.view(p.state, author)["you"]["fire_orders"]) for _s, p in runs.values()}
    assert len(mine) == len(runs)


@pytest.mark.parametrize("name", POSITIONS)
def test_after_the_reveal_the_other_side_sees_what_was_decided(name):
    make, author = POSITIONS[name]
    count = len(owed(make(), author))
    other = 1 - author
    seen_after = set()
    for choices in ((True,) * count, (False,) * count):
        _seen, p = play(make, author, choices)
        for slot in owed(p.state, other):
            assert isinstance(advance(p, other, Move.of("fire", unit=slot[0], hold=slot[1])), Step)
        revealed = [e for played in p.history for e in played.step.events if e.kind == "fire_revealed"]
        assert len(revealed) == 1 and revealed[0].audience is None
        seen_after.add(everything_seen_by(p, other))
    assert len(seen_after) == 2


def test_the_number_of_sealed_fire_entries_is_fixed_by_the_map_as_sw_1():
    state = corvette()
    n = len(owed(state, REBEL))
    for choices in itertools.product((True, False), repeat=n):
        _seen, p = play(corvette, REBEL, choices)
        kinds = [played.move["kind"] for played in p.history]
        assert kinds == ["fire"] * n
        assert p.state.fire_done[REBEL]

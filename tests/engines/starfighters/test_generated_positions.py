"""No listed move ever raises (issue: a Drives move into a torpedo crashed the engine once
the game was over): from generated positions of 2, 3 and 4 players, walked on by random
listed moves, every listed move of every seat applies and gives a step, and the step's
state survives the JSON codec."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engines.base import Step
from games.engines.dice import Dice

from .helpers import E
from .positions import random_position

WALK = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def every_listed_move_applies(state, seed: bytes, seq: int) -> None:
    for seat in range(state.seats):
        for move in E.legal_moves(state, seat):
            step = E.apply(state, seat, move, Dice(seed, seq))
            assert isinstance(step, Step), (seat, move.to_json(), step)
            assert E.dump(E.load(E.dump(step.state))) == E.dump(step.state)
            E.view(step.state, seat)


@WALK
@given(seed=st.integers(0, 2**32), seats=st.sampled_from((2, 3, 4)), depth=st.integers(0, 12))
def test_every_listed_move_of_every_seat_applies_from_generated_positions(seed, seats, depth):
    rng = random.Random(seed)
    dice_seed = seed.to_bytes(8, "big")
    state = random_position(rng, seats)
    for seq in range(2, depth + 2):
        every_listed_move_applies(state, dice_seed, seq)
        active = sorted(E.active_seats(state))
        if not active:
            break
        seat = rng.choice(active)
        moves = [m for m in E.legal_moves(state, seat) if m.kind != "orders"]
        assert moves, f"seat {seat} is active with no game move"
        step = E.apply(state, seat, rng.choice(moves), Dice(dice_seed, seq))
        assert isinstance(step, Step)
        state = step.state

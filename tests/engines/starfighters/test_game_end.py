"""The game ends immediately ([SEED] Taking damage): a ship destroyed in the middle of a
Drives activation, by a torpedo in the hex it enters (SF-37), ends the game there and
then, whether it moved plainly, hopped over a ship (SF-36) or came out of an anomaly
(SF-38); and nothing of the turn order is needed once the game is over."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.engines.starfighters.damage import hit
from games.engines.starfighters.state import OVER

from .helpers import E, has, ok, position, ship, torpedo

DRIVES = ("y1 cockpit C", "b1 drives.move E", "b2 drives.move E", "b3 drives.rotate E")
BARE = (0, 3, 2, 3)  # no forward shield: a torpedo met head-on goes to the hull


def doomed(hex_name: str, heading: str = "e", **kw):
    """Player 1's ship, one hull marker left and no forward shield, with its Drives powered."""
    return ship(0, hex_name, heading, on=DRIVES, hull=1, shields=BARE, **kw)


# (how the ship enters the torpedo's hex, Player 1's hex and heading, other ships, torpedo hex, move)
ENTRIES = {
    "plain": ("c3", "e", (), "c4", "drive move"),
    "hop": ("c3", "e", ("c4",), "c5", "drive move"),
    "anomaly": ("a1", "ne", (), "e2", "drive move e2 e"),
}


def duel(entry: str):
    at, heading, others, mine, _ = ENTRIES[entry]
    enemy = others[0] if others else "c7"
    return position(doomed(at, heading), ship(1, enemy, "w"), torpedoes=[torpedo("t2a", mine)])


def teams(entry: str):
    at, heading, others, mine, _ = ENTRIES[entry]
    enemy = others[0] if others else "c7"
    return position(
        doomed(at, heading, team=0),
        ship(1, enemy, "w", team=1),
        ship(2, "e1", "e", team=0),
        ship(3, "a3", "w", team=1),
        torpedoes=[torpedo("t2a", mine)],
    )


def three_last(entry: str):
    """Three players, Player 3 already destroyed: Player 1's destruction is the second."""
    at, heading, others, mine, _ = ENTRIES[entry]
    enemy = others[0] if others else "c7"
    state = position(
        doomed(at, heading), ship(1, enemy, "w"), ship(2, "e3", "nw"), torpedoes=[torpedo("t2a", mine)]
    )
    state, _ = hit(state, 2, 0, 16, 1, "phasers")
    assert state.outcome is None and state.destroyed == (2,)
    return state


@pytest.mark.parametrize("entry", list(ENTRIES))
@pytest.mark.parametrize(
    ("build", "winners", "reason"),
    [
        (duel, (1,), "ship_destroyed"),
        (teams, (1, 3), "ship_destroyed"),
        (three_last, (1,), "last_ship_standing"),
    ],
)
def test_sf37_a_drive_into_a_torpedo_that_destroys_the_ship_ends_the_game_at_once(
    entry, build, winners, reason
):
    state = ok(build(entry), 0, "activate drives with yellow").state
    step = ok(state, 0, ENTRIES[entry][4])
    assert has(step, "torpedo_detonated", torpedo="t2a", seat=0)
    assert has(step, "ship_destroyed", seat=0)
    assert step.state.phase == OVER and step.state.outcome.winners == winners
    assert step.state.outcome.reason == reason
    assert [e.kind for e in step.events][-1] == "game_over"  # nothing happens after the end
    assert E.active_seats(step.state) == frozenset()
    assert all(E.legal_moves(step.state, s) == [] for s in range(step.state.seats))


def test_sf37_a_ship_destroyed_mid_drive_in_three_players_ends_its_drive_and_its_turn():
    # The first destruction of three players: the game goes on with the next player's turn.
    state = position(doomed("c3"), ship(1, "c7", "w", on=DRIVES), ship(2, "e3", "nw"))
    state = ok(state, 0, "activate drives with yellow").state
    state = replace(state, torpedoes=(torpedo("t2a", "c4"),))
    step = ok(state, 0, "drive move")
    assert has(step, "ship_destroyed", seat=0) and step.state.outcome is None
    assert step.state.turns.drive is None and E.active_seats(step.state) == frozenset({1})

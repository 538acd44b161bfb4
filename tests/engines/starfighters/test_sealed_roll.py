"""The Roll phase is sealed until the reveal (AS-SF-1, rules/README decisions 6 and 7).

"In the blind PBEM mode players do not see each other's progress" (AS-SF-1.6): histories
that differ only in one player's rolled values, placements and pick-ups read the same to
every other seat and to a spectator, entry by entry, until the reveal; the reveal shows
them the boards. Not even that a player has finished rolling is told (SF-R5); a Fire
declared at step k is told to a player as they roll past step k.
"""

from __future__ import annotations

import pytest

from games.engines.audience import Logged, unseen
from games.engines.base import LogItem, Step
from games.engines.starfighters.state import ROLL, State

from .helpers import E, position, ship
from .sealed import OTHER_TWO, P1, PICKED_UP, POWERED_EARLY, POWERED_LATE, TWO_PLACED, round_with, start_of
from .seen import Entry, history, seen_by


def _revealed(step: Step) -> bool:
    return any(e.kind == "board_revealed" for e in step.events)


def _same_until_the_reveal(start: State, histories: list[list[Entry]]) -> None:
    """Every other seat and a spectator read the same up to the reveal, which then shows
    them different boards; Player 1 reads different sequences from the first roll."""
    for h in histories:
        assert [_revealed(step) for _, _, step, _ in h] == [False] * (len(h) - 1) + [True]
    for viewer in (*range(1, start.seats), None):
        seen = [seen_by(start, h, viewer) for h in histories]
        assert all(s[:-1] == seen[0][:-1] for s in seen[1:])
        assert all(s[-1] != seen[0][-1] for s in seen[1:])
        assert all("board: " in s[-1][2] for s in seen)
    mine = [seen_by(start, h, P1) for h in histories]
    assert all(m[1] != mine[0][1] for m in mine[1:])


def test_as_sf1_the_others_read_the_same_roll_phase_whatever_player_1_rolled_placed_or_picked_up():
    start = start_of()
    histories = [round_with(start, seq, "hold") for seq in (PICKED_UP, TWO_PLACED, OTHER_TWO)]
    _same_until_the_reveal(start, histories)


@pytest.mark.parametrize("seats", [3, 4])
def test_as_sf1_with_more_players_no_other_player_reads_player_1s_sequence(seats):
    """3 players, and 2 v 2 where the sequence is sealed to its player, teammate included."""
    start = start_of(seats)
    histories = [round_with(start, seq, "hold") for seq in (PICKED_UP, TWO_PLACED, OTHER_TWO)]
    _same_until_the_reveal(start, histories)


def test_as_sf1_a_fire_declared_on_different_boards_reads_the_same_until_the_reveal():
    start = start_of()
    histories = [round_with(start, seq, "fire") for seq in (POWERED_LATE, POWERED_EARLY)]
    _same_until_the_reveal(start, histories)
    assert {h[-1][2].state.hitter for h in histories} == {P1}


def test_as_sf1_6_a_fire_is_told_to_another_player_only_when_they_roll_past_its_step():
    """Player 1 fires or holds after roll 2; Player 2 reads no difference while rolling up to
    step 2 (a tie is still possible), and learns of the Fire with the roll past it."""
    start = start_of()
    seen = {}
    for end in ("fire", "hold"):
        mine = [(P1, text, seq) for text, seq in POWERED_LATE]
        others = [(1, "roll", 701), (1, "roll", 702), (1, "roll", 703)]
        entries = history(start, [*mine, (P1, end, 0), *others])
        seen[end] = {v: seen_by(start, entries, v) for v in (1, None)}
    for viewer in (1, None):
        fire, hold = seen["fire"][viewer], seen["hold"][viewer]
        assert fire[:8] == hold[:8]  # the start, Player 1's five entries, Player 2's rolls 1 and 2
        assert fire[8] != hold[8]
    assert "Player 2 stopped rolling: the button had been hit" not in seen["fire"][None][8][2]
    assert seen["fire"][1][8][2].startswith("You stopped rolling: the button had been hit")


def test_sf50_the_b1_bridge_move_is_sealed_like_any_roll_phase_allocation():
    """B1 moves its officer from the Cockpit before the first roll; where is sealed."""
    start = position(ship(0, "c1", "e", side="B1", on=("y1 cockpit C",)), ship(1, "c7", "w"), phase=ROLL)
    histories = [
        history(start, [(P1, f"cockpit y1 {space}", 0), (1, "roll", 3), (P1, "roll", 4), (1, "hold", 0)])
        for space in ("phasers.attack", "drives.move")
    ]
    for viewer in (1, None):
        a, b = (seen_by(start, h, viewer) for h in histories)
        assert a == b
    assert seen_by(start, histories[0], P1) != seen_by(start, histories[1], P1)


def test_as_sf1_6_the_others_do_not_know_of_a_players_sealed_steps_nor_that_they_finished():
    """AS-SF-1.6 (docs/rules-readings.md SF-R5): none of Player 1's steps, Hold included, is an
    entry the others may know of (``audience.unseen``), and the board they see after 0 or 5
    steps is the same: Player 1 still rolling and active."""
    start = start_of()
    steps = history(
        start, [(P1, "roll", 1), (P1, "roll", 2), (P1, "roll", 3), (P1, "roll", 4), (P1, "hold", 0)]
    )
    for seat, move, step, draws in steps:
        entry = Logged(2, seat, move, step.move_audience, list(step.events), draws)
        assert all(unseen(entry, v) for v in (1, None))
        assert not unseen(entry, P1)
        assert not any(
            "finished" in E.describe(LogItem(2, seat, None, [e]), 1) for e in step.events if e.visible_to(1)
        )
    after = steps[-1][2].state
    assert after.rollers[P1].done == "hold"
    for viewer in (1, None):
        assert E.view(after, viewer) == E.view(start, viewer)
    assert E.view(after, P1)["players"][P1]["rolling"] is False

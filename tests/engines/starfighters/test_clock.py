"""The roll-count clock (AS-SF-1, rules/README 6): who hit the button, its tie-breaks, the
frozen boards, the roll-once-and-reserve (SF-22) and what happens when nobody fires."""

from __future__ import annotations

import itertools
from dataclasses import replace

from games.engines.starfighters.state import ACTIVATE, ROLL, Roller

from .helpers import POWERED, E, board, dice, event, events, has, ok, position, roller, ship

START = board("b4 drives.move E")
STEP1 = board("b4 drives.move E", "r1 phasers.attack S")
STEP2 = board("b4 drives.move E", "r1 phasers.attack S", "y1 cockpit C")
ROLL2 = (
    ("b1", "engineering"),
    ("b2", "blank"),
    ("b3", "command"),
    ("r2", "security"),
    ("r3", "command"),
    ("r4", "blank"),
)


def with_rollers(state, **rollers):
    out = list(state.rollers)
    for key, r in rollers.items():
        out[int(key[1:])] = r
    return replace(state, rollers=tuple(out))


def seq(step, *, fired=None, done="", actions=0, boards=None, rolls=None, now=None) -> Roller:
    """A sealed sequence at ``step``: boards[k] = end of step k, rolls[k-1] = roll of step k."""
    boards = boards if boards is not None else tuple(START for _ in range(step))
    rolls = rolls if rolls is not None else tuple((("r2", "security"),) for _ in range(step))
    return Roller(
        step=step,
        board=now if now is not None else (boards[-1] if boards else START),
        hand=(),
        boards=boards,
        rolls=rolls,
        actions=actions,
        fired=fired,
        done=done,
    )


def duel(*ships):
    ships = ships or (ship(0, "c1", on=("b4 drives.move E",)), ship(1, "c7", "w", on=("b4 drives.move E",)))
    return position(*ships, phase=ROLL)


def fire_at(state, seat, r: Roller):
    """Make ``seat`` ready to fire at its current step with a powered board, then fire."""
    state = with_rollers(state, **{f"s{seat}": replace(r, board=board(*POWERED))})
    return ok(state, seat, "fire")


# -- who hit the button ---------------------------------------------------------------------------------
def test_as_sf1_the_lowest_fire_step_hit_the_button():
    state = with_rollers(duel(), s1=seq(3, fired=3, done="fire", actions=0, now=board(*POWERED)))
    step = fire_at(state, 0, seq(2, actions=9))
    assert step.state.hitter == 0 and step.state.phase == ACTIVATE
    assert event(step, "button").data == {"seat": 0, "step": 2, "tied": [0], "coin": False}


def test_sf23_as_sf1_a_tie_goes_to_fewer_placements_and_pickups():
    state = with_rollers(duel(), s1=seq(2, fired=2, done="fire", actions=3, now=board(*POWERED)))
    step = fire_at(state, 0, seq(2, actions=4))
    assert step.state.hitter == 1
    assert event(step, "button").data == {"seat": 1, "step": 2, "tied": [0, 1], "coin": False}


def test_as_sf1_a_full_tie_is_a_seeded_coin_flip_everybody_may_see():
    state = with_rollers(duel(), s1=seq(2, fired=2, done="fire", actions=4, now=board(*POWERED)))
    winners = set()
    for n in range(1, 30):
        d = dice(n)
        r = replace(seq(2, actions=4), board=board(*POWERED))
        step = E.apply(with_rollers(state, s0=r), 0, E.parse("fire", state, 0), d)
        assert event(step, "button").data["coin"] is True
        coin = [x for x in d.draws if "button" in x["purpose"]]
        assert len(coin) == 1 and coin[0]["to"] is None
        winners.add(step.state.hitter)
    assert winners == {0, 1}


def test_the_hitter_goes_first_in_the_activate_systems_phase():
    state = with_rollers(duel(), s1=seq(1, fired=1, done="fire", now=board(*POWERED)))
    step = fire_at(state, 0, seq(4))
    assert step.state.hitter == 1
    assert has(step, "activations_begin", first=[1])


# -- the frozen boards and the roll-once --------------------------------------------------------------------
def test_as_sf1_the_others_are_frozen_at_the_end_of_the_step_before_the_hitters_fire_step():
    late = seq(4, boards=(START, STEP1, STEP2, STEP2), rolls=((), ROLL2[:1], ROLL2, ()), now=board(*POWERED))
    state = with_rollers(duel(), s1=late)
    step = fire_at(state, 0, seq(2))
    # hitter fired at step 2: the other keeps its board as it stood at the end of step 1 ...
    assert step.state.ships[1].board == STEP1
    revealed = next(e.data for e in events(step, "board_revealed") if e.data["seat"] == 1)
    assert revealed["frozen_at"] == 1 and revealed["steps"] == 4


def test_as_sf1_the_roll_already_made_at_the_fire_step_is_the_roll_once_to_reserve():
    late = seq(3, boards=(START, STEP1, STEP2), rolls=((), ROLL2, ()))
    state = with_rollers(duel(), s1=late)
    step = fire_at(state, 0, seq(2))
    assert step.state.ships[1].reserve == tuple(sorted(ROLL2))
    assert step.state.ships[0].reserve == ()  # the hitter cannot reserve dice


def test_as_sf1_steps_beyond_the_fire_step_are_discarded():
    late = seq(5, boards=(START, START, STEP1, STEP2, STEP2), now=board(*POWERED))
    state = with_rollers(duel(), s1=late)
    step = fire_at(state, 0, seq(1))
    assert step.state.ships[1].board == START  # end of step 0


def test_a_player_who_held_before_the_fire_step_keeps_the_final_board_and_rolls_once_now():
    state = with_rollers(duel(), s1=seq(1, done="hold", now=STEP1))
    d = dice(3)
    fired = replace(seq(3), board=board(*POWERED))
    step = E.apply(with_rollers(state, s0=fired), 0, E.parse("fire", state, 0), d)
    assert step.state.ships[1].board == STEP1
    reserve = dict(step.state.ships[1].reserve)
    assert sorted(reserve) == ["b1", "b2", "b3", "r2", "r3", "r4", "y1"]
    once = [x for x in d.draws if "roll once" in x["purpose"]]
    assert len(once) == 7 and all(x["to"] is None for x in once)


def test_fire_before_the_first_roll_freezes_the_others_at_the_start_of_the_round():
    state = duel(ship(0, "c1", on=POWERED), ship(1, "c7", "w", on=("b4 drives.move E",)))
    state = with_rollers(state, s1=seq(2, now=STEP2))
    step = ok(state, 0, "fire")
    assert step.state.hitter == 0
    assert step.state.ships[1].board == board("b4 drives.move E")


def test_sf22_every_player_who_did_not_hit_the_button_rolls_once():
    state = position(
        ship(0, "c1", on=("b4 drives.move E",)),
        ship(1, "a3", "sw", on=("b4 drives.move E",)),
        ship(2, "e3", "nw", on=("b4 drives.move E",)),
        phase=ROLL,
    )
    state = with_rollers(state, s1=seq(2, done="hold"), s2=seq(4, fired=4, done="fire", now=board(*POWERED)))
    step = fire_at(state, 0, seq(3))
    assert step.state.hitter == 0
    assert step.state.ships[1].reserve and step.state.ships[2].reserve
    assert step.state.ships[2].board == START  # frozen at the end of step 2


# -- nobody fires ------------------------------------------------------------------------------------------
def test_as_sf1_if_nobody_fires_there_is_no_hitter_and_no_reserve_roll():
    state = with_rollers(duel(), s1=seq(20, done="hold", now=STEP2))
    step = ok(with_rollers(state, s0=seq(3, now=STEP1)), 0, "hold")
    assert step.state.hitter is None
    assert step.state.ships[0].board == STEP1 and step.state.ships[1].board == STEP2
    assert all(s.reserve == () for s in step.state.ships)
    assert has(step, "button", seat=None)


def test_as_sf1_with_no_hitter_the_first_activation_is_a_seeded_coin_in_round_one():
    state = with_rollers(duel(), s1=seq(1, done="hold", now=STEP2))
    firsts = set()
    for n in range(1, 20):
        d = dice(n)
        step = E.apply(with_rollers(state, s0=seq(1, now=STEP2)), 0, E.parse("hold", state, 0), d)
        firsts.add(step.state.first)
        assert any("activates first" in x["purpose"] for x in d.draws)
    assert firsts == {0, 1}


def test_as_sf1_with_no_hitter_the_first_activation_alternates_from_the_previous_round():
    state = replace(with_rollers(duel(), s1=seq(1, done="hold", now=STEP2)), first=1)
    step = ok(with_rollers(state, s0=seq(1, now=STEP2)), 0, "hold")
    assert step.state.first == 0


# -- hearing "Fire!" (AS-SF-1.6) -------------------------------------------------------------------------
def test_as_sf1_a_roll_past_another_players_fire_step_stops_your_sequence():
    state = with_rollers(duel(), s1=seq(2, fired=2, done="fire", now=board(*POWERED)), s0=seq(2))
    step = ok(state, 0, "roll")
    assert step.state.phase == ACTIVATE  # stopped: every sequence is over, the reveal follows
    assert event(step, "stopped").audience == frozenset({0})
    assert step.state.hitter == 1


def test_as_sf1_you_may_still_roll_up_to_the_fire_step_and_tie_there():
    state = with_rollers(duel(), s1=seq(2, fired=2, done="fire", actions=5, now=board(*POWERED)), s0=seq(1))
    step = ok(state, 0, "roll")
    assert roller(step.state, 0).step == 2 and step.state.phase == ROLL
    step = fire_at(step.state, 0, roller(step.state, 0))
    assert step.state.hitter == 0  # the tie goes to fewer actions


def test_as_sf1_sequences_already_past_a_new_fire_step_end_at_once():
    state = with_rollers(duel(), s1=seq(6))
    step = fire_at(state, 0, seq(2))
    assert step.state.phase == ACTIVATE and step.state.hitter == 0
    assert events(step, "stopped")[0].audience == frozenset({1})


def test_as_sf1_the_reveal_shows_every_board_to_everybody():
    state = with_rollers(duel(), s1=seq(3, fired=3, done="fire", actions=2, now=board(*POWERED)))
    step = fire_at(state, 0, seq(1, actions=1))
    revealed = events(step, "board_revealed")
    assert [e.data["seat"] for e in revealed] == [0, 1]
    assert all(e.audience is None for e in revealed)
    assert revealed[1].data["fired_at"] == 3 and revealed[1].data["actions"] == 2


# -- reserved dice and a Fire before any roll (SF-20, AS-SF-1 at k = 0, docs/rules-readings.md) ---------------
def reserved_duel():
    """Player 1 can fire at once; Player 2 holds two reserved dice from the last round."""
    return duel(
        ship(0, "c1", on=POWERED),
        ship(1, "c7", "w", reserve=(("r2", "security"), ("y1", "command"))),
    )


def test_sf20_reserved_dice_allocated_at_the_start_of_the_round_stay_when_another_fires_at_step_0():
    state = ok(reserved_duel(), 1, "place y1 cockpit").state
    state = ok(state, 1, "place r2 phasers.attack").state
    step = ok(state, 0, "fire")  # before any roll: k = 0
    state = ok(step.state, 1, "hold").state  # the reveal
    assert state.hitter == 0
    assert state.ships[1].board == board("r2 phasers.attack S", "y1 cockpit C")


def test_sf20_the_reserved_dice_stay_whether_the_fire_at_step_0_comes_before_or_after_the_allocation():
    # The roll-count clock does not know who wrote first: a Fire at step 0 followed by the
    # other player's allocation of reserved dice gives the same boards.
    state = ok(reserved_duel(), 0, "fire").state
    state = ok(state, 1, "place y1 cockpit").state
    state = ok(state, 1, "roll").state  # past step 0: stopped, the button had been hit
    assert state.phase == ACTIVATE and state.ships[1].board == board("y1 cockpit C")


def test_as_sf1_at_k_0_a_player_who_rolled_on_keeps_the_step_0_board_and_rolls_once_with_the_first_roll():
    state = ok(reserved_duel(), 1, "place y1 cockpit").state
    state = ok(state, 1, "roll", dice(7)).state
    first_roll = roller(state, 1).rolls[0]
    state = ok(state, 1, "hold").state
    step = ok(state, 0, "fire")
    assert step.state.ships[1].board == board("y1 cockpit C")
    assert step.state.ships[1].reserve == tuple(sorted(first_roll))
    revealed = next(e.data for e in events(step, "board_revealed") if e.data["seat"] == 1)
    assert revealed["frozen_at"] == 0


def test_sf20_firing_at_step_0_every_round_does_not_stop_the_opponent_placing_dice():
    # The abuse of issue 14: Player 1 keeps a powered board, fires before any roll every
    # round and never activates. Player 2 rolls once after each button, reserves, and
    # allocates its reserved dice at the start of the next round: they must stay.
    state = duel(ship(0, "c1", on=POWERED), ship(1, "c7", "w"))
    placed = []
    for n in range(1, 6):
        assert state.phase == ROLL and state.round == n
        while places := [m for m in E.legal_moves(state, 1) if m.kind == "place"]:
            state = ok(state, 1, places[0]).state
        state = ok(state, 0, "fire").state
        state = ok(state, 1, "hold").state
        assert state.hitter == 0 and state.phase == ACTIVATE
        placed.append(len(state.ships[1].board))
        while state.phase == ACTIVATE:
            (seat,) = E.active_seats(state)
            state = ok(state, seat, "pass").state
    assert placed[0] == 0  # round 1: no reserved dice yet
    assert all(b >= a for a, b in itertools.pairwise(placed)) and placed[-1] >= 3

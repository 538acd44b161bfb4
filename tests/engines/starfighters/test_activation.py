"""2. Activate systems: turns, passing (AS-SF-2, SF-30), Command dice, once per round, the
A-side Cockpit ability (SF-32) and what happens to the dice (SF-14, SF-15)."""

from __future__ import annotations

from games.engines.base import Event, LogItem
from games.engines.starfighters.state import ROLL, Torpedo

from .helpers import E, game_moves, has, ok, position, refused, ship

DRIVES = ("y1 cockpit C", "b1 drives.move E")


def duel(a=DRIVES, b=DRIVES, on=0, **kw):
    return position(ship(0, "c2", "e", on=a), ship(1, "c6", "w", on=b), on=on, **kw)


# -- turns ------------------------------------------------------------------------------------------------
def test_the_player_on_turn_activates_one_system_then_the_other_player_takes_a_turn():
    state = duel()
    assert E.active_seats(state) == frozenset({0})
    step = ok(state, 0, "activate drives with yellow")
    assert E.active_seats(step.state) == frozenset({0})  # flying the drives
    step = ok(step.state, 0, "drive move")
    assert step.state.ships[0].hex == "c3"
    assert E.active_seats(step.state) == frozenset({1})


def test_a_player_not_on_turn_is_refused():
    bad = refused(duel(), 1, "activate drives with yellow")
    assert bad.code == "not_your_turn" and "Player 1" in bad.message


def test_once_you_have_passed_you_take_no_further_turns_this_round():
    state = ok(duel(), 0, "pass").state
    assert E.active_seats(state) == frozenset({1})
    state = ok(state, 1, "pass").state
    assert state.phase == ROLL and state.round == 2  # both passed: torpedoes, then a new round


def test_acting_after_passing_is_refused_with_its_own_code():
    state = ok(duel(b=(*DRIVES, "r1 cockpit C", "b2 shields.repair E")), 0, "pass").state
    bad = refused(state, 0, "activate drives with yellow")
    assert bad.code == "already_passed" and "passed" in bad.message


def test_as_sf2_once_the_opponent_has_passed_the_other_player_acts_without_waiting():
    b = (
        "y1 cockpit C",
        "b1 cockpit C",
        "b2 drives.move E",
        "b3 shields.repair E",
        "b4 shields.repair E",
        "r1 shields.repair C",
    )
    state = ok(duel(b=b, on=1), 1, "activate drives with blue").state
    state = ok(state, 1, "drive stop").state
    state = ok(state, 0, "pass").state
    assert E.active_seats(state) == frozenset({1})
    state = ok(state, 1, "activate shields with yellow").state
    assert state.phase == ROLL  # nothing left for player 2: auto-pass, end of round


def test_sf30_a_player_with_nothing_to_activate_passes_automatically():
    step = ok(duel(b=("r1 phasers.attack S",)), 0, "activate drives with yellow")
    step = ok(step.state, 0, "drive stop")
    assert has(step, "passed", seat=1, auto=True)
    assert step.state.phase == ROLL


def test_sf30_auto_pass_also_happens_when_a_turn_comes_round():
    shields = ("r1 cockpit C", "b2 shields.repair E", "b3 shields.repair E", "b4 shields.repair E")
    step = ok(duel(a=DRIVES + shields, b=()), 0, "activate drives with yellow")
    step = ok(step.state, 0, "drive stop")
    assert has(step, "passed", seat=1, auto=True)
    assert E.active_seats(step.state) == frozenset({0})  # Player 2 is passed; Player 1 goes on


# -- the Command die ---------------------------------------------------------------------------------------
def test_phasers_and_torpedoes_need_a_red_or_yellow_command_die():
    state = position(ship(0, "c3", on=("b1 cockpit C", "r1 phasers.attack S")), ship(1, "c4", "w"))
    bad = refused(state, 0, "activate phasers s2 with blue")
    assert bad.code == "wrong_command_colour" and "red or yellow" in bad.message


def test_drives_need_a_blue_or_yellow_command_die():
    state = duel(a=("r1 cockpit C", "b1 drives.move E"), b=())
    assert refused(state, 0, "activate drives with red").code == "wrong_command_colour"


def test_shields_take_a_command_die_of_any_colour():
    for colour, die in (("red", "r1"), ("blue", "b4"), ("yellow", "y1")):
        repair = ("b1 shields.repair E", "b2 shields.repair E", "b3 shields.repair E")
        state = duel(a=(f"{die} cockpit C", *repair), b=())
        assert ok(state, 0, f"activate shields with {colour}")


def test_activating_without_that_command_die_in_the_cockpit_is_refused():
    bad = refused(duel(), 0, "activate drives with blue")
    assert bad.code == "no_command_die"


def test_a_system_below_its_minimum_cannot_be_activated():
    state = duel(a=("r1 cockpit C", "r2 torpedoes.launch S", "r3 torpedoes.launch S"), b=())
    bad = refused(state, 0, "activate torpedoes b1 with red")
    assert bad.code == "system_unpowered" and "LAUNCH" in bad.message


def test_each_system_can_only_be_activated_once_each_round():
    a = ("y1 cockpit C", "b1 cockpit C", "b2 drives.move E", "b3 drives.rotate E")
    state = ok(duel(a=a, b=()), 0, "activate drives with yellow").state
    state = ok(state, 0, "drive stop").state
    assert "activate drives with blue" not in game_moves(state, 0)
    assert state.phase == ROLL


def test_activating_a_system_twice_is_refused_with_its_own_code():
    a = ("y1 cockpit C", "b1 cockpit C", "b2 drives.move E", "r1 cockpit C", "r2 phasers.attack S")
    state = position(ship(0, "c3", on=a), ship(1, "c4", "w", on=DRIVES))
    state = ok(state, 0, "activate drives with yellow").state
    state = ok(state, 0, "drive stop").state
    state = ok(state, 1, "pass").state
    bad = refused(state, 0, "activate drives with blue")
    assert bad.code == "already_activated" and "once in each round" in bad.message


# -- the dice ------------------------------------------------------------------------------------------------
def test_sf15_the_command_die_and_every_die_of_the_activated_system_return_beside_the_board():
    a = ("y1 cockpit C", "b1 drives.move E", "b2 drives.rotate E", "r1 phasers.attack S", "r2 cockpit C")
    state = ok(duel(a=a), 0, "activate drives with yellow").state
    assert {d for d, _, _ in state.ships[0].board} == {"r1", "r2"}
    assert set(state.ships[0].pool()) == {"y1", "b1", "b2", "b3", "b4", "r3", "r4"}


def test_sf14_unused_allocated_dice_stay_on_the_board_into_the_next_round():
    a = ("r1 phasers.attack S", "r2 phasers.target S")
    state = ok(duel(a=a, b=DRIVES, on=1), 1, "pass").state
    assert state.phase == ROLL
    assert {d for d, _, _ in state.ships[0].board} == {"r1", "r2"}
    assert state.rollers[0].board == state.ships[0].board
    # "Both players take all the dice beside their board in hand": everything else, faceless.
    assert state.rollers[0].hand == tuple((d, "") for d in ("y1", "r3", "r4", "b1", "b2", "b3", "b4"))


# -- the A-side Cockpit ability (SF-32) ------------------------------------------------------------------
def test_sf32_before_an_activation_a_command_die_may_move_from_the_cockpit_to_a_system():
    a = ("y1 cockpit C", "r1 cockpit C")
    state = position(ship(0, "c3", on=a), ship(1, "c4", "w"))
    step = ok(state, 0, "cockpit r1 phasers.attack")
    assert ("r1", "phasers.attack", "command") in step.state.ships[0].board
    assert E.active_seats(step.state) == frozenset({0})  # it is not the activation
    assert ok(step.state, 0, "activate phasers s2 with yellow")


def test_sf32_the_cockpit_ability_is_used_once_per_round():
    a = ("y1 cockpit C", "r1 cockpit C", "b1 cockpit C")
    state = position(ship(0, "c3", on=a), ship(1, "c4", "w"))
    state = ok(state, 0, "cockpit r1 phasers.attack").state
    bad = refused(state, 0, "cockpit b1 drives.move")
    assert bad.code == "cockpit_used"


def test_sf32_the_cockpit_ability_follows_the_allocation_rules():
    state = position(ship(0, "c3", on=("y1 cockpit C", "r1 cockpit C")), ship(1, "c4", "w"))
    assert refused(state, 0, "cockpit r1 drives.move").code == "icon_not_allowed"
    assert refused(state, 0, "cockpit r2 phasers.attack").code == "cockpit_not_command"


def test_sf32_the_cockpit_ability_comes_before_an_activation_so_it_must_leave_one_possible():
    # The enemy is 2 hexes away: only a TARGET die brings it into range of the Phasers.
    a = ("y1 cockpit C", "r1 cockpit C", "r2 phasers.attack S")
    state = position(ship(0, "c3", on=a), ship(1, "c5", "w"))
    assert E.active_seats(state) == frozenset({0})  # not auto-passed: the ability makes a shot
    bad = refused(state, 0, "cockpit r1 phasers.attack")  # still out of range afterwards
    assert bad.code == "cockpit_no_activation" and "SF-32" in bad.message
    cockpit = [n for n in game_moves(state, 0) if n.startswith("cockpit")]
    assert cockpit == ["cockpit r1 phasers.target", "cockpit y1 phasers.target"]
    state = ok(state, 0, "cockpit y1 phasers.target").state
    assert ok(state, 0, "activate phasers s2 with red")


def test_sf32_only_side_a_has_the_cockpit_ability():
    state = position(ship(0, "c3", side="B4", on=("y1 cockpit C", "r1 cockpit C")), ship(1, "c4", "w"))
    assert refused(state, 0, "cockpit r1 phasers.attack").code == "no_ability"


def test_nothing_else_is_accepted_while_drives_are_being_flown():
    state = ok(duel(a=(*DRIVES, "r1 cockpit C")), 0, "activate drives with yellow").state
    assert refused(state, 0, "pass").code == "activation_in_progress"
    assert refused(state, 1, "pass").code == "not_your_turn"


def test_drive_moves_need_an_activated_drives_system():
    assert refused(duel(), 0, "drive move").code == "drive_not_active"


# -- why a ship was passed (SF-30) -------------------------------------------------------------------------
def passed_why(step, seat):
    return next(e.data["why"] for e in step.events if e.kind == "passed" and e.data["seat"] == seat)


def test_sf30_an_automatic_pass_says_the_enemy_was_out_of_phaser_range():
    b = ("r1 cockpit C", "r2 phasers.attack S")
    step = ok(duel(b=b), 0, "activate drives with yellow")
    step = ok(step.state, 0, "drive stop")  # c2 to c6: four hexes; phasers reach 1
    [(system, code, text)] = passed_why(step, 1)
    assert (system, code) == ("phasers", "out_of_range")
    assert "they reach 1 hex" in text and "the nearest enemy ship, Player 1's, is 4 hexes away" in text


def test_sf30_an_automatic_pass_names_the_missing_command_die_and_the_missing_dice():
    b = ("r1 cockpit C", "r2 phasers.target S", "b2 drives.move E")
    step = ok(duel(b=b), 0, "activate drives with yellow")
    step = ok(step.state, 0, "drive stop")
    assert passed_why(step, 1) == [
        ["phasers", "system_unpowered", "Phasers need at least 1 ATTACK die (SF-13)"],
        ["drives", "no_command_die", "Drives need a blue or yellow Command die in the Cockpit"],
    ]


def test_sf30_a_ship_with_only_command_dice_is_passed_for_having_no_die_on_a_system():
    step = ok(duel(b=("r1 cockpit C",)), 0, "activate drives with yellow")
    step = ok(step.state, 0, "drive stop")
    assert [w[1] for w in passed_why(step, 1)] == ["no_system_dice"]


def test_sf30_a_ship_with_no_die_is_passed_for_having_none():
    step = ok(duel(b=()), 0, "activate drives with yellow")
    step = ok(step.state, 0, "drive stop")
    assert passed_why(step, 1) == [["", "no_dice", "no die on the ship board"]]


def test_the_reasons_of_a_pass_stay_in_the_view_until_the_next_activate_systems_phase():
    step = ok(duel(b=("r1 cockpit C", "r2 phasers.attack S")), 0, "activate drives with yellow")
    step = ok(step.state, 0, "drive stop")
    assert step.state.phase == ROLL
    for viewer in (0, 1, None):
        seen = E.view(step.state, viewer)["players"]
        assert seen[1]["passed_why"] == [passed_why(step, 1)[0][2]]
        assert seen[0]["passed_why"] == ["every system it could use was activated this round"]


def test_the_log_says_why_a_ship_was_passed_and_keeps_the_line_of_entries_stored_before():
    step = ok(duel(b=("r1 cockpit C", "r2 phasers.attack S")), 0, "activate drives with yellow")
    step = ok(step.state, 0, "drive stop")
    item = LogItem(seq=9, seat=0, move=None, events=tuple(e for e in step.events if e.kind == "passed"))
    assert E.describe(item, 1).startswith("You passed: nothing to activate (Phasers: no enemy in range")
    assert E.describe(item, 0).startswith("Player 2 passed: nothing to activate (Phasers:")
    old = LogItem(seq=9, seat=0, move=None, events=(Event("passed", {"seat": 1, "auto": True}),))
    assert E.describe(old, 0) == "Player 2 passed (nothing to activate)"


def test_the_reasons_of_a_pass_give_way_to_those_of_the_next_activate_systems_phase():
    step = ok(duel(b=("r1 cockpit C", "r2 phasers.attack S")), 0, "activate drives with yellow")
    state = ok(step.state, 0, "drive stop").state
    state = ok(state, 0, "hold").state
    step = ok(state, 1, "hold")  # the reveal: both boards as they were, both passed at once
    assert sorted(e.data["seat"] for e in step.events if e.kind == "passed") == [0, 1]
    seen = E.view(step.state, None)["players"]
    assert seen[0]["passed_why"] == ["no die on the ship board"]  # not last phase's reason
    assert len(seen[1]["passed_why"]) == 1 and "no enemy in range" in seen[1]["passed_why"][0]


def test_sf30_an_automatic_pass_says_every_torpedo_of_the_ship_is_on_the_board():
    torpedoes = ("r1 cockpit C", "r2 torpedoes.launch S", "r3 torpedoes.launch S", "r4 torpedoes.launch S")
    launched = (Torpedo("t2a", 1, "a1", True), Torpedo("t2b", 1, "e3", True))
    state = position(ship(0, "c2", "e", on=DRIVES), ship(1, "c6", "w", on=torpedoes), torpedoes=launched)
    step = ok(ok(state, 0, "activate drives with yellow").state, 0, "drive stop")
    assert passed_why(step, 1) == [
        ["torpedoes", "no_torpedo", "Torpedoes: all 2 of the ship's torpedoes are on the board"]
    ]

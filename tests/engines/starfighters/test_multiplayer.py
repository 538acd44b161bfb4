"""Other ways to play: the 3-player game (clockwise turns, nearest enemy, two ships destroyed,
SF-44, SF-45) and the 4-player team game (team turns SF-31, team torpedo cap SF-46, one ship
destroyed ends it)."""

from __future__ import annotations

from games.engines.base import LogItem
from games.engines.starfighters.damage import hit
from games.engines.starfighters.state import OVER, ROLL, Orders

from .helpers import E, event, game_moves, has, ok, position, refused, ship, torpedo

DRIVES = ("y1 cockpit C", "b1 drives.move E")
TORPEDOES = ("r4 cockpit C", "r1 torpedoes.launch S", "r2 torpedoes.launch S", "r3 torpedoes.launch C")


def three(*boards, on=0, **kw):
    a, b, c = ((*boards, (), (), ()))[:3]
    return position(ship(0, "c1", on=a), ship(1, "a3", "sw", on=b), ship(2, "e3", "nw", on=c), on=on, **kw)


def teams(*boards, on=0, **kw):
    a, b, c, d = ((*boards, (), (), (), ()))[:4]
    return position(
        ship(0, "c1", on=a, team=0),
        ship(1, "c7", "w", on=b, team=1),
        ship(2, "a1", "se", on=c, team=0),
        ship(3, "e3", "nw", on=d, team=1),
        on=on,
        **kw,
    )


# -- 3 players ------------------------------------------------------------------------------------------
def test_three_players_take_turns_clockwise_from_the_button_hitter():
    state = three(DRIVES, DRIVES, DRIVES, on=1)
    assert E.active_seats(state) == frozenset({1})
    for seat in (1, 2, 0):
        state = ok(state, seat, "activate drives with yellow").state
        state = ok(state, seat, "drive stop").state
    assert state.phase == ROLL  # all three have passed (nothing left): a new round


def test_three_players_continue_until_all_have_passed():
    state = ok(three(DRIVES, DRIVES, DRIVES), 0, "pass").state
    state = ok(state, 1, "pass").state
    assert E.active_seats(state) == frozenset({2})
    state = ok(state, 2, "activate drives with yellow").state
    assert E.active_seats(state) == frozenset({2})


def test_three_players_torpedoes_move_towards_the_nearest_enemy_ship():
    # t1a on c4: Player 3 on d3 is 1 hex away, Player 2 on a3 is 2 away.
    state = position(
        ship(0, "c1"), ship(1, "a3", "sw"), ship(2, "d3", "nw"), torpedoes=[torpedo("t1a", "c4")]
    )
    step = ok(state, 0, "pass")
    assert has(step, "torpedo_detonated", torpedo="t1a", seat=2)


def test_three_players_the_owner_chooses_between_equally_near_enemies():
    state = position(
        ship(0, "c1"),
        ship(1, "a2", "sw"),
        ship(2, "e2", "nw"),
        torpedoes=[torpedo("t1a", "c4")],
        orders=[Orders(ask=True), Orders(), Orders()],
    )
    step = ok(state, 0, "pass")
    assert event(step, "decision").data["options"] == ["b2", "b3", "d2", "d3"]


def test_sf45_three_players_a_destroyed_ship_leaves_with_its_torpedoes_and_the_game_goes_on():
    state = three(DRIVES, DRIVES, DRIVES, torpedoes=[torpedo("t2a", "d1"), torpedo("t3a", "b4")])
    state, ev = hit(state, 2, 0, 16, 0, "phasers")
    assert state.outcome is None and state.destroyed == (2,)
    assert [t.id for t in state.torpedoes] == ["t2a"]  # SF-45: its torpedoes are removed
    assert any(e.kind == "torpedo_removed" and e.data["torpedo"] == "t3a" for e in ev)
    state = ok(state, 0, "activate drives with yellow").state
    state = ok(state, 0, "drive stop").state
    assert E.active_seats(state) == frozenset({1})
    assert refused(state, 2, "pass").code == "ship_destroyed"
    state, _ = hit(state, 1, 0, 16, 0, "phasers")
    assert (
        state.phase == OVER and state.outcome.winners == (0,) and state.outcome.reason == "last_ship_standing"
    )


def test_a_destroyed_ship_is_skipped_in_the_clockwise_turns_without_even_a_pass():
    state = three(DRIVES, DRIVES, DRIVES, on=1)
    state, _ = hit(state, 2, 0, 16, 0, "phasers")
    state = ok(state, 1, "activate drives with yellow").state
    step = ok(state, 1, "drive stop")
    assert E.active_seats(step.state) == frozenset({0})
    assert not has(step, "passed", seat=2)
    assert E.view(step.state, None)["turn"]["order"] == [[1], [], [0]]


def test_sf44_with_the_published_rule_the_first_player_to_destroy_a_ship_wins():
    state = three(DRIVES, DRIVES, DRIVES, victory="first")
    state, _ = hit(state, 2, 0, 16, 1, "phasers")
    assert state.outcome.winners == (1,) and state.outcome.reason == "first_destruction"
    assert state.outcome.details["victory"] == "first"


def test_sf44_a_ship_destroyed_by_its_own_torpedo_gives_nobody_the_win_under_the_published_rule():
    state = three(DRIVES, DRIVES, DRIVES, victory="first")
    state, _ = hit(state, 2, 0, 16, 2, "torpedo")
    assert state.outcome is None


def test_a_destroyed_player_takes_no_part_in_the_next_roll_phase():
    state = three(victory="last")
    state, _ = hit(state, 1, 0, 16, 0, "phasers")
    state = ok(state, 0, "pass").state
    assert state.phase == ROLL and state.rollers[1] is None
    assert E.active_seats(state) == frozenset({0, 2})


# -- 2 v 2 --------------------------------------------------------------------------------------------------
def test_team_turns_either_member_of_the_team_on_turn_may_act():
    state = teams(DRIVES, DRIVES, DRIVES, DRIVES)
    assert E.active_seats(state) == frozenset({0, 2})
    step = ok(state, 2, "activate drives with yellow")
    step = ok(step.state, 2, "drive stop")
    assert E.active_seats(step.state) == frozenset({1, 3})


def test_sf31_when_a_team_passes_both_members_are_done_for_the_round():
    state = ok(teams(DRIVES, DRIVES, DRIVES, DRIVES), 0, "pass").state
    assert E.active_seats(state) == frozenset({1, 3})
    state = ok(state, 3, "activate drives with yellow").state
    state = ok(state, 3, "drive stop").state
    assert E.active_seats(state) == frozenset({1, 3})  # team A passed: team B goes on
    assert refused(state, 2, "activate drives with yellow").code == "already_passed"


def test_sf31_a_team_turn_begun_by_one_member_belongs_to_that_member():
    state = teams(("y1 cockpit C", "b1 cockpit C"), DRIVES, DRIVES, DRIVES)
    state = ok(state, 0, "cockpit b1 drives.move").state
    assert E.active_seats(state) == frozenset({0})
    assert refused(state, 2, "activate drives with yellow").code == "not_your_turn"


def test_a_team_passes_automatically_only_when_neither_member_can_act():
    state = teams((), DRIVES, DRIVES, DRIVES)
    assert "activate drives with yellow" in game_moves(state, 2)
    state = teams((), DRIVES, (), DRIVES, on=1)
    step = ok(state, 1, "activate drives with yellow")
    step = ok(step.state, 1, "drive stop")
    assert has(step, "passed", seat=0, auto=True) and has(step, "passed", seat=2, auto=True)


def test_sf46_each_team_can_only_have_2_torpedoes_on_the_board():
    state = teams(TORPEDOES, DRIVES, DRIVES, DRIVES, torpedoes=[torpedo("t1a", "d4"), torpedo("t3a", "b4")])
    bad = refused(state, 0, "activate torpedoes d1 with red")
    assert bad.code == "team_torpedo_cap" and "SF-46" in bad.message


def test_team_mates_are_not_enemies():
    phasers = ("y1 cockpit C", "r1 phasers.attack S", "r2 phasers.target S", "r3 phasers.target S")
    state = position(
        ship(0, "c3", on=phasers, team=0),
        ship(1, "c7", "w", team=1),
        ship(2, "c4", team=0),
        ship(3, "e3", "nw", team=1),
    )
    assert refused(state, 0, "activate phasers s3 with yellow").code == "not_enemy"


def test_in_the_team_game_one_destroyed_ship_ends_it_and_the_other_team_wins():
    state, ev = hit(teams(), 3, 0, 16, 0, "phasers")
    assert state.outcome.winners == (0, 2) and state.outcome.reason == "ship_destroyed"
    assert state.outcome.details["teams"] == [[0, 2], [1, 3]]
    assert [e.data["winners"] for e in ev if e.kind == "game_over"] == [[0, 2]]


def test_team_torpedoes_move_towards_the_nearest_enemy_not_a_team_mate():
    state = position(
        ship(0, "c1", team=0),
        ship(1, "c7", "w", team=1),
        ship(2, "c5", team=0),
        ship(3, "e3", "nw", team=1),
        torpedoes=[torpedo("t1a", "c4")],
    )
    step = ok(state, 0, "pass")
    moved = [e.data["to"] for e in step.events if e.kind == "torpedo_moved"]
    assert moved == ["d3"]  # towards Player 4 on e3, not through the team mate on c5


def test_2v2_the_player_who_hit_the_button_goes_first_not_the_team_mate():
    # [SEED] 2 v 2: "The player who hit the button goes first. The teams take alternating turns."
    state = teams(DRIVES, DRIVES, DRIVES, DRIVES, phase=ROLL)
    for seat in (0, 1, 3):
        state = ok(state, seat, "hold").state
    step = ok(state, 2, "fire")  # Player 3 hits the button; Player 1 is its team mate
    state = step.state
    assert state.hitter == 2 and E.active_seats(state) == frozenset({2})
    assert has(step, "activations_begin", first=[2])
    assert E.describe(LogItem(1, None, None, step.events), None).endswith("Player 3 activates first")
    bad = refused(state, 0, "activate drives with yellow")
    assert bad.code == "not_your_turn" and "hit the button" in bad.message
    assert not game_moves(state, 0)
    state = ok(state, 2, "activate drives with yellow").state
    state = ok(state, 2, "drive stop").state
    assert E.active_seats(state) == frozenset({1, 3})  # then the teams alternate
    state = ok(state, 3, "activate drives with yellow").state
    state = ok(state, 3, "drive stop").state
    assert E.active_seats(state) == frozenset({0, 2})  # either member of team A


def test_2v2_a_hitter_with_nothing_to_activate_leaves_the_first_team_turn_to_the_team():
    # SF-30: the hitter could fire but its only powered system, Phasers, has no target in reach.
    phasers = ("y1 cockpit C", "r1 phasers.attack S")
    state = teams(DRIVES, DRIVES, phasers, DRIVES, phase=ROLL)
    for seat in (0, 1, 3):
        state = ok(state, seat, "hold").state
    state = ok(state, 2, "fire").state
    assert state.hitter == 2 and E.active_seats(state) == frozenset({0, 2})
    assert "activate drives with yellow" in game_moves(state, 0)

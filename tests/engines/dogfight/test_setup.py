"""SETUP of the rules text, with SD-01...SD-05, SD-11, SD-12 and AS-SD-1."""

from __future__ import annotations

import json
from collections import Counter

from games.engines.dogfight.data import DATA
from games.engines.dogfight.state import BUILD, PLACE, PLAY

from .helpers import BLUE, RED, E, dice, event, has, ok, refused


def start(seq: int = 1, **options):
    return E.setup({**E.default_options(), **options}, 2, dice(seq))


def placing(blue: str = "fleet 1A 1B", red: str = "fleet 1A", first: str = "blue"):
    state = start(first_player=first).state
    state = ok(state, BLUE, blue).state
    return ok(state, RED, red).state


# -- board, components, asteroids ----------------------------------------------------------
def test_sd01_the_board_is_8_files_by_10_rows_with_blue_rows_1_2_and_red_rows_9_10():
    board = E.view(start().state, None)["board"]
    assert board["files"] == list("abcdefgh")
    assert board["rows"] == 10
    assert board["zones"] == {"blue": [1, 2], "red": [9, 10]}
    assert board["forward"] == {"blue": 1, "red": -1}


def test_setup_each_player_flies_one_colour_set_seat_one_blue_and_seat_two_red():
    assert tuple(E.seat_names) == ("Blue", "Red")
    players = E.view(start().state, None)["players"]
    assert [(p["seat"], p["colour"]) for p in players] == [(BLUE, "blue"), (RED, "red")]
    state = placing(blue="fleet 1A", red="fleet 1A")
    state = ok(ok(state, BLUE, "place A a1").state, RED, "place A a10").state
    assert [(s.id, s.owner) for s in state.ships] == [("blue-1", BLUE), ("red-1", RED)]


def test_sd02_each_asteroid_goes_on_the_numbered_square_of_its_die_roll():
    step = start()
    placed = [e.data for e in step.events if e.kind == "asteroid_placed"]
    assert placed
    for p in placed:
        assert p["square"] == ["b5", "d5", "f5", "c6", "e6", "g6"][p["roll"] - 1]
    assert step.state.asteroids == tuple(p["square"] for p in placed if p["ok"])


def test_setup_an_occupied_asteroid_square_is_thrown_again():
    for seq in range(1, 200):
        step = start(seq)
        if any(e.kind == "asteroid_placed" and not e.data["ok"] for e in step.events):
            break
    else:
        raise AssertionError("no re-roll found")
    assert len(set(step.state.asteroids)) == 3


def test_sd05_three_asteroids_are_numbered_1_to_3_in_placement_order():
    step = start()
    view = E.view(step.state, None)
    assert [a["n"] for a in view["asteroids"]] == [1, 2, 3]
    assert [a["square"] for a in view["asteroids"]] == list(step.state.asteroids)


def test_sd03_the_ship_table_gives_pts_mov_att_def_and_counters_per_colour():
    table = E.view(start().state, None)["ship_types"]
    rows = {k: (t["count"], t["pts"], t["mov"], t["att"], t["def"]) for k, t in table.items()}
    assert rows == {
        "A": (4, 10, 3, 3, 1),
        "B": (3, 15, 2, 4, 2),
        "C": (2, 20, 3, 3, 3),
        "D": (2, 25, 3, 4, 3),
    }


def test_sd04_all_light_grey_counters_start_in_the_cup():
    state = start().state
    mix = Counter(DATA.counter_type(c) for c in state.cup)
    assert mix == {"AP": 12, "DEF1": 2, "DEF2": 1, "MOVE_AST": 2, "BLANK": 3}
    assert E.view(state, None)["cup_size"] == 20


def test_sd12_the_first_player_is_chosen_by_a_die_at_setup():
    firsts = set()
    for seq in range(1, 40):
        step = start(seq)
        ev = event(step, "first_player").data
        assert ev["seat"] == step.state.first == DATA.first_player[ev["roll"] - 1]
        firsts.add(step.state.first)
    assert firsts == {BLUE, RED}


def test_sd12_the_first_player_option_chooses_without_throwing():
    d = dice()
    step = E.setup({**E.default_options(), "first_player": "red"}, 2, d)
    assert step.state.first == RED
    assert event(step, "first_player").data["roll"] is None
    assert not any(draw["purpose"] == "first player" for draw in d.draws)


def test_setup_is_the_same_for_the_same_seed():
    a = E.setup(E.default_options(), 2, dice(5))
    b = E.setup(E.default_options(), 2, dice(5))
    assert E.dump(a.state) == E.dump(b.state)


# -- secret fleets (AS-SD-1) ------------------------------------------------------------------
def test_as_sd_1_both_players_build_their_fleets_at_the_same_time():
    state = start().state
    assert state.phase == BUILD
    assert E.active_seats(state) == {BLUE, RED}


def test_setup_a_fleet_may_be_worth_exactly_80_points():
    step = ok(start().state, BLUE, "fleet 4A 1B 0C 1D")
    assert event(step, "fleet_contents").data["pts"] == 80


def test_setup_a_fleet_worth_more_than_80_points_is_refused():
    bad = refused(start().state, BLUE, "fleet 2A 0B 1C 2D")
    assert bad.code == "fleet_over_budget"
    assert "90 PTS" in bad.message and "80" in bad.message


def test_setup_a_fleet_uses_only_the_counters_of_one_colour_set():
    assert refused(start().state, BLUE, "fleet 5A").code == "fleet_too_many"
    assert refused(start().state, BLUE, "fleet 3C").code == "fleet_too_many"


def test_sd_h1_an_empty_fleet_is_refused():
    bad = refused(start().state, BLUE, "fleet 0A 0B 0C 0D")
    assert bad.code == "fleet_empty" and "SD-H1" in bad.message
    assert all(
        sum(dict(m["ships"]).values()) >= 1 for m in E.legal_moves(start().state, BLUE) if m.kind == "fleet"
    )


def test_setup_the_points_limit_option_sets_the_fleet_budget():
    state = start(points_limit=30).state
    ok(state, BLUE, "fleet 1A 0B 1C")
    assert refused(state, BLUE, "fleet 4A").code == "fleet_over_budget"


def test_as_sd_1_a_fleet_is_a_sealed_move_seen_only_by_its_author():
    step = ok(start().state, BLUE, "fleet 4A 1B 0C 1D")
    assert step.move_audience == {BLUE}
    public = event(step, "fleet_sealed")
    assert public.audience is None and public.data == {"seat": BLUE}
    private = event(step, "fleet_contents")
    assert private.audience == {BLUE}
    assert private.data["ships"] == {"A": 4, "B": 1, "C": 0, "D": 1}
    mine = E.view(step.state, BLUE)["you"]["unplaced"]
    assert [u["type"] for u in mine] == ["A", "A", "A", "A", "B", "D"]
    assert [u["id"] for u in mine] == [f"hold-0-{i}" for i in range(1, 7)]
    theirs = json.dumps(E.view(step.state, RED)) + json.dumps(E.view(step.state, None))
    assert "hold-0" not in theirs
    assert E.secrets(step.state)[BLUE] >= {f"hold-0-{i}" for i in range(1, 7)}


def test_as_sd_1_a_sealed_seat_is_no_longer_active_and_cannot_seal_again():
    state = ok(start().state, BLUE, "fleet 4A").state
    assert E.active_seats(state) == {RED}
    assert E.view(state, RED)["players"][BLUE]["sealed"] is True
    assert refused(state, BLUE, "fleet 1A").code == "already_sealed"


def test_as_sd_1_the_opponent_never_learns_how_many_ships_are_unplaced():
    state = placing(blue="fleet 4A 1B 0C 1D")
    seen = E.view(state, RED)
    assert seen["players"][BLUE]["unplaced"] is None
    assert seen["you"]["unplaced"] == [{"id": "hold-1-1", "type": "A"}]
    assert "hold-0" not in json.dumps(seen)


def test_build_lists_every_fleet_within_the_limit_perft():
    moves = E.legal_moves(start().state, BLUE)
    fleets = [m for m in moves if m.kind == "fleet"]
    assert len(fleets) == 79
    assert len(moves) == 79 + 29  # every other standing-orders combination


def test_setup_unused_ship_counters_are_put_aside_face_down_and_never_used():
    state = placing(blue="fleet 1B", red="fleet 1A")
    state = ok(ok(state, BLUE, "place B b2").state, RED, "place A a10").state
    assert state.phase == PLAY and state.holds == ((), ())
    assert E.view(state, BLUE)["you"]["unplaced"] == []
    assert [s.type for s in state.fleet(BLUE)] == ["B"]  # the other ten blue counters never play
    assert refused(state, BLUE, "place A b1").code == "wrong_phase"
    seen = json.dumps(E.view(state, RED))
    assert "hold-0" not in seen and E.view(state, RED)["players"][BLUE]["unplaced"] is None


# -- placement (SETUP, SD-11) ----------------------------------------------------------------
def test_setup_when_both_fleets_are_sealed_player_one_places_first():
    state = placing(first="red")
    assert state.phase == PLACE
    assert E.active_seats(state) == {RED}


def test_sd11_players_alternate_placing_one_ship_at_a_time():
    state = placing(blue="fleet 2A", red="fleet 2A")
    state = ok(state, BLUE, "place A b2").state
    assert E.active_seats(state) == {RED}
    assert refused(state, BLUE, "place A c2").code == "not_your_turn"
    state = ok(state, RED, "place A b9").state
    assert E.active_seats(state) == {BLUE}


def test_sd11_when_one_player_has_placed_every_ship_the_other_places_the_rest_in_a_row():
    state = placing(blue="fleet 3A", red="fleet 1A")
    state = ok(state, BLUE, "place A a1").state
    state = ok(state, RED, "place A a10").state
    state = ok(state, BLUE, "place A b1").state
    assert E.active_seats(state) == {BLUE}
    state = ok(state, BLUE, "place A c1").state
    assert state.phase == PLAY


def test_setup_ships_are_placed_in_the_own_starting_zone():
    state = placing()
    bad = refused(state, BLUE, "place A b3")
    assert bad.code == "outside_zone" and "rows 1-2" in bad.message
    assert refused(state, BLUE, "place A b9").code == "outside_zone"
    ok(state, BLUE, "place A b2")


def test_setup_a_ship_cannot_be_placed_on_an_occupied_square():
    state = placing(blue="fleet 2A", red="fleet 2A")
    state = ok(ok(state, BLUE, "place A b2").state, RED, "place A b9").state
    assert refused(state, BLUE, "place A b2").code == "square_occupied"


def test_setup_only_ships_of_the_own_sealed_fleet_are_placed():
    state = placing(blue="fleet 1A 1B")
    assert refused(state, BLUE, "place D b2").code == "not_in_fleet"
    state = ok(ok(state, BLUE, "place B b2").state, RED, "place A b9").state
    assert refused(state, BLUE, "place B c2").code == "not_in_fleet"


def test_setup_a_placed_ship_is_revealed_with_a_public_id_by_colour_and_order():
    state = placing(blue="fleet 1A 1B", red="fleet 1A")
    step = ok(state, BLUE, "place B b2")
    assert has(step, "ship_placed", ship="blue-1", type="B", square="b2")
    assert event(step, "ship_placed").audience is None
    step = ok(step.state, RED, "place A g9")
    step = ok(step.state, BLUE, "place A c1")
    assert [s.id for s in step.state.ships] == ["blue-1", "red-1", "blue-2"]


def test_setup_play_starts_with_player_ones_first_turn_once_all_ships_are_placed():
    state = placing(blue="fleet 1A", red="fleet 1A", first="red")
    state = ok(state, RED, "place A a10").state
    step = ok(state, BLUE, "place A a1")
    assert step.state.phase == PLAY
    assert step.state.turn.seat == RED and step.state.turn.number == 1
    assert has(step, "turn_started", seat=RED, number=1)


def test_moves_of_another_phase_are_refused_as_wrong_phase():
    assert refused(start().state, BLUE, "move b2 b3").code == "wrong_phase"
    assert refused(start().state, BLUE, "place A b2").code == "wrong_phase"
    assert refused(placing(), BLUE, "fleet 1A").code == "wrong_phase"
    assert refused(placing(), BLUE, "draw").code == "wrong_phase"

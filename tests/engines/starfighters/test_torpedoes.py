"""3. Move torpedoes: towards the enemy ship (SF-40, SF-41), detonation in any ship's hex
(SF-42), face-down torpedoes, the supply, and the steering decision (rules/README 5)."""

from __future__ import annotations

from games.engines.starfighters.state import Orders

from .helpers import E, event, events, game_moves, has, ok, position, refused, ship, torpedo

ASK = Orders(ask=True)


def end_of_round(*ships, torpedoes=(), orders=None, hitter=None):
    """Both players pass: the torpedo phase runs (nobody has dice on the board)."""
    state = position(*ships, torpedoes=torpedoes, orders=orders, hitter=hitter)
    return ok(state, 0, "pass")


def test_face_up_torpedoes_move_one_hex_towards_the_enemy_ship():
    step = end_of_round(ship(0, "c1"), ship(1, "c6", "w"), torpedoes=[torpedo("t1a", "c4")])
    assert event(step, "torpedo_moved").data == {"torpedo": "t1a", "owner": 0, "from": "c4", "to": "c5"}
    assert step.state.torpedo("t1a").hex == "c5"
    assert step.state.round == 2


def test_face_down_torpedoes_do_not_move_and_turn_face_up_at_the_end_of_the_round():
    step = end_of_round(ship(0, "c1"), ship(1, "c6", "w"), torpedoes=[torpedo("t1a", "c4", face_up=False)])
    assert not events(step, "torpedo_moved")
    assert step.state.torpedo("t1a").face_up is True and step.state.torpedo("t1a").hex == "c4"
    assert has(step, "torpedoes_flipped", torpedoes=["t1a"])


def test_a_torpedo_entering_a_ships_hex_detonates_for_1_damage_and_returns_to_its_supply():
    step = end_of_round(ship(0, "c1"), ship(1, "c6", "w"), torpedoes=[torpedo("t1a", "c5")])
    assert has(step, "torpedo_detonated", torpedo="t1a", seat=1)
    assert event(step, "damage").data["facing"] == "forward"  # it came from c5, ahead of a ship heading w
    assert step.state.ships[1].shields == (2, 3, 2, 3)
    assert step.state.torpedoes == ()
    assert E.view(step.state, None)["players"][0]["torpedo_supply"] == 2


def test_a_detonated_torpedo_may_be_launched_again_in_a_later_round():
    launch = ("r4 cockpit C", "r1 torpedoes.launch S", "r2 torpedoes.launch S", "r3 torpedoes.launch C")
    state = end_of_round(ship(0, "c1"), ship(1, "c6", "w"), torpedoes=[torpedo("t1a", "c5")]).state
    assert state.torpedoes == ()
    state = position(ship(0, "c3", on=launch), ship(1, "c7", "w", on=("y1 cockpit C", "b1 drives.move E")))
    step = ok(state, 0, "activate torpedoes b2 with red")
    assert [t.id for t in step.state.torpedoes] == ["t1a"]


def test_torpedoes_move_in_any_direction_whatever_the_launchers_heading():
    # Launched behind the left side of a ship heading east, it flies west to the enemy on c1.
    step = end_of_round(ship(0, "c4", "e"), ship(1, "c1", "e"), torpedoes=[torpedo("t1a", "c3")])
    assert event(step, "torpedo_moved").data["to"] == "c2"


def test_sf42_a_torpedo_hits_any_ship_even_its_owners():
    # From c1 the only hex closer to the enemy on c3 is c2, where its own ship is.
    step = end_of_round(ship(0, "c2", "e"), ship(1, "c3", "w"), torpedoes=[torpedo("t1a", "c1")])
    assert has(step, "torpedo_detonated", torpedo="t1a", seat=0)
    assert event(step, "damage").data == {
        "seat": 0,
        "facing": "rear",
        "points": 1,
        "shields_lost": 1,
        "hull_lost": 0,
        "hull": 5,
        "source": 0,
        "cause": "torpedo",
    }


def test_torpedoes_move_through_hexes_with_other_torpedoes():
    step = end_of_round(
        ship(0, "c1"),
        ship(1, "c6", "w"),
        torpedoes=[torpedo("t1a", "c4"), torpedo("t2a", "c5", face_up=False)],
    )
    assert step.state.torpedo("t1a").hex == "c5"


def test_sf40_the_button_hitters_torpedoes_move_first():
    tor = [torpedo("t1a", "c3"), torpedo("t2a", "c5")]
    step = end_of_round(ship(0, "c1"), ship(1, "c7", "w"), torpedoes=tor, hitter=1)
    assert [e.data["torpedo"] for e in events(step, "torpedo_moved")] == ["t2a", "t1a"]


# -- equally close hexes (SF-41) ------------------------------------------------------------------------
def test_sf41_among_equally_close_hexes_the_standing_order_picks_the_weakest_shield():
    # t1a on c4 can reach the enemy on a2 (heading ne) through b2 (its rear) or b3 (its right).
    step = end_of_round(
        ship(0, "c1"), ship(1, "a2", "ne", shields=(3, 3, 1, 3)), torpedoes=[torpedo("t1a", "c4")]
    )
    assert step.state.torpedo("t1a").hex == "b2"
    step = end_of_round(
        ship(0, "c1"), ship(1, "a2", "ne", shields=(3, 1, 2, 3)), torpedoes=[torpedo("t1a", "c4")]
    )
    assert step.state.torpedo("t1a").hex == "b3"


def test_sf41_the_standing_order_avoids_friendly_ships():
    step = end_of_round(
        ship(0, "b2", "w"), ship(1, "a2", "ne", shields=(3, 3, 0, 3)), torpedoes=[torpedo("t1a", "c4")]
    )
    assert step.state.torpedo("t1a").hex == "b3"


def test_sf41_a_player_who_asked_chooses_the_hex_and_the_match_waits():
    step = end_of_round(
        ship(0, "c1"), ship(1, "a2", "ne"), torpedoes=[torpedo("t1a", "c4")], orders=[ASK, Orders()]
    )
    state = step.state
    assert E.active_seats(state) == frozenset({0})
    assert has(step, "decision", seat=0, kind="steer", torpedo="t1a", options=["b2", "b3"])
    assert game_moves(state, 0) == ["steer b2", "steer b3"]
    assert refused(state, 1, "steer b2").code == "not_your_turn"
    assert refused(state, 0, "steer c5").code == "steer_not_allowed"
    assert E.timeout_move(state, 0) == E.parse("steer b2", state, 0)
    after = ok(state, 0, "steer b3")
    assert after.state.torpedo("t1a").hex == "b3" and after.state.round == 2


def test_a_player_who_asked_is_not_asked_when_there_is_only_one_hex():
    step = end_of_round(
        ship(0, "c1"), ship(1, "c6", "w"), torpedoes=[torpedo("t1a", "c4")], orders=[ASK, Orders()]
    )
    assert step.state.round == 2 and not has(step, "decision")

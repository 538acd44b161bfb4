"""Electronic countermeasures ([SEED] page 7, BG-13, AS-BG-2): rolled by the server when a
ship moves adjacent to an enemy ship, damage by the enemy's size, once per enemy while
adjacent, never for ships launched or placed adjacent."""

from __future__ import annotations

from games.engines.dice import Dice

from .helpers import ISN, WRETCH, activating, event, has, kinds, ok, piece, position, seek, ship

MOVER = ship("ba", ISN, ("c4", "c5"))  # BG-05 medium: 4 shields, hull 6


def near(*enemies, mover=MOVER):
    return activating(position([mover, *enemies]), mover.code)


def ecm_hit(step):
    return has(step, "ecm", hit=True)


def ecm_miss(step):
    return has(step, "ecm", hit=False)


def test_moving_adjacent_to_an_enemy_ship_rolls_the_number_die_for_ecm():
    """[SEED] as soon as it moves onto a space adjacent to an enemy ship; AS-BG-2: the server rolls."""
    d = Dice(b"ecm", 5)
    step = ok(near(ship("ck", WRETCH, "e4")), ISN, "step ba c4 d4", d)
    e = event(step, "ecm")
    assert (
        e.audience is None and e.data["ship"] == "ba" and e.data["enemy"] == "ck" and e.data["seat"] == WRETCH
    )
    assert [x["purpose"] for x in d.draws] == ["ECM: number die"] and d.draws[0]["to"] is None


def test_ecm_hits_on_5_or_more():
    """[SEED] on a roll of 5+ the moved ship takes direct ECM damage."""
    s = near(ship("ck", WRETCH, "e4"))
    hit = seek(s, ISN, "step ba c4 d4", ecm_hit)
    assert event(hit, "ecm").data["roll"] >= 5
    miss = seek(s, ISN, "step ba c4 d4", ecm_miss)
    assert event(miss, "ecm").data["roll"] < 5 and not has(miss, "damage")


def test_ecm_damage_is_1_2_or_3_by_the_size_of_the_enemy():
    """[SEED] adjacent to a small ship 1, medium 2, large 3 direct ECM damage."""
    for enemy, amount in (
        (ship("ck", WRETCH, "e4"), 1),
        (ship("tk", WRETCH, ("e4", "e5")), 2),
        (ship("vf", WRETCH, ("e4", "e5", "f4")), 3),
    ):
        step = seek(near(enemy), ISN, "step ba c4 d4", ecm_hit)
        assert event(step, "ecm").data["damage"] == amount
        assert piece(step.state, "ba").shields == 4 - amount  # direct damage: shields first


def test_ecm_is_rolled_once_per_enemy_ship_each_squadron_ship_apart():
    """BG-13: one roll per enemy ship."""
    step = ok(near(ship("tg", WRETCH, "e4", "e5", "f5")), ISN, "step ba c4 d4")
    assert [e.data["enemy"] for e in step.events if e.kind == "ecm"] == ["tg1", "tg2"]


def test_no_new_ecm_roll_while_the_mover_stays_adjacent():
    """[SOURCED] page 7: not again while it stays adjacent."""
    s = ok(near(ship("tk", WRETCH, ("e4", "e5"))), ISN, "step ba c4 d4").state
    step = ok(s, ISN, "step ba d4 d5")  # still next to TK
    assert "ecm" not in kinds(step)


def test_moving_away_and_back_is_a_new_ecm_roll():
    s = near(ship("ck", WRETCH, "e4"), mover=ship("rk", ISN, "c4", version="seasoned"))
    s = ok(s, ISN, "step rk c4 d4").state
    s = ok(s, ISN, "step rk d4 c4").state  # clear of CK again
    step = ok(s, ISN, "step rk c4 d4")
    assert "ecm" in kinds(step)


def test_ships_launched_adjacent_to_enemies_take_no_ecm():
    """[SOURCED] page 7: not for ships launched or placed adjacent."""
    from games.engines.galaxies.state import DEPLOY

    from .helpers import hidden

    s = position([ship("ck", WRETCH, "h10"), hidden("rk", ISN)], phase=DEPLOY)
    s = ok(s, ISN, "launch rk").state
    step = ok(s, ISN, "place rk h11")
    assert "ecm" not in kinds(step)


def test_a_ship_with_an_ecm_shroud_takes_no_ecm():
    """The veteran Rook's F-54 power (house, BG-05 'one power')."""
    s = near(ship("ck", WRETCH, "e4"), mover=ship("rk", ISN, "c4", version="veteran"))
    step = ok(s, ISN, "step rk c4 d4")
    assert "ecm" not in kinds(step)


def test_ecm_can_destroy_the_moving_ship():
    s = near(ship("vf", WRETCH, ("e4", "e5", "f4")), mover=ship("rk", ISN, "c4", shields=0, damage=1))
    step = seek(s, ISN, "step rk c4 d4", ecm_hit)
    assert has(step, "ship_destroyed", ship="rk", cause="ecm")
    assert step.state.card("rk").place == "destroyed"

"""Tactic cards ([SOURCED] pages 4-5, BG-14, house placeholder set) and reaction windows
answered by standing orders or "ask me" (AS-BG-3, rules/README decision 5)."""

from __future__ import annotations

from games.engines.galaxies.state import DEPLOY, ENERGY, LAUNCHED, Orders

from .helpers import (
    ISN,
    WRETCH,
    E,
    activating,
    event,
    has,
    hidden,
    kinds,
    of_kind,
    ok,
    piece,
    position,
    refused,
    seek,
    ship,
    tac,
)

ASK = Orders("always", True)
NEVER = Orders("never", False)
SHOOTER = ship("ba", ISN, ("c10", "c11"))
TARGET = ship("tk", WRETCH, ("c5", "c6"))


def hit(step):
    return has(step, "attack_rolled", result="hit")


def attack(hands=((), ()), orders=None, energy=(20, 20), target=TARGET):
    return activating(position([SHOOTER, target], hands=hands, orders=orders, energy=energy), "ba")


# -- playing cards in one's own turn ------------------------------------------------------------
def test_a_card_is_played_in_the_phase_printed_on_it():
    """[SOURCED] page 5 / BG-14: the phase listed on the card."""
    power = tac(0, 1, "isn-power")
    s = position([SHOOTER], hands=((power,), ()), phase=DEPLOY)
    bad = refused(s, ISN, "play c0-1")
    assert bad.code == "card_phase" and "energy phase" in bad.message
    step = ok(position([SHOOTER], hands=((power,), ()), phase=ENERGY, energy=(10, 10)), ISN, "play c0-1")
    assert step.state.players[ISN].energy == 13 and step.state.players[ISN].discard == (power,)
    assert event(step, "card_played").audience is None


def test_a_card_costs_its_energy():
    s = position([SHOOTER, TARGET], hands=((tac(0, 1, "isn-boarding"),), ()), energy=(3, 3))
    assert refused(s, ISN, "play c0-1 tk").code == "no_energy"


def test_reactive_cards_are_not_played_in_ones_own_turn():
    s = position([SHOOTER], hands=((tac(0, 1, "isn-evade"),), ()))
    bad = refused(s, ISN, "play c0-1")
    assert bad.code == "card_phase" and "opponent's turn" in bad.message
    assert "play c0-1" not in of_kind(s, ISN, "play")


def test_a_card_in_another_hand_is_refused_without_naming_it():
    s = position([SHOOTER], hands=((), (tac(1, 1, "wr-sight"),)))
    bad = refused(s, ISN, "play c1-1")
    assert bad.code == "not_in_hand" and "c1-1" not in bad.message


def test_shield_recharge_adds_two_pegs_up_to_the_shield_number():
    """BG-14 placeholder: +2 shield pegs."""
    s = position([ship("ba", ISN, ("c10", "c11"), shields=1)], hands=((tac(0, 1, "isn-shields"),), ()))
    s = ok(s, ISN, "play c0-1 ba").state
    assert piece(s, "ba").shields == 3
    s = position([ship("ba", ISN, ("c10", "c11"), shields=3)], hands=((tac(0, 1, "isn-shields"),), ()))
    assert piece(ok(s, ISN, "play c0-1 ba").state, "ba").shields == 4


def test_an_additional_weapon_stays_attached_and_fires_as_its_own_weapon():
    """[SOURCED] page 4 additional weapons; BG-14: range 4, 1 attack, strength 2."""
    s = position([SHOOTER, TARGET], hands=((tac(0, 1, "isn-cannon"),), ()), phase=DEPLOY)
    s = ok(s, ISN, "play c0-1 ba").state
    assert [t.id for t in s.card("ba").attached] == ["c0-1"]
    weapons = [w["key"] for w in next(c for c in E.view(s, WRETCH)["cards"] if c["code"] == "ba")["weapons"]]
    assert weapons == ["main", "c0-1"]
    assert refused(s, ISN, "play c0-1 ba").code == "not_in_hand"


def test_attachments_go_on_your_own_launched_cards():
    s = position([SHOOTER, TARGET, hidden("to", ISN)], hands=((tac(0, 1, "isn-hull"),), ()), phase=DEPLOY)
    assert refused(s, ISN, "play c0-1 tk").code == "bad_target"
    assert refused(s, ISN, "play c0-1 to").code == "bad_target"
    s = ok(s, ISN, "play c0-1 ba").state
    assert next(c for c in E.view(s, ISN)["cards"] if c["code"] == "ba")["stats"]["hull"] == 8


def test_a_hero_gives_its_ship_card_one_more_move():
    """BG-14 placeholder hero: +1 move."""
    s = position(
        [ship("rk", ISN, "c4")],
        hands=((tac(0, 1, "isn-commander"), tac(0, 2, "isn-commander")), ()),
        phase=DEPLOY,
    )
    s = ok(s, ISN, "play c0-1 rk").state
    assert next(c for c in E.view(s, ISN)["cards"] if c["code"] == "rk")["stats"]["move"] == 6


def test_a_hero_gives_every_weapon_of_its_ship_card_one_more_range():
    """BG-14 placeholder hero (Master Gunner): +1 range for each weapon of the card."""
    s = position(
        [ship("ba", ISN, ("c10", "c11"), attached=[tac(0, 2, "isn-cannon")]), TARGET],
        hands=((tac(0, 1, "isn-gunner"),), ()),
        phase=DEPLOY,
    )
    ranges = {
        w["key"]: w["range"] for w in next(c for c in E.view(s, ISN)["cards"] if c["code"] == "ba")["weapons"]
    }
    s = ok(s, ISN, "play c0-1 ba").state
    card = next(c for c in E.view(s, WRETCH)["cards"] if c["code"] == "ba")
    assert {w["key"]: w["range"] for w in card["weapons"]} == {k: r + 1 for k, r in ranges.items()}
    assert [a["kind"] for a in card["attached"]] == ["isn-cannon", "isn-gunner"]


def test_only_one_copy_of_a_named_hero_is_in_play():
    """[SOURCED] page 9: one copy of each named hero."""
    s = position(
        [ship("rk", ISN, "c4"), SHOOTER],
        hands=((tac(0, 1, "isn-commander"), tac(0, 2, "isn-commander")), ()),
        phase=DEPLOY,
    )
    s = ok(s, ISN, "play c0-1 rk").state
    bad = refused(s, ISN, "play c0-2 ba")
    assert bad.code == "hero_in_play"


def test_target_lock_rerolls_the_next_missed_attack():
    """BG-14 placeholder: re-roll one missed attack."""
    s = attack(hands=((tac(0, 1, "isn-lock"),), ()))
    s = ok(s, ISN, "play c0-1").state
    assert s.turn.rerolls == 1
    step = seek(s, ISN, "fire ba main tk", lambda st: has(st, "attack_rolled", result="miss", reroll=False))
    assert [e.data["reroll"] for e in step.events if e.kind == "attack_rolled"] == [False, True]
    assert step.state.turn.rerolls == 0


# -- taking control -----------------------------------------------------------------------------
def test_boarding_takes_control_of_an_enemy_ship_with_no_shields_next_to_yours():
    """[SOURCED] page 9 taking control: the card, its attached cards and its ships change hands."""
    hull = tac(1, 9, "wr-chitin")
    prize = ship("ck", WRETCH, "c6", shields=0, attached=[hull])
    s = position([ship("rk", ISN, "c7"), prize, TARGET], hands=((tac(0, 1, "isn-boarding"),), ()))
    step = ok(s, ISN, "play c0-1 ck")
    assert has(step, "control_taken", seat=ISN, card="ck")
    card = step.state.card("ck")
    assert card.owner == ISN and card.attached == (hull,) and card.place == LAUNCHED
    ok(step.state, ISN, "activate ck")


def test_boarding_needs_a_shieldless_solo_ship_adjacent():
    s = position(
        [ship("rk", ISN, "c7"), ship("ck", WRETCH, "c6", shields=1), TARGET],
        hands=((tac(0, 1, "isn-boarding"),), ()),
    )
    assert refused(s, ISN, "play c0-1 ck").code == "cannot_board"
    s = position(
        [ship("rk", ISN, "c9"), ship("ck", WRETCH, "c6", shields=0), TARGET],
        hands=((tac(0, 1, "isn-boarding"),), ()),
    )
    assert refused(s, ISN, "play c0-1 ck").code == "cannot_board"


def test_taking_control_of_a_carrier_destroys_the_ships_it_carries():
    """[SEED] if a transporting ship is taken over, all ships it is transporting are destroyed."""
    s = position(
        [
            ship("rk", ISN, "c7"),
            ship("tk", WRETCH, ("c5", "c6"), shields=0),
            hidden("ck", WRETCH, carrier="tk"),
            hidden("vf", WRETCH),
        ],
        hands=((tac(0, 1, "isn-boarding"),), ()),
    )
    step = ok(s, ISN, "play c0-1 tk")
    assert step.state.card("ck").place == "destroyed"
    assert event(step, "cargo_destroyed").data["ships"][0]["ship"] == "ck"


# -- reaction windows -----------------------------------------------------------------------------
def test_standing_orders_play_a_fitting_reactive_card_at_once():
    """rules/README decision 5: standing orders answer by default (AS-BG-3 b: cancel a hit)."""
    s = attack(hands=((), (tac(1, 1, "wr-phase"),)))
    step = seek(s, ISN, "fire ba main tk", hit)
    assert has(step, "card_played", seat=WRETCH, kind="wr-phase", window="hit")
    assert piece(step.state, "tk") == piece(s, "tk")
    assert step.state.players[WRETCH].energy == 19 and E.active_seats(step.state) == {ISN}


def test_standing_orders_never_keep_the_card():
    s = attack(hands=((), (tac(1, 1, "wr-phase"),)), orders=[Orders(), NEVER])
    step = seek(s, ISN, "fire ba main tk", hit)
    assert not has(step, "card_played") and piece(step.state, "tk").shields == 2


def test_a_deflecting_card_lowers_the_attacks_strength_before_the_roll():
    """AS-BG-3 a: when an enemy declares an attack on your ship, before the roll."""
    s = attack(hands=((), (tac(1, 1, "wr-damper"),)))
    step = seek(s, ISN, "fire ba main tk", hit)
    assert has(step, "card_played", kind="wr-damper", window="attack")
    assert piece(step.state, "tk").shields == 3


def test_ask_me_pauses_on_every_window_even_with_an_empty_hand():
    """rules/README decision 5: the pause itself reveals nothing."""
    s = attack(orders=[Orders(), ASK])
    step = ok(s, ISN, "fire ba main tk")
    assert has(step, "window", seat=WRETCH, window="attack")
    s = step.state
    assert E.active_seats(s) == {WRETCH}
    assert [E.notation(m) for m in E.legal_moves(s, WRETCH) if m.kind != "orders"] == ["react none"]
    assert refused(s, ISN, "end").code == "not_your_turn"
    assert refused(s, WRETCH, "end").code == "decision_pending"
    step = ok(s, WRETCH, "react none")
    assert "attack_rolled" in kinds(step)


def test_ask_me_lets_the_defender_choose_a_card_after_a_hit():
    s = attack(hands=((), (tac(1, 1, "wr-phase"), tac(1, 2, "wr-sight"))), orders=[Orders(), ASK])
    s = ok(s, ISN, "fire ba main tk").state
    step = seek(s, WRETCH, "react none", hit)
    s = step.state
    assert has(step, "window", window="hit")
    reacts = [E.notation(m) for m in E.legal_moves(s, WRETCH) if m.kind == "react"]
    assert reacts == ["react none", "react c1-1"]
    assert refused(s, WRETCH, "react c1-2").code == "card_phase"
    step = ok(s, WRETCH, "react c1-1")
    assert piece(step.state, "tk").shields == 4 and E.active_seats(step.state) == {ISN}


def test_a_react_without_an_open_window_is_refused():
    s = attack(hands=((), (tac(1, 1, "wr-phase"),)))
    assert refused(s, WRETCH, "react c1-1").code == "no_window"


def test_an_ecm_overload_makes_the_ecm_roll_succeed():
    """AS-BG-3 c: when an enemy ship moves adjacent."""
    s = activating(
        position(
            [ship("ba", ISN, ("c4", "c5")), ship("ck", WRETCH, "e4")], hands=((), (tac(1, 1, "wr-howl"),))
        ),
        "ba",
    )
    step = seek(
        s, ISN, "step ba c4 d4", lambda st: has(st, "ecm", auto=True) and event(st, "ecm").data["roll"] < 5
    )
    assert event(step, "ecm").data["hit"] is True and piece(step.state, "ba").shields == 3


def test_a_power_drain_at_the_start_of_the_action_phase_costs_the_active_player_energy():
    """AS-BG-3 d: the start of the opponent's action phase."""
    s = position([SHOOTER, TARGET], phase=DEPLOY, hands=((), (tac(1, 1, "wr-tendril"),)), energy=(10, 10))
    step = ok(s, ISN, "next")
    assert has(step, "card_played", kind="wr-tendril", window="action_start")
    assert step.state.players[ISN].energy == 7 and step.state.players[WRETCH].energy == 8


def test_standing_orders_are_a_sealed_move_any_seat_makes_at_any_time():
    s = attack()
    step = ok(s, WRETCH, "orders never ask")
    assert step.move_audience == {WRETCH} and step.state.players[WRETCH].orders == Orders("never", True)
    assert event(step, "orders_updated").audience == {WRETCH}
    assert refused(step.state, WRETCH, "orders never ask").code == "orders_unchanged"

"""The energy phase and the turn ([SOURCED] page 5, BG-16, BG-17, discovery tiles page 9)."""

from __future__ import annotations

from games.engines.galaxies.state import ACTION, DEPLOY, ENERGY

from .helpers import ISN, WRETCH, E, event, has, ok, position, refused, ship, tac

FLEETS = [ship("ba", ISN, ("h11", "h12")), ship("sb", WRETCH, ("h2", "h3"))]


def wretch_ends(cards=FLEETS, **kw):
    """The Wretch ends a turn, so the ISN turn (and its energy phase) begins."""
    state = position(cards, seat=WRETCH, **kw)
    return ok(state, WRETCH, "end")


def test_the_energy_phase_gives_10_energy_and_one_tactic_card():
    """[SOURCED] page 5: +10 energy, draw 1 tactic card."""
    step = wretch_ends(energy=(12, 20))
    s = step.state
    assert s.turn.seat == ISN and s.turn.phase == ENERGY
    assert s.players[ISN].energy == 22
    assert len(s.players[ISN].hand) == 1 and len(s.players[ISN].deck) == 29
    assert has(step, "cards_drawn", seat=ISN, count=1)
    assert event(step, "cards_received").audience == {ISN}


def test_a_card_draw_is_a_die_seen_by_the_drawer_only():
    """AS-BG-1, BG-20: deck contents and draws are hidden from the opponent."""
    from games.engines.dice import Dice

    d = Dice(b"draw", 3)
    ok(position(FLEETS, seat=WRETCH), WRETCH, "end", d)
    draws = [x for x in d.draws if "draw a tactic card" in x["purpose"]]
    assert draws and all(x["to"] == [ISN] for x in draws)


def test_energy_never_goes_above_40_the_excess_is_lost():
    """[SOURCED] page 5: energy is kept between 0 and 40."""
    step = wretch_ends(energy=(35, 20))
    assert step.state.players[ISN].energy == 40
    assert has(step, "energy", seat=ISN, change=5, energy=40)


def test_energy_never_goes_below_0():
    """[SOURCED] page 5: energy is kept between 0 and 40 (a Power Drain on 2 energy leaves 0)."""
    s = position(FLEETS, phase=DEPLOY, energy=(2, 10), hands=((), (tac(1, 1, "wr-tendril"),)))
    step = ok(s, ISN, "next")
    assert has(step, "card_played", kind="wr-tendril") and step.state.players[ISN].energy == 0
    assert has(step, "energy", seat=ISN, change=-2, energy=0)


def test_discarding_a_tactic_card_gives_one_energy_any_time_in_your_turn():
    """[SOURCED] page 5: discard for +1 energy; BG-20: the discard pile is public."""
    state = position(FLEETS, hands=((tac(0, 1, "isn-lock"),), ()), energy=(5, 5))
    step = ok(state, ISN, "discard c0-1")
    assert step.state.players[ISN].energy == 6 and step.state.players[ISN].hand == ()
    assert step.state.players[ISN].discard == (tac(0, 1, "isn-lock"),)
    assert step.move_audience is None and event(step, "card_discarded").data["kind"] == "isn-lock"


def test_discarding_is_only_for_the_player_on_turn():
    state = position(FLEETS, hands=((), (tac(1, 1, "wr-sight"),)))
    assert refused(state, WRETCH, "discard c1-1").code == "not_your_turn"


def test_over_ten_cards_the_player_discards_down_to_ten_at_once():
    """BG-16: max 10 in hand; discard down to 10 immediately, +1 energy each."""
    hand = tuple(tac(0, n, "isn-lock") for n in range(1, 11))
    step = wretch_ends(hands=(hand, ()), energy=(10, 10))
    s = step.state
    assert len(s.players[ISN].hand) == 11
    moves = [m.kind for m in E.legal_moves(s, ISN) if m.kind != "orders"]
    assert set(moves) == {"discard"}
    bad = refused(s, ISN, "next")
    assert bad.code == "hand_limit" and "BG-16" in bad.message
    s = ok(s, ISN, "discard c0-1").state
    assert s.players[ISN].energy == 21 and len(s.players[ISN].hand) == 10
    ok(s, ISN, "next")


def test_when_the_last_card_is_drawn_the_discard_pile_becomes_the_new_deck():
    """[SOURCED] page 9 / BG-17: shuffle the discard pile into a new face-down deck."""
    discard = (tac(0, 1, "isn-lock"), tac(0, 2, "isn-evade"))
    step = wretch_ends(decks=(["isn-power"], ["wr-sight"]), discards=(discard, ()))
    p = step.state.players[ISN]
    assert [t.kind for t in p.hand] == ["isn-power"]
    assert (
        sorted(t.kind for t in p.deck) == ["isn-evade", "isn-lock"] and p.discard == () and p.reshuffles == 1
    )
    assert not {t.id for t in p.deck} & {t.id for t in discard}  # new ids: the old ones are public
    assert has(step, "deck_reshuffled", seat=ISN)


def test_reshuffled_cards_get_new_ids_when_drawn_again():
    """The canary: an id once public (in the discard pile) never marks a hidden card."""
    discard = (tac(0, 1, "isn-lock"),)
    from dataclasses import replace

    from games.engines.galaxies.state import Turn

    s = wretch_ends(decks=(["isn-power"], ["wr-sight", "wr-sight"]), discards=(discard, ())).state
    s = ok(replace(s, turn=Turn(WRETCH, s.turn_no, ACTION)), WRETCH, "end").state
    hand = s.players[ISN].hand
    assert sorted(t.kind for t in hand) == ["isn-lock", "isn-power"]
    assert "c0-1" not in [t.id for t in hand] and len({t.id for t in hand}) == 2


def test_after_the_second_exhaustion_no_more_cards_are_drawn():
    """BG-17: reshuffle once; after the second exhaustion no more cards are drawn."""
    state = position(
        FLEETS, seat=WRETCH, decks=(["isn-power"], ["wr-sight"]), discards=((tac(0, 1, "isn-lock"),), ())
    )
    from dataclasses import replace

    state = replace(state, players=(replace(state.players[ISN], reshuffles=1), state.players[WRETCH]))
    step = ok(state, WRETCH, "end")
    p = step.state.players[ISN]
    assert p.deck == () and p.discard == (tac(0, 1, "isn-lock"),) and has(step, "deck_exhausted", seat=ISN)
    again = position(FLEETS, seat=WRETCH, decks=((), ["wr-sight"]))
    again = replace(again, players=(replace(again.players[ISN], reshuffles=1), again.players[WRETCH]))
    assert ok(again, WRETCH, "end").state.players[ISN].hand == ()


def test_the_phases_come_in_order_energy_deploy_action():
    """[SOURCED] page 5: Energy -> Deploy -> Action."""
    s = position(FLEETS, phase=ENERGY)
    s = ok(s, ISN, "next").state
    assert s.turn.phase == DEPLOY
    s = ok(s, ISN, "next").state
    assert s.turn.phase == ACTION
    assert refused(s, ISN, "next").code == "no_next_phase"


def test_ending_the_turn_passes_play_to_the_left():
    """[SOURCED] page 5: play passes left; the next turn begins with its energy phase."""
    s = ok(position(FLEETS, number=7), ISN, "end").state
    assert s.turn.seat == WRETCH and s.turn.number == 8 and s.turn.phase == ENERGY
    assert s.players[ISN].turns == 4


def test_an_energy_source_gives_2_energy_if_you_have_a_ship_on_it():
    """[SOURCED] page 9; BG-02: the skirmish has an energy source on c9."""
    cards = [ship("ba", ISN, ("c9", "c10")), ship("sb", WRETCH, ("h2", "h3"))]
    assert wretch_ends(cards, energy=(10, 10)).state.players[ISN].energy == 22
    assert wretch_ends(energy=(10, 10)).state.players[ISN].energy == 20


def test_an_orbital_market_draws_one_more_card():
    """[SOURCED] page 9 (the pan-base map has the market on m9)."""
    cards = [ship("rk", ISN, "m9"), ship("sb", WRETCH, ("h2", "h3"))]
    step = wretch_ends(cards, mission="pan-base")
    assert len(step.state.players[ISN].hand) == 2


def test_a_shield_regenerator_gives_a_peg_up_to_the_shield_number():
    """[SOURCED] page 9: +1 shield peg, not above its starting value."""
    cards = [
        ship("ba", ISN, ("f6", "f7"), shields=1),
        ship("to", ISN, ("l20", "l21"), shields=4),
        ship("sb", WRETCH, ("h2", "h3")),
    ]
    s = wretch_ends(cards, mission="pan-base").state
    assert s.piece("ba")[1].shields == 2 and s.piece("to")[1].shields == 4

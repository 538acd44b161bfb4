"""The 1 v 2 team mission ([SOURCED] page 3 team play, mission 5; AS-BG-4)."""

from __future__ import annotations

from games.engines.galaxies.state import DEPLOY, ENERGY, Orders

from .helpers import E, activating, event, has, kinds, ok, position, refused, ship, tac

ISN, WA, WB = 0, 1, 2
CARDS = [ship("ba", ISN, ("c10", "c11")), ship("tk", WA, ("h2", "h3")), ship("sb", WB, ("k2", "k3"))]


def team(seat=WA, phase=ENERGY, hands=((), (), ()), **kw):
    return position(
        CARDS,
        seat=seat,
        phase=phase,
        energy=(20, 20, 20),
        hands=hands,
        turns=(3, 3, 3),
        mission="pan-base",
        **kw,
    )


def test_play_passes_left_through_all_three_seats():
    """[SOURCED] page 5: play passes left."""
    s = ok(team(seat=ISN, phase=ENERGY), ISN, "end").state
    assert s.turn.seat == WA
    s = ok(s, WA, "end").state
    assert s.turn.seat == WB
    assert ok(s, WB, "end").state.turn.seat == ISN


def test_teammates_pass_tactic_cards_in_their_energy_phase():
    """[SOURCED] page 3: pass any number of tactic cards to teammates during their energy phases."""
    card = tac(1, 1, "wr-sight")
    step = ok(team(hands=((), (card,), ())), WA, "give c1-1 to wretch2")
    assert step.state.players[WB].hand == (card,) and step.state.players[WA].hand == ()
    assert step.move_audience == {WA, WB}
    assert event(step, "card_given").audience is None and event(step, "card_passed").audience == {WA, WB}


def test_cards_pass_only_to_a_teammate_only_in_the_energy_phase():
    card = tac(1, 1, "wr-sight")
    assert refused(team(hands=((), (card,), ())), WA, "give c1-1 to isn").code == "not_teammate"
    bad = refused(team(hands=((), (card,), ()), phase=DEPLOY), WA, "give c1-1 to wretch2")
    assert bad.code == "wrong_turn_phase" and "energy phases" in bad.message
    full = tuple(tac(2, n, "wr-sight") for n in range(1, 11))
    assert refused(team(hands=((), (card,), full)), WA, "give c1-1 to wretch2").code == "hand_full"


def test_teammates_see_each_others_hands_and_the_enemy_does_not():
    """[SOURCED] page 3: teammates may show each other their tactic cards."""
    s = team(hands=((tac(0, 1, "isn-lock"),), (tac(1, 1, "wr-sight"),), (tac(2, 1, "wr-phase"),)))
    assert [c["id"] for c in E.view(s, WA)["you"]["team_hands"]["2"]] == ["c2-1"]
    assert "c1-1" not in str(E.view(s, ISN)) and "c0-1" not in str(E.view(s, WA))
    secrets = E.secrets(s)
    assert "c0-1" in secrets[ISN] and "c1-1" not in secrets[WA]


def test_teammates_ships_are_friends():
    s = activating(team(seat=WA, phase="action"), "tk")
    assert refused(s, WA, "fire tk main sb").code == "own_ship"
    s = activating(
        position(
            [ship("ba", ISN, ("c10", "c11")), ship("tk", WA, ("c4", "c5")), ship("sb", WB, ("e4", "e5"))],
            seat=WA,
            energy=(20, 20, 20),
            mission="pan-base",
        ),
        "tk",
    )
    assert "ecm" not in kinds(ok(s, WA, "step tk c4 d4"))


def test_every_opponent_gets_the_action_start_window():
    """AS-BG-3 d, asked one seat after the other."""
    ask = Orders("always", True)
    s = team(seat=ISN, phase=DEPLOY, orders=[Orders(), ask, ask])
    step = ok(s, ISN, "next")
    assert has(step, "window", seat=WA, window="action_start") and E.active_seats(step.state) == {WA}
    step = ok(step.state, WA, "react none")
    assert has(step, "window", seat=WB) and E.active_seats(step.state) == {WB}
    step = ok(step.state, WB, "react none")
    assert E.active_seats(step.state) == {ISN} and step.state.turn.phase == "action"

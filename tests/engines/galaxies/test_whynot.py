"""Why a ship cannot launch, activate, move or attack now (whynot.py): the refusal the
engine gives when that move is tried, shown to the seat on turn only."""

from __future__ import annotations

from games.engines.galaxies.state import DEPLOY

from .helpers import ISN, WRETCH, E, activating, hidden, position, refused, ship


def reasons(state, seat, action):
    return {w["ship"]: w["why"] for w in E.view(state, seat)["you"]["why_not"] if w["action"] == action}


def test_a_ship_card_that_cannot_be_activated_says_why_in_the_refusals_words():
    s = position([ship("ev", ISN, ("h9", "h10", "i10")), ship("sb", WRETCH, ("h2", "h3"))], energy=(1, 20))
    assert reasons(s, ISN, "activate") == {"ev": refused(s, ISN, "activate ev", "no_energy").message}
    assert E.view(s, WRETCH)["you"]["why_not"] == [], "only the seat on turn is told"


def test_a_ship_out_of_range_says_how_far_its_target_is():
    s = activating(position([ship("ba", ISN, ("c10", "c11")), ship("ck", WRETCH, "c2")]), "ba")
    assert reasons(s, ISN, "attack") == {"ba": refused(s, ISN, "fire ba main ck", "out_of_range").message}


def test_a_ship_that_may_still_move_and_attack_has_no_reason_given():
    s = activating(position([ship("ba", ISN, ("c10", "c11")), ship("ck", WRETCH, "c6")]), "ba")
    assert reasons(s, ISN, "attack") == {} and reasons(s, ISN, "move") == {}


def test_a_ship_behind_the_screen_that_cannot_be_launched_says_why_to_its_owner_only():
    s = position([hidden("ev", ISN), ship("sb", WRETCH, ("h2", "h3"))], phase=DEPLOY, energy=(0, 20))
    assert reasons(s, ISN, "launch") == {"ev": refused(s, ISN, "launch ev", "no_energy").message}
    assert E.view(s, WRETCH)["you"]["why_not"] == [] and E.view(s, None)["you"] is None

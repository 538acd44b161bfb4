"""The issue's "Bad input" list: each refused with its own Invalid code and a message that
names the rule, and the state left as it was."""

from __future__ import annotations

import json

import pytest

from games.engines.galaxies.state import DEPLOY, ENERGY

from .helpers import ISN, WRETCH, E, activating, hidden, ok, position, refused, ship, tac

CASES = {
    "over capacity": (
        lambda: (
            ok(
                position([hidden("ba", ISN), hidden("rk", ISN), hidden("bs", ISN)], phase=DEPLOY),
                ISN,
                "load rk into ba",
            ).state
        ),
        "load bs into ba",
        "over_capacity",
        "[SEED] capacity",
    ),
    "too large for a hold": (
        lambda: position([hidden("ba", ISN), hidden("to", ISN)], phase=DEPLOY),
        "load to into ba",
        "too_large_for_hold",
        "[SEED] size limitations",
    ),
    "a move that ends on a ship": (
        lambda: activating(position([ship("rk", ISN, "c4"), ship("to", ISN, ("c5", "c6"))]), "rk"),
        "step rk c4 c5",
        None,  # the step is allowed: the ship may pass through; ending there is refused next
        None,
    ),
    "a move across an asteroid": (
        lambda: activating(position([ship("rk", ISN, "e8")]), "rk"),
        "step rk e8 e7",
        "asteroid",
        "BG-10",
    ),
    "an attack out of range": (
        lambda: activating(position([ship("ba", ISN, ("c11", "c12")), ship("ck", WRETCH, "c4")]), "ba"),
        "fire ba main ck",
        "out_of_range",
        "BG-09",
    ),
    "an attack without energy": (
        lambda: activating(
            position(
                [
                    ship("ba", ISN, ("c10", "c11"), attached=[tac(0, 1, "isn-cannon")]),
                    ship("ck", WRETCH, "c7"),
                ],
                energy=(0, 5),
            ),
            "ba",
        ),
        "fire ba c0-1 ck",
        "no_energy",
        "[SOURCED] page 7",
    ),
    "a card out of its phase": (
        lambda: position(
            [ship("ba", ISN, ("c10", "c11"))], phase=ENERGY, hands=((tac(0, 1, "isn-cannon"),), ())
        ),
        "play c0-1 ba",
        "card_phase",
        "BG-14",
    ),
}


@pytest.mark.parametrize("case", [c for c in CASES if CASES[c][2]])
def test_each_bad_input_is_refused_with_its_code_and_rule_and_changes_nothing(case):
    make, move, code, rule = CASES[case]
    state = make()
    before = json.dumps(E.dump(state), sort_keys=True)
    bad = refused(state, ISN, move)
    assert bad.code == code and rule in bad.message, bad
    assert json.dumps(E.dump(state), sort_keys=True) == before
    assert move not in [E.notation(m) for m in E.legal_moves(state, ISN)]


def test_a_move_that_would_end_on_a_ship_is_refused_with_its_code_and_rule():
    """[SEED] page 7: pass through, never end on a ship - the turn cannot go on while it stands there,
    and a step onto a ship without the spaces left to get clear is refused at once."""
    make, move, _, _ = CASES["a move that ends on a ship"]
    on_ship = ok(make(), ISN, move).state
    for attempt in ("end", "activate to"):
        bad = refused(on_ship, ISN, attempt)
        assert bad.code == "ends_on_ship" and "[SEED] page 7" in bad.message
    short = make()
    for frm, to in (("c4", "b4"), ("b4", "b3"), ("b3", "c3"), ("c3", "c4")):  # 4 of its 5 spaces
        short = ok(short, ISN, f"step rk {frm} {to}").state
    bad = refused(short, ISN, move)
    assert bad.code == "ends_on_ship" and "[SEED] page 7" in bad.message

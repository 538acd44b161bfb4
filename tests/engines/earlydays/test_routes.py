"""Moving by destination ("kit.routes" over this game's steps): what a route of a unit is made
of, on hand-built positions (SW-06, SW-20..26)."""

from __future__ import annotations

from games.engines.base import Invalid
from games.engines.kit.routes import FixedDice

from .helpers import REBEL, E, position, unit

FOE = unit("I1a", "tie_fighter", "3010", "W")


def routes_of(state, uid):
    return [r for r in E.routes(state, REBEL) if r.piece == uid]


def test_a_ship_may_end_its_move_on_its_own_hex_facing_another_way_sw_26():
    ship = unit("R1", "corvette_rebel", "1010", "E")
    here = {r.facing for r in routes_of(position(ship, FOE), "R1") if r.hexes == ("1010",)}
    # turning in place; W is three facings away, past its movement of 2 ([SEED], SW-21)
    assert here == {"NE", "SE", "SW", "NW"}


def test_a_fighter_route_covers_at_least_its_minimum_move_and_ends_with_its_end_sw_20():
    state = position(unit("R1a", "x_wing", "1010", "E"), FOE)
    routes = routes_of(state, "R1a")
    assert routes
    for r in routes:
        steps = [m for m in r.moves if m.kind == "move"]
        assert len(steps) >= 3, r  # [SEED] fighters move at least 3 hexes (SW-20)
        assert r.moves[-1].kind in ("end", "move"), r
        assert [m.kind for m in r.moves[:-1]] == ["move"] * (len(r.moves) - 1), r


def test_no_route_makes_a_sharper_turn_whose_roll_decides_where_it_ends_sw_22():
    state = position(unit("R1a", "x_wing", "1010", "E"), FOE)
    for r in routes_of(state, "R1a"):
        here = state
        for m in r.moves:
            dice = FixedDice(high=False)
            step = E.apply(here, REBEL, m, dice)
            assert not isinstance(step, Invalid)
            assert not dice.rolled, (r, m)  # no piloting roll on the way (nor panic, SW-46)
            here = step.state


def test_no_route_ends_on_a_hex_another_unit_holds_sw_06():
    # a friendly flight three hexes straight ahead: the X-wing may fly past, not end there
    state = position(unit("R1a", "x_wing", "1010", "E"), unit("R2a", "x_wing", "1310", "E"), FOE)
    ends = {r.hexes[0] for r in routes_of(state, "R1a")}
    assert "1310" not in ends and ends

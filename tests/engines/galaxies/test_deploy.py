"""The Deploy phase ([SEED] page 6): launching into the starting zone, shield pegs, sealed
transport holds (capacity, size limits, whole squadrons, no nesting) and launching from a
transporting ship on a later turn (BG-19, AS-BG-1)."""

from __future__ import annotations

from games.engines.galaxies.state import DEPLOY, HOLD, LAUNCHED, PLACING, SCREEN

from .helpers import (
    ISN,
    WRETCH,
    E,
    event,
    has,
    hidden,
    of_kind,
    ok,
    piece,
    position,
    refused,
    ship,
)

ENEMY = ship("sb", WRETCH, ("h2", "h3"))
EVEREST = ship("ev", ISN, ("h9", "h10", "i10"), launched=3)  # launched on turn 3


def deploy(*cards, **kw):
    return position([ENEMY, *cards], phase=DEPLOY, **kw)


def test_launching_pays_the_launch_cost_and_reveals_the_card():
    """[SEED] pay the launch cost to place that ship card in front of you."""
    step = ok(deploy(hidden("ba", ISN, "seasoned")), ISN, "launch ba")
    assert step.state.players[ISN].energy == 20 - 6  # BG-05: medium 5, seasoned +1
    launched = event(step, "ship_launched")
    assert (
        launched.audience is None
        and launched.data["version"] == "seasoned"
        and launched.data["from"] == "screen"
    )
    assert step.state.card("ba").place == PLACING and step.state.turn.placing == "ba"


def test_a_launched_ship_gets_as_many_shield_pegs_as_its_shield_number():
    """[SEED] place that many shield pegs on the ship."""
    s = ok(deploy(hidden("ba", ISN, "veteran")), ISN, "launch ba").state
    s = ok(s, ISN, "place ba h11 h12").state
    assert s.card("ba").place == LAUNCHED and piece(s, "ba").shields == 5  # BG-05: 4 + 1
    assert s.card("ba").launched == 7 and s.turn.placing == ""


def test_a_ship_launched_into_the_zone_covers_at_least_one_full_zone_space():
    """[SEED] position its base to cover at least one full starting zone space."""
    s = ok(deploy(hidden("ba", ISN)), ISN, "launch ba").state
    ok(s, ISN, "place ba h10 h11")  # h11 is in the zone, h10 is not
    bad = refused(s, ISN, "place ba h9 h10")
    assert bad.code == "outside_zone" and "[SEED]" in bad.message
    assert all(
        any(h in ("h11", "h12") or h[1:] in ("11", "12", "13") for h in n.split()[2:])
        for n in of_kind(s, ISN, "place")
    )


def test_ships_are_placed_on_empty_spaces_in_their_footprint():
    """[SEED] empty spaces; BG-06 footprints."""
    s = ok(deploy(hidden("ba", ISN), ship("rk", ISN, "h12")), ISN, "launch ba").state
    assert refused(s, ISN, "place ba h11 h12").code == "space_taken"
    assert refused(s, ISN, "place ba g12 i12").code == "bad_footprint"
    assert refused(s, ISN, "place ba h11").code == "bad_footprint"
    assert refused(s, ISN, {"kind": "place", "ship": "ba", "hexes": ["i12", "h12"]}).code == "bad_hexes"
    assert refused(s, ISN, "place ba z99 h11").code == "bad_hex"


def test_a_launch_must_be_placed_before_anything_else():
    s = ok(deploy(hidden("ba", ISN), hidden("rk", ISN)), ISN, "launch ba").state
    assert refused(s, ISN, "launch rk").code == "placement_pending"
    assert set(m.kind for m in E.legal_moves(s, ISN)) == {"place", "orders"}


def test_squadron_ships_are_placed_adjacent_to_another_ship_of_the_squadron():
    """[SEED] place them adjacent to at least one other ship in that squadron, in the zone."""
    s = ok(deploy(hidden("bs", ISN)), ISN, "launch bs").state
    s = ok(s, ISN, "place bs h12").state
    assert refused(s, ISN, "place bs a12").code == "squadron_apart"
    s = ok(s, ISN, "place bs g12").state
    s = ok(s, ISN, "place bs i12").state
    card = s.card("bs")
    assert card.place == LAUNCHED and [p.id for p in card.pieces] == ["bs1", "bs2", "bs3"]
    assert all(p.shields == 1 for p in card.pieces)  # [SEED] each ship in a squadron gains that many


def test_any_number_of_ships_launch_in_one_deploy_phase_while_energy_and_spaces_last():
    """[SEED] you can launch any number of ships, as long as you have enough energy and spaces."""
    s = deploy(hidden("ba", ISN), hidden("rk", ISN), hidden("to", ISN), energy=(9, 20))
    s = ok(ok(s, ISN, "launch ba").state, ISN, "place ba h11 h12").state
    s = ok(ok(s, ISN, "launch rk").state, ISN, "place rk c12").state
    assert s.players[ISN].energy == 1 and {c.code for c in s.cards if c.place == LAUNCHED} >= {"ba", "rk"}
    bad = refused(s, ISN, "launch to")
    assert bad.code == "no_energy" and "5 energy" in bad.message
    assert of_kind(s, ISN, "launch") == []


def test_launching_costs_energy_you_have():
    bad = refused(deploy(hidden("ev", ISN), energy=(7, 20)), ISN, "launch ev")
    assert bad.code == "no_energy" and "8 energy" in bad.message
    assert "launch ev" not in of_kind(deploy(hidden("ev", ISN), energy=(7, 20)), ISN, "launch")


def test_launching_happens_in_the_deploy_phase():
    bad = refused(position([ENEMY, hidden("ba", ISN)]), ISN, "launch ba")
    assert bad.code == "wrong_turn_phase" and "deploy phase" in bad.message


def test_loading_a_hold_is_a_sealed_move():
    """[SEED] secretly place the ship cards under the carrier; AS-BG-1."""
    s = deploy(hidden("ev", ISN), hidden("bs", ISN))
    step = ok(s, ISN, "load bs into ev")
    assert step.move_audience == {ISN}
    assert event(step, "hold").audience == {ISN}
    assert step.state.card("bs").place == HOLD and step.state.card("bs").carrier == "ev"


def test_a_hold_never_carries_more_spaces_than_its_capacity():
    """[SEED] a capacity of 12 carries ships taking up to 12 spaces; whole squadrons only."""
    s = deploy(hidden("ba", ISN), hidden("bs", ISN), hidden("rk", ISN))
    s = ok(s, ISN, "load rk into ba").state
    bad = refused(s, ISN, "load bs into ba")  # 1 + 3 > 3
    assert bad.code == "over_capacity" and "capacity 3" in bad.message
    s = deploy(*(hidden(c, ISN) for c in ("ev", "ba", "to", "rk", "bs", "bh")))
    for cargo in ("ba", "to", "rk", "bs", "bh"):  # 2 + 2 + 1 + 3 + 3 = 11 <= 12
        s = ok(s, ISN, f"load {cargo} into ev").state


def test_a_ship_only_carries_ships_smaller_than_itself():
    """[SEED] size limitations: large carries medium and small; medium small; small none."""
    s = deploy(hidden("ba", ISN), hidden("to", ISN), hidden("rk", ISN), hidden("ev", ISN))
    bad = refused(s, ISN, "load to into ba")
    assert bad.code == "too_large_for_hold" and "size limitations" in bad.message
    assert refused(s, ISN, "load ba into rk").code == "too_large_for_hold"
    assert refused(s, ISN, "load ev into ba").code == "too_large_for_hold"
    ok(s, ISN, "load ba into ev")


def test_a_transported_ship_can_never_transport_other_ships():
    """[SEED] no nesting."""
    s = deploy(hidden("ba", ISN), hidden("rk", ISN), hidden("ev", ISN), hidden("bs", ISN))
    s = ok(s, ISN, "load rk into ba").state
    assert refused(s, ISN, "load ba into ev").code == "nested_transport"
    s = ok(deploy(hidden("ba", ISN), hidden("ev", ISN), hidden("bs", ISN)), ISN, "load ba into ev").state
    assert refused(s, ISN, "load bs into ba").code == "not_behind_screen"


def test_cargo_can_be_taken_back_until_the_carrier_launches():
    s = ok(deploy(hidden("ev", ISN), hidden("rk", ISN)), ISN, "load rk into ev").state
    step = ok(s, ISN, "unload rk")
    assert step.move_audience == {ISN} and step.state.card("rk").place == SCREEN
    s = ok(ok(s, ISN, "launch ev").state, ISN, "place ev h11 h12 i12").state
    assert refused(s, ISN, "unload rk").code == "carrier_launched"


def test_a_carrier_launches_with_its_hold_still_hidden():
    """[SEED] transported ships remain hidden until launched or destroyed (AS-BG-1)."""
    s = ok(deploy(hidden("ev", ISN), hidden("rk", ISN, "veteran")), ISN, "load rk into ev").state
    step = ok(s, ISN, "launch ev")
    assert step.state.players[ISN].energy == 12  # only the carrier's launch cost is paid
    s = ok(step.state, ISN, "place ev h11 h12 i12").state
    public = E.view(s, WRETCH)
    assert "rk" not in {c["code"] for c in public["cards"]}
    assert "scr0-rk" not in str(public) and "veteran" not in str(public["cards"])
    assert E.view(s, ISN)["you"]["holds"]["ev"][0]["ship"] == "rk"


def test_transported_ships_launch_from_a_carrier_launched_on_an_earlier_turn():
    """[SEED] a ship that was launched on a previous turn; BG-19."""
    s = deploy(EVEREST, hidden("ba", ISN, carrier="ev"), number=3)
    bad = refused(s, ISN, "launch ba")
    assert bad.code == "carrier_launched_this_turn" and "BG-19" in bad.message
    step = ok(deploy(EVEREST, hidden("ba", ISN, carrier="ev"), number=4), ISN, "launch ba")
    assert has(step, "ship_launched", ship="ba", carrier="ev", **{"from": "hold"})
    assert step.state.players[ISN].energy == 15  # the transported ship's launch cost, paid now


def test_a_ship_launched_from_a_carrier_is_placed_adjacent_to_it():
    """[SEED] launch those ships adjacent to the ship that was transporting them."""
    s = ok(deploy(EVEREST, hidden("ba", ISN, carrier="ev"), number=4), ISN, "launch ba").state
    ok(s, ISN, "place ba g8 g9")  # outside the zone, next to the carrier
    bad = refused(s, ISN, "place ba c12 c13")
    assert bad.code == "not_adjacent_carrier"
    assert "place ba c12 c13" not in of_kind(s, ISN, "place")


def test_a_squadron_from_a_carrier_is_placed_next_to_it_and_to_each_other():
    """[SEED] adjacent to at least one other ship in that squadron and to the carrier."""
    s = ok(deploy(EVEREST, hidden("bs", ISN, carrier="ev"), number=4), ISN, "launch bs").state
    s = ok(s, ISN, "place bs g9").state
    assert refused(s, ISN, "place bs j9").code == "squadron_apart"
    s = ok(s, ISN, "place bs g10").state
    s = ok(s, ISN, "place bs g11").state
    assert s.card("bs").place == LAUNCHED and s.card("bs").carrier == ""


def test_without_enough_free_spaces_a_ship_cannot_be_launched():
    """[SEED] if there are not enough available spaces to place a ship, or all ships in a squadron."""
    ring = ["g10", "g11", "g9", "h11", "h8", "i11", "i9", "j10", "j9"]
    blockers = [ship("bh", ISN, *ring[0:3]), ship("tg", WRETCH, *ring[3:6]), ship("rf", WRETCH, *ring[6:9])]
    s = deploy(EVEREST, *blockers, hidden("rk", ISN, carrier="ev"), number=4)
    bad = refused(s, ISN, "launch rk")
    assert bad.code == "no_room" and "[SEED]" in bad.message
    assert "launch rk" not in of_kind(s, ISN, "launch")

""" "The early days" move panel (games/ui/earlydays/hints.py through games/ui/panel.py): what
each listed move is clicked as and worded, from the engine's legal moves and view only."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

from games.engines.base import Move
from games.engines.earlydays import ENGINE as E
from games.engines.earlydays.geometry import FACINGS
from games.ui.earlydays import render as draw
from games.ui.panel import move_panel
from tests.engines.earlydays.helpers import REBEL, dice, moving, position, shooting, unit

NS = "{http://www.w3.org/2000/svg}"


def panel_of(state, seat):
    moves = E.legal_moves(state, seat)
    legal = {"moves": [m.to_json() for m in moves], "notation": [E.notation(m) for m in moves]}
    return move_panel("early-days", legal, E.view(state, seat))


def picks_of(panel, kind):
    return [p for p in panel["picks"]["moves"] if p["kind"] == kind]


def build_state(*moves, seat=REBEL):
    state = E.setup({**E.default_options(), "scenario": "fighter_clash", "points": 100}, 2, dice()).state
    for m in moves:
        step = E.apply(state, seat, Move.of(*m[:1], **m[1]), dice())
        assert not hasattr(step, "code"), step
        state = step.state
    return state


def test_an_option_already_on_a_line_is_offered_as_its_removal_with_prices_on_additions():
    # The option move toggles ([SEED] either/or; forces.edit): once proton torpedoes are on
    # R1, the same move takes them off, so the panel says "Remove", not "option: ...".
    state = build_state(
        ("buy", {"unit": "x_wing"}), ("option", {"entry": "R1", "option": "proton_torpedoes"})
    )
    options = {p["move"]["option"]: p for p in picks_of(panel_of(state, REBEL), "option")}
    labels = {k: [s["label"] for s in p["steps"]] for k, p in options.items()}
    assert labels["proton_torpedoes"][0].startswith("R1 X-wing")
    assert labels["proton_torpedoes"][1] == "Remove Anti-capship (proton) torpedoes"
    assert re.fullmatch(r"Add .+ \(\+\d+ pts\)", labels["af_torpedoes"][1]), labels["af_torpedoes"]


def test_vader_once_chosen_is_offered_as_his_removal_not_again():
    # issue 12: "option I1 vader" was still offered after it was chosen: it is the move that
    # takes him off again, and now says so.
    state = build_state(
        ("buy", {"unit": "vader_squadron"}), ("option", {"entry": "I1", "option": "vader"}), seat=1
    )
    (vader,) = picks_of(panel_of(state, 1), "option")
    assert vader["steps"][1]["label"] == "Remove Darth Vader in the TIE Advanced X1"
    fresh = build_state(("buy", {"unit": "vader_squadron"}), seat=1)
    (offer,) = picks_of(panel_of(fresh, 1), "option")
    assert offer["steps"][1]["label"] == "Add Darth Vader in the TIE Advanced X1 (+20 pts)"


def test_flights_and_removal_are_worded_by_the_draft_line():
    state = build_state(("buy", {"unit": "x_wing"}))
    panel = panel_of(state, REBEL)
    flights = [[s["label"] for s in p["steps"]] for p in picks_of(panel, "flights")]
    assert ["R1 X-wing (10 pts)", "2 flights"] in flights
    drop = next(b for b in panel["buttons"] if b["kind"] == "drop")
    assert [i["text"] for i in drop["items"]] == ["R1 X-wing (10 pts)"]


def test_a_step_is_clicked_on_the_hex_it_takes_the_unit_to():
    state = position(unit("R1a", "x_wing", "1010", "E"), unit("I1a", "tie_fighter", "2010", "W"))
    steps = {p["move"]["step"]: p["steps"] for p in picks_of(panel_of(state, REBEL), "move")}
    assert set(steps) >= {"F", "L", "R"}
    for name, clicks in steps.items():
        board = [s for s in clicks if s["on"] == "hex"]
        assert len(board) == 1, (name, clicks)
        after = E.apply(state, REBEL, Move.of("move", unit="R1a", step=name), dice(7)).state
        moved = next(u for u in after.units if u.id == "R1a")
        planned = next(u for u in E.view(state, REBEL)["units"] if u["id"] == "R1a")["steps"][name]
        if name in ("F", "L", "R"):  # no roll: the unit lands where the click was
            assert (moved.hex, FACINGS[moved.facing]) == (board[0]["value"], planned["facing"])
        assert board[0]["value"] == planned["hex"]


def test_the_unit_moving_now_is_chosen_for_the_player_and_its_next_hexes_are_the_clicks():
    state = position(unit("R1a", "x_wing", "1010", "E"), unit("R2a", "x_wing", "1012", "E"))
    state = moving(state, "R1a")
    picks = picks_of(panel_of(state, REBEL), "move")
    assert {p["move"]["unit"] for p in picks} == {"R1a"}
    assert all(p["steps"][0]["preselect"] for p in picks), "the lone unit to click is taken"
    assert {p["steps"][1]["on"] for p in picks} == {"hex"}


def test_a_ship_turning_in_place_is_a_button_saying_where_it_will_face():
    state = position(unit("R2", "corvette_rebel", "1014", "E"), unit("I1a", "tie_fighter", "2010", "W"))
    turns = {p["move"]["step"]: p["steps"] for p in picks_of(panel_of(state, REBEL), "move")}
    assert turns["L"][1]["on"] == "choice"
    assert turns["L"][1]["label"] == "Turn left in place, facing NE"
    assert turns["F"][1]["on"] == "hex"


def test_units_are_drawn_large_with_their_id_clear_of_the_facing_mark():
    view = E.view(
        position(unit("R1a", "x_wing", "1010", "E"), unit("I1a", "tie_fighter", "1210", "W")), REBEL
    )
    root = ET.fromstring(draw.svg(view))
    for g in root.iter(f"{NS}g"):
        if not (g.get("class") or "").startswith("unit "):
            continue
        disc = g.find(f"{NS}circle")
        assert float(disc.get("r")) >= 0.75 * draw.SIZE, "a unit fills most of its hex"
        assert g.find(f"{NS}line") is None, "no facing line through the id"
        x, y = float(disc.get("cx")), float(disc.get("cy"))
        mark = next(p for p in g.iter(f"{NS}polygon") if p.get("class") == "facing")
        corners = [tuple(map(float, pt.split(","))) for pt in mark.get("points").split()]
        assert min(math.dist((x, y), c) for c in corners) >= 0.6 * draw.SIZE, "the arrowhead sits on the rim"
        text = g.find(f"{NS}text")
        assert float(text.get("font-size")) >= 7 and text.get("font-weight") == "700"


def test_fire_modes_holds_sharper_turns_and_a_stop_are_worded_for_a_new_player():
    state = shooting(
        unit("R1a", "x_wing", "1010", "E"),
        unit("I1a", "tie_fighter", "1210", "W"),
        unit("I2", "corvette_imperial", "1310", "W"),
    )
    labels = [[s["label"] for s in p["steps"]] for p in picks_of(panel_of(state, REBEL), "fire")]
    assert [
        "R1a X-wing",
        "I2 Corellian Corvette",
        "Quad lasers",
        "Linked fire (more damage, against ships)",
    ] in labels
    assert ["R1a X-wing", "Hold fire (main weapons)"] in labels
    state = position(unit("R1a", "x_wing", "1010", "E"), unit("I1a", "tie_fighter", "2010", "W"))
    panel = panel_of(state, REBEL)
    moves = {p["move"].get("step") or p["kind"]: p["steps"] for p in panel["picks"]["moves"]}
    assert moves["L2"][1]["label"] == "Sharper turn left, 2 facings (a piloting roll) to 1009, facing NW"
    assert moves["stop"][1]["label"] == "Complete stop, facing E"

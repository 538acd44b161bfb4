"""The engine protocol for "The early days": registry, notation, describe, view, codec,
secrets in every scenario, perft-style legal-move counts, and whole random games."""

from __future__ import annotations

import json
import random

import pytest

from games.engines import get
from games.engines.base import Invalid, LogItem, Move, Step
from games.engines.earlydays.state import SHOOT
from tests.engines.contract import contains_marker, everything_seen_by, log_items, run, start

from .helpers import IMPERIAL, REBEL, E, dice, game_moves, ok, position, unit

SCENARIOS = ["fighter_clash", "convoy_raid", "outpost_assault", "hostage", "steal_starship"]
CANONICAL = [
    "buy x_wing",
    "flights R2 3",
    "option R2 proton_torpedoes",
    "transport R3",
    "drop R2",
    "seal",
    "place R2a 0312",
    "initiative first",
    "initiative second",
    "move R2a F",
    "move R2a L3",
    "move R2a IMM",
    "lock R2a",
    "run R2a",
    "double R2a",
    "stop R2a NW",
    "end R2a",
    "fire R2a quad_lasers I3b rapid",
    "fire R1 laser_turret_1 I12 fire",
    "fire R2a hold main",
    "fire R1 hold side_left",
    "pick turbolaser_1",
    "repair engine",
    "repair laser_turret_2",
    "orders initiative first",
    "orders ion_weapon most_dice",
    "orders repair weapon_first",
    "orders ask on",
]


def test_the_engine_is_registered_under_its_stable_key():
    engine = get("early-days")
    assert engine is E
    assert (engine.min_seats, engine.max_seats, tuple(engine.seat_names)) == (2, 2, ("Rebels", "Imperials"))
    assert engine.version == "7"


# -- notation ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", CANONICAL)
def test_notation_round_trips_in_any_case(text):
    state = position(unit("R1a", "x_wing", "1010"))
    move = E.parse(text, state, REBEL)
    assert isinstance(move, Move), move
    assert E.notation(move) == text
    assert E.parse(text.upper(), state, REBEL) == move
    assert E.parse("  " + text.lower().replace(" ", "   ") + " ", state, REBEL) == move


@pytest.mark.parametrize(
    "text",
    [
        "",
        "fly",
        "move R1a",
        "move R1a Q",
        "fire R1a lasers",
        "buy tie",
        "place R1a 12",
        "orders ask maybe",
        "stop R1a N",
        "hold",
        "fire R1a hold",
        "fire R1a hold wings",
    ],
)
def test_unreadable_notation_is_bad_notation_with_help(text):
    got = E.parse(text, position(), REBEL)
    assert isinstance(got, Invalid) and got.code == "bad_notation" and "e.g." in got.message


def test_unit_ids_are_read_in_any_case():
    assert E.parse("MOVE r12A f", position(), REBEL) == Move.of("move", unit="R12a", step="F")


# -- garbage ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ({"kind": "warp"}, "unknown_move"),
        ({"kind": "move", "unit": "R1a"}, "bad_move"),
        ({"kind": "move", "unit": "R1a", "step": "Z"}, "bad_move"),
        ({"kind": "fire", "unit": 3, "weapon": "x", "target": None, "mode": "rapid"}, "bad_move"),
        ({"kind": "flights", "entry": "R1", "n": True}, "bad_move"),
        ({"kind": "hold"}, "unknown_move"),
        ({"kind": "fire", "unit": "R1a", "hold": "main", "extra": 1}, "bad_move"),
        ({"kind": "fire", "unit": "R1a", "hold": "wings"}, "bad_move"),
        ({"kind": "fire", "unit": "R1a", "hold": "main", "target": "I1a"}, "bad_move"),
    ],
)
def test_malformed_moves_are_refused_with_a_code_never_an_exception(raw, code):
    move = Move.from_json(raw)
    got = E.apply(position(unit("R1a", "x_wing", "1010")), REBEL, move, dice())
    assert isinstance(got, Invalid) and got.code == code


def test_a_non_move_is_bad_move():
    assert E.apply(position(), REBEL, "move R1a F", dice()).code == "bad_move"


# -- perft-style counts ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("scenario", "seat", "count"),
    [
        ("fighter_clash", REBEL, 4),  # X-wing, Y-wing, Red Squadron, corvette
        ("fighter_clash", IMPERIAL, 4),  # TIE, bomber, Vader's squadron, corvette
        ("convoy_raid", IMPERIAL, 5),  # the same and seal (the convoy is given; no Falcon, [SEED])
        ("outpost_assault", IMPERIAL, 5),  # ... plus the outpost
        ("hostage", REBEL, 6),  # X, Y, Red, corvette, Falcon, seal (the transport is given)
        ("steal_starship", IMPERIAL, 0),  # fixed force, already sealed
    ],
)
def test_perft_build_moves_at_the_start(scenario, seat, count):
    state = E.setup({"scenario": scenario}, 2, dice()).state
    assert len(game_moves(state, seat)) == count
    assert len(E.legal_moves(state, seat)) == count + 5  # five standing-order changes


def test_perft_deployment_offers_the_72_hexes_of_the_zone():
    state = E.setup({}, 2, dice()).state
    for seat, name in ((REBEL, "x_wing"), (IMPERIAL, "tie_fighter")):
        state = ok(state, seat, f"buy {name}").state
        state = ok(state, seat, "seal").state
    assert len(game_moves(state, IMPERIAL)) == 72
    state = ok(state, IMPERIAL, "place I1a 3412").state
    assert len(game_moves(state, REBEL)) == 72


@pytest.mark.parametrize(
    ("type_", "options", "count"),
    [
        ("x_wing", (), 9),  # double, stop, F, L, R, L2, R2, L3, R3
        ("x_wing", ("proton_torpedoes",), 10),  # + run
        ("x_wing", ("af_torpedoes",), 10),  # + lock
        ("y_wing", (), 10),  # + run (its own torpedoes)
        ("corvette_rebel", (), 4),  # F, L, R, end
    ],
)
def test_perft_first_movement_moves_of_one_unit(type_, options, count):
    state = position(
        unit("R1a", type_, "1010", "E", options=options), unit("I1a", "tie_fighter", "3020", "W")
    )
    assert len(game_moves(state, REBEL)) == count


def test_perft_a_stopped_fighter_may_pivot_to_six_facings():
    state = position(
        unit("R1a", "x_wing", "1010", "E", stopped=True), unit("I1a", "tie_fighter", "3020", "W")
    )
    assert len(game_moves(state, REBEL)) == 9 + 5


def test_perft_shooting_in_the_worked_example():
    state = position(unit("R1a", "x_wing", "1010", "E"), unit("I1a", "tie_fighter", "1210", "W"), step=SHOOT)
    assert game_moves(state, REBEL) == ["fire R1a quad_lasers I1a rapid", "fire R1a hold main"]
    corvette = position(
        unit("R1", "corvette_rebel", "1010", "E"), unit("I1", "corvette_imperial", "1210", "W"), step=SHOOT
    )
    assert game_moves(corvette, REBEL) == [
        "fire R1 laser_turret_1 I1 fire",
        "fire R1 hold turret_1",
        "fire R1 laser_turret_2 I1 fire",
        "fire R1 hold turret_2",
    ]


# -- view -------------------------------------------------------------------------------------------------------
VIEW_KEYS = {
    "game",
    "phase",
    "scenario",
    "points",
    "turn_limit",
    "map",
    "turn",
    "sides",
    "units",
    "fire",
    "hits_waiting",
    "pending",
    "dock_turn",
    "captured",
    "retrieved",
    "you",
    "secrets",
    "unit_types",
    "options",
    "range_bands",
    "outcome",
}


def test_the_view_has_its_documented_keys():
    state = position(unit("R1a", "x_wing", "1010"), unit("I1a", "tie_fighter", "1210"))
    view = E.view(state, REBEL)
    assert set(view) == VIEW_KEYS
    assert view["game"] == "early-days" and view["you"]["seat"] == REBEL
    assert E.view(state, None)["you"] is None
    assert json.loads(json.dumps(view)) == view


def test_spectators_and_the_other_seat_see_no_draft():
    state = ok(E.setup({}, 2, dice()).state, REBEL, "buy x_wing").state
    for viewer in (None, IMPERIAL):
        view = E.view(state, viewer)
        assert view["sides"][REBEL]["force"] is None and "R1" not in json.dumps(view)


def test_reveal_all_shows_every_seat_the_same_view():
    state = ok(E.setup({"scenario": "hostage"}, 2, dice()).state, REBEL, "buy x_wing").state
    full = E.view(state, REBEL, reveal_all=True)
    assert full == E.view(state, IMPERIAL, reveal_all=True) == E.view(state, None, reveal_all=True)
    assert full["secrets"][REBEL]["draft"][0]["id"] == "R1" and full["you"] is None


# -- describe ---------------------------------------------------------------------------------------------------
def test_describe_tells_the_author_its_sealed_move_and_others_only_that_it_happened():
    step = ok(E.setup({}, 2, dice()).state, REBEL, "buy x_wing")
    mine = LogItem(2, REBEL, {"kind": "buy", "unit": "x_wing"}, list(step.events))
    theirs = LogItem(2, REBEL, None, [e for e in step.events if e.visible_to(IMPERIAL)])
    assert E.describe(mine, REBEL).startswith("You bought X-wing")
    assert E.describe(theirs, IMPERIAL) == "The Rebels edited a sealed force list"


# -- codec --------------------------------------------------------------------------------------------------------
def test_dump_and_load_round_trip_a_hand_built_position():
    from games.engines.earlydays.state import Effect, FireOrder, Hit, Moving, Pending

    state = position(
        unit("R1a", "x_wing", "1010", effects=(Effect("engine", 1),)),
        unit("I1a", "tie_fighter", "1210"),
        moving=Moving("R1a", 2, 1, 0, True),
        fire=(
            FireOrder("fire-1-0-1", 0, "R1a", "quad_lasers", "I1a", "rapid", "main"),
            FireOrder("fire-1-1-1", 1, "I1a", "", "", "hold", "main"),
        ),
        hits=(Hit("I1a", "R1a", 0, "quad_lasers", "kill"),),
        pending=Pending("repair", 1, "I1", ("engine",)),
    )
    data = json.loads(json.dumps(E.dump(state)))
    assert E.load(data) == state


def test_a_state_stored_by_engine_version_2_still_loads_for_reading():
    from games.engines.earlydays.state import FireOrder

    state = position(unit("R1a", "x_wing", "1010"), unit("I1a", "tie_fighter", "1210"), step=SHOOT)
    data = json.loads(json.dumps(E.dump(state)))
    old = {
        "id": "fire-1-0-1",
        "seat": 0,
        "unit": "R1a",
        "weapon": "quad_lasers",
        "target": "I1a",
        "mode": "rapid",
    }
    data["fire"] = [old]  # version 2 kept no weapon group in its fire orders
    assert E.load(data).fire == (FireOrder(**old, group="main"),)


# -- secrets in every scenario (the canary of ARCHITECTURE §9, beyond the default options) --------------------------
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_no_seat_sees_another_seats_secrets_in_any_scenario(scenario):
    rng = random.Random(scenario)
    p = start(E, 2, f"canary-{scenario}".encode(), {"scenario": scenario})
    checked = 0
    for i, _ in enumerate(run(p, rng, 120)):
        if i % 6:
            continue
        for owner, markers in E.secrets(p.state).items():
            own = everything_seen_by(p, owner)
            for viewer in (None, 1 - owner):
                seen = everything_seen_by(p, viewer)
                for marker in markers:
                    assert contains_marker(own, marker), f"seat {owner} cannot see {marker}"
                    assert not contains_marker(seen, marker), f"viewer {viewer} sees {marker}"
                    checked += 1
    assert checked


def test_the_hostage_d6_never_reaches_the_imperials_before_its_turn():
    p = start(E, 2, b"hostage-d6", {"scenario": "hostage"})
    assert "hostage-roll" in E.secrets(p.state)[REBEL]
    seen = everything_seen_by(p, IMPERIAL)
    assert not contains_marker(seen, "hostage-roll")
    assert all(d["to"] == [REBEL] for d in p.history[0].draws)


# -- whole games ------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_random_game_of_every_scenario_reaches_an_outcome(scenario):
    for attempt in range(3):
        p = start(E, 2, f"{scenario}-{attempt}".encode(), {"scenario": scenario})
        rng = random.Random(attempt)
        for _ in run(p, rng, 5000):
            pass
        if E.outcome(p.state) is not None:
            break
    outcome = E.outcome(p.state)
    assert outcome is not None and outcome.details["scenario"] == scenario
    for viewer in (None, REBEL, IMPERIAL):
        for item in log_items(p, viewer):
            text = E.describe(item, viewer)
            assert text and "\n" not in text


def test_replaying_a_game_gives_the_same_state():
    from tests.engines.contract import advance

    p = start(E, 2, b"replay", {"scenario": "convoy_raid"})
    for _ in run(p, random.Random(5), 400):
        pass
    q = start(E, 2, b"replay", {"scenario": "convoy_raid"})
    for played in p.history[1:]:
        assert isinstance(advance(q, played.seat, Move.from_json(played.move)), Step)
    assert E.dump(q.state) == E.dump(p.state)


def test_every_die_the_engine_rolls_is_a_d6_sw_03():
    draws = []
    for scenario in SCENARIOS:
        p = start(E, 2, f"d6-{scenario}".encode(), {"scenario": scenario})
        for _ in run(p, random.Random(3), 5000):
            pass
        draws += [d for played in p.history for d in played.draws]
    assert len(draws) > 50
    assert {d["sides"] for d in draws} == {6} and {d["value"] for d in draws} <= set(range(1, 7))


def test_a_move_the_notation_cannot_write_is_written_as_its_json():
    assert E.notation(Move.of("move", unit="R1a")) == '{"kind": "move", "unit": "R1a"}'
    assert E.notation(Move.of("move", unit="R1a", step="F")) == "move R1a F"

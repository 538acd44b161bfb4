"""The engine protocol for Space Dogfight: registry, options, notation, describe, view, codec."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace

import pytest

from games.engines import get
from games.engines.base import Event, Invalid, LogItem, Move
from games.engines.dice import Dice
from games.engines.dogfight import moves as mv
from games.engines.dogfight.data import DATA
from games.engines.dogfight.geometry import BOARD, distance
from games.engines.dogfight.legal import all_fleets, all_orders
from games.engines.dogfight.state import Orders

from .helpers import BLUE, RED, E, act, dice, ok, position, refused, seek

CANONICAL = [
    "fleet 4A 1B 0C 1D",
    "place A b2",
    "discard AP",
    "discard DEF1",
    "discard DEF2",
    "discard BLANK",
    "draw",
    "move b3 b5",
    "attack b3 b4",
    "attack b3 b4 repeat",
    "repeat",
    "end",
    "orders best 0",
    "orders lowest 20 ask",
    "orders never 25",
    "defend def1",
    "defend def2",
    "defend none",
]


def test_the_engine_is_registered_under_its_stable_key():
    engine = get("space-dogfight")
    assert engine is E
    assert (engine.title, engine.version) == ("Space Dogfight", "4")
    assert (engine.min_seats, engine.max_seats) == (2, 2)
    assert tuple(engine.seat_names) == ("Blue", "Red")


def test_options_schema_documents_every_option_with_a_default():
    schema = E.options_schema()
    assert schema["additionalProperties"] is False
    props = schema["properties"]
    assert set(props) == {"points_limit", "first_player", "turn_cap", "movement"}
    for spec in props.values():
        assert "default" in spec and spec["title"] and spec["description"]
    assert (props["points_limit"]["minimum"], props["points_limit"]["maximum"]) == (10, 175)
    assert props["points_limit"]["default"] == 80
    assert props["first_player"]["enum"] == ["random", "blue", "red"]
    assert (props["turn_cap"]["minimum"], props["turn_cap"]["maximum"]) == (5, 200)
    assert props["movement"]["enum"] == ["straight", "path"]
    assert E.default_options() == {
        "points_limit": 80,
        "first_player": "random",
        "turn_cap": 75,
        "movement": "straight",
    }


# -- notation --------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", CANONICAL)
def test_notation_round_trips_in_any_case(text):
    state = position()
    move = E.parse(text, state, BLUE)
    assert isinstance(move, Move), move
    assert E.notation(move) == text
    assert E.parse(text.upper(), state, BLUE) == move


def test_notation_a_fleet_may_leave_out_types_with_no_ships():
    assert E.parse("fleet 4a 1d", position(), BLUE) == mv.fleet({"A": 4, "D": 1})
    assert mv.fleet({"A": 4, "D": 1}).to_json()["ships"] == {"A": 4, "B": 0, "C": 0, "D": 1}


def test_notation_is_whitespace_tolerant_and_reads_common_spellings():
    state = position()
    want = mv.move("b3", "b5")
    for text in ("  MOVE   B3   B5 ", "move b3-b5", "move b3 -> b5", "move b3 → b5", "move b3 to b5"):
        assert E.parse(text, state, BLUE) == want
    assert E.parse("pass", state, BLUE) == mv.END
    assert E.parse("discard def+1", state, BLUE) == mv.discard("DEF1")
    assert E.parse("Discard Blank", state, BLUE) == mv.discard("BLANK")
    assert E.parse("defend DEF+2", state, BLUE) == mv.defend("DEF2")
    assert E.parse("orders never", state, BLUE) == mv.orders(Orders("never", 0, False))
    assert E.parse("orders best ask", state, BLUE) == mv.orders(Orders("best", 0, True))


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "fly to the moon",
        "move",
        "move a1 a1 a1",
        "fleet",
        "fleet 4a 2a",
        "fleet 4x",
        "place Z b2",
        "discard move-ast",
        "orders best 17",
        "orders sometimes",
        "defend ap",
        "draw 2",
    ],
)
def test_notation_unreadable_text_is_refused_with_help(text):
    result = E.parse(text, position(), BLUE)
    assert isinstance(result, Invalid) and result.code == "bad_notation"
    assert "e.g." in result.message


# -- move shapes ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ({"kind": "fly"}, "unknown_move"),
        ({"kind": "draw", "extra": True}, "bad_move"),
        ({"kind": "end", "seat": 0}, "bad_move"),
        ({"kind": "move", "from": 3, "to": None}, "bad_move"),
        ({"kind": "move", "from": "c3"}, "bad_move"),
        ({"kind": "fleet", "ships": {"A": 4}}, "bad_move"),
        ({"kind": "fleet", "ships": {"A": -1, "B": 0, "C": 0, "D": 0}}, "bad_move"),
        ({"kind": "fleet", "ships": {"A": True, "B": 0, "C": 0, "D": 0}}, "bad_move"),
        ({"kind": "fleet", "ships": "all"}, "bad_move"),
        ({"kind": "fleet", "ships": [["A", 4], ["B", 0], ["C", 0], ["D", 0]]}, "bad_move"),
        ({"kind": "discard", "counter": "MOVE_AST"}, "bad_move"),
        ({"kind": "orders", "def_counter": "maybe", "def2_min_pts": 0, "ask": False}, "bad_move"),
        ({"kind": "orders", "def_counter": "best", "def2_min_pts": 17, "ask": False}, "bad_move"),
        ({"kind": "orders", "def_counter": "best", "def2_min_pts": 0, "ask": 1}, "bad_move"),
        ({"kind": "defend", "counter": "AP"}, "bad_move"),
        ({"kind": "attack", "from": "c3", "to": "c4", "repeat": False}, "bad_move"),
        ({"kind": "attack", "from": "c3", "to": "c4", "repeat": "yes"}, "bad_move"),
        ({"kind": "attack", "from": "c3", "to": "c4", "twice": True}, "bad_move"),
        ({"kind": "move", "from": "c3", "to": "c4", "repeat": True}, "bad_move"),
    ],
)
def test_a_move_must_have_exactly_its_fields_with_valid_values(raw, code):
    assert refused(position(hands=(("AP", "AP"), ())), BLUE, raw).code == code


def test_a_fleet_may_be_sent_as_json_with_all_four_types():
    state = E.setup(E.default_options(), 2, dice()).state
    ok(state, BLUE, {"kind": "fleet", "ships": {"A": 4, "B": 1, "C": 0, "D": 1}})


# -- describe ---------------------------------------------------------------------------------------
def test_describe_a_move_for_everyone():
    ships = ("blue A c3", "blue B b3", "red A h8")
    state = position(ships, hands=(("AP",), ()), asteroids=("a9", "d5", "f5"))
    step = ok(state, BLUE, "move b3 b5")
    item = LogItem(9, BLUE, {"kind": "move", "from": "b3", "to": "b5"}, list(step.events))
    assert E.describe(item, RED) == "Blue moved blue-2 b3 → b5 (1 AP)"
    assert E.describe(item, BLUE) == "You moved blue-2 b3 → b5 (1 AP)"


def test_describe_a_draw_names_the_counter_only_to_the_drawer():
    state = position(seat=RED, cup=("DEF2", "BLANK"))
    step = seek(state, RED, "draw", lambda s: s.state.hand_types(RED) == ("DEF2",))
    for viewer, text in ((BLUE, "Red drew a counter"), (None, "Red drew a counter")):
        seen = [e for e in step.events if e.visible_to(viewer)]
        assert E.describe(LogItem(3, RED, {"kind": "draw"}, seen), viewer) == text
    own = [e for e in step.events if e.visible_to(RED)]
    assert E.describe(LogItem(3, RED, {"kind": "draw"}, own), RED) == "You drew DEF+2"


def test_describe_the_setup_entry():
    step = E.setup({**E.default_options(), "first_player": "red"}, 2, dice())
    item = LogItem(1, None, {"kind": "setup"}, list(step.events))
    text = E.describe(item, BLUE)
    assert text.startswith("Setup: asteroid 1 on ") and text.endswith("Red plays first")


def test_describe_a_combat_and_sealed_moves():
    state = position(("blue A c3", "red A c4", "red B h8"), hands=(("AP", "AP"), ()))
    step = seek(state, BLUE, "attack c3 c4", lambda s: s.state.ship("red-1") is None)
    item = LogItem(4, BLUE, {"kind": "attack", "from": "c3", "to": "c4"}, list(step.events))
    text = E.describe(item, RED)
    assert text.startswith("Blue attacked red-1 with blue-1 (rolled ")
    assert "red-1 eliminated on c4" in text and "\n" not in text
    sealed = LogItem(5, RED, None, [Event("orders_updated", {"seat": RED})])
    assert E.describe(sealed, BLUE) == "Red updated standing orders"
    mine = LogItem(5, RED, mv.orders(Orders("best", 20, True)).to_json(), sealed.events)
    assert E.describe(mine, RED) == (
        "You set standing orders: best DEF counter, DEF+2 only for ships of 20+ PTS, ask me"
    )


def test_describe_tells_every_player_the_sealed_moves_once_the_match_is_over():
    # After the end the log gives every player each move and event (reveal_all).
    step = ok(E.setup(E.default_options(), 2, dice()).state, BLUE, "fleet 4A 1B 0C 1D")
    fleet = LogItem(2, BLUE, mv.fleet({"A": 4, "B": 1, "D": 1}).to_json(), list(step.events))
    assert E.describe(fleet, RED) == "Blue sealed a fleet: 4A 1B 0C 1D (80 PTS)"
    assert E.describe(fleet, BLUE) == "You sealed your fleet: 4A 1B 0C 1D (80 PTS)"
    step = ok(position(hands=(("DEF2",), ())), BLUE, "discard DEF2")
    discard = LogItem(9, BLUE, mv.discard("DEF2").to_json(), list(step.events))
    assert E.describe(discard, RED) == "Blue discarded DEF+2"
    state = position(seat=RED, cup=("DEF2", "BLANK"))
    step = seek(state, RED, "draw", lambda s: s.state.hand_types(RED) == ("DEF2",))
    assert E.describe(LogItem(3, RED, {"kind": "draw"}, list(step.events)), BLUE) == "Red drew DEF+2"


# -- view, secrets, timeouts, codec -----------------------------------------------------------------
def test_view_gives_a_renderer_everything_it_draws():
    state = position(hands=(("AP",), ()))
    v = E.view(state, BLUE)
    assert set(v) >= {
        "phase",
        "board",
        "asteroids",
        "ships",
        "lost",
        "ship_types",
        "turn",
        "players",
        "you",
        "pending",
        "last_combat",
        "cup_size",
        "points_limit",
        "turn_cap",
        "outcome",
    }
    assert v["ships"][0] == {
        "id": "blue-1",
        "owner": 0,
        "colour": "blue",
        "type": "A",
        "square": "c3",
        "pts": 10,
        "mov": 3,
        "att": 3,
        "def": 1,
    }
    assert v["turn"] == {
        "seat": 0,
        "colour": "blue",
        "number": 1,
        "stage": "start",
        "draws": 0,
        "ap_spent": 0,
        "repeat_available": False,
        "repeat": None,
    }
    assert v["you"]["hand"][0]["type"] == "AP"
    assert v["you"]["orders"] == {
        "id": "orders-0",
        "def_counter": "best",
        "def2_min_pts": 0,
        "ask": False,
    }
    assert E.view(state, None)["you"] is None
    json.dumps(v)


def test_secrets_are_the_hands_unplaced_ships_and_orders_of_each_seat():
    state = position(hands=(("DEF1", "AP"), ("BLANK",)))
    secrets = E.secrets(state)
    assert secrets[BLUE] == {"ctr-101", "ctr-102", "orders-0"}
    assert secrets[RED] == {"ctr-201", "orders-1"}
    assert [c["id"] for c in E.view(state, BLUE)["you"]["hand"]] == ["ctr-101", "ctr-102"]
    assert [c["type"] for c in E.view(state, BLUE)["you"]["hand"]] == ["AP", "DEF1"]


def test_as_sd_2_a_hand_is_shown_by_labels_in_type_order_whatever_box_counters_it_holds():
    """Counters of one type are alike at the table: the box ids never reach a view."""
    state = position(hands=(("AP", "BLANK"), ("AP",)))
    hands = (("ctr-12", "ctr-20"), ("ctr-01",))
    cup = tuple(sorted(c for c, _ in DATA.counter_box if c not in {*hands[0], *hands[1]}))
    other = replace(state, hands=hands, cup=cup)
    assert other.hand_types(BLUE) == state.hand_types(BLUE) and state.hands != other.hands
    for viewer in (BLUE, RED, None):
        assert E.view(state, viewer) == E.view(other, viewer)
        assert not re.search(r'"ctr-\d\d"', json.dumps(E.view(state, viewer)))


def test_timeouts_end_the_turn_and_place_the_first_legal_ship():
    state = position()
    assert E.timeout_move(state, BLUE) == mv.END
    assert E.timeout_move(state, RED) is None
    build = E.setup({**E.default_options(), "first_player": "blue"}, 2, dice()).state
    assert E.timeout_move(build, BLUE) is None
    place = ok(ok(build, BLUE, "fleet 2A").state, RED, "fleet 1A").state
    assert E.notation(E.timeout_move(place, BLUE)) == "place A a1"


def test_describe_a_declared_repeat_to_everyone():
    state = position(("blue A c3", "red A c4", "red B h8"), hands=(("AP",) * 3, ()))
    step = ok(state, BLUE, "attack c3 c4 repeat")
    item = LogItem(4, BLUE, mv.attack("c3", "c4", repeat=True).to_json(), list(step.events))
    assert E.describe(item, RED).startswith("Blue declared a repeat if red-1 survives; Blue attacked red-1")
    assert E.describe(item, BLUE).startswith("You declared a repeat if red-1 survives; You attacked red-1")


def test_a_combat_without_a_declared_repeat_dumps_as_before_the_declaration_existed():
    state = position(("blue A c3", "red A c4", "red B h8"), hands=(("AP",) * 3, ()))
    plain = E.dump(ok(state, BLUE, "attack c3 c4").state)
    assert set(plain["last_combat"]) == {
        "attacker",
        "defender",
        "repeat",
        "support",
        "attack_roll",
        "attack_target",
        "potential_hit",
        "def_counter",
        "defence_roll",
        "defence_target",
        "result",
    }
    declared = seek(state, BLUE, "attack c3 c4 repeat", lambda s: s.state.ship("red-1") is not None)
    data = E.dump(declared.state)
    assert "then_repeat" not in data["last_combat"]  # the repeat is the last combat
    assert E.load(json.loads(json.dumps(data))) == declared.state


def test_dump_and_load_round_trip_a_paused_combat():
    state = position(
        ("blue A c3", "red A c4"),
        hands=(("AP", "AP"), ("DEF1",)),
        orders=(Orders(), Orders(ask=True)),
    )
    paused = seek(state, BLUE, "attack c3 c4", lambda s: s.state.pending is not None).state
    data = json.loads(json.dumps(E.dump(paused)))
    assert E.load(data) == paused
    state = position(
        ("blue A c3", "red A c4"),
        hands=(("AP", "AP", "AP"), ("DEF1",)),
        orders=(Orders(), Orders(ask=True)),
    )
    step = seek(state, BLUE, "attack c3 c4 repeat", lambda s: s.state.pending and not s.state.pending.repeat)
    data = json.loads(json.dumps(E.dump(step.state)))
    assert data["pending"]["then_repeat"] is True
    assert E.load(data) == step.state


# -- the rule checks and the legal-move list agree --------------------------------------------------
def candidates(state, seat):
    out = [mv.DRAW, mv.REPEAT, mv.END]
    out += [mv.discard(c) for c in DATA.hand_types]
    out += [mv.defend(c) for c in (*DATA.def_types, mv.NO_COUNTER)]
    out += [mv.orders(o) for o in all_orders()]
    out += list(all_fleets(175))
    names = [sq.name for sq in BOARD.squares()]
    out += [mv.place(t, sq) for t in DATA.ship_types for sq in names if int(sq[1:]) in (1, 2, 3, 9)]
    for ship in state.ships:
        for sq in names:
            if distance(ship.square, sq) <= 4:
                out += [mv.move(ship.square, sq), mv.attack(ship.square, sq)]
                out.append(mv.attack(ship.square, sq, repeat=True))
    return out


# Playouts that favour combat, so that repeats and "ask me" pauses are visited too.
WEIGHTS = {
    "attack": 50,
    "repeat": 50,
    "defend": 5,
    "move": 5,
    "draw": 3,
    "end": 1,
    "orders": 0.05,
    "discard": 0.3,
    "place": 1,
    "fleet": 1,
}


@pytest.mark.parametrize("movement", ["straight", "path"])
def test_the_rule_checks_accept_exactly_the_listed_moves(movement):
    rng = random.Random(11)
    for game in range(4):
        seed = f"agree-{game}".encode()
        opts = {**E.default_options(), "movement": movement}
        state = E.setup(opts, 2, Dice(seed, 1)).state
        state = ok(state, game % 2, "orders best 0 ask").state
        for seq in range(2, 300):
            if seq % 5 == 0:
                for seat in (BLUE, RED):
                    listed = set(E.legal_moves(state, seat))
                    for m in candidates(state, seat):
                        assert (E.check(state, seat, m) is None) == (m in listed), (m, seat)
            active = sorted(E.active_seats(state))
            if not active:
                break
            seat = rng.choice(active)
            moves = E.legal_moves(state, seat)
            move = rng.choices(moves, [WEIGHTS[m.kind] for m in moves])[0]
            state = act(state, seat, move, Dice(seed, seq)).state

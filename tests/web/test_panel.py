"""The move panel (games/ui/panel.py) offers every legal move, and each move it leaves to
the board names elements the game's renderer really draws for that viewer."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
from django.http import QueryDict

from games import catalog
from games.engines import all_engines
from games.engines.base import Invalid, Routes
from games.engines.dice import Dice
from games.engines.kit.routes import as_json
from games.forms import move_from_post
from games.ui.common.hints import CHOICE
from games.ui.panel import move_panel, steps_of, tojson

POSITIONS = 60  # random positions looked at per game


def drawn(svg: str) -> set[tuple[str, str]]:
    """(attribute, value) of every data-* attribute on the board, outside [data-pick-none]."""
    found: set[tuple[str, str]] = set()

    def walk(el: ET.Element) -> None:
        if el.get("data-pick-none") is not None:
            return
        found.update((k.removeprefix("data-"), v) for k, v in el.attrib.items() if k.startswith("data-"))
        for child in el:
            walk(child)

    walk(ET.fromstring(svg))
    return found


def positions(engine, count: int):
    """(state, seat, legal moves) along a random match, with the server's dice."""
    rng = random.Random(engine.key)
    seed = engine.key.encode()
    state = engine.setup(engine.default_options(), engine.min_seats, Dice(seed, 1)).state
    seq = 1
    for _ in range(count * 8):
        active = sorted(engine.active_seats(state))
        if not active:
            return
        seat = rng.choice(active)
        moves = engine.legal_moves(state, seat)
        if rng.random() < 1 / 8:
            yield state, seat, moves
        seq += 1
        step = engine.apply(state, seat, rng.choice(moves), Dice(seed, seq))
        assert not isinstance(step, Invalid), step
        state = step.state


def offered(panel: dict) -> set[str]:
    """The JSON of every move the panel's controls stand for (composite forms: every
    combination of their fields' choices)."""
    out = {item["json"] for group in panel["buttons"] for item in group["items"]}
    out |= {tojson(p["move"]) for p in panel["picks"]["moves"]}
    for group in panel["standing"]:
        out |= {item["json"] for item in group["items"]}
    return out


@pytest.mark.parametrize("engine", all_engines(), ids=lambda e: e.key)
def test_every_legal_move_of_random_positions_is_on_the_page(engine):
    entry = catalog.entry(engine.key)
    seen = routed = 0
    for state, seat, moves in positions(engine, POSITIONS):
        view = engine.view(state, seat)
        legal = {"moves": [m.to_json() for m in moves], "notation": [engine.notation(m) for m in moves]}
        if isinstance(engine, Routes) and seen % 3 == 0:  # as the page has them, when on turn
            legal["routes"] = as_json(engine, engine.routes(state, seat))
        panel = move_panel(engine.key, legal, view)
        built = {b["kind"] for b in panel["builders"]}
        composite = {
            g["kind"]: {f["name"]: {c[0] for c in f["choices"]} for f in g["fields"]}
            for g in panel["standing"]
            if g["fields"]
        }
        shown, board = offered(panel), drawn(entry.renderer.svg(view))
        for move in legal["moves"]:
            kind = move["kind"]
            if kind in built:
                continue
            if kind in composite:
                assert all(tojson(v) in composite[kind][k] for k, v in move.items() if k != "kind"), move
                continue
            assert tojson(move) in shown, f"{engine.key}: {move} is not on the page"
        routed += sum(p["kind"] == "route" for p in panel["picks"]["moves"])
        for pick in panel["picks"]["moves"]:
            for step in pick["steps"]:
                if step["on"] == CHOICE:
                    assert step["label"], pick
                    continue
                for value in step.get("values") or [step["value"]]:
                    assert (step["on"], str(value)) in board, (
                        f"{engine.key}: no data-{step['on']}={value} for {pick['move']}"
                    )
        seen += 1
    assert seen >= POSITIONS // 2
    assert routed or not isinstance(engine, Routes), "no position offered a destination to move to"


def test_moves_of_two_shapes_get_their_own_steps():
    """Fire orders of "The early days" come as {unit, weapon, target, mode} or {unit, hold}
    (issue 12, 1): both are picked from the shooter on, neither breaks the panel."""
    kind = catalog.entry("early-days").hints.kind("fire")
    fire = steps_of(kind, {"kind": "fire", "unit": "I1", "weapon": "w", "target": "R2a", "mode": "rapid"}, {})
    hold = steps_of(kind, {"kind": "fire", "unit": "I1", "hold": "main"}, {})
    assert [(s["on"], s["field"]) for s in fire] == [
        ("unit", "unit"),
        ("unit", "target"),
        (CHOICE, "weapon"),
        (CHOICE, "mode"),
    ]
    assert [(s["on"], s["field"]) for s in hold] == [("unit", "unit"), (CHOICE, "hold")]


def test_a_field_given_as_json_keeps_its_type():
    """A hex such as "3401" stays text (issue 12, 2): the standing-orders form sends each
    value as JSON; the ``f.`` fields of the fleet builder still read digits as numbers."""
    post = QueryDict(mutable=True)
    post.update({"expected_seq": "7", "kind": "place", "j.unit": '"I2a"', "j.hex": '"3401"', "j.ask": "true"})
    assert move_from_post(post) == (7, {"kind": "place", "unit": "I2a", "hex": "3401", "ask": True}, "")
    post = QueryDict(mutable=True)
    post.update({"expected_seq": "7", "kind": "fleet", "f.ships.A": "4"})
    assert move_from_post(post)[1] == {"kind": "fleet", "ships": {"A": 4}}


def test_a_field_that_is_not_json_is_refused_with_a_message():
    post = QueryDict(mutable=True)
    post.update({"expected_seq": "7", "kind": "orders", "j.ask": "yes please"})
    _seq, move, problem = move_from_post(post)
    assert move is None and "not readable" in problem and "j.ask" in problem


def test_standing_orders_are_one_form_when_the_changes_and_the_orders_as_they_are_make_every_setting():
    """The engine lists only changes (the orders as they are would be refused as unchanged):
    with the current orders from the view they still make every combination, so the player
    gets one form with a field per setting, the current values chosen."""
    changes = [
        {"kind": "orders", "react": "always", "ask": True},
        {"kind": "orders", "react": "never", "ask": False},
        {"kind": "orders", "react": "never", "ask": True},
    ]
    legal = {"moves": changes, "notation": ["orders always ask", "orders never", "orders never ask"]}
    view = {"you": {"seat": 0, "orders": {"id": "orders-0", "react": "always", "ask": False}}}
    [group] = move_panel("battleship-galaxies", legal, view)["standing"]
    assert not group["items"]
    fields = {f["name"]: f for f in group["fields"]}
    assert fields["ask"]["boolean"] and not fields["ask"]["checked"]
    chosen = [label for _, label, picked in fields["react"]["choices"] if picked]
    assert chosen == ["play the first tactic card that fits"]
    assert fields["ask"]["label"].startswith("Ask me at every reaction window")


def test_the_reaction_window_says_what_opened_it_and_names_the_answers():
    hints = catalog.entry("battleship-galaxies").hints
    view = {
        "you": {"seat": 1, "hand": [{"id": "w308", "name": "Tendril", "cost": 2}]},
        "players": [{"seat": 0, "name": "ISN"}, {"seat": 1, "name": "Wretch"}],
        "ships": [{"id": "ev", "name": "ISN Everest"}, {"id": "vf", "name": "Vapor's Fate"}],
        "turn": {"seat": 0},
        "window": {"seat": 1, "window": "attack", "ship": "ev", "target": "vf"},
    }
    legal = {
        "moves": [{"kind": "react", "card": "w308"}, {"kind": "react", "card": "none"}],
        "notation": ["react w308", "react none"],
    }
    [group] = move_panel("battleship-galaxies", legal, view)["buttons"]
    assert group["note"].startswith("ISN Everest (EV) declares an attack on your Vapor's Fate (VF)")
    assert [i["text"] for i in group["items"]] == ["Play Tendril, 2 energy", "Play no card"]
    assert hints.kind("react").note({**view, "window": {**view["window"], "seat": 0}}) == ""

"""The board drawings (games/ui/dogfight/render.py) from real views of played Space Dogfight
positions: an SVG for the page, text and an HTML table for emails, for each seat."""

from __future__ import annotations

import random
import re
from xml.etree import ElementTree

from games.engines.dice import Dice
from games.ui.dogfight import render as draw

from .helpers import BLUE, RED, E, act

SVG = "{http://www.w3.org/2000/svg}"


def positions(seed: bytes, limit: int = 200):
    """Views of a random game (build, placement and play) for both seats and a spectator."""
    rng = random.Random(seed)
    state = E.setup(E.default_options(), 2, Dice(seed, 1)).state
    for seq in range(2, limit):
        yield state
        active = sorted(E.active_seats(state))
        if not active:
            return
        seat = rng.choice(active)
        moves = [m for m in E.legal_moves(state, seat) if m.kind != "orders"]
        state = act(state, seat, rng.choice(moves), Dice(seed, seq)).state


def test_the_svg_draws_the_8_by_10_grid_both_zones_every_asteroid_and_every_ship_by_type_and_owner():
    drawn = 0
    for state in positions(b"drawing-1"):
        for viewer in (BLUE, RED, None):
            view = E.view(state, viewer)
            root = ElementTree.fromstring(draw.svg(view))
            squares = [r for r in root.iter(f"{SVG}rect") if "sq" in r.get("class", "").split()]
            assert len(squares) == 80
            assert sum("zone-blue" in r.get("class") for r in squares) == 16
            assert sum("zone-red" in r.get("class") for r in squares) == 16
            groups = list(root.iter(f"{SVG}g"))
            rocks = {(g.get("data-asteroid"), g.get("data-square")) for g in groups if g.get("data-asteroid")}
            assert rocks == {(str(a["n"]), a["square"]) for a in view["asteroids"]}
            ships = {
                (
                    g.get("data-ship"),
                    g.get("data-type"),
                    g.get("data-owner"),
                    g.get("data-square"),
                    g.get("class"),
                )
                for g in groups
                if g.get("data-ship")
            }
            assert ships == {
                (s["id"], s["type"], str(s["owner"]), s["square"], f"ship ship-{s['colour']}")
                for s in view["ships"]
            }
            drawn += len(ships)
    assert drawn > 0


def test_the_drawings_show_a_seat_its_own_hand_and_never_the_other_seats():
    seen_hand = False
    for state in positions(b"drawing-2", limit=300):
        for viewer in (BLUE, RED):
            other = 1 - viewer
            view = E.view(state, viewer)
            text, html, svg = draw.text(view), draw.html(view), draw.svg(view)
            for cid in state.hands[other]:
                assert cid not in text + html + svg
            hand = re.search(r"Your hand \(\w+\): (.*)", text)
            assert hand is not None
            labels = sorted(c["label"] for c in view["you"]["hand"])
            assert sorted(hand.group(1).split(", ")) == (labels or ["empty"])
            seen_hand = seen_hand or bool(labels)
        spectator = E.view(state, None)
        assert "Your hand" not in draw.text(spectator) + draw.html(spectator)
    assert seen_hand

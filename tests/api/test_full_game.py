"""Scripts play whole matches of every game through the REST API alone, each only ever
choosing among the moves GET /legal-moves/ offers (tests/support/api_play.py). Along the way
they check that no seat reads another's secrets; at the end, the outcome by the game's own
rules, that every player then sees the same full view, and that the export verifies and
the log replays. Every game, every variant that plays differently, one loop."""

from __future__ import annotations

import hashlib
import itertools
import json
import random
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import pytest
from django.core import mail

from games.play import services
from tests.support.api_play import export_verified, match_open, play
from tests.support.markers import contains_marker

from . import starfighters_strategy

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ("alice", "bob", "carol", "dave")


@dataclass(frozen=True)
class Case:
    game: str
    options: dict[str, Any]
    seats: int
    seed: Any  # of the script's choices
    name: str = field(default="", compare=False)


class Script:
    """How a script plays one game (any listed move, by default) and what it checks."""

    def __init__(self, case: Case, clients: list, pk: int) -> None:
        self.case, self.clients, self.pk = case, clients, pk

    def get(self, seat: int, path: str = "") -> Any:
        return self.clients[seat].get(f"/api/matches/{self.pk}/{path}").json()

    def choose(self, rng: random.Random, seat: int, moves: list[dict]) -> dict:
        return rng.choice(moves)

    def every_step(self, step: int) -> None:
        pass

    def after_move(self, seat: int, move: dict, seq: int) -> None:
        pass

    def check(self, final: dict, turns: list) -> None:
        pass

    def shared(self, view: dict) -> Any:
        """What every player reads alike once the match is over: the whole view."""
        return view


class Dogfight(Script):
    """Checks every 15 steps that no seat sees the other's hand, unplaced fleet or standing
    orders (AS-SD-1, AS-SD-2), and that each seat brought on turn was told once by email."""

    checked = 0

    def every_step(self, step: int) -> None:
        if step % 15:
            return
        seen = {}
        for seat in (0, 1):
            match = self.get(seat)
            assert match["your_seat"] == seat
            you = match["view"]["you"]
            mine = {c["id"] for c in you["hand"]} | {h["id"] for h in you["unplaced"]} | {you["orders"]["id"]}
            seen[seat] = (mine, json.dumps([match, self.get(seat, "legal-moves/"), self.get(seat, "log/")]))
        for seat, (mine, _) in seen.items():
            leaked = sorted(s for s in mine if f'"{s}"' in seen[1 - seat][1])
            assert not leaked, f"seat {1 - seat} can see {leaked} of seat {seat}"
        self.checked += sum(len(mine) for mine, _ in seen.values())

    def check(self, final: dict, turns: list) -> None:
        assert self.checked > 0
        assert final["view"]["movement"] == self.case.options["movement"]
        # one "your turn" email per seat that became active, one "match over" per player
        players = ["alice@example.test", "bob@example.test"]
        expected = dict.fromkeys(players, 0)
        for previous, active in itertools.pairwise(turns):  # the start's were cleared
            for seat in set(active) - set(previous):
                expected[players[seat]] += 1
        emails = dict.fromkeys(players, 0)
        for m in mail.outbox:
            if "Your turn" in m.subject:
                emails[m.to[0]] += 1
        assert emails == expected
        assert sorted(m.to[0] for m in mail.outbox if "Match over" in m.subject) == players


class StarFighters(Script):
    """Plays to win (starfighters_strategy) and checks that rolls stay sealed (AS-SF-1)."""

    WINNERS = {"duel": 1, "three": 1, "teams": 2}

    def choose(self, rng: random.Random, seat: int, moves: list[dict]) -> dict:
        view = self.get(seat)["view"]
        return rng.choices(moves, weights=[starfighters_strategy.weight(m, view, seat) for m in moves])[0]

    def after_move(self, seat: int, move: dict, seq: int) -> None:
        """No other seat can read the roller's sealed board or rolls; entries up to ``seq``
        were checked when they were written, so only the new one is read."""
        if move["kind"] not in ("roll", "place", "pickup"):
            return
        roll = (self.get(seat)["view"]["you"] or {}).get("roll")
        if roll is None:  # that move ended the Roll phase: the boards are revealed
            return
        markers = [roll["id"], *(r["id"] for r in roll["rolls"])]
        for other in range(len(self.clients)):
            if other != seat:
                seen = json.dumps(
                    [self.get(other), self.get(other, f"log/?after={seq}"), self.get(other, "legal-moves/")]
                )
                for marker in markers:
                    assert not contains_marker(seen, marker), f"seat {other} sees {marker}"

    def check(self, final: dict, turns: list) -> None:
        options, seats = self.case.options, self.case.seats
        outcome = final["outcome"]
        details = outcome["details"]
        assert details["mode"] == {2: "duel", 3: "three", 4: "teams"}[seats]
        assert [s["side"] for s in details["ships"]] == [options[f"ship_{i + 1}"] for i in range(seats)]
        assert outcome["reason"] in {"ship_destroyed", "last_ship_standing", "first_destruction"}
        assert not outcome["draw"] and len(outcome["winners"]) == self.WINNERS[details["mode"]]
        assert details["destroyed"] and all(not details["ships"][w]["destroyed"] for w in outcome["winners"])
        if options.get("three_player_victory") == "first":
            assert outcome["reason"] == "first_destruction" and details["destroyed"] == [
                details["destroyed"][0]
            ]
        elif seats == 3:
            assert outcome["reason"] == "last_ship_standing" and len(details["destroyed"]) == 2


class OrdersNowAndThen(Script):
    """Standing-orders moves are always legal: picked only now and then, the match moves on."""

    other_moves = 0.95  # how often the script picks among the moves that are not orders

    def choose(self, rng: random.Random, seat: int, moves: list[dict]) -> dict:
        game = [m for m in moves if m["kind"] != "orders"]
        return rng.choice(game if game and rng.random() < self.other_moves else moves)


class EarlyDays(OrdersNowAndThen):
    other_moves = 0.97

    def check(self, final: dict, turns: list) -> None:
        outcome = final["outcome"]
        details = outcome["details"]
        assert details["scenario"] == self.case.options["scenario"]
        assert details["points"] == self.case.options["points"]
        assert details["result"] == (
            "draw" if outcome["draw"] else ("rebels", "imperials")[outcome["winners"][0]]
        )
        assert set(details["sides"]) == {"rebels", "imperials"}
        for side in details["sides"].values():
            assert {"points_lost", "units_destroyed", "units_surviving", "units_withdrawn"} <= set(side)
        assert final["view"]["secrets"] is not None  # sealed lists and orders revealed


class Galaxies(OrdersNowAndThen):
    def check(self, final: dict, turns: list) -> None:
        details = final["outcome"]["details"]
        mission = self.case.options["mission"]
        assert details["mission"] == ("pan-base" if self.case.seats == 3 else mission)
        assert set(details["sides"]) == {"isn", "wretch"}
        assert final["view"]["game"] == "battleship-galaxies" and final["view"]["phase"] == "over"

    def shared(self, view: dict) -> Any:
        return view["players"]


SCRIPTS = {
    "space-dogfight": Dogfight,
    "star-fighters": StarFighters,
    "early-days": EarlyDays,
    "battleship-galaxies": Galaxies,
}

CASES = [
    # Space Dogfight in each movement variant (SD-09)
    Case("space-dogfight", {"turn_cap": 5, "movement": "straight"}, 2, 1, "dogfight-straight-1"),
    Case("space-dogfight", {"turn_cap": 5, "movement": "straight"}, 2, 2, "dogfight-straight-2"),
    Case("space-dogfight", {"turn_cap": 5, "movement": "path"}, 2, 3, "dogfight-path"),
    # Star Fighters of 2, 3 and 4 players, to a destroyed ship (no house round limit)
    Case("star-fighters", {"ship_1": "A", "ship_2": "B3"}, 2, 1, "starfighters-2-players"),
    Case(
        "star-fighters",
        {"ship_1": "B1", "ship_2": "B2", "ship_3": "B4"},
        3,
        2,
        "starfighters-3-players-last-ship-standing",
    ),
    Case(
        "star-fighters",
        {"ship_1": "A", "ship_2": "B3", "ship_3": "A", "three_player_victory": "first"},
        3,
        6,
        "starfighters-3-players-first-to-destroy",
    ),
    Case(
        "star-fighters",
        {"ship_1": "A", "ship_2": "B1", "ship_3": "B3", "ship_4": "B2"},
        4,
        6,
        "starfighters-2-v-2",
    ),
    # "The early days": every scenario; 100 points lets Vader's squadron be bought ([SEED]
    # games of at least 100 points), the smaller games keep the run short
    *(
        Case("early-days", {"scenario": scenario, "points": points}, 2, scenario, f"early-days-{scenario}")
        for scenario, points in [
            ("fighter_clash", 100),
            ("convoy_raid", 100),
            ("outpost_assault", 60),
            ("hostage", 60),
            ("steal_starship", 60),
        ]
    ),
    # Battleship Galaxies: each mission
    Case("battleship-galaxies", {"mission": "skirmish", "rounds": 3}, 2, 1, "galaxies-skirmish"),
    Case("battleship-galaxies", {"mission": "mission-1", "rounds": 3}, 2, 2, "galaxies-mission-1"),
    Case("battleship-galaxies", {"mission": "barrage-core", "rounds": 3}, 2, 4, "galaxies-barrage-core"),
    Case("battleship-galaxies", {"mission": "pan-base", "rounds": 3}, 3, 3, "galaxies-pan-base-3"),
]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_a_script_plays_a_whole_match_through_the_api(case, make_user, monkeypatch, tmp_path):
    if case.game == "star-fighters":
        # A fixed match seed: the same dice, so the same match, on every run; no house
        # round limit, so only the rules end it.
        fixed = hashlib.sha256(f"star-fighters-api-{case.seed}".encode()).digest()
        monkeypatch.setattr(services, "pysecrets", SimpleNamespace(token_bytes=lambda n: fixed[:n]))
        case = Case(case.game, {**case.options, "round_limit": 0}, case.seats, case.seed, case.name)
    users = [make_user(name) for name in NAMES[: case.seats]]
    pk, clients = match_open(users, case.game, case.options)
    script = SCRIPTS[case.game](case, clients, pk)
    if case.game == "star-fighters":
        # Player 2 asks to be asked (rules/README 5): its decisions pause the match for an answer.
        seq = script.get(1)["seq"]
        r = clients[1].post(
            f"/api/matches/{pk}/moves/",
            {"expected_seq": seq, "move": {"kind": "orders", "ask": True}},
            format="json",
        )
        assert r.status_code == 201, r.json()
    mail.outbox.clear()

    final, turns = play(
        clients,
        pk,
        random.Random(case.seed),
        choose=script.choose,
        every_step=script.every_step,
        after_move=script.after_move,
    )

    assert final["outcome"] is not None and final["active_seats"] == []
    script.check(final, turns)
    # once over, every player reads the same full view
    views = [script.shared(script.get(seat)["view"]) for seat in range(case.seats)]
    assert all(v == views[0] for v in views)
    export_verified(clients[0], pk, tmp_path)

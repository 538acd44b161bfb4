"""Whole matches of every game played by replying to emails, and nothing else.

After the match starts, every move is a reply to the latest email its player got with a
reply address ("your turn", a reminder, or the answer to their last reply), giving the
move's number from the email's list or its notation. Moves are chosen with the policies
of the API's whole-match tests (tests/api/test_full_game.py), so each match ends by its
rules. Each test checks: the outcome's reason is one of the rules' endings; every entry
after the set-up came by email; each email sent was read once and was called for; no
email shown to a seat holds another seat's hidden values (the engine's ``secrets``
markers, as in the contract's canary); and ``verify_matches`` replays the match.

The match seed is fixed per test (as in the Star Fighters API test), so a failure replays.
"""

from __future__ import annotations

import hashlib
import random
from types import SimpleNamespace
from typing import Any

import pytest
from django.core.management import call_command

from games.play import services
from tests.api.starfighters_strategy import weight as star_fighters_weight
from tests.notifications.email_play import EmailTable

pytestmark = pytest.mark.django_db(transaction=True)  # replies are processed after the commit

NAMES = ("alice", "bob", "carol", "dave")


# -- the policies of the API tests ---------------------------------------------------------


def any_move(rng: Any, seat: int, moves: list[dict], view: dict) -> dict:
    """tests/api/test_full_game.py: any listed move."""
    return rng.choice(moves)


def mostly_not_orders(share: float):
    """tests/api/test_full_game.py (0.97 for The early days, 0.95 for Galaxies): standing orders
    are always listed, so they are picked only now and then to keep the match moving."""

    def choose(rng: Any, seat: int, moves: list[dict], view: dict) -> dict:
        game = [m for m in moves if m["kind"] != "orders"]
        return rng.choice(game if game and rng.random() < share else moves)

    return choose


def to_win(rng: Any, seat: int, moves: list[dict], view: dict) -> dict:
    """tests/api/starfighters_strategy.py: weighted to shoot and close in, from the seat's view."""
    return rng.choices(moves, weights=[star_fighters_weight(m, view, seat) for m in moves])[0]


# -- a match -------------------------------------------------------------------------------


def started(make_user, monkeypatch, game: str, options: dict, seats: int, seed: str):
    """A match every seat has joined (the last move made outside the mail), with a fixed seed."""
    fixed = hashlib.sha256(f"play-by-email-{seed}".encode()).digest()
    monkeypatch.setattr(services, "pysecrets", SimpleNamespace(token_bytes=lambda n: fixed[:n]))
    users = [make_user(name) for name in NAMES[:seats]]
    match = services.match_create(
        user=users[0], game=game, options=options, seats=seats, invite=[u.username for u in users[1:]]
    )
    for user in users[1:]:
        services.match_join(user=user, match_id=match.pk)
    match.refresh_from_db()
    assert match.status == match.Status.ACTIVE
    return match, users


def table_for(match, users, choose, seed: str) -> EmailTable:
    return EmailTable(match, users, choose, random.Random(seed), random.Random(f"{seed}-style"))


def finish(table: EmailTable, reasons: set[str]) -> dict:
    """The checks every whole match by email ends with; returns the outcome."""
    match = table.match
    match.refresh_from_db()
    outcome = match.outcome
    print(f"{table.summary()}; ended: {outcome and outcome['reason']}")
    assert outcome is not None and match.active_seats == []
    assert outcome["reason"] in reasons, outcome
    table.check_the_log()
    table.check_the_mail_count()
    assert table.markers_checked > 0, "no hidden value was ever checked against the emails"
    assert table.own_markers_seen > 0, "no email showed its own seat a hidden value: the check cannot bite"
    assert table.by_number and table.by_notation
    assert table.reminders > 0
    call_command("verify_matches", match.pk)
    return outcome


# -- the games -----------------------------------------------------------------------------


def test_a_whole_space_dogfight_match_is_played_by_email_replies(make_user, monkeypatch):
    seed = "sd-1"
    options = {"turn_cap": 5, "movement": "straight"}
    match, users = started(make_user, monkeypatch, "space-dogfight", options, 2, seed)
    table = table_for(match, users, any_move, seed)
    table.play(cap=2000, remind_every=40)
    finish(table, {"turn_cap", "fleet_eliminated", "all_eliminated", "zones_reached"})


# Seeds (here and below) picked among a few for matches of some hundred moves, to keep the
# run short; any seed ends by the rules, as the API tests show.
STAR_FIGHTERS = [
    (2, {"ship_1": "A", "ship_2": "B3"}, "sf-2", {"ship_destroyed"}),
    (3, {"ship_1": "B1", "ship_2": "B2", "ship_3": "B4"}, "s3", {"last_ship_standing"}),
    (4, {"ship_1": "A", "ship_2": "B1", "ship_3": "B3", "ship_4": "B2"}, "t3", {"ship_destroyed"}),
]


@pytest.mark.parametrize(
    ("seats", "options", "seed", "reasons"), STAR_FIGHTERS, ids=["2-players", "3-players", "2-v-2"]
)
def test_whole_star_fighters_matches_are_played_by_email_replies(
    make_user, monkeypatch, seats, options, seed, reasons
):
    options = {**options, "round_limit": 0}  # no house limit: only a destroyed ship ends these
    match, users = started(make_user, monkeypatch, "star-fighters", options, seats, seed)
    table = table_for(match, users, to_win, seed)
    # Player 2 asks to be asked (rules/README 5), by email too: the match pauses for their answers.
    letter = table.latest[1]
    ask = next(m for m in letter.moves if m == {"kind": "orders", "ask": True})
    table.send(letter, letter.notation[letter.moves.index(ask)], ask)
    table.play(cap=4000, remind_every=60)
    outcome = finish(table, reasons)
    assert outcome["details"]["destroyed"] and not outcome["draw"]
    assert outcome["details"]["mode"] == {2: "duel", 3: "three", 4: "teams"}[seats]
    # The sealed Roll phase is played by everyone at once: a reply written before the others
    # rolled on still counts, as its player's own board and moves did not change.
    assert table.applied_late > 0


EARLY_DAYS_ENDINGS = {
    "outpost_assault": {"outpost_destroyed", "outpost_destroyed_at_great_cost", "outpost_held"},
    "hostage": {"hostages_retrieved", "transport_destroyed", "uncontested", "turn_limit", "no_decision"},
    "fighter_clash": {"more_destroyed", "even_losses"},
}


@pytest.mark.parametrize(
    ("scenario", "points"), [("outpost_assault", 60), ("hostage", 60), ("fighter_clash", 100)]
)
def test_whole_early_days_games_are_played_by_email_replies(make_user, monkeypatch, scenario, points):
    seed = f"ed-{scenario}"
    options = {"scenario": scenario, "points": points}
    match, users = started(make_user, monkeypatch, "early-days", options, 2, seed)
    table = table_for(match, users, mostly_not_orders(0.97), seed)
    table.play(cap=4000, remind_every=15)
    outcome = finish(table, EARLY_DAYS_ENDINGS[scenario])
    assert outcome["details"]["scenario"] == scenario and outcome["details"]["points"] == points


@pytest.mark.parametrize(("mission", "seats", "seed"), [("skirmish", 2, "k2"), ("pan-base", 3, "p1")])
def test_whole_battleship_galaxies_matches_are_played_by_email_replies(
    make_user, monkeypatch, mission, seats, seed
):
    options = {"mission": mission, "rounds": 3}
    match, users = started(make_user, monkeypatch, "battleship-galaxies", options, seats, seed)
    table = table_for(match, users, mostly_not_orders(0.95), seed)
    table.play(cap=4000, remind_every=40)
    outcome = finish(table, GALAXIES_ENDINGS)
    assert outcome["details"]["mission"] == mission


GALAXIES_ENDINGS = {
    "all_destroyed",
    "fleet_destroyed",
    "no_ships_on_battlefield",
    "round_limit_points",
    "victory_points",
}

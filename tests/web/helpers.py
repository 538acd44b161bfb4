"""Shared by the web tests: clients signed in as a player, URLs, and match set-ups."""

from __future__ import annotations

import random
import re

from django.urls import reverse

from games import selectors
from games.play import services
from tests.games.helpers import submit, user_of

HTMX = {"HTTP_HX_REQUEST": "true"}
HIDDEN = re.compile(r"ctr-\d+|hold-\d+-\d+|orders-\d+")


def page(client, user=None):
    if user is not None:
        client.force_login(user)
    return client


def html_of(response) -> str:
    return response.content.decode()


def match_url(match, name="match"):
    return reverse(name, args=[match.pk])


def you_of(match, seat):
    """The seat's own view, as the selectors give it to that player."""
    match.refresh_from_db()
    return selectors.match_view(match, selectors.Viewer.for_seat(match, seat))["view"]["you"]


def place_every_ship(match):
    """Take the first listed placement, in turn, until the match is in play."""
    while True:
        match.refresh_from_db()
        seat = match.active_seats[0]
        legal = selectors.legal_moves_view(match, selectors.Viewer.for_seat(match, seat))["moves"]
        places = [m for m in legal if m["kind"] == "place"]
        if not places:
            return match
        submit(match, user_of(match, seat), places[0])


def draw_until_hands_hold_counters(match):
    """Play turns (draw what the cup allows, then end) until both hands hold counters."""
    for _ in range(8):
        match.refresh_from_db()
        if all(you_of(match, s)["hand"] for s in (0, 1)):
            return
        seat = match.active_seats[0]
        user = user_of(match, seat)
        for _ in range(3):
            legal = selectors.legal_moves_view(match, selectors.Viewer.for_seat(match, seat))["moves"]
            if {"kind": "draw"} not in legal:
                break
            submit(match, user, {"kind": "draw"})
            match.refresh_from_db()
        legal = selectors.legal_moves_view(match, selectors.Viewer.for_seat(match, seat))["moves"]
        if {"kind": "end"} in legal:
            submit(match, user, {"kind": "end"})
    raise AssertionError("the hands stayed empty")


def poll(client, match, seq, stamp):
    """The live region's poll, as htmx sends it."""
    return client.get(match_url(match, "match-poll"), {"seq": seq, "v": stamp}, **HTMX)


def started(game: str, *users, **options):
    """A match of ``game`` between ``users`` (seat 0 first), begun."""
    match = services.match_create(
        user=users[0], game=game, seats=len(users), options=options, invite=[u.username for u in users[1:]]
    )
    for u in users[1:]:
        services.match_join(user=u, match_id=match.pk)
    match.refresh_from_db()
    return match


def advance(match, stop, *, seed: str = "web", prefer=(), avoid=("orders",), limit: int = 3000):
    """Play listed moves (random, seeded; kinds in ``prefer`` first, ``avoid`` last) until
    ``stop(seat, moves)`` holds for an active seat: returns (match, seat, moves)."""
    rng = random.Random(seed)
    for _ in range(limit):
        match.refresh_from_db()
        assert match.status == "active", f"the match ended before the position was reached: {match.outcome}"
        for seat in sorted(match.active_seats):
            moves = selectors.legal_moves_view(match, selectors.Viewer.for_seat(match, seat))["moves"]
            if stop(seat, moves):
                return match, seat, moves
        seat = rng.choice(sorted(match.active_seats))
        moves = selectors.legal_moves_view(match, selectors.Viewer.for_seat(match, seat))["moves"]
        pool = (
            [m for m in moves if m["kind"] in prefer] or [m for m in moves if m["kind"] not in avoid] or moves
        )
        submit(match, user_of(match, seat), rng.choice(pool))
    raise AssertionError("the position was not reached")

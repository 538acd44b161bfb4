"""Shared by the web tests: clients signed in as a player, URLs, and match set-ups."""

from __future__ import annotations

import re

from django.urls import reverse

from games import selectors
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

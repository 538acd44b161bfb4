"""Bad input to the match page's forms: the page comes back with a message a player can act
on, and nothing in the match changes. Never a 500."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest

from games.jsonlimits import MAX_DEPTH
from games.models import LogEntry, Match, Seat
from tests.games.helpers import FLEET_SMALL, started_match, submit

from .helpers import HTMX, html_of, match_url, page

pytestmark = pytest.mark.django_db

DEEP = "[" * 5000 + "]" * 5000
DEEP_IN_A_MOVE = '{"kind":"fleet","ships":' + "[" * 3000 + "]" * 3000 + "}"


def post_form(client, url, data, **extra):
    """POST as a browser sends a form (urlencoded), which has no limit on a field name."""
    return client.post(url, urlencode(data), content_type="application/x-www-form-urlencoded", **extra)


def fleet_post(match, **fields):
    return {"expected_seq": match.seq, "kind": "fleet", **fields}


# Each case: (name, builds the POST from the match, words the error must contain).
BAD_MOVES = [
    (
        "a field that is both a value and a group (f.ships then f.ships.A)",
        lambda m: fleet_post(m, **{"f.ships": "1", "f.ships.A": "2"}),
        "both a value and a group",
    ),
    (
        "a group after a value of the same name (f.ships.A then f.ships)",
        lambda m: fleet_post(m, **{"f.ships.A": "2", "f.ships": "1"}),
        "both a value and a group",
    ),
    (
        "a group under the move's kind (f.kind.A)",
        lambda m: fleet_post(m, **{"f.kind.A": "2"}),
        "both a value and a group",
    ),
    ("a superscript two, which Python calls a digit", lambda m: fleet_post(m, **{"f.x": "²"}), ""),
    ("a number of 5000 digits", lambda m: fleet_post(m, **{"f.ships.A": "9" * 5000}), "digits"),
    (
        "field names nested deeper than the JSON limit",
        lambda m: fleet_post(m, **{"f." + ".".join(["a"] * 5000): "1"}),
        f"{MAX_DEPTH} levels",
    ),
    ("a NUL character in a field", lambda m: fleet_post(m, **{"f.ships.A": "2\x00"}), "NUL"),
    ("a NUL character in the kind", lambda m: {"expected_seq": m.seq, "kind": "fl\x00eet"}, "NUL"),
    (
        "a move as JSON nested 5000 levels deep",
        lambda m: {"expected_seq": m.seq, "move": DEEP},
        f"{MAX_DEPTH} levels",
    ),
    (
        "a move whose fleet is nested 3000 levels deep",
        lambda m: {"expected_seq": m.seq, "move": DEEP_IN_A_MOVE},
        f"{MAX_DEPTH} levels",
    ),
    ("a move that is not JSON", lambda m: {"expected_seq": m.seq, "move": "{kind: fleet"}, "not readable"),
    (
        "a move with an infinite number",
        lambda m: {"expected_seq": m.seq, "move": '{"kind":"draw","n":1e999}'},
        "finite",
    ),
    (
        "a move with a NUL in its text",
        lambda m: {"expected_seq": m.seq, "move": '{"kind":"dr\\u0000aw"}'},
        "NUL",
    ),
    ("a move that is a number", lambda m: {"expected_seq": m.seq, "move": "5"}, "JSON object"),
    # a list is a route's moves played in order; an empty one is refused as such
    ("a move that is an empty list", lambda m: {"expected_seq": m.seq, "move": "[]"}, "list of 1 to"),
    ("a move list holding a number", lambda m: {"expected_seq": m.seq, "move": "[5]"}, "JSON object"),
    ("a move without a kind", lambda m: {"expected_seq": m.seq, "move": "{}"}, "kind"),
    ("no move at all", lambda m: {"expected_seq": m.seq}, "Choose a move first"),
    ("a move number in superscript", lambda m: {**FLEET_FORM, "expected_seq": "²"}, "move number"),
    ("a move number of 5000 digits", lambda m: {**FLEET_FORM, "expected_seq": "9" * 5000}, "move number"),
    ("a negative move number", lambda m: {**FLEET_FORM, "expected_seq": "-1"}, "move number"),
    (
        "a move number far past the match",
        lambda m: {**FLEET_FORM, "expected_seq": str(10**30)},
        "move number",
    ),
    ("a move typed with a NUL", lambda m: {"expected_seq": m.seq, "notation": "fleet 2A\x00"}, "NUL"),
    (
        "a move typed in 5000 characters",
        lambda m: {"expected_seq": m.seq, "notation": "fleet " * 900},
        "characters",
    ),
]
FLEET_FORM = {"kind": "fleet", "f.ships.A": "2", "f.ships.B": "0", "f.ships.C": "0", "f.ships.D": "0"}


def unchanged(match, entries_before: int, seq_before: int) -> bool:
    match.refresh_from_db()
    return LogEntry.objects.filter(match=match).count() == entries_before and match.seq == seq_before


@pytest.mark.parametrize(("name", "build", "words"), BAD_MOVES, ids=[c[0] for c in BAD_MOVES])
def test_a_bad_move_form_comes_back_with_its_error_and_changes_nothing(
    client, alice, bob, name, build, words
):
    match = started_match(alice, bob)
    before = (LogEntry.objects.filter(match=match).count(), match.seq)
    response = post_form(page(client, alice), match_url(match, "match-move"), build(match), **HTMX)
    body = html_of(response)
    assert response.status_code == 200
    assert 'id="move-error"' in body, body[:1500]
    error = body.split('id="move-error">', 1)[1].split("</div>", 1)[0]
    assert words in error, error
    assert f'data-seq="{match.seq}"' in body  # the live region, re-rendered as it stands
    assert unchanged(match, *before)


@pytest.mark.parametrize(("name", "build", "words"), BAD_MOVES[:10], ids=[c[0] for c in BAD_MOVES[:10]])
def test_a_bad_plain_move_form_redirects_to_the_page_with_its_error(client, alice, bob, name, build, words):
    match = started_match(alice, bob)
    before = (LogEntry.objects.filter(match=match).count(), match.seq)
    response = post_form(page(client, alice), match_url(match, "match-move"), build(match))
    assert response.status_code == 302 and response["Location"] == match_url(match)
    body = html_of(client.get(response["Location"]))
    assert 'class="msg msg-error"' in body
    assert words in body.split('class="msg msg-error">', 1)[1].split("</li>", 1)[0]
    assert unchanged(match, *before)


def test_a_superscript_digit_is_kept_as_text_for_the_engine_to_refuse(client, alice, bob):
    match = started_match(alice, bob)
    body = html_of(
        page(client, alice).post(
            match_url(match, "match-move"),
            {**FLEET_FORM, "f.ships.A": "²", "expected_seq": match.seq},
            **HTMX,
        )
    )
    assert 'id="move-error"' in body
    assert unchanged(match, 1, 1)  # only the setup entry


def test_a_good_fleet_still_goes_through_after_the_checks(client, alice, bob):
    match = started_match(alice, bob)
    post = {**FLEET_FORM, "expected_seq": match.seq}
    body = html_of(page(client, alice).post(match_url(match, "match-move"), post, **HTMX))
    assert 'id="move-error"' not in body
    assert LogEntry.objects.get(match=match, seq=2).move["ships"] == {"A": 2, "B": 0, "C": 0, "D": 0}


def test_form_fields_become_numbers_only_from_ascii_digits():
    from django.http import QueryDict

    from games.forms import move_from_post

    post = QueryDict(
        "expected_seq=4&kind=fleet&f.ships.A=-2&f.ships.B=%C2%B2&f.ships.C=007&f.ask=false&f.ask=true"
    )
    assert move_from_post(post) == (
        4,
        {"kind": "fleet", "ships": {"A": -2, "B": "²", "C": 7}, "ask": True},
        "",
    )


def test_a_negative_count_is_refused_by_the_engine_and_changes_nothing(client, alice, bob):
    match = started_match(alice, bob)
    post = {**FLEET_FORM, "f.ships.A": "-2", "expected_seq": match.seq}
    body = html_of(page(client, alice).post(match_url(match, "match-move"), post, **HTMX))
    error = body.split('id="move-error">', 1)[1].split("</div>", 1)[0]
    assert "whole number, 0 or more" in error, error
    assert unchanged(match, 1, 1)


# -- resign and join --------------------------------------------------------------------------


@pytest.mark.parametrize("seq", ["²", "9" * 5000, "-3", str(10**30), "1\x00"])
def test_resigning_with_a_bad_move_number_says_so_and_changes_nothing(client, alice, bob, seq):
    match = started_match(alice, bob)
    response = post_form(page(client, alice), match_url(match, "match-resign"), {"expected_seq": seq})
    assert response.status_code == 302
    body = html_of(client.get(response["Location"]))
    assert 'class="msg msg-error"' in body
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE and match.seq == 1


@pytest.mark.parametrize(("salt", "words"), [("salt\x00", "NUL"), ("s" * 201, "at most 200")])
def test_joining_with_a_bad_salt_says_so_and_takes_no_seat(client, alice, carol, salt, words):
    from games.play import services

    match = services.match_create(user=alice, game="space-dogfight")
    response = page(client, carol).post(match_url(match, "match-join"), {"salt": salt})
    assert response.status_code == 302
    body = html_of(client.get(response["Location"]))
    assert words in body.split('class="msg msg-error">', 1)[1].split("</li>", 1)[0]
    assert not Seat.objects.filter(match=match, user=carol).exists()


def test_a_move_after_a_bad_one_still_counts(client, alice, bob):
    match = started_match(alice, bob)
    page(client, alice).post(
        match_url(match, "match-move"), {"expected_seq": match.seq, "move": DEEP}, **HTMX
    )
    submit(match, alice, FLEET_SMALL)
    match.refresh_from_db()
    assert match.seq == 2

"""The new-match form's time control: the fields the API accepts ("time_control" in the
README), checked by the same service code, refusals shown beside their field."""

from __future__ import annotations

import re
from datetime import time

import pytest
from django.urls import reverse

from games import clock
from games.errors import BadRequest
from games.models import Match

from .helpers import html_of, page

pytestmark = [pytest.mark.django_db, pytest.mark.clock]

URL = reverse("match-new") + "?game=space-dogfight"
DOGFIGHT = {
    "opt_points_limit": "80",
    "opt_first_player": "random",
    "opt_turn_cap": "50",
    "opt_movement": "straight",
    "seat": "0",
}


def field_errors(body: str, name: str) -> str:
    """The text of the field block holding input ``name`` (its errors are inside it)."""
    pattern = r'<div class="field[^"]*">(?:(?!<div class="field).)*?name="' + name + r'".*?</div>'
    found = re.search(pattern, body, re.S)
    assert found, f"no field {name}"
    return found.group(0)


def test_the_form_offers_every_time_control_field_with_the_schemas_bounds_and_defaults(client, alice):
    body = html_of(page(client, alice).get(URL))
    assert 'id="time-control"' in body
    assert re.search(r'<input type="number" name="tc_days_per_move" value="3"[^>]*min="0"[^>]*max="60"', body)
    assert re.search(r'<input type="time" name="tc_deadline_time"', body)
    assert re.search(r'<select name="tc_count_weekends"[^>]*>\s*<option value="true" selected>Yes', body)
    assert re.search(r'<input type="number" name="tc_max_days"[^>]*min="1"[^>]*max="3650"', body)
    assert '<option value="auto" selected>' in body
    assert '<option value="extend">' in body and '<option value="forfeit">' in body


def test_a_match_opened_on_the_web_gets_the_time_control_chosen(client, alice):
    data = {
        **DOGFIGHT,
        "tc_days_per_move": "5",
        "tc_deadline_time": "20:00",
        "tc_count_weekends": "false",
        "tc_max_days": "30",
        "tc_timeout": "extend",
    }
    response = page(client, alice).post(URL, data)
    match = Match.objects.get()
    assert response.status_code == 302
    assert (match.days_per_move, match.deadline_time, match.count_weekends) == (5, time(20, 0), False)
    assert (match.max_days, match.timeout_policy) == (30, "extend")


def test_time_control_fields_left_out_take_the_same_defaults_as_the_api(client, alice):
    page(client, alice).post(URL, DOGFIGHT)
    match = Match.objects.get()
    assert (match.days_per_move, match.deadline_time, match.count_weekends) == (3, None, True)
    assert (match.max_days, match.timeout_policy) == (None, "auto")


def test_no_deadline_at_all_is_zero_days_per_move(client, alice):
    page(client, alice).post(URL, {**DOGFIGHT, "tc_days_per_move": "0"})
    assert Match.objects.get().days_per_move == 0


@pytest.mark.parametrize(
    ("name", "value", "words"),
    [
        ("tc_days_per_move", "61", "less than or equal to 60"),
        ("tc_days_per_move", "-1", "greater than or equal to 0"),
        ("tc_days_per_move", "three", "Enter a whole number"),
        ("tc_deadline_time", "25:00", "Give a time of day as HH:MM"),
        ("tc_deadline_time", "20:00:00", "Give a time of day as HH:MM"),
        ("tc_count_weekends", "maybe", "Select a valid choice"),
        ("tc_max_days", "0", "greater than or equal to 1"),
        ("tc_max_days", "3651", "less than or equal to 3650"),
        ("tc_timeout", "never", "Select a valid choice"),
    ],
)
def test_a_bad_time_control_is_shown_beside_its_field_and_opens_no_match(client, alice, name, value, words):
    response = page(client, alice).post(URL, {**DOGFIGHT, name: value})
    assert response.status_code == 200
    assert words in field_errors(html_of(response), name)
    assert not Match.objects.exists()


def test_the_services_own_validation_decides_and_its_refusal_names_the_field(client, alice, monkeypatch):
    seen = []

    def refuse(data):
        seen.append(data)
        raise BadRequest("invalid_time_control", "max_days: 40 is more than this server allows")

    monkeypatch.setattr(clock, "time_control_validate", refuse)
    response = page(client, alice).post(URL, {**DOGFIGHT, "tc_max_days": "40", "tc_deadline_time": "07:30"})
    assert seen == [
        {
            "days_per_move": 3,
            "deadline_time": "07:30",
            "count_weekends": True,
            "max_days": 40,
            "timeout": "auto",
        }
    ]
    assert "40 is more than this server allows" in field_errors(html_of(response), "tc_max_days")
    assert not Match.objects.exists()


NASTY = ["²", "9" * 5000, "\x00", "-1", "x" * 300, "1e999", "nan", "20:00\x00", "true\x00"]


@pytest.mark.parametrize("game", ["space-dogfight", "star-fighters", "early-days", "battleship-galaxies"])
def test_odd_values_in_any_field_of_the_new_match_form_come_back_on_the_form(client, alice, game):
    """Each field in turn gets each value, the others left out: never a 500, never a match."""
    from games import selectors

    engine = next(e for e in selectors.engine_list() if e["key"] == game)
    url = reverse("match-new") + f"?game={game}"
    names = re.findall(
        r'name="((?:opt_|tc_)\w+|seats|seat|invite|salt)"', html_of(page(client, alice).get(url))
    )
    assert "tc_days_per_move" in names and "seat" in names
    for name in names:
        for value in NASTY:
            response = client.post(url, {"seat": "0", name: value})
            assert response.status_code == 200, (name, value, response.status_code)
            assert 'class="error"' in html_of(response) or 'role="alert"' in html_of(response), (name, value)
    assert not Match.objects.filter(game=engine["key"]).exists()

"""games.jsonlimits (the checks) and config.parsers (the API's JSON parser built on them)."""

from __future__ import annotations

import json

import pytest

from games import jsonlimits
from games.jsonlimits import MAX_DEPTH, JSONRefused, nesting_problem, value_problem


def test_json_nested_exactly_to_the_limit_is_read():
    text = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert nesting_problem(text) is None
    assert jsonlimits.loads(text) == json.loads(text)


@pytest.mark.parametrize("text", ["[" * 33 + "]" * 33, "[" * 5000, '{"a":' * 100_000, "[{" * 17 + "}]" * 17])
def test_json_nested_past_the_limit_is_refused_naming_the_limit_without_recursing(text):
    assert (
        nesting_problem(text)
        == f"The JSON is nested more than {MAX_DEPTH} levels deep; at most 32 levels are accepted."
    )
    with pytest.raises(JSONRefused, match="at most 32 levels"):
        jsonlimits.loads(text)


def test_brackets_inside_strings_do_not_count_as_nesting():
    text = json.dumps({"note": "[" * 1000 + '\\"{' * 100, "x": ["]" * 50]})
    assert nesting_problem(text) is None
    assert jsonlimits.loads(text)["x"] == ["]" * 50]


def test_an_escaped_quote_does_not_end_a_string_for_the_nesting_count():
    # If \" ended the string, the brackets after it would count, and this would be refused.
    text = '["\\"' + "[" * 40 + '"]'
    assert nesting_problem(text) is None and jsonlimits.loads(text) == ['"' + "[" * 40]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("NaN", "NaN is not a JSON number"),
        ('{"a": -Infinity}', "-Infinity is not a JSON number"),
        ('{"a": 1e999}', "The number 1e999 is too large"),
        ('{"a": ' + "9" * 101 + "}", "101 digits; at most 100"),
        ('{"a": "\\u0000"}', "NUL characters"),
        ('{"a\\u0000": 1}', "NUL characters"),
        ('["\\udc00"]', "unpaired UTF-16 surrogates"),
        ("{", "not valid JSON"),
        ("", "not valid JSON"),
    ],
)
def test_values_no_column_could_hold_are_refused_with_a_reason(text, words):
    with pytest.raises(JSONRefused, match=words):
        jsonlimits.loads(text)


def test_a_hundred_digit_number_and_paired_surrogates_are_fine():
    assert jsonlimits.loads('{"a": ' + "9" * 100 + ', "b": "\\ud83d\\ude80"}') == {
        "a": int("9" * 100),
        "b": "🚀",
    }


def test_bytes_that_are_not_utf8_are_refused_naming_the_byte():
    with pytest.raises(JSONRefused, match="not UTF-8 text \\(byte 2"):
        jsonlimits.loads(b'["\xff"]')


def test_a_refusal_is_a_value_error_so_existing_except_clauses_still_catch_it():
    assert issubclass(JSONRefused, ValueError)


def test_value_problem_checks_an_already_built_value_of_any_depth_without_recursing():
    deep: list = []
    for _ in range(100_000):
        deep = [deep]
    assert "at most 32 levels" in value_problem(deep)
    assert value_problem({"kind": "x", "f": [1, {"g": "ok"}]}) is None
    assert "finite" in value_problem({"a": [float("inf")]})
    assert "NUL" in value_problem({"a\x00": 1})


# -- the API's parser -------------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_body_over_the_upload_limit_is_refused_as_too_large(api, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 100
    r = api.post("/api/accounts/", {"username": "x" * 200}, format="json")
    assert (r.status_code, r.json()["code"]) == (413, "body_too_large")
    assert "100 bytes" in r.json()["message"]


@pytest.mark.django_db
@pytest.mark.parametrize("charset", ["latin-1", "utf-16", "no-such-codec"])
def test_a_body_declaring_a_charset_other_than_utf8_is_refused(api, charset):
    r = api.generic("POST", "/api/accounts/", b"{}", content_type=f"application/json; charset={charset}")
    assert (r.status_code, r.json()["code"]) == (400, "malformed_json")
    assert "UTF-8" in r.json()["message"] and charset in r.json()["message"]


@pytest.mark.django_db
def test_a_body_declaring_utf8_under_any_spelling_is_read(api):
    for charset in ("utf-8", "UTF8", '"utf-8"'):
        r = api.generic("POST", "/api/accounts/", b"{}", content_type=f"application/json; charset={charset}")
        assert (r.status_code, r.json()["code"]) == (400, "invalid_request")  # read, then fields missing

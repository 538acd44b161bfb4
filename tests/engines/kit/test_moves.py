"""Move shapes: the field validators and a game's table of move kinds."""

from __future__ import annotations

import pytest

from games.engines.base import Move
from games.engines.kit.moves import Kind, Moves, count, counts, names, one_of, only, seat, text, word

MOVES = Moves(
    "Test Game",
    {
        "go": Kind(
            {"to": text('"to" must be a square name such as b3.')}, optional={"fast": only(True, "fast!")}
        ),
        "pick": Kind({"card": word('"card"'), "n": one_of((1, -1), '"n"')}, phase="play", sealed=True),
        "end": Kind(phase=("play", "build")),
    },
    phases={"play": "play", "build": "building"},
)


def test_an_unknown_kind_is_refused_naming_every_kind():
    bad = MOVES.shape(Move.of("fly"))
    assert bad.code == "unknown_move"
    assert bad.message == "Test Game has no move 'fly'; the moves are go, pick, end."


def test_the_echo_of_an_unknown_kind_may_be_cut_short():
    short = Moves("G", {"go": Kind()}, echo=3)
    assert "'hyp'" in short.shape(Move.of("hyperjump")).message


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ({}, 'A "go" move takes "to" (and optionally "fast") besides "kind".'),
        ({"to": "b3", "extra": 1}, 'A "go" move takes "to" (and optionally "fast") besides "kind".'),
        ({"to": 3}, '"to" must be a square name such as b3.'),
        ({"to": "b3", "fast": False}, "fast!"),
    ],
)
def test_fields_are_exactly_those_of_the_kind_with_valid_values(args, message):
    bad = MOVES.shape(Move.of("go", **args))
    assert (bad.code, bad.message) == ("bad_move", message)


def test_a_well_formed_move_passes_with_or_without_its_optional_fields():
    assert MOVES.shape(Move.of("go", to="b3")) is None
    assert MOVES.shape(Move.of("go", to="b3", fast=True)) is None
    assert MOVES.shape(Move.of("end")) is None
    assert MOVES.shape(Move.of("end", x=1)).message == 'A "end" move takes no fields besides "kind".'


def test_one_of_tells_true_from_one():
    check = one_of((1, -1), '"n"')
    assert check(1) is None and check(True) == '"n" must be one of 1, -1.'


def test_the_validators_accept_what_they_name_and_nothing_else():
    assert word('"card"')("x" * 24) is None and word('"card"')("x" * 25) and word('"card"')("")
    assert word('"t"', empty=True)("") is None
    assert count(1, 3, "n!")(3) is None and count(1, 3, "n!")(4) == "n!" and count(1, 3, "n!")(True)
    assert seat()(7) is None and seat()(8) == '"seat" must be a seat number.'
    hexes = names(4, 1, 3, "hexes!")
    assert hexes(("d12", "e12")) is None and hexes(()) == "hexes!" and hexes(("d12345",)) == "hexes!"
    ships = counts(("A", "B"), '"ships"')
    assert ships(Move.of("x", s={"A": 1, "B": 0})["s"]) is None
    assert ships(Move.of("x", s={"A": 1})["s"]) == '"ships" must give a count for each of the types A, B.'
    assert (
        ships(Move.of("x", s={"A": -1, "B": 0})["s"])
        == 'Each count in "ships" must be a whole number, 0 or more.'
    )


def test_a_kind_knows_its_phases_and_whether_it_is_sealed():
    assert MOVES.kinds["go"].in_phase("anything")
    assert MOVES.kinds["pick"].in_phase("play") and not MOVES.kinds["pick"].in_phase("build")
    assert MOVES.kinds["end"].in_phase("build")
    assert MOVES.sealed("pick") and not MOVES.sealed("go") and not MOVES.sealed("fly")

"""The state codec: frozen dataclasses to JSON-ready data and back, by their type hints."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engines.base import FrozenMap, Outcome, freeze
from games.engines.kit.codec import CodecError, from_json, json_name, omitted_when_default, set_at, to_json


@dataclass(frozen=True)
class Piece:
    id: str
    hexes: tuple[str, ...] = ()
    flipped: bool = omitted_when_default(False)


@dataclass(frozen=True)
class Side:
    pieces: tuple[Piece, ...]
    best: Piece | None = None
    by_seat: dict[int, tuple[str, ...]] = field(default_factory=dict)
    pairs: tuple[tuple[str, int], ...] = ()
    notes: FrozenMap = field(default_factory=FrozenMap)
    def_: int = json_name("def", default=0)


@dataclass(frozen=True)
class Game:
    sides: tuple[Side, ...]
    outcome: Outcome | None = None


def game() -> Game:
    side = Side(
        (Piece("a1", ("d12", "e12")), Piece("b2", flipped=True)),
        best=Piece("c3"),
        by_seat={0: ("x",), 1: ()},
        pairs=(("s1", 2),),
        notes=freeze({"k": [1, {"m": True}]}),
        def_=3,
    )
    return Game((side, Side(())), Outcome((1,), reason="x", scores={0: 1, 1: 2}))


def test_to_json_gives_plain_json_data_with_string_keys():
    data = to_json(game())
    assert json.loads(json.dumps(data)) == data
    side = data["sides"][0]
    assert side["by_seat"] == {"0": ["x"], "1": []}
    assert side["pairs"] == [["s1", 2]]
    assert side["notes"] == {"k": [1, {"m": True}]}
    assert data["outcome"] == {"winners": [1], "draw": False, "reason": "x", "scores": {"0": 1, "1": 2}}


def test_from_json_builds_the_same_value_back():
    value = game()
    assert from_json(Game, json.loads(json.dumps(to_json(value)))) == value


def test_a_field_omitted_when_default_is_left_out_only_while_it_holds_its_default():
    pieces = to_json(game())["sides"][0]["pieces"]
    assert pieces[0] == {"id": "a1", "hexes": ["d12", "e12"]}
    assert pieces[1] == {"id": "b2", "hexes": [], "flipped": True}
    assert from_json(Piece, {"id": "a1"}) == Piece("a1")


def test_a_field_with_a_json_name_is_spelt_so_in_the_json_and_read_back():
    side = to_json(game())["sides"][0]
    assert side["def"] == 3 and "def_" not in side
    assert list(side)[-1] == "def"  # in its place among the fields
    assert from_json(Side, {"pieces": [], "def": 4}).def_ == 4


def test_outcome_details_are_left_out_when_there_are_none():
    assert "details" not in Outcome((0,)).to_json()
    full = Outcome((), draw=True, details={"lost": {"0": 3}})
    assert full.to_json()["details"] == {"lost": {"0": 3}}
    assert Outcome.from_json(full.to_json()) == full


@pytest.mark.parametrize(
    ("cls", "data", "where"),
    [
        (Piece, {"hexes": []}, "missing required field `id`"),
        (Piece, {"id": 3}, "at `$.id`"),
        (Side, {"pieces": "none"}, "at `$.pieces`"),
        (Side, {"pieces": [], "by_seat": {"x": []}}, "at `key` in `$.by_seat`"),
        (Side, {"pieces": [], "notes": [1]}, "at `$.notes`"),
    ],
)
def test_data_of_the_wrong_shape_raises_a_codec_error_naming_the_type_and_the_path(cls, data, where):
    with pytest.raises(CodecError) as raised:
        from_json(cls, data)
    assert str(raised.value).startswith(f"{cls.__name__}: ") and where in str(raised.value)


def test_set_at_replaces_one_entry():
    assert set_at((1, 2, 3), 1, 9) == (1, 9, 3)
    assert set_at(("a",), 0, "b") == ("b",)


# JSON text is Unicode: no lone surrogates (PostgreSQL's JSON refuses them too).
texts = st.text(st.characters(blacklist_categories=("Cs",)), max_size=6)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | texts,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(texts, inner, max_size=3),
    max_leaves=10,
)


@given(value=st.dictionaries(texts, json_values, max_size=4))
def test_a_frozen_map_round_trips_as_the_json_object_it_froze(value):
    frozen = freeze(value)
    assert to_json(frozen) == json.loads(json.dumps(value))
    assert from_json(FrozenMap, to_json(frozen)) == frozen


def test_a_value_read_without_its_defaulted_fields_writes_them_again_in_their_place():
    side = from_json(Side, {"pieces": [{"id": "a1"}]})
    assert to_json(side) == to_json(Side((Piece("a1"),)))
    assert list(to_json(side)) == ["pieces", "best", "by_seat", "pairs", "notes", "def"]
    assert to_json(side)["pieces"] == [{"id": "a1", "hexes": []}]
    outcome = from_json(Outcome, {"winners": [1]})
    assert to_json(outcome) == {"winners": [1], "draw": False, "reason": "", "scores": None}

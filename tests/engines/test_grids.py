"""The shared grid helpers: algebraic squares (Space Dogfight) and axial hexes."""

from __future__ import annotations

import itertools

import pytest

from games.engines.grid import Board, Square, adjacent
from games.engines.hexgrid import DIRECTIONS, Hex, direction_to, distance, line, turn

BOARD = Board(files=8, rows=10)


def test_a_square_name_reads_file_then_row_and_writes_back_the_same():
    sq = Square.parse(" B3 ")
    assert sq == Square(1, 3) and sq.name == "b3" and str(Square(7, 10)) == "h10"


@pytest.mark.parametrize("name", ["", "3b", "b", "bb3", "b123", None, 7, "b-1"])
def test_anything_that_is_not_a_square_name_reads_as_none(name):
    assert Square.parse(name) is None


def test_the_board_contains_only_its_files_and_rows():
    assert BOARD.parse("a1") == Square(0, 1) and BOARD.parse("h10") == Square(7, 10)
    assert BOARD.parse("i1") is None and BOARD.parse("a11") is None and BOARD.parse("a0") is None
    assert len(list(BOARD.squares())) == 80


def test_neighbours_are_orthogonal_and_stop_at_the_edges():
    assert sorted(BOARD.neighbours(Square(0, 1))) == [Square(0, 2), Square(1, 1)]
    assert len(BOARD.neighbours(Square(3, 5))) == 4
    assert adjacent(Square(3, 5), Square(3, 6)) and not adjacent(Square(3, 5), Square(4, 6))


def test_the_six_hex_directions_are_neighbours_at_distance_one():
    centre = Hex(0, 0)
    assert [distance(centre, centre.neighbour(f)) for f in range(6)] == [1] * 6
    assert len(set(centre.neighbours())) == 6 and centre.neighbour(6) == centre.neighbour(0)
    assert Hex(2, -1).s == -1 and Hex(1, 2) - Hex(1, 2) == Hex(0, 0)


def test_hex_distance_counts_steps_along_any_path():
    assert distance(Hex(0, 0), Hex(3, -1)) == 3
    assert distance(Hex(-2, 2), Hex(2, -2)) == 4
    assert distance(Hex(1, 1), Hex(1, 1)) == 0


def test_turning_wraps_round_the_six_facings():
    assert turn(5, 1) == 0 and turn(0, -1) == 5 and turn(2, 12) == 2


def test_a_line_joins_its_ends_through_adjacent_hexes():
    a, b = Hex(0, 0), Hex(4, -2)
    path = line(a, b)
    assert path[0] == a and path[-1] == b and len(path) == distance(a, b) + 1
    assert all(distance(x, y) == 1 for x, y in itertools.pairwise(path))
    assert line(a, a) == [a]


def test_direction_to_names_the_facing_only_on_one_of_the_six_lines():
    for f, (dq, dr) in enumerate(DIRECTIONS):
        assert direction_to(Hex(0, 0), Hex(3 * dq, 3 * dr)) == f
    assert direction_to(Hex(0, 0), Hex(2, 1)) is None
    assert direction_to(Hex(1, 1), Hex(1, 1)) is None

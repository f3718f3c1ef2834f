"""The formats people paste (issue 37): collections, short Killers, clues as people write
them and the impossible-cage error, from Python."""

import pytest

import cagesat
from conftest import DATA

HARD = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."


def test_read_all_reads_a_collection_line_by_line():
    items = cagesat.read_all(DATA / "collections" / "classic-hard.sudokus")
    assert [line for line, _ in items] == [4, 5, 6, 7, 8]
    # ISS's "hard classic" grids are not all unique: 1, 5, 1, 100+ and 100+ solutions
    # (pinned in tests/it/formats.rs).
    unique = []
    for _, puzzle in items:
        assert puzzle.kind == "sudoku"
        unique.append(puzzle.prove_unique().unique)
    assert unique == [True, False, True, False, False]


def test_a_bad_line_is_an_error_item_and_the_rest_is_read():
    items = cagesat.read_all(f"# two\n{HARD}\n{HARD[:80]}\n{HARD}\n")
    assert [line for line, _ in items] == [2, 3, 4]
    error = items[1][1]
    assert isinstance(error, cagesat.ParseError)
    assert (error.line, error.col) == (3, 1)
    assert str(error) == "<string>:3:1: a one-line sudoku has 16, 36 or 81 squares, found 80"
    assert items[0][1] == items[2][1]


def test_an_impossible_cage_raises_with_its_place():
    rest = "\n".join(f"1 = {r}{c}" for r in "ABCDEF" for c in range(1, 7) if not (r == "F" and c < 3))
    with pytest.raises(cagesat.ParseError) as info:
        cagesat.parse(f"size 6\n8 - F1 F2\n{rest}\n")
    assert (info.value.line, info.value.col) == (2, 1)
    assert str(info.value) == "<string>:2:1: cage 8- at F1 cannot be made by 2 digits 1..=6"


def test_glued_clues_and_short_killers():
    p = cagesat.parse("size 2\n3+ A1 A2\n2* B1 B2\n")
    assert p.kind == "kenken"
    short = "G<<L<K<L<^G>^>^E^^>^IJ<G^<G^>^^I^<>^HC<C^<B^N^^G^<>^>^^E^<DF<^PG^<>^^J<^^<H<<>^>^"
    assert cagesat.parse(short).kind == "killer"


def test_the_forums_375_hardest_sudokus_are_each_unique():
    items = cagesat.read_all(DATA / "collections" / "forum-hardest-1106.sudokus")
    assert len(items) == 375
    for line, puzzle in items:
        outcome = puzzle.prove_unique()
        assert outcome.unique is True, line
        puzzle.verify(outcome.grid)  # raises when a rule is broken

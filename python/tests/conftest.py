"""Shared paths and puzzles of the Python tests (run from anywhere: paths are absolute)."""

import pathlib

import pytest

import cagesat

ROOT = pathlib.Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
PUZZLE_EXTENSIONS = (".kenken", ".keen", ".kakuro", ".url", ".crossproduct", ".sudoku", ".killer")


def corpus():
    """Every shipped puzzle file under tests/data (the fuzz inputs aside)."""
    return sorted(
        p for p in DATA.rglob("*") if p.suffix in PUZZLE_EXTENSIONS and "fuzz" not in p.parts
    )


NORVIG_4X4 = "size 4\n7 + A1 B1; 2 / C1 D1; 1 - A2 A3; 3 - B2 B3; 2 / A4 B4; 3 = C2; 12 * C3 C4 D4; 2 / D2 D3"


@pytest.fixture
def kenken():
    """The README's 4x4 KenKen (unique)."""
    return cagesat.parse(NORVIG_4X4)


@pytest.fixture
def crossproduct55():
    """A 5x3 CrossProduct with exactly 55 solutions (examples/count.rs)."""
    return cagesat.parse("cols 2016 648 3240\nrows 48 81 162 210 32\n")

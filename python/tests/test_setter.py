"""The setter's tools: candidates, hint and explain, checked against solve() and solutions()."""

import pytest

import cagesat
from conftest import DATA


def several_solutions(limit=20):
    """Small CrossProduct puzzles (at most 5x5 cells) with 2..limit solutions, with them."""
    found = []
    for path in sorted((DATA / "crossproduct").rglob("*.crossproduct")):
        puzzle = cagesat.read(path)
        rows, cols = puzzle.size
        if rows * cols > 25:
            continue
        grids = list(puzzle.solutions(limit=limit + 1))
        if 2 <= len(grids) <= limit:
            found.append((path.name, puzzle, grids))
    return found


def union(grids):
    rows, cols = len(grids[0]), len(grids[0][0])
    return [[sorted({g[r][c] for g in grids if g[r][c]}) for c in range(cols)] for r in range(rows)]


def label(r, c):
    return chr(ord("A") + r) + str(c + 1)


def test_candidates_are_the_union_of_all_solutions():
    cases = several_solutions()
    assert len(cases) >= 2, "the corpus should hold small puzzles with several solutions"
    for name, puzzle, grids in cases[:: max(1, len(cases) // 6)]:
        c = puzzle.candidates()
        assert c.grid == union(grids), name
        assert not c.unique
        assert c.wrong == []
        assert 2 <= c.solutions_seen <= len(grids)


def test_unique_puzzle_gives_singletons_equal_to_solve(kenken):
    solved = kenken.solve().grid
    c = kenken.candidates(engine="native", timeout=30)
    assert c.unique
    assert c.grid == [[[d] for d in row] for row in solved]
    assert "unique=True" in repr(c)


def test_a_wrong_entry_is_named(kenken):
    solved = kenken.solve().grid
    state = [[0] * 4 for _ in range(4)]
    state[0][0] = solved[0][0]
    bad = solved[1][1] % 4 + 1
    state[1][1] = bad
    c = kenken.candidates(state)
    assert c.wrong == [("B2", bad)]
    text = "\n".join(" ".join(str(d) if d else "." for d in row) for row in state) + "\n"
    assert kenken.candidates(text).wrong == [("B2", bad)]
    right = kenken.candidates([[solved[0][0], 0, 0, 0]] + [[0] * 4] * 3)
    assert right.wrong == [] and right.unique


def test_explain_names_a_wrong_entry_and_goes_on_from_the_others(kenken):
    solved = kenken.solve().grid
    state = [[0] * 4 for _ in range(4)]
    state[0][0] = solved[0][0]
    bad = solved[1][1] % 4 + 1
    state[1][1] = bad
    ex = kenken.explain(state)
    assert ex.wrong == [("B2", bad, f"B2 = {bad} is wrong: the solution has {solved[1][1]}")]
    assert ex.end == "solved" and ex.solution == solved
    step = kenken.hint(state)
    assert step is not None and step.cell != "A1"
    assert kenken.explain([[solved[0][0], 0, 0, 0]] + [[0] * 4] * 3).wrong == []


def test_hint_is_forced_and_explain_ends_in_the_solution(kenken):
    solved = kenken.solve().grid
    step = kenken.hint()
    assert step is not None
    r, c = ord(step.cell[0]) - ord("A"), int(step.cell[1:]) - 1
    if step.action == "place":
        assert step.digit == solved[r][c]
    else:
        assert step.action == "eliminate" and step.digit != solved[r][c]
    assert step.reason and all(set(d) <= {"kind", "cells", "op", "target", "distinct"} for d in step.reason)
    assert str(step).startswith(f"{step.cell} ")
    path = kenken.explain()
    assert path.end == "solved"
    assert path.solution == solved
    assert len(path) == len(path.steps) >= 1
    assert str(path.steps[0]) == str(step)
    placed = {s.cell: s.digit for s in path.steps if s.action == "place"}
    for cell, digit in placed.items():
        rr, cc = ord(cell[0]) - ord("A"), int(cell[1:]) - 1
        assert solved[rr][cc] == digit


def test_the_readme_hint_matches_the_command_line(kenken):
    # The library's doc example: the first step of the Norvig 4x4 is the 3= cage.
    step = kenken.hint()
    assert str(step) == "C2 = 3: cage combinations in cage 3= C2"
    assert (step.technique, step.score) == ("cage combinations", 1.5)
    assert step.reason == [{"kind": "cage", "cells": ["C2"], "op": "=", "target": 3}]


def test_hint_from_a_full_state_is_none_and_explain_stops_on_several_solutions(kenken):
    solved = kenken.solve().grid
    assert kenken.hint(solved) is None
    name, puzzle, grids = several_solutions()[0]
    path = puzzle.explain()
    assert path.end == "not unique", name
    assert path.solution is None


def test_errors_raise_the_documented_exceptions(kenken):
    with pytest.raises(cagesat.ParseError):
        kenken.candidates("1 2\n3 4\n")
    with pytest.raises(cagesat.ParseError):
        kenken.hint([[9, 0, 0, 0]] + [[0] * 4] * 3)
    with pytest.raises(TypeError):
        kenken.explain(42)
    with pytest.raises(ValueError, match="unknown engine"):
        kenken.candidates(engine="nope")
    with pytest.raises(ValueError, match="timeout"):
        kenken.candidates(timeout=-1)
    with pytest.raises(cagesat.SolverError):
        kenken.candidates(engine="z3")


def test_prove_unique_names_a_second_solution_and_where_it_differs(kenken):
    name, puzzle, grids = several_solutions()[0]
    s = puzzle.prove_unique()
    assert s.unique is False, name
    assert s.second in grids and s.grid in grids and s.second != s.grid
    cells = [label(r, c) for r, row in enumerate(s.grid) for c, d in enumerate(row) if d != s.second[r][c]]
    assert s.differ == cells and cells
    one = kenken.prove_unique()
    assert one.unique and one.second is None and one.differ == []

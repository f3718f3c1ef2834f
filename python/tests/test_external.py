"""The CNF of `Puzzle.encode()` in other people's tools: PySAT solves it to the grid
`Puzzle.solve()` finds (through `Puzzle.decode`, which verifies), on every shipped puzzle;
pyganak counts `encode(projection=True)` to `Puzzle.count()`."""

import os

import pytest

import cagesat
from conftest import DATA, corpus

pysat_solvers = pytest.importorskip("pysat.solvers")
pyganak = pytest.importorskip("pyganak")

# The two hard 20x20 KenKen take a minute through PySAT: run them with CAGESAT_SLOW=1.
SLOW = {"gen_kenken_20x20_s20000.kenken", "gen_kenken_20x20_s20002.kenken"}


def corpus_params():
    for path in corpus():
        marks = []
        if path.name in SLOW and not os.environ.get("CAGESAT_SLOW"):
            marks.append(pytest.mark.skip(reason="slow: set CAGESAT_SLOW=1"))
        yield pytest.param(path, id=str(path.relative_to(DATA)), marks=marks)


@pytest.mark.parametrize("path", list(corpus_params()))
def test_pysat_and_decode_agree_with_solve(path):
    puzzle = cagesat.read(path)
    ours = puzzle.solve()
    cnf = puzzle.encode()
    with pysat_solvers.Solver(name="cadical153", bootstrap_with=cnf.clauses) as sat:
        if not sat.solve():
            assert ours is None
            return
        theirs = puzzle.decode(sat.get_model())
    assert ours is not None
    if theirs != ours.grid:
        # Two verified grids that differ: only a puzzle with several solutions has them.
        assert puzzle.prove_unique().unique is False


def counted_params():
    # Norvig's reorder puzzle (36,685 grids) takes Ganak minutes: the rest of his seeds.
    seeds = (DATA / "crossproduct" / "seeds").glob("*.crossproduct")
    picks = sorted(p for p in seeds if "reorder" not in p.name)
    picks += sorted((DATA / "crossproduct" / "public").glob("*_5x3.crossproduct"))
    picks += sorted((DATA / "kenken" / "keen").glob("[456]x*-00.kenken"))
    picks += sorted((DATA / "kenken" / "unsat").glob("*.kenken"))
    picks += [DATA / "kakuro" / "panpapag_easy_5x5.kakuro", DATA / "sudoku" / "gen-4x4-s1.sudoku"]
    picks += [DATA / "killer" / "gen-4x4-s11.killer"]
    return [pytest.param(p, id=str(p.relative_to(DATA))) for p in picks]


def ganak_count(cnf):
    counter = pyganak.Counter()
    counter.add_clauses(cnf.clauses)
    counter.set_sampling_set(cnf.projection)
    return int(counter.count())


@pytest.mark.parametrize("path", counted_params())
def test_pyganak_counts_the_projected_cnf_like_count(path):
    puzzle = cagesat.read(path)
    ours = puzzle.count()
    assert ours.complete
    assert ganak_count(puzzle.encode(projection=True)) == ours.count


def test_pyganak_on_a_puzzle_with_many_solutions(crossproduct55):
    assert ganak_count(crossproduct55.encode(projection=True)) == 55
    # Random CrossProducts of side 3..5: several solutions each, counted both ways.
    for seed in range(3):
        puzzle = cagesat.generate("crossproduct", (3 + seed, 3), seed=seed, unique=False)
        assert ganak_count(puzzle.encode(projection=True)) == puzzle.count().count

"""Every call of the module, on puzzles whose answers are known independently."""

import pathlib

import pytest

import cagesat
from conftest import DATA, NORVIG_4X4

UNSAT = DATA / "kenken" / "unsat"


def test_read_accepts_paths_text_keen_ids_and_urls(kenken):
    path = DATA / "kenken" / "keen" / "4x4-e-00.kenken"
    by_path = cagesat.read(path)
    assert by_path == cagesat.read(str(path))
    keen_id = (DATA / "kenken" / "keen" / "4x4-e-00.keen").read_text().strip()
    assert cagesat.read("keen:" + keen_id) == by_path
    assert cagesat.read(NORVIG_4X4) == kenken
    url = (DATA / "kakuro" / "puzzlink" / "panpapag_easy_5x5.url").read_text().strip()
    from_url = cagesat.read(url)
    assert from_url.kind == "kakuro"
    assert from_url == cagesat.read(DATA / "kakuro" / "panpapag_easy_5x5.kakuro")


def test_parse_recognises_or_is_told_the_kind():
    assert cagesat.parse("cols 28 80 162\nrows 6 120 504").kind == "crossproduct"
    assert cagesat.parse("4:a_7a__a_aaba,s2m12a6a3d2d2m3s1", kind="keen").kind == "kenken"
    text = (DATA / "sudoku" / "gen-4x4-s1.sudoku").read_text()
    assert cagesat.parse(text, kind="sudoku").kind == "sudoku"
    with pytest.raises(ValueError, match="unknown kind"):
        cagesat.parse("size 1\n1 = A1", kind="nonogram")


def test_parse_takes_every_format_name_of_the_command_line():
    solo = (DATA / "solo" / "6x6-basic.solo").read_text()
    assert cagesat.parse(solo, kind="solo").kind == "sudoku"
    towers = "towers:" + (DATA / "towers" / "ids.txt").read_text().splitlines()[0]
    assert cagesat.parse(towers, kind="towers").kind == "towers"
    unequal = "unequal:" + (DATA / "unequal" / "ids.txt").read_text().splitlines()[0]
    assert cagesat.parse(unequal, kind="unequal").kind == "unequal"
    with pytest.raises(ValueError, match="killer-short, fpuzzles"):
        cagesat.parse("x", kind="tents")


def test_kind_size_and_text_round_trip(kenken):
    assert (kenken.kind, kenken.size) == ("kenken", (4, 4))
    assert cagesat.parse(str(kenken)) == kenken
    assert repr(kenken) == "<cagesat.Puzzle kenken 4x4>"
    kakuro = cagesat.read(DATA / "kakuro" / "panpapag_hard_12x10.kakuro")
    assert kakuro.size == (12, 10)


@pytest.mark.parametrize("engine", cagesat.ENGINES[:5])
def test_solve_and_prove_unique_on_every_builtin_engine(kenken, engine):
    solution = kenken.solve(engine=engine)
    assert solution.grid[0] == [4, 2, 3, 1]
    assert solution.unique is None
    kenken.verify(solution.grid)
    proven = kenken.prove_unique(engine=engine)
    assert (proven.grid, proven.unique) == (solution.grid, True)
    assert proven.stats["engine"] == engine
    assert proven.stats["time_ms"] >= 0


def test_unsat_puzzle_has_no_solution():
    puzzle = cagesat.read(next(UNSAT.glob("*.kenken")))
    assert puzzle.solve() is None
    assert puzzle.prove_unique() is None
    assert (puzzle.count().count, puzzle.count().complete) == (0, True)
    assert list(puzzle.solutions()) == []


def test_multiple_solutions_are_reported(crossproduct55):
    solution = crossproduct55.prove_unique()
    assert solution.unique is False
    crossproduct55.verify(solution.grid)


def test_count_exact_and_limited(crossproduct55):
    full = crossproduct55.count()
    assert (full.count, full.complete, full.stopped) == (55, True, None)
    assert crossproduct55.count(engine="native").count == 55
    capped = crossproduct55.count(limit=10)
    assert (capped.count, capped.complete) == (10, False)
    assert repr(capped) == "Count(count=10, complete=False)"


@pytest.mark.parametrize("engine", ["auto", "dpll", "varisat", "cadical"])
def test_threads_give_the_same_answers(crossproduct55, kenken, engine):
    for threads in (1, 2, 3):
        full = crossproduct55.count(engine=engine, threads=threads)
        assert (full.count, full.complete) == (55, True)
        capped = crossproduct55.count(limit=7, engine=engine, threads=threads)
        assert (capped.count, capped.complete) == (7, False)
        solution = kenken.prove_unique(engine=engine, threads=threads)
        assert solution.unique is True
        kenken.verify(solution.grid)
        kenken.verify(kenken.solve(engine=engine, threads=threads).grid)
    with pytest.raises(ValueError):
        kenken.solve(threads=0)


def test_solutions_yields_distinct_verified_grids(crossproduct55):
    grids = list(crossproduct55.solutions())
    assert len(grids) == 55
    assert len({str(g) for g in grids}) == 55
    for g in grids:
        crossproduct55.verify(g)
    it = crossproduct55.solutions(limit=3)
    assert it.complete is None
    assert len(list(it)) == 3
    assert it.complete is False
    every = crossproduct55.solutions()
    list(every)
    assert every.complete is True


def test_solutions_can_be_abandoned(crossproduct55):
    it = crossproduct55.solutions()
    first = next(it)
    crossproduct55.verify(first)
    it.close()
    assert list(it) == []
    # An iterator dropped half-way stops its search (the next count still works).
    it = crossproduct55.solutions()
    next(it)
    del it
    assert crossproduct55.count().count == 55


def test_count_timeout_is_partial_like_the_cli():
    big = cagesat.generate("crossproduct", (10, 10), seed=1, unique=False)
    count = big.count(timeout=0.2)
    assert count.complete is False
    assert count.stopped == "timeout"


def test_solve_timeout_raises_timeout():
    big = cagesat.read(DATA / "kenken" / "generated" / "gen_kenken_20x20_s20000.kenken")
    with pytest.raises(cagesat.Timeout):
        big.solve(engine="cadical", timeout=0.0)
    with pytest.raises(ValueError, match="timeout"):
        big.solve(timeout=-1)


def test_encode_var_and_dimacs(kenken):
    cnf = kenken.encode()
    assert cnf.nvars >= 64 and len(cnf) == len(cnf.clauses)
    assert all(all(lit != 0 and abs(lit) <= cnf.nvars for lit in c) for c in cnf.clauses)
    assert cnf.var((0, 0), 1) == cnf.var("A1", 1) == 1
    assert cnf.var((0, 1), 1) == 5  # four digits per cell, row-major
    assert cnf.projection is None
    text = cnf.to_dimacs()
    header = next(line for line in text.splitlines() if line.startswith("p cnf"))
    assert header.split()[2:] == [str(cnf.nvars), str(len(cnf))]
    assert "c x 1 A1=1" in text
    projected = kenken.encode(projection=True)
    assert projected.projection == list(range(1, 4 * 4 * 4 + 1))
    assert "c p show 1 2 3" in projected.to_dimacs()
    with pytest.raises(ValueError, match="digit 5"):
        cnf.var((0, 0), 5)
    with pytest.raises(ValueError, match="label"):
        cnf.var("not a cell", 1)
    kakuro = cagesat.read(DATA / "kakuro" / "panpapag_easy_5x5.kakuro")
    with pytest.raises(ValueError, match="has no digit"):
        kakuro.encode().var((0, 0), 1)


def test_decode_reads_and_verifies_a_model(kenken):
    grid = kenken.solve().grid
    cnf = kenken.encode()
    model = [
        cnf.var((r, c), d) * (1 if grid[r][c] == d else -1)
        for r in range(4)
        for c in range(4)
        for d in range(1, 5)
    ]
    assert kenken.decode(model) == grid
    # Swapping two digits of a row breaks a cage: the verifier refuses the model.
    bad = [-lit if abs(lit) in (cnf.var((0, 0), 4), cnf.var((0, 0), 2)) else lit for lit in model]
    with pytest.raises(cagesat.VerifyError):
        kenken.decode(bad)
    with pytest.raises(cagesat.VerifyError):
        kenken.verify([[1, 2, 3, 4]] * 4)


def test_svg_pictures(kenken):
    blank = kenken.svg()
    assert blank.startswith("<?xml") and "<svg" in blank
    assert kenken._repr_svg_() == blank
    solution = kenken.prove_unique()
    filled = kenken.svg(solution)
    assert filled == kenken.svg(solution.grid) == solution._repr_svg_()
    assert filled != blank
    with pytest.raises(cagesat.VerifyError):
        kenken.svg([[1, 1, 1, 1]] * 4)


@pytest.mark.parametrize(
    "kind,size,options",
    [
        ("kenken", 5, {"max_cage": 3, "ops": "+*"}),
        ("kakuro", (7, 7), {}),
        ("crossproduct", (4, 3), {"unique": True}),
        ("sudoku", 4, {}),
        ("killer", 4, {"max_cage": 3}),
        ("sudoku", 6, {"diagonals": True}),
        ("killer", 6, {"max_cage": 3, "diagonals": True}),
        ("sudoku", 6, {"jigsaw": True}),
        ("towers", 5, {}),
        ("unequal", 5, {}),
        ("unequal", 5, {"adjacent": True}),
    ],
)
def test_generate_makes_reproducible_unique_puzzles(kind, size, options):
    puzzle = cagesat.generate(kind, size, seed=7, **options)
    assert puzzle.kind == kind
    assert puzzle == cagesat.generate(kind, size, seed=7, **options)
    assert puzzle.prove_unique().unique is True


def test_a_difficulty_is_asked_by_its_grade_name():
    for kind, level in (("sudoku", "singles"), ("killer", "singles"), ("towers", "singles"),
                        ("kenken", "easy"), ("kakuro", "singles")):
        size = 5 if kind == "kakuro" else 4
        puzzle = cagesat.generate(kind, size, seed=1, difficulty=level)
        assert puzzle.kind == kind
        assert puzzle.prove_unique().unique is True, kind
        assert puzzle == cagesat.generate(kind, size, seed=1, difficulty=level)


def test_x_variants_carry_their_diagonals():
    x = cagesat.generate("sudoku", 9, seed=21, diagonals=True)
    assert x.kind == "sudoku"
    assert str(x).startswith("diagonals\n")
    assert x.prove_unique().unique is True
    plain = cagesat.parse(str(x).replace("diagonals\n", "", 1))
    assert plain.count(limit=2).count == 2


def test_generate_rejects_bad_arguments():
    with pytest.raises(ValueError, match="unknown kind"):
        cagesat.generate("nonogram", 5)
    with pytest.raises(TypeError, match="unexpected option"):
        cagesat.generate("kenken", 4, seed=1, colour="red")
    with pytest.raises(ValueError, match="square"):
        cagesat.generate("kenken", (4, 5))
    with pytest.raises(ValueError, match="invalid parameters"):
        cagesat.generate("kenken", 0)
    takes = r'unexpected option "diagonals" \(it takes: difficulty, max_attempts\)'
    with pytest.raises(TypeError, match=takes):
        cagesat.generate("towers", 4, diagonals=True)
    with pytest.raises(ValueError, match="unknown difficulty 'box-line' for towers"):
        cagesat.generate("towers", 4, difficulty="box-line")
    for kind in ("sudoku", "killer"):
        with pytest.raises(ValueError, match="unsupported size 5"):
            cagesat.generate(kind, 5)
    for kind in ("towers", "unequal"):
        with pytest.raises(ValueError, match="expected 3..=9"):
            cagesat.generate(kind, 10)


def test_parse_error_has_a_position():
    with pytest.raises(cagesat.ParseError) as err:
        cagesat.parse("size 4\n7 % A1 B1")
    e = err.value
    assert isinstance(e, ValueError)
    assert (e.path, e.line, e.col) == (None, 2, 3)
    assert str(e).startswith("<string>:2:3: unknown operator '%'")


def test_parse_error_in_a_file_names_it(tmp_path):
    bad = tmp_path / "bad.kenken"
    bad.write_text("size 2\n3 + A1 Z9\n")
    with pytest.raises(cagesat.ParseError) as err:
        cagesat.read(bad)
    assert (err.value.path, err.value.line) == (str(bad), 2)
    assert str(err.value).startswith(f"{bad}:2:")


def test_missing_file_and_unknown_engine(kenken):
    with pytest.raises(FileNotFoundError):
        cagesat.read("no/such/puzzle.kenken")
    with pytest.raises(ValueError, match="unknown engine"):
        kenken.solve(engine="minisat")


def test_stub_names_every_public_name():
    stub = (pathlib.Path(cagesat.__file__).parent / "__init__.pyi").read_text()
    for name in cagesat.__all__:
        assert name in stub, name
    assert (pathlib.Path(cagesat.__file__).parent / "py.typed").exists()


def test_puzzles_pickle_as_their_text(kenken):
    import pickle

    kakuro = cagesat.read(DATA / "kakuro" / "panpapag_hard_12x10.kakuro")
    for puzzle in (kenken, kakuro, cagesat.generate("killer", 4, seed=3)):
        assert pickle.loads(pickle.dumps(puzzle)) == puzzle


def test_the_gil_is_released_while_solving():
    import threading
    import time

    big = cagesat.generate("crossproduct", (10, 10), seed=1, unique=False)
    counts = []
    worker = threading.Thread(target=lambda: counts.append(big.count(timeout=1.5)))
    worker.start()
    ticks = 0
    while worker.is_alive():
        ticks += 1
        time.sleep(0.01)
    assert counts[0].stopped == "timeout"
    # Held for the whole count, the GIL would have let this thread run a few times at most.
    assert ticks > 30, ticks

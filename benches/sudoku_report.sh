#!/bin/sh
# Sudoku and Killer Sudoku solve + uniqueness, cagesat beside OR-Tools CP-SAT in the same run,
# on the same puzzles (the sets of benches/sudoku.rs). cagesat: the bench's printed summary
# (median of 21 runs per puzzle, per engine; criterion itself is skipped by a filter that
# matches no benchmark); CP-SAT: benches/anchors/cpsat_sudoku.py (one worker, median of 21
# runs per puzzle, model built each run). PY names a Python with ortools (the venv recipe of
# ../shared/anchors/README.md).
set -eu
cd "$(dirname "$0")/.."
PY=${PY:-../shared/anchors/.venv/bin/python}
echo "== cagesat (cargo bench --bench sudoku, summary)"
cargo bench --bench sudoku -- no-criterion-run 2>/dev/null | sed -n '/^sudoku solve+unique/,/^[^ s]/p'
echo "== OR-Tools CP-SAT $($PY -c 'import ortools; print(ortools.__version__)')"
$PY benches/anchors/cpsat_sudoku.py --repeat 21 \
  tests/data/killer/gen-9x9-s13.killer tests/data/killer/gen-9x9-s14.killer \
  tests/data/killer/gen-16x16-s16.killer tests/data/sudoku/gen-16x16-s6.sudoku \
  benches/data/sudoku-hard-9x9.txt

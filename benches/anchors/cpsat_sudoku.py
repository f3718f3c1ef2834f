#!/usr/bin/env python3
"""OR-Tools CP-SAT anchor for Sudoku and Killer Sudoku (the puzzles of benches/sudoku.rs).

Inputs: .sudoku files (N lines of N tokens, '.' or '0' empty; or one line of N*N
characters for N <= 9), .killer files ('size N', optional 'boxes RxC', cages
'SUM CELL...', givens 'D = CELL'; cells as in KenKen: row letter, column number),
and .txt files of one-line 9x9 Sudokus (benches/data/sudoku-hard-9x9.txt).
'#' lines are comments.

Model: one IntVar 1..N per cell; AddAllDifferent on every row, column and box;
givens fixed; each cage AddAllDifferent + linear sum == SUM. One worker.
Uniqueness: solve, forbid the found grid (AddForbiddenAssignments on all cells),
solve again: INFEASIBLE => unique. Every solution is checked here against the
rules (independent of the model). Each puzzle is built and solved --repeat times
(a fresh model each time); the per-puzzle median of the wall time (build + both
solves) is reported, then per set (file argument) the median and max of those.

Usage: cpsat_sudoku.py [--repeat 21] [--workers 1] FILE...
Prints one line per set:  SET  N puzzles: median X ms, max Y ms
"""

import argparse
import statistics
import sys
import time

from ortools.sat.python import cp_model

BOXES = {4: (2, 2), 6: (2, 3), 9: (3, 3), 12: (3, 4), 16: (4, 4)}


def cell(label):
    return ord(label[0]) - ord('A'), int(label[1:]) - 1


def parse_killer(text):
    n, boxes, cages, givens = 0, None, [], {}
    for line in text.splitlines():
        t = line.split()
        if not t or t[0].startswith('#'):
            continue
        if t[0] == 'size':
            n = int(t[1])
        elif t[0] == 'boxes':
            r, c = t[1].split('x')
            boxes = (int(r), int(c))
        elif len(t) == 3 and t[1] == '=':
            givens[cell(t[2])] = int(t[0])
        else:
            cages.append((int(t[0]), [cell(x) for x in t[1:]]))
    return n, boxes or BOXES[n], cages, givens


def parse_sudoku(text):
    rows = [l.split() for l in text.splitlines() if l.strip() and not l.startswith('#')]
    if len(rows) == 1 and len(rows[0]) == 1:
        s = rows[0][0]
        n = int(round(len(s) ** 0.5))
        rows = [list(s[i * n:(i + 1) * n]) for i in range(n)]
    n = len(rows)
    givens = {(r, c): int(v) for r, row in enumerate(rows) for c, v in enumerate(row)
              if v not in ('.', '0')}
    return n, BOXES[n], [], givens


def puzzles(path):
    text = open(path).read()
    if path.endswith('.killer'):
        return [parse_killer(text)]
    if path.endswith('.txt'):
        return [parse_sudoku(l) for l in text.splitlines()
                if l.strip() and not l.startswith('#')]
    return [parse_sudoku(text)]


def units(n, boxes):
    br, bc = boxes
    out = [[(r, c) for c in range(n)] for r in range(n)]
    out += [[(r, c) for r in range(n)] for c in range(n)]
    for b0 in range(0, n, br):
        for b1 in range(0, n, bc):
            out.append([(r, c) for r in range(b0, b0 + br) for c in range(b1, b1 + bc)])
    return out


def check(p, grid):
    n, boxes, cages, givens = p
    full = set(range(1, n + 1))
    assert all({grid[r][c] for r, c in u} == full for u in units(n, boxes))
    assert all(grid[r][c] == d for (r, c), d in givens.items())
    for s, cells in cages:
        ds = [grid[r][c] for r, c in cells]
        assert len(set(ds)) == len(ds) and sum(ds) == s


def solve_unique(p, workers):
    n, boxes, cages, givens = p
    m = cp_model.CpModel()
    x = {(r, c): m.NewIntVar(1, n, f'x{r}_{c}') for r in range(n) for c in range(n)}
    for u in units(n, boxes):
        m.AddAllDifferent([x[rc] for rc in u])
    for rc, d in givens.items():
        m.Add(x[rc] == d)
    for s, cells in cages:
        m.AddAllDifferent([x[rc] for rc in cells])
        m.Add(sum(x[rc] for rc in cells) == s)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    if solver.Solve(m) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise SystemExit('no solution')
    grid = [[solver.Value(x[r, c]) for c in range(n)] for r in range(n)]
    check(p, grid)
    keys = sorted(x)
    m.AddForbiddenAssignments([x[k] for k in keys], [[grid[r][c] for r, c in keys]])
    second = solver.Solve(m)
    if second != cp_model.INFEASIBLE:
        raise SystemExit('not proven unique')
    return grid


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--repeat', type=int, default=21)
    ap.add_argument('--workers', type=int, default=1)
    ap.add_argument('files', nargs='+')
    a = ap.parse_args()
    for path in a.files:
        medians = []
        for p in puzzles(path):
            times = []
            for _ in range(a.repeat):
                t = time.perf_counter()
                solve_unique(p, a.workers)
                times.append(time.perf_counter() - t)
            medians.append(statistics.median(times))
        print(f'{path}  {len(medians)} puzzles: median {statistics.median(medians) * 1e3:.3f} ms, '
              f'max {max(medians) * 1e3:.3f} ms')
        sys.stdout.flush()


if __name__ == '__main__':
    main()

"""Projected model count of a DIMACS file with pyganak (Ganak + Arjun).

Usage: python3 ganak_count.py FILE.cnf  -> prints the count of assignments to the
variables on the file's `c p show ... 0` lines (all variables when there is none).
Used by tests/projection.rs; `pip install pyganak` provides the module.
"""
import sys

import pyganak


def main(path):
    show, clauses, clause = [], [], []
    with open(path) as f:
        for line in f:
            words = line.split()
            if not words or words[0] == "p":
                continue
            if words[0] == "c":
                if words[1:3] == ["p", "show"]:
                    show.extend(int(w) for w in words[3:] if w != "0")
                continue
            for w in words:
                lit = int(w)
                if lit == 0:
                    clauses.append(clause)
                    clause = []
                else:
                    clause.append(lit)
    counter = pyganak.Counter()
    counter.add_clauses(clauses)
    if show:
        counter.set_sampling_set(show)
    print(counter.count())


if __name__ == "__main__":
    main(sys.argv[1])

"""cagesat: grid number puzzles (KenKen, Kakuro, CrossProduct, Sudoku, Killer Sudoku,
Towers, Unequal)
compiled into SAT and solved; every grid returned has passed an independent verifier.

    >>> import cagesat
    >>> p = cagesat.parse("size 2\\n3 + A1 A2\\n2 = B1\\n1 = B2")
    >>> p.prove_unique().grid
    [[1, 2], [2, 1]]
"""

from ._cagesat import (
    CNF,
    ENGINES,
    Candidates,
    Count,
    Explanation,
    ParseError,
    Puzzle,
    Solution,
    Solutions,
    SolverError,
    Step,
    Timeout,
    VerifyError,
    generate,
    parse,
    read,
    read_all,
)

__all__ = [
    "CNF",
    "ENGINES",
    "Candidates",
    "Count",
    "Explanation",
    "ParseError",
    "Puzzle",
    "Solution",
    "Solutions",
    "SolverError",
    "Step",
    "Timeout",
    "VerifyError",
    "generate",
    "parse",
    "read",
    "read_all",
]

"""Type stubs of the module cagesat (the extension cagesat._cagesat, re-exported)."""

import os
from typing import Any, Dict, Iterator, List, Literal, Optional, Sequence, Tuple, Union

Grid = List[List[int]]
CellRef = Union[Tuple[int, int], str]
EngineName = Literal["auto", "native", "varisat", "cadical", "dpll", "z3", "cvc5"]

ENGINES: List[str]

class ParseError(ValueError):
    """Text that is not a puzzle; ``path``, ``line`` and ``col`` (1-based) say where."""

    path: Optional[str]
    line: int
    col: int

class SolverError(Exception):
    """An engine failed (encoding limit, solver error, an answer that failed verification)."""

class VerifyError(ValueError):
    """A grid or model that breaks a rule of the puzzle, or is not a grid of it."""

class Timeout(TimeoutError):
    """The time limit passed before the engine had an answer."""

class Solution:
    """A solution, verified by the independent checker."""

    @property
    def grid(self) -> Grid: ...
    @property
    def unique(self) -> Optional[bool]: ...
    @property
    def second(self) -> Optional[Grid]: ...  # prove_unique on a puzzle that is not unique: another solution
    @property
    def differ(self) -> List[str]: ...  # labels of the cells where grid and second differ
    @property
    def stats(self) -> Dict[str, Any]: ...
    def _repr_svg_(self) -> str: ...

class Count:
    """A solution count; ``complete`` is False when a limit or timeout ended it."""

    @property
    def count(self) -> int: ...
    @property
    def complete(self) -> bool: ...
    @property
    def stopped(self) -> Optional[str]: ...

class CNF:
    """A puzzle's one-hot CNF: x(cell, digit) variables first, then auxiliaries."""

    @property
    def clauses(self) -> List[List[int]]: ...
    @property
    def nvars(self) -> int: ...
    @property
    def projection(self) -> Optional[List[int]]: ...
    def var(self, cell: CellRef, digit: int) -> int: ...
    def to_dimacs(self) -> str: ...
    def __len__(self) -> int: ...

class Solutions(Iterator[Grid]):
    """The solutions of a puzzle, each yielded as soon as the engine finds it."""

    def __iter__(self) -> "Solutions": ...
    def __next__(self) -> Grid: ...
    @property
    def complete(self) -> Optional[bool]: ...
    def close(self) -> None: ...

class Candidates:
    """The digits some solution extending a state puts in each cell."""

    @property
    def grid(self) -> List[List[List[int]]]: ...  # per cell its candidates ([] off the digit squares)
    @property
    def unique(self) -> bool: ...  # exactly one solution extends the state
    @property
    def solutions_seen(self) -> int: ...
    @property
    def wrong(self) -> List[Tuple[str, int]]: ...  # (cell label, digit) entries no solution extends

class Step:
    """One deduction; str() is the command line's text, e.g. `C3 = 4: cage and line in cage 12× C3 C4, row C`."""

    @property
    def cell(self) -> str: ...  # label, "C3"
    @property
    def digit(self) -> int: ...
    @property
    def action(self) -> Literal["place", "eliminate"]: ...
    @property
    def technique(self) -> str: ...  # "naked single", "hidden pair", "pointing", "X-wing", "cage combinations", …
    @property
    def score(self) -> float: ...  # the technique's score (encodings/explain.md), 1.0 naked single … 6.0+ combinations
    @property
    def reason(self) -> List[Dict[str, Any]]: ...  # as `cagesat explain --json`: kind, cells, op?, target?, distinct?

class Explanation:
    """A path of steps and how it ends."""

    @property
    def steps(self) -> List[Step]: ...
    @property
    def end(self) -> Literal["solved", "open", "not unique", "no solution", "stopped"]: ...
    @property
    def solution(self) -> Optional[Grid]: ...  # the verified grid when end == "solved"
    @property
    def wrong(self) -> List[Tuple[str, int, str]]: ...  # (cell, digit, text) of the state's entries no solution has; the steps go on from the others
    def __len__(self) -> int: ...

class Puzzle:
    """A puzzle of any kind."""

    @property
    def kind(self) -> str: ...
    @property
    def size(self) -> Tuple[int, int]: ...
    def solve(
        self, engine: EngineName = "auto", timeout: Optional[float] = None, threads: Optional[int] = None
    ) -> Optional[Solution]: ...
    def prove_unique(
        self, engine: EngineName = "auto", timeout: Optional[float] = None, threads: Optional[int] = None
    ) -> Optional[Solution]: ...
    def count(
        self,
        limit: Optional[int] = None,
        timeout: Optional[float] = None,
        engine: EngineName = "auto",
        threads: Optional[int] = None,
    ) -> Count: ...
    def solutions(self, limit: Optional[int] = None, engine: EngineName = "auto") -> Solutions: ...
    def encode(self, projection: bool = False) -> CNF: ...
    def decode(self, model: Sequence[int]) -> Grid: ...
    def verify(self, grid: Grid) -> None: ...
    def svg(self, solution: Union[Solution, Grid, None] = None) -> str: ...
    def _repr_svg_(self) -> str: ...
    def candidates(
        self, state: Union[str, Grid, None] = None, engine: EngineName = "auto", timeout: Optional[float] = None
    ) -> Candidates:
        """The true candidates of `state` (grid text with `.` for an empty cell, or rows with 0).

        Raises ParseError for a state that does not fit the puzzle, Timeout, SolverError
        (also for the SMT engines, which cannot answer it)."""
        ...
    def hint(self, state: Union[str, Grid, None] = None, timeout: Optional[float] = None) -> Optional[Step]:
        """The next forced deduction with its reason; None when none is forced (solved, no
        solution, several solutions). With entries no solution has, the step is the next one
        from the other entries (explain(state).wrong names them).
        Raises ParseError, Timeout, SolverError."""
        ...
    def explain(self, state: Union[str, Grid, None] = None, timeout: Optional[float] = None) -> Explanation:
        """Every forced deduction until the grid is decided or none is forced; entries of
        `state` no solution has are named in `.wrong` first, and the steps go on from the
        others. Raises ParseError, Timeout (no step in time), SolverError."""
        ...

def read(source: Union[str, "os.PathLike[str]"]) -> Puzzle: ...
def parse(text: str, kind: Optional[str] = None) -> Puzzle: ...
def read_all(source: Union[str, "os.PathLike[str]"], kind: Optional[str] = None) -> List[Tuple[int, Union[Puzzle, ParseError]]]: ...
def generate(kind: str, size: Union[int, Tuple[int, int]], seed: Optional[int] = None, **options: Any) -> Puzzle: ...  # difficulty="singles" (a grade level; Keen's names for kenken); sudoku, killer: diagonals=True for the X variants; sudoku: jigsaw=True; killer: max_cage, givens, single_cages; unequal: adjacent=True

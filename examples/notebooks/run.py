"""Executes the notebooks of this folder with nbclient (as CI does) and fails on any error.

    python examples/notebooks/run.py [--write]   # --write stores the outputs in the files
"""

import pathlib
import sys

import nbformat
from nbclient import NotebookClient

HERE = pathlib.Path(__file__).resolve().parent


def main():
    write = "--write" in sys.argv[1:]
    for path in sorted(HERE.glob("*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(HERE)}}).execute()
        print(f"{path.name}: executed, {len(nb.cells)} cells")
        if write:
            nbformat.write(nb, path)


if __name__ == "__main__":
    main()

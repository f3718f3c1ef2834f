"""Generate and verify N unique puzzles on a Dask cluster, writing JSON Lines.

Each task makes one puzzle (`cagesat.generate(kind, size, seed=SEED + i)`) and proves it unique on
a worker; the client reads every puzzle back from its text, checks the solution with the
independent verifier and proves it unique again before writing its line:

    {"seed": 7, "kind": "kenken", "size": [6, 6], "puzzle": "size 6\\n...", "solution": [[...]], "unique": true}

    python examples/dask_generate.py --kind kenken --size 6 --count 100 --out puzzles.jsonl
    python examples/dask_generate.py ... --scheduler tcp://host:8786   # a running cluster

Without --scheduler it starts a `LocalCluster` of --workers processes (CI: 2). The same script
runs on a cluster of machines: start `dask scheduler` on one and `dask worker tcp://host:8786`
on the others (each with `pip install ./python`), and pass --scheduler. Lines come in the order
the tasks finish; each names its seed, and the same seed gives the same puzzle.
"""

import argparse
import json
import sys
import time

from dask.distributed import Client, LocalCluster, as_completed


def make(kind, size, seed, options):
    """One task, run on a worker: a new puzzle, proven unique there."""
    import cagesat

    start = time.perf_counter()
    puzzle = cagesat.generate(kind, size, seed=seed, **options)
    solution = puzzle.prove_unique()
    return {
        "seed": seed,
        "kind": puzzle.kind,
        "size": list(puzzle.size),
        "puzzle": str(puzzle),  # read back with cagesat.parse(text, kind)
        "solution": solution.grid,
        "unique": solution.unique,
        "worker_ms": round((time.perf_counter() - start) * 1e3, 3),
    }


def check(record):
    """The client's own check of a worker's answer: parse, verify, prove unique again."""
    import cagesat

    puzzle = cagesat.parse(record["puzzle"], kind=record["kind"])
    puzzle.verify(record["solution"])
    again = puzzle.prove_unique()
    if not (record["unique"] and again.unique and again.grid == record["solution"]):
        raise SystemExit(f"seed {record['seed']}: the puzzle is not unique")


def size_arg(text):
    parts = [int(p) for p in text.lower().split("x")]
    return parts[0] if len(parts) == 1 else tuple(parts)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kind", default="kenken", choices=["kenken", "kakuro", "crossproduct", "sudoku", "killer"])
    ap.add_argument("--size", type=size_arg, default=6, help="N or RxC")
    ap.add_argument("--count", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1, help="puzzle i uses seed + i")
    ap.add_argument("--out", default="-", help="JSON Lines file (- for standard output)")
    ap.add_argument("--scheduler", help="address of a running Dask scheduler")
    ap.add_argument("--workers", type=int, default=2, help="LocalCluster workers (without --scheduler)")
    args = ap.parse_args()
    options = {"unique": True} if args.kind == "crossproduct" else {}

    if args.scheduler:
        client = Client(args.scheduler)
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, dashboard_address=None)
        client = Client(cluster)
    out = sys.stdout if args.out == "-" else open(args.out, "w")
    start = time.perf_counter()
    try:
        futures = [
            client.submit(make, args.kind, args.size, args.seed + i, options, pure=False)
            for i in range(args.count)
        ]
        for future in as_completed(futures):
            record = future.result()
            check(record)
            out.write(json.dumps(record) + "\n")
            out.flush()
        workers = len(client.scheduler_info()["workers"])
    finally:
        if out is not sys.stdout:
            out.close()
        client.close()
        if not args.scheduler:
            cluster.close()
    secs = time.perf_counter() - start
    print(f"{args.count} unique {args.kind} puzzles on {workers} workers in {secs:.1f} s", file=sys.stderr)


if __name__ == "__main__":
    main()

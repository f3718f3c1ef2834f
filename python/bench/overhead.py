"""Overhead of the Python module over the library: 600 Keen puzzles solved + proven unique.

The same loop in one run, passes alternating: through Python
(`cagesat.read("keen:" + id).prove_unique()` for each of the 600 game IDs of
benches/data/keen600.txt) and in Rust (the example `keen600`, which parses and proves unique
the same IDs in one process and times itself). Prints both medians and their ratio; the target is at most 1.3x. Exits 1 when
a puzzle is not unique, or (with --check) when the ratio is above --max-ratio.

    python python/bench/overhead.py [--passes 5] [--check --max-ratio 1.3]

Run from the repository root, after `pip install ./python`.
"""

import argparse
import re
import statistics
import subprocess
import sys
import time

import cagesat


def keen_ids(path="benches/data/keen600.txt"):
    with open(path) as f:
        return [line.strip() for line in f if line.strip() and not line.startswith("#")]


def python_pass(ids):
    start = time.perf_counter()
    for game_id in ids:
        solution = cagesat.read("keen:" + game_id).prove_unique()
        if solution is None or solution.unique is not True:
            sys.exit(f"keen:{game_id} is not unique")
    return time.perf_counter() - start


def rust_pass_ms():
    """One pass of the Rust example (built once by `cargo build`, timed inside the process)."""
    out = subprocess.run(
        ["target/release/examples/keen600", "--passes", "1"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    match = re.search(r"median of \d+ passes: ([0-9.]+) ms", out)
    if not match:
        sys.exit(f"unexpected output of the Rust example: {out!r}")
    return float(match.group(1))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--passes", type=int, default=5)
    ap.add_argument("--check", action="store_true", help="fail when the ratio is above --max-ratio")
    ap.add_argument("--max-ratio", type=float, default=1.3)
    args = ap.parse_args()
    ids = keen_ids()
    subprocess.run(["cargo", "build", "--release", "--quiet", "--example", "keen600"], check=True)
    # Passes alternate, so that both sides see the same load on a shared machine.
    rust, python = [], []
    for _ in range(args.passes):
        rust.append(rust_pass_ms())
        python.append(python_pass(ids) * 1e3)
    rust_ms, python_ms = statistics.median(rust), statistics.median(python)
    ratio = python_ms / rust_ms
    print(f"keen600: {len(ids)} puzzles, solve + unique, median of {args.passes} passes")
    print(f"  rust   {rust_ms:8.1f} ms")
    print(f"  python {python_ms:8.1f} ms")
    print(f"  ratio  {ratio:8.2f}x (target <= {args.max_ratio}x)")
    if args.check and ratio > args.max_ratio:
        sys.exit(1)


if __name__ == "__main__":
    main()

#!/bin/sh
# Killer and classic Sudoku: cagesat beside the specialists, on the same puzzles, in one run.
#
#   benches/specialists.sh [CAGESAT_BINARY]
#
# - Hard Killers (tests/data/collections/tarek-42.killers, ISS's TAREK_ALL): cagesat
#   `solve --unique` (default engine, then native, varisat, cadical, and varisat and cadical
#   without the derived sums: `--derived-sums off`), in-process time summed from its JSON
#   stats (setup + encode + solve), beside the Interactive Sudoku Solver (ISS, JavaScript,
#   run under node: tools/perf/benchmark_puzzles.js --solutions 2, the sum of its `ms` column).
# - Classic Sudoku, per puzzle: cagesat's in-process µs (setup + encode + solve, `--unique`; each
#   set REPEAT times in one process, default 50, with the mean and the per-puzzle median) beside tdoku's run_benchmark (its own
#   harness, which counts to two solutions) on the sets of benches/data/specialists/ (with
#   magictour top1465, the first 1,000 17-clue Sudokus and, the easiest, 100 generated ones
#   that singles solve) and tests/data/collections/ (classic-hard, the forum's 375 hardest).
# - Batch: 5,000 9×9 Sudokus (the sets above, digits relabelled and rows and columns permuted
#   within their bands and stacks, seed 38; written to target/specialists/batch.sudokus):
#   whole-process wall time of `solve --unique --json --jobs 1` against its in-process sum.
#
# Nothing is downloaded and CI does not run it. The specialists come from snapshots fetched
# once by hand (the session's `fetch` tool, or git clone), unpacked under target/:
#
#   git --git-dir=<tdoku mirror> archive HEAD -- . ':(exclude)data.zip' | tar -x -C target/tdoku
#   (cd target/tdoku && ./BUILD.sh run_benchmark)          # cmake and g++ (apt-get install cmake)
#   git --git-dir=<ISS mirror> archive HEAD | tar -x -C target/iss     # node 20 runs it as is
#
# TDOKU and ISS override those places; ENGINES picks cagesat's engines for the Killers;
# MATHEMAGIC=1 adds Mathemagic's 14 hard Killers (minutes). Figures are recorded in benches/README.md.
set -eu
cd "$(dirname "$0")/.."
BIN=${1:-target/release/cagesat}
TDOKU=${TDOKU:-target/tdoku}
ISS=${ISS:-target/iss}
OUT=target/specialists
mkdir -p "$OUT"
[ -x "$BIN" ] || cargo build --release -p cagesat-cli

# In-process milliseconds summed over a JSON Lines file, and puzzles, backtracks.
inproc() {
  python3 -c '
import json, sys
ms = n = bt = 0
for line in open(sys.argv[1]):
    s = json.loads(line).get("stats", {})
    ms += s.get("setup_ms", 0) + s.get("encode_ms", 0) + s.get("solve_ms", 0); n += 1; bt += s.get("backtracks") or 0
print(f"{ms:.3f} {n} {bt}")' "$1"
}

# ISS's milliseconds summed over its collection $1 (each puzzle proven unique).
iss_total() {
  (cd "$ISS" && node tools/perf/benchmark_puzzles.js --max-backtracks none \
    --solutions 2 --puzzles "$1" --json) | python3 -c '
import json, sys
rows = json.load(sys.stdin)
assert all(r["status"] == "unique" for r in rows), "ISS: not all unique"
print(round(sum(r["ms"] for r in rows), 1))'
}

echo "== Hard Killers: Tarek's 42 (tests/data/collections/tarek-42.killers)"
if [ -d "$ISS" ]; then
  iss_ms=$(iss_total TAREK_ALL)
  echo "ISS (node $(node --version)): $iss_ms ms"
else
  iss_ms=""; echo "ISS: not found at $ISS (see the header)"
fi
for engine in ${ENGINES:-auto native varisat cadical varisat-nosums cadical-nosums}; do
  case $engine in
    auto) args="" ;; native) args="--engine native" ;;
    *-nosums) args="--backend ${engine%-nosums} --derived-sums off" ;;
    *) args="--backend $engine" ;;
  esac
  # shellcheck disable=SC2086
  "$BIN" solve --unique --json --jobs 1 $args tests/data/collections/tarek-42.killers \
    > "$OUT/killers-$engine.jsonl"
  set -- $(inproc "$OUT/killers-$engine.jsonl")
  ratio=""
  [ -n "$iss_ms" ] && ratio=$(python3 -c "print(f'{$1 / $iss_ms:.2f}x ISS')")
  echo "cagesat $engine: $1 ms over $2 puzzles ($3 native backtracks) $ratio"
done

# Mathemagic's 14 (ISS's MATHEMAGIC_KILLERS, tests/data/collections/mathemagic-14.killers): far
# harder for cagesat (every one goes to varisat after the native budget, minutes for the set),
# so only with MATHEMAGIC=1, default engine, beside ISS.
if [ "${MATHEMAGIC:-0}" = 1 ]; then
  echo "== Hard Killers: Mathemagic's 14 (tests/data/collections/mathemagic-14.killers)"
  iss_ms=""
  if [ -d "$ISS" ]; then
    iss_ms=$(iss_total MATHEMAGIC_KILLERS)
    echo "ISS (node $(node --version)): $iss_ms ms"
  fi
  "$BIN" solve --unique --json --jobs 1 tests/data/collections/mathemagic-14.killers \
    > "$OUT/mathemagic-auto.jsonl"
  set -- $(inproc "$OUT/mathemagic-auto.jsonl")
  ratio=""
  [ -n "$iss_ms" ] && ratio=$(python3 -c "print(f'{$1 / $iss_ms:.2f}x ISS')")
  echo "cagesat auto: $1 ms over $2 puzzles ($3 native backtracks) $ratio"
fi

echo "== Classic Sudoku, µs per puzzle (solve + uniqueness)"
for set in tests/data/collections/classic-hard.sudokus \
           benches/data/specialists/tdoku-unique.sudokus benches/data/sudoku-hard-9x9.txt \
           tests/data/collections/forum-hardest-1106.sudokus benches/data/specialists/top1465.sudokus \
           benches/data/specialists/17clue-1000.sudokus benches/data/specialists/singles-100.sudokus; do
  name=$(basename "$set")
  grep -v '^#' "$set" > "$OUT/$name.sudokus"
  # The set REPEAT times in one process, as tdoku's harness repeats it (after a warm-up)
  # for three seconds: the first puzzle's setup and cold caches are not what is measured.
  # The large sets (tdoku's published ones, 375 and 1,465 puzzles, and the 17-clue
  # 1,000) three times.
  reps=${REPEAT:-50}
  [ "$(grep -c . "$OUT/$name.sudokus")" -gt 100 ] && reps=3
  i=0; : > "$OUT/$name.repeated"
  while [ $i -lt "$reps" ]; do cat "$OUT/$name.sudokus" >> "$OUT/$name.repeated"; i=$((i + 1)); done
  "$BIN" solve --unique --json --jobs 1 "$OUT/$name.repeated" > "$OUT/$name.jsonl"
  set -- $(inproc "$OUT/$name.jsonl")
  ours=$(python3 -c "print(f'{$1 * 1000 / $2:.1f}')")
  # The median of each puzzle's repeats, averaged over the set: robust to the other
  # processes of a loaded machine taking the core now and then.
  median=$(python3 -c '
import json, statistics, sys
k = int(sys.argv[2]); rows = [json.loads(l)["stats"] for l in open(sys.argv[1])]
t = [r.get("setup_ms", 0) + r.get("solve_ms", 0) for r in rows]
print(f"{sum(statistics.median(t[i::k]) for i in range(k)) * 1000 / k:.1f}")' \
    "$OUT/$name.jsonl" "$(grep -c . "$OUT/$name.sudokus")")
  theirs=""
  if [ -x "$TDOKU/build/run_benchmark" ]; then
    theirs=$("$TDOKU/build/run_benchmark" -s tdoku -t 3 -w 1 -r 0 "$OUT/$name.sudokus" 2>&1 \
      | awk -F'|' '/^\|tdoku/ {gsub(/ /, "", $4); print $4}')
  fi
  ratio=""
  [ -n "$theirs" ] && ratio=$(python3 -c "print(f'{$ours / $theirs:.1f}x tdoku')")
  [ -n "$theirs" ] && ratio="$ratio, median $(python3 -c "print(f'{$median / $theirs:.1f}')")x"
  echo "$name ($2 solves, $3 backtracks): cagesat $ours µs (median $median), tdoku ${theirs:-?} µs $ratio"
done

echo "== Batch: 5,000 9x9 Sudokus, whole process vs in-process"
python3 - "$OUT/batch.sudokus" tests/data/collections/classic-hard.sudokus \
  benches/data/specialists/tdoku-unique.sudokus benches/data/sudoku-hard-9x9.txt <<'PY'
import random, sys
rng = random.Random(38)
seeds = [l.strip() for f in sys.argv[2:] for l in open(f) if l.strip() and not l.startswith("#")]
def perm3x3():
    bands = rng.sample(range(3), 3)
    return [3 * b + r for b in bands for r in rng.sample(range(3), 3)]
with open(sys.argv[1], "w") as out:
    for i in range(5000):
        p = seeds[i % len(seeds)]
        rows, cols, digits = perm3x3(), perm3x3(), rng.sample("123456789", 9)
        relabel = {str(d + 1): digits[d] for d in range(9)}
        g = "".join(relabel.get(p[9 * r + c], ".") for r in rows for c in cols)
        out.write(g + "\n")
PY
start=$(date +%s.%N)
"$BIN" solve --unique --json --jobs 1 "$OUT/batch.sudokus" > "$OUT/batch.jsonl"
end=$(date +%s.%N)
set -- $(inproc "$OUT/batch.jsonl")
python3 -c "w = ($end - $start) * 1000; print(f'wall {w:.0f} ms, in-process {$1:.0f} ms over $2 puzzles: {w / $1:.2f}x')"

#!/usr/bin/env bash
# Issue 40's figures for `--threads` on the embedded CaDiCaL, in one run:
#  (a) the hard 20x20 KenKen set (benches/data/kenken-hard-20), `solve --unique --backend
#      cadical`, five interleaved runs (puzzle by puzzle: BIN --threads 1, BIN --threads 2,
#      BASE --threads 1), every process pinned to cores 0,1 (`taskset -c 0,1`); prints the
#      total wall time of each column (sum over the puzzles of the median of the runs), t2/t1
#      and ours/base (one thread);
#  (b) `--threads 16` against `--threads 1` (BIN, unpinned) on the three hardest puzzles of
#      the set (by BIN's one-thread times in (a)) and on
#      tests/data/kenken/generated/gen_kenken_20x20_s20000.kenken, two runs each; prints each
#      puzzle's median times and speedup, and the total speedup.
# Every answer must read "solved (unique)" (the CLI prints only solutions its independent
# verifier accepted), else the script says which and exits 1 at the end.
# Needs bash, coreutils, awk, taskset (util-linux) and the two binaries; about 4 minutes on
# a 16-core machine (one thread takes about 13 s over the set).
#
# Usage: benches/threads40.sh BIN BASE     (e.g. target/release/cagesat /tmp/cagesat-main)
# Environment: RUNS (default 5) runs in (a); RUNS16 (default 2) runs in (b); PIN (default
# 0,1) the cores of (a); BIG (default 16) the thread count of (b).
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 2 ] || { echo "usage: $0 BIN BASE" >&2; exit 2; }
bin=$1 base=$2 runs=${RUNS:-5} runs16=${RUNS16:-2} pin=${PIN:-0,1} big=${BIG:-16}
mapfile -t puzzles < <(ls benches/data/kenken-hard-20/*.kenken)
hardest_extra=tests/data/kenken/generated/gen_kenken_20x20_s20000.kenken
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bad=0

# run LABEL PUZZLE CMD...: times CMD, checks its answer, appends "LABEL PUZZLE SECONDS".
run() {
  local label=$1 puzzle=$2 start end status=0
  shift 2
  start=$(date +%s%N)
  "$@" "$puzzle" > "$work/out" 2>&1 || status=$?
  end=$(date +%s%N)
  if [ $status -ne 0 ] || ! grep -q "solved (unique)" "$work/out"; then
    echo "NOT VERIFIED UNIQUE: $label $puzzle (exit $status)" >&2
    bad=1
  fi
  echo "$label $(basename "$puzzle" .kenken) $(( (end - start) / 1000000 ))" >> "$work/times"
}

# medians: "LABEL PUZZLE MEDIAN_MS" per pair, from $work/times.
medians() {
  sort -k1,1 -k2,2 -k3,3n "$work/times" | awk '
    { key = $1 " " $2; v[key] = v[key] " " $3; n[key]++ }
    END { for (k in v) { c = split(v[k], a, " "); m = c % 2 ? a[(c + 1) / 2] : (a[c / 2] + a[c / 2 + 1]) / 2; print k, m } }'
}

echo "BIN $bin, BASE $base, $(nproc) cores, load before: $(cut -d' ' -f1-3 /proc/loadavg)"
solve=(solve --unique --backend cadical --timeout 600)
: > "$work/times"
for r in $(seq 1 "$runs"); do
  for p in "${puzzles[@]}"; do
    run t1 "$p" taskset -c "$pin" "$bin" "${solve[@]}" --threads 1
    run t2 "$p" taskset -c "$pin" "$bin" "${solve[@]}" --threads 2
    run base "$p" taskset -c "$pin" "$base" "${solve[@]}" --threads 1
  done
done
echo "(a) hard 20x20 set, $runs interleaved runs, pinned to cores $pin (median s per puzzle)"
medians > "$work/med"
awk '
  { t[$1, $2] = $3; seen[$2] = 1 }
  END {
    printf "%-24s %8s %8s %8s\n", "puzzle", "t1", "t2", "base-t1"
    for (p in seen) {
      printf "%-24s %8.2f %8.2f %8.2f\n", p, t["t1", p] / 1000, t["t2", p] / 1000, t["base", p] / 1000
      s1 += t["t1", p]; s2 += t["t2", p]; sb += t["base", p]
    }
    printf "%-24s %8.2f %8.2f %8.2f\n", "total", s1 / 1000, s2 / 1000, sb / 1000
    printf "t2/t1: %.3f   ours/base (one thread): %.3f\n", s2 / s1, s1 / sb
  }' "$work/med"

# The three hardest by BIN's one-thread medians, then the issue's hardest puzzle.
mapfile -t hard < <(awk '$1 == "t1" { print $3, $2 }' "$work/med" | sort -rn | head -3 | awk '{ print $2 }')
big_set=()
for h in "${hard[@]}"; do big_set+=("benches/data/kenken-hard-20/$h.kenken"); done
big_set+=("$hardest_extra")
: > "$work/times"
for r in $(seq 1 "$runs16"); do
  for p in "${big_set[@]}"; do
    run t1 "$p" "$bin" "${solve[@]}" --threads 1
    run "t$big" "$p" "$bin" "${solve[@]}" --threads "$big"
  done
done
echo "(b) --threads $big against --threads 1, $runs16 runs each (median s), unpinned"
medians | awk -v big="t$big" '
  { t[$1, $2] = $3; seen[$2] = 1 }
  END {
    printf "%-32s %8s %8s %8s\n", "puzzle", "t1", big, "speedup"
    for (p in seen) {
      printf "%-32s %8.2f %8.2f %8.2f\n", p, t["t1", p] / 1000, t[big, p] / 1000, t["t1", p] / t[big, p]
      s1 += t["t1", p]; sb += t[big, p]
    }
    printf "%-32s %8.2f %8.2f %8.2f\n", "total", s1 / 1000, sb / 1000, s1 / sb
  }'
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
exit $bad

#!/usr/bin/env bash
# A/B timing of two `cagesat` binaries on the workloads the refactors must not slow down, in
# one run, the two binaries alternating run by run so that machine noise hits both alike:
#   keen600     solve --unique --jobs 1 over the 600 Keen IDs of benches/data/keen600.txt
#   xp-count    count --jobs 1 of the CrossProducts whose header states their count
#   kakuro      solve --unique --jobs 1 over the shipped Kakuros (tests/data/kakuro)
#   sudoku      solve --unique --jobs 1 over the shipped Sudokus and the 10 hardest generated
#               (benches/data/sudoku-hard-9x9.txt, one file each)
#   killer      solve --unique --jobs 1 over the shipped Killers (tests/data/killer, killer-hard)
#   k20-varisat solve --unique --backend varisat of the generated 20x20 KenKen s20000
#   h20-cadical solve --unique --backend cadical --threads 1 of three of the hard 20x20 set
# Inputs BASE cannot read (exit status 2: a format added since) are left out, named on stderr.
# Prints per workload the median wall time of each binary over RUNS runs (after one warm-up
# each) and the ratio new/base; exit status of a run is not checked (count exits 1 where a
# file states no count), but the last run's answers (status, solution, uniqueness, count per file) are compared.
#
# Usage: benches/ab.sh BASE_BINARY NEW_BINARY [RUNS]      (RUNS default 3)
# Environment: WORKLOADS (default: all above, in that order).
set -euo pipefail
cd "$(dirname "$0")/.."
base=$1 new=$2 runs=${3:-3}
all="keen600 xp-count kakuro sudoku killer k20-varisat h20-cadical"
workloads=${WORKLOADS:-$all}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

grep -v '^#' benches/data/keen600.txt | sed 's/^/keen:/' > "$tmp/keen600"
grep -l "solutions: *[0-9]" tests/data/crossproduct/*/*.crossproduct > "$tmp/xp-count"
find tests/data/kakuro -name '*.kakuro' | sort > "$tmp/kakuro"
n=0
while read -r line; do
  n=$((n + 1)); echo "$line" > "$tmp/hard-$n.sudoku"
done < <(grep -v '^#' benches/data/sudoku-hard-9x9.txt)
{ find tests/data/sudoku -name '*.sudoku' | sort; ls "$tmp"/hard-*.sudoku; } > "$tmp/sudoku"
find tests/data/killer tests/data/killer-hard -name '*.killer' | sort > "$tmp/killer"
echo tests/data/kenken/generated/gen_kenken_20x20_s20000.kenken > "$tmp/k20-varisat"
printf 'benches/data/kenken-hard-20/kenken_20x20_s%s.kenken\n' 1 11 15 > "$tmp/h20-cadical"

# Only what both binaries read: an older BASE may not know a format (exit status 2).
for w in $workloads; do
  while read -r f; do
    status=0; "$base" solve --timeout 1 "$f" > /dev/null 2>&1 || status=$?
    [ "$status" -eq 2 ] && echo "skipped (BASE cannot read it): $f" >&2 || echo "$f"
  done < "$tmp/$w" > "$tmp/$w.ok"
  mv "$tmp/$w.ok" "$tmp/$w"
done

# The command line of a workload for binary $1 (its files come from xargs).
args() {
  case $1 in
    xp-count) echo "count --jobs 1 --json" ;;
    k20-varisat) echo "solve --unique --backend varisat --json" ;;
    h20-cadical) echo "solve --unique --backend cadical --threads 1 --json" ;;
    *) echo "solve --unique --jobs 1 --json" ;;
  esac
}

# Runs workload $2 with binary $1, output to $3; prints the wall seconds.
run() {
  local start end
  start=$(date +%s.%N)
  # shellcheck disable=SC2046
  xargs -a "$tmp/$2" "$1" $(args "$2") > "$3" 2>/dev/null || true
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# The answers of a run, without statistics: what both binaries must agree on.
answers() { jq -c '{file, status, solution, unique, count}' "$1" 2>/dev/null | md5sum | cut -c1-12; }

printf '%-12s %10s %10s %8s  %s\n' workload base_s new_s new/base answers
for w in $workloads; do
  run "$base" "$w" "$tmp/out-base" > /dev/null
  run "$new" "$w" "$tmp/out-new" > /dev/null
  : > "$tmp/t-base"; : > "$tmp/t-new"
  for _ in $(seq "$runs"); do
    run "$base" "$w" "$tmp/out-base" >> "$tmp/t-base"
    run "$new" "$w" "$tmp/out-new" >> "$tmp/t-new"
  done
  b=$(median < "$tmp/t-base") n=$(median < "$tmp/t-new")
  same="differ"
  if [ "$(answers "$tmp/out-base")" = "$(answers "$tmp/out-new")" ]; then same="same"; fi
  printf '%-12s %10.2f %10.2f %8.2f  %s\n' "$w" "$b" "$n" "$(echo "$n / $b" | bc -l)" "$same"
done

#!/usr/bin/env bash
# Issue 40, for a machine with many cores: `solve --unique --backend cadical` on the hardest
# puzzles of the hard 20x20 set (s24, s5, s22, by one-thread time on the 16-core machine in
# session 18) and tests/data/kenken/generated/gen_kenken_20x20_s20000.kenken, one
# configuration after the other (unpinned), interleaved puzzle by puzzle, RUNS rounds
# (default 2); prints per-puzzle medians, totals, and each total's speedup over the first
# configuration. Every answer must read "solved (unique)", else it is printed.
# MODES: one configuration per line, "LABEL THREADS [ENV...]" with ENV the measurement
# switches of encodings/backends.md (session 19), e.g. CAGESAT_SHARE=len=32.
# Usage: benches/big40.sh BIN [RUNS]
set -uo pipefail
cd "$(dirname "$0")/.."
bin=$1 runs=${2:-2}
set_dir=benches/data/kenken-hard-20
puzzles=("$set_dir/kenken_20x20_s24.kenken" "$set_dir/kenken_20x20_s5.kenken"
  "$set_dir/kenken_20x20_s22.kenken" tests/data/kenken/generated/gen_kenken_20x20_s20000.kenken)
modes=${MODES:-"t1 1
t16 16"}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "$(nproc) cores, load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for r in $(seq 1 "$runs"); do
  for p in "${puzzles[@]}"; do
    while read -r label threads rest; do
      [ -n "$label" ] || continue
      s=$(date +%s%N)
      env $rest "$bin" solve --unique --backend cadical --threads "$threads" "$p" > "$work/out" 2>&1
      e=$(date +%s%N)
      grep -q "solved (unique)" "$work/out" || echo "NOT UNIQUE $label $p"
      echo "$label $(basename "$p" .kenken) $(( (e - s) / 1000000 ))" >> "$work/times"
    done <<< "$modes"
  done
done
order=$(awk 'NF { printf "%s ", $1 }' <<< "$modes")
awk -v order="$order" -f benches/medians.awk "$work/times"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"

#!/usr/bin/env bash
# Issue 40, for a machine with 16 cores: the ways CaDiCaL's portfolio members import each
# other's clauses, each configuration over the hard 20x20 set (`solve --unique --backend
# cadical`), run side by side on disjoint pairs of physical cores (taskset), RUNS rounds
# (default 3) with the pairs rotated; prints per-puzzle medians, totals and ratios to
# BASE's one thread and BIN's. Configurations: main-t1 / up-t1 (BASE, BIN one thread),
# main-t2 (BASE two threads), search-t2 / restart-t2 (BIN two threads importing during
# search / by a new solve call: CAGESAT_CADICAL_IMPORT), restart-lucky0 and
# restart-stabonly (options lucky=0, stabilizeonly=1 on every member), search-focused0
# (member 0 stabilize=0: CAGESAT_CADICAL_OPTIONS). Answers not "solved (unique)" are
# printed (ratios are to the first two configurations). Needs bash, coreutils, awk, lscpu and taskset (util-linux).
# Usage: benches/modes40.sh BIN BASE [RUNS]
set -uo pipefail
cd "$(dirname "$0")/.."
bin=$1 base=$2 runs=${3:-3}
mapfile -t puzzles < <(ls benches/data/kenken-hard-20/*.kenken)
source benches/pairs.sh
echo "physical-core cpus: ${cpus[*]} -> $npairs pairs; load $(cut -d' ' -f1-3 /proc/loadavg)"
# MODES (optional) replaces the configurations: one per line, "LABEL WHICH THREADS [ENV...]"
# with WHICH `bin` or `base` and ENV assignments such as CAGESAT_SHARE=len=8 (the
# measurement switches are listed in encodings/backends.md, session 19).
default_modes="main-t1 base 1
up-t1 bin 1
main-t2 base 2
search-t2 bin 2
restart-t2 bin 2 CAGESAT_CADICAL_IMPORT=restart
restart-lucky0 bin 2 CAGESAT_CADICAL_IMPORT=restart CAGESAT_CADICAL_OPTIONS=lucky=0
restart-stabonly bin 2 CAGESAT_CADICAL_IMPORT=restart CAGESAT_CADICAL_OPTIONS=stabilizeonly=1
search-focused0 bin 2 CAGESAT_CADICAL_OPTIONS=stabilize=0;"
labels=() envs=() bins=() threads=()
while read -r label which nthreads rest; do
  [ -n "$label" ] || continue
  labels+=("$label") threads+=("$nthreads") envs+=("$rest")
  if [ "$which" = base ]; then bins+=("$base"); else bins+=("$bin"); fi
done <<< "${MODES:-$default_modes}"
work=$(mktemp -d)
job() { # index pair round
  local i=$1 pair=$2 p s e
  local pin="${cpus[$((2 * pair))]},${cpus[$((2 * pair + 1))]}"
  for p in "${puzzles[@]}"; do
    s=$(date +%s%N)
    env ${envs[$i]} taskset -c "$pin" "${bins[$i]}" solve --unique --backend cadical --threads "${threads[$i]}" "$p" > "$work/out.$i" 2>&1
    e=$(date +%s%N)
    grep -q "solved (unique)" "$work/out.$i" || echo "NOT UNIQUE ${labels[$i]} $p"
    echo "${labels[$i]} $(basename "$p" .kenken) $(( (e - s) / 1000000 ))" >> "$work/times.$i"
  done
}
deal "$runs" ${#labels[@]} job
cat "$work"/times.* | awk -v order="${labels[*]}" -f benches/medians.awk
rm -rf "$work"

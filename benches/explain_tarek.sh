#!/usr/bin/env bash
# Explains Tarek's 42 hard Killers (tests/data/collections/tarek-42.killers) one at a time,
# on one core, and prints per puzzle: seconds (wall, and the CPU seconds it used, which
# are what count on a loaded machine), steps, unnamed combination steps, trial steps,
# search steps and the end; then the totals and the median CPU time. Issue #54's targets:
# every one solved, each within 30 s, median at most 5 s, combinations at most 5% of all
# steps.
#
# Usage: benches/explain_tarek.sh [TIMEOUT_SECS] [FIRST] [LAST]
#   (defaults 30, 1, 42; the binary is target/release/cagesat, build it first, or $CAGESAT)
# With CPU=1 the limit is on CPU seconds instead of wall seconds (`prlimit --cpu`, the
# process is killed at the limit, so its steps so far are what it had printed): on a
# machine shared with builds, the same budget as an idle core gives.
set -euo pipefail
limit=${1:-30}
first=${2:-1}
last=${3:-42}
root=$(cd "$(dirname "$0")/.." && pwd)
bin="${CAGESAT:-$root/target/release/cagesat}"
data="$root/tests/data/collections/tarek-42.killers"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
grep -v '^#' "$data" | grep -v '^[[:space:]]*$' > "$tmp/all"
printf '%-4s %8s %8s %6s %6s %6s %6s  %s\n' n secs cpu steps comb trial search end
for n in $(seq "$first" "$last"); do
    sed -n "${n}p" "$tmp/all" > "$tmp/p.txt"
    start=$(date +%s.%N)
    rc=0
    if [ "${CPU:-0}" = 1 ]; then
        /usr/bin/time -f %U -o "$tmp/cpu" prlimit --cpu="$limit":"$((limit + 1))" taskset -c 0 \
            "$bin" explain --kind killer-short --json --quiet --timeout "$((limit * 10))" "$tmp/p.txt" \
            > "$tmp/out.json" 2> /dev/null || rc=$?
    else
        /usr/bin/time -f %U -o "$tmp/cpu" taskset -c 0 "$bin" explain --kind killer-short --json --quiet --timeout "$limit" "$tmp/p.txt" \
            > "$tmp/out.json" 2> /dev/null || rc=$?
    fi
    end=$(date +%s.%N)
    secs=$(echo "$end - $start" | bc)
    cpu=$(tail -1 "$tmp/cpu")
    steps=$(grep -c '"cell"' "$tmp/out.json" || true)
    comb=$(grep -c '"technique":"combination of' "$tmp/out.json" || true)
    trial=$(grep -c '"technique":"trial of' "$tmp/out.json" || true)
    search=$(grep -c '"technique":"search of' "$tmp/out.json" || true)
    summary=$(tail -1 "$tmp/out.json" | sed -n 's/.*"summary":"\([^"]*\)".*/\1/p' | cut -c1-40)
    printf '%-4s %8.2f %8.2f %6s %6s %6s %6s  %s (exit %s)\n' "$n" "$secs" "$cpu" "$steps" "$comb" "$trial" "$search" "$summary" "$rc"
    echo "$cpu $steps $comb $rc" >> "$tmp/rows"
done
# The median CPU seconds, by sort (plain awk has no asort).
sort -n "$tmp/rows" | awk '{ t[NR] = $1; s += $2; c += $3; if ($4 == 0) ok++; if ($1 > top) top = $1 }
     END {
       n = NR
       med = (n % 2) ? t[(n + 1) / 2] : (t[n / 2] + t[n / 2 + 1]) / 2
       printf "solved %d of %d; steps %d, combinations %d (%.1f%%); CPU median %.2f s, slowest %.2f s\n",
              ok, n, s, c, (s ? 100 * c / s : 0), med, top
     }'

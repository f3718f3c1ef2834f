#!/usr/bin/env bash
# Two builds side by side on Tarek's 42 hard Killers (tests/data/collections/tarek-42.killers):
# for each line both explain it at once, one per core, the cores swapped from one line to
# the next, each under a limit of CPU seconds (`prlimit --cpu`). Prints per line the CPU
# seconds of each, their steps and whether the two paths are the same byte for byte; then
# the totals and the medians. On a shared two-core machine the same path took up to 40%
# longer in one run than in the other: compare totals and medians over the 42, not lines.
#
# Usage: benches/explain_tarek_ab.sh BIN_A BIN_B [FIRST] [LAST] [LIMIT_SECS]
#   (defaults 1, 42, 30)
set -euo pipefail
a=$1
b=$2
first=${3:-1}
last=${4:-42}
limit=${5:-30}
root=$(cd "$(dirname "$0")/.." && pwd)
data="$root/tests/data/collections/tarek-42.killers"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
grep -v '^#' "$data" | grep -v '^[[:space:]]*$' > "$tmp/all"
# One explanation of line $3 by binary $1 on core $2, its JSON Lines in $4; prints the CPU
# seconds (those it had when the limit killed it, if it did).
run() {
    sed -n "$3p" "$tmp/all" > "$tmp/p$2.txt"
    /usr/bin/time -f %U -o "$tmp/cpu$2" prlimit --cpu="$limit":"$((limit + 1))" taskset -c "$2" \
        "$1" explain --kind killer-short --json --quiet --timeout "$((limit * 10))" "$tmp/p$2.txt" \
        > "$4" 2> /dev/null || true
    tail -1 "$tmp/cpu$2"
}
printf '%-4s %8s %8s %6s %6s  %s\n' n cpu_a cpu_b steps_a steps_b path
for n in $(seq "$first" "$last"); do
    ca=$((n % 2))
    cb=$((1 - ca))
    run "$a" "$ca" "$n" "$tmp/a.json" > "$tmp/ra" &
    run "$b" "$cb" "$n" "$tmp/b.json" > "$tmp/rb" &
    wait
    sa=$(grep -c '"cell"' "$tmp/a.json" || true)
    sb=$(grep -c '"cell"' "$tmp/b.json" || true)
    same=$(cmp -s "$tmp/a.json" "$tmp/b.json" && echo same || echo differs)
    printf '%-4s %8.2f %8.2f %6s %6s  %s\n' "$n" "$(tail -1 "$tmp/ra")" "$(tail -1 "$tmp/rb")" "$sa" "$sb" "$same"
    echo "$(tail -1 "$tmp/ra") $(tail -1 "$tmp/rb")" >> "$tmp/rows"
done
# Totals and medians (sort, as plain awk has no asort).
for col in 1 2; do
    cut -d' ' -f"$col" "$tmp/rows" | sort -n | awk -v col="$col" '{ t[NR] = $1; s += $1 }
        END { med = (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
              printf "%s: CPU %.1f s in all, median %.2f s\n", (col == 1 ? "A" : "B"), s, med }'
done

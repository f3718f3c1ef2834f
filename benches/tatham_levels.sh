#!/bin/sh
# Usage: benches/tatham_levels.sh [BINARY]
# The agreement of `cagesat grade`'s difficulty with Simon Tatham's own levels (issue 53):
# every file of tests/data/tatham-levels (made by its make.sh with sgt-solo and sgt-keen at
# each level, the level in the file name) is graded with `grade --json`, and a table per kind
# counts the puzzles of each of Tatham's levels (rows) by the level we give (columns), with
# how many agree. Needs python3 for the JSON. Exits 1 when a kind agrees on less than 90%.
cd "$(dirname "$0")/.."
bin=${1:-target/release/cagesat}
dir=tests/data/tatham-levels
start=$(date +%s.%N)
for f in "$dir"/solo-*.txt "$dir"/killer-*.txt "$dir"/keen-*.txt; do
    "$bin" grade --json --jobs 1 "$f" | sed "s|^|$(basename "$f" .txt)\t|"
done | python3 -c '
import json, sys
solo = ["trivial", "basic", "intermediate", "advanced", "extreme", "unreasonable"]
keen = ["easy", "normal", "hard", "extreme", "unreasonable"]
letters = {"solo": dict(zip("tbiaeu", solo)), "killer": dict(zip("tbiaeu", solo)),
           "keen": dict(zip("enhxu", keen))}
table = {}
for line in sys.stdin:
    name, record = line.rstrip("\n").split("\t", 1)
    kind, params = name.split("-", 1)
    theirs = letters[kind][params[-1]]
    ours = json.loads(record).get("difficulty") or "-"
    table.setdefault(kind, {}).setdefault(theirs, {}).setdefault(ours, 0)
    table[kind][theirs][ours] += 1
bad = False
for kind in ["solo", "killer", "keen"]:
    levels = keen if kind == "keen" else solo
    rows = table.get(kind, {})
    print(f"{kind}: Tatham (rows) by cagesat (columns)")
    print(" " * 13 + "".join(f"{l[:6]:>7}" for l in levels) + "  agree")
    agree = total = 0
    for theirs in levels:
        if theirs not in rows:
            continue
        row = rows[theirs]
        n = sum(row.values())
        a = row.get(theirs, 0)
        agree, total = agree + a, total + n
        print(f"{theirs:>13}" + "".join(f"{row.get(l, 0):>7}" for l in levels) + f"  {a}/{n}")
    pct = 100 * agree / max(total, 1)
    print(f"{kind}: {agree}/{total} agree ({pct:.1f}%)\n")
    bad |= agree * 10 < total * 9
sys.exit(1 if bad else 0)
'
status=$?
end=$(date +%s.%N)
echo "graded in $(echo "$end - $start" | bc) s"
exit $status

#!/bin/sh
# ISS's variant Sudoku corpus (tests/data/variant/iss, issue 52): cagesat beside the
# Interactive Sudoku Solver on the same puzzles, in one run.
#
#   benches/iss/bench.sh [ISS_CHECKOUT] [CAGESAT_BINARY]
#
# ISS: node ISS_CHECKOUT/tools/perf/benchmark_puzzles.js --max-backtracks none --solutions 2
# --json, given every .iss string of the corpus as an `input:` selector in one process (the
# strings hold no commas, the selector list's separator); its time is the sum of the `ms`
# column, every row must be `unique`. cagesat: `solve --unique --json --jobs 1` over the
# .iss files; its time is the sum of the `_ms` fields of each `stats` (in-process), every
# answer must be solved, unique and equal to the .solution beside it. Prints both totals and
# the ratio; exits 1 when either side fails a puzzle (the failures listed, the totals then
# over the puzzles that passed).
#
# Nothing is downloaded and CI does not run it. ISS comes from a snapshot (the session's
# `fetch` tool, or git clone), unpacked as is (node 20 runs it without npm install):
#
#   git --git-dir=<ISS mirror> archive HEAD | tar -x -C target/iss
#
# ISS_CHECKOUT defaults to $ISS, then target/iss; CAGESAT_BINARY to target/release/cagesat
# (built when missing). Figures are recorded in benches/README.md.
set -eu
cd "$(dirname "$0")/../.."
ISS=${1:-${ISS:-target/iss}}
BIN=${2:-target/release/cagesat}
DIR=tests/data/variant/iss
OUT=target/iss-bench
mkdir -p "$OUT"
[ -x "$BIN" ] || cargo build --release -p cagesat-cli

# The corpus in puzzles.tsv's order (its first column names NAME.iss and NAME.solution).
cut -f1 "$DIR/puzzles.tsv" > "$OUT/names"
count=$(grep -c . "$OUT/names")

iss_ms=""
if [ -f "$ISS/tools/perf/benchmark_puzzles.js" ]; then
  list=$(while read -r name; do printf 'input:%s,' "$(tr -d '\n' < "$DIR/$name.iss")"; done \
    < "$OUT/names")
  (cd "$ISS" && node tools/perf/benchmark_puzzles.js --max-backtracks none --solutions 2 \
    --json --puzzles "${list%,}") > "$OUT/iss.json" || true
  iss_ms=$(python3 - "$OUT/iss.json" "$OUT/names" <<'PY'
import json, sys
names = [l.strip() for l in open(sys.argv[2]) if l.strip()]
try:
    rows = json.load(open(sys.argv[1]))
except ValueError:
    rows = []
if len(rows) != len(names):
    print(f"ISS: {len(rows)} rows for {len(names)} puzzles", file=sys.stderr)
    sys.exit(1)
bad = [n for n, r in zip(names, rows) if r["status"] != "unique"]
for n in bad:
    print(f"ISS: {n}: not proven unique", file=sys.stderr)
print(round(sum(r["ms"] for n, r in zip(names, rows) if n not in bad), 1))
sys.exit(1 if bad else 0)
PY
  ) || iss_failed=1
  echo "ISS (node $(node --version)): ${iss_ms:-?} ms over $count puzzles"
else
  echo "ISS: not found at $ISS (see the header)"
fi

sed "s|^|$DIR/|; s|\$|.iss|" "$OUT/names" > "$OUT/files"
# shellcheck disable=SC2046
"$BIN" solve --unique --json --jobs 1 $(cat "$OUT/files") > "$OUT/cagesat.jsonl" 2> "$OUT/cagesat.err" || true
ours=$(python3 - "$OUT/cagesat.jsonl" "$DIR" "$OUT/names" <<'PY'
import json, os, sys
path, folder, names = sys.argv[1], sys.argv[2], [l.strip() for l in open(sys.argv[3]) if l.strip()]
answers = {}
for line in open(path):
    try:
        r = json.loads(line)
    except ValueError:
        continue
    answers[os.path.basename(r.get("file", ""))[:-len(".iss")]] = r
ms, ok = 0.0, 0
for n in names:
    r = answers.get(n)
    want = [[int(d) for d in row.split()] for row in open(os.path.join(folder, n + ".solution"))]
    if r is None:
        why = "no answer"
    elif r.get("status") != "solved":
        why = r.get("error") or r.get("status")
    elif r.get("unique") is not True:
        why = "not proven unique"
    elif r.get("solution") != want:
        why = "differs from the .solution"
    else:
        ok += 1
        ms += sum(v for k, v in r.get("stats", {}).items() if k.endswith("_ms"))
        continue
    print(f"cagesat: {n}: {why}", file=sys.stderr)
print(f"{ms:.1f} {ok}")
sys.exit(0 if ok == len(names) else 1)
PY
) || ours_failed=1
# shellcheck disable=SC2086
set -- ${ours:-0.0 0}
echo "cagesat $("$BIN" --version 2>/dev/null | tr -d '\n'): $1 ms over $2 of $count puzzles"
if [ -n "$iss_ms" ] && [ -z "${iss_failed:-}" ] && [ -z "${ours_failed:-}" ]; then
  python3 -c "print(f'cagesat / ISS: {$1 / $iss_ms:.2f}x')"
fi
[ -z "${iss_failed:-}" ] && [ -z "${ours_failed:-}" ]

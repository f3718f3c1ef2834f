#!/usr/bin/env bash
# A/B timing of two `cagesat` binaries on the three workloads the refactors must not slow
# down, in one run, alternating so that machine noise hits both alike:
#   keen600   solve --unique --jobs 1 over the 600 Keen IDs of benches/data/keen600.txt
#   xp-count  count --jobs 1 of the 90 CrossProducts whose header states their count
#             (some have none: exit 1 is expected there, hence -i)
#   kenken20  solve --unique of the generated 20x20 KenKen s20000 (CDCL, cage lines)
# Usage: benches/ab.sh BASE_BINARY NEW_BINARY [RUNS]   (needs hyperfine)
set -euo pipefail
cd "$(dirname "$0")/.."
base=$1 new=$2 runs=${3:-5}
mapfile -t ids < <(grep -v '^#' benches/data/keen600.txt | sed 's/^/keen:/')
mapfile -t xp < <(grep -l "solutions: *[0-9]" tests/data/crossproduct/*/*.crossproduct)
k20=tests/data/kenken/generated/gen_kenken_20x20_s20000.kenken
printf '%s\n' "${ids[@]}" > target/ab-keen600.args
printf '%s\n' "${xp[@]}" > target/ab-xp.args
hyperfine -N --warmup 1 --runs "$runs" --export-markdown target/ab-keen600.md \
  -n base "xargs -a target/ab-keen600.args $base solve --unique --jobs 1 --json" \
  -n new "xargs -a target/ab-keen600.args $new solve --unique --jobs 1 --json" 2>&1 | grep -v '^ *$' || true
hyperfine -N -i --warmup 1 --runs "$runs" --export-markdown target/ab-xp.md \
  -n base "xargs -a target/ab-xp.args $base count --jobs 1 --json" \
  -n new "xargs -a target/ab-xp.args $new count --jobs 1 --json" 2>&1 | grep -v '^ *$' || true
hyperfine -N --runs 3 --export-markdown target/ab-k20.md \
  -n base "$base solve --unique $k20" -n new "$new solve --unique $k20" 2>&1 | grep -v '^ *$' || true
cat target/ab-keen600.md target/ab-xp.md target/ab-k20.md

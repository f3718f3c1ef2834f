#!/usr/bin/env bash
# The hard 20x20 KenKen set (benches/data/kenken-hard-20), `solve --unique` per puzzle, in one
# run, configurations interleaved puzzle by puzzle so that machine noise hits all alike:
#   cadical-t1 / cadical-t2   embedded CaDiCaL, default encoding, THREADS_FLAG 1 and 2
#   cadical-on / cadical-off  embedded CaDiCaL, --cage-lines on / off (one thread)
#   cadical-seq / varisat-seq --amo sequential (the ladder `auto` wrote before session 10)
#   varisat-on / varisat-off  embedded varisat, --cage-lines on / off (one thread; slow)
#   ref-cadical               the external `cadical` binary on the same CNF
#                             (`solve --unique --solver cadical`: two calls, DIMACS files)
#   ref-first                 the external `cadical` binary on `cagesat encode` output alone
#                             (first solution only, no uniqueness: the solver's own floor)
# Prints the median wall time (s) of RUNS runs per puzzle and configuration, the totals, the
# load average before and after, and the ratios t2/t1, off/on and seq/pairwise (CaDiCaL,
# varisat) and ours/reference. (cadical-on and varisat-on are each solver's default CNF.)
#
# Usage: benches/hard20.sh [BINARY] [RUNS]      (defaults: target/release/cagesat, 3)
# Environment:
#   CONFIGS       configurations to run (default: all above, those that can run here)
#   THREADS_FLAG  the threads option of `solve` (default --threads); rows t1/t2 are skipped
#                 when BINARY's `solve --help` does not mention it
#   CADICAL       the external CaDiCaL binary (default: `cadical` on PATH; rows skipped if none)
#   TIMEOUT       --timeout per puzzle and configuration, seconds (default 300)
#   SET           directory of NAME.kenken files (default benches/data/kenken-hard-20)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/release/cagesat} runs=${2:-3}
threads_flag=${THREADS_FLAG:---threads} cadical=${CADICAL:-cadical} timeout=${TIMEOUT:-300}
set_dir=${SET:-benches/data/kenken-hard-20}
all="cadical-t1 cadical-t2 cadical-on cadical-off cadical-seq varisat-on varisat-off varisat-seq ref-cadical ref-first"
configs=${CONFIGS:-$all}
mapfile -t puzzles < <(ls "$set_dir"/*.kenken)
[ ${#puzzles[@]} -gt 0 ] || { echo "no puzzles in $set_dir" >&2; exit 2; }
has_threads=no
if "$bin" solve --help | grep -q -- "$threads_flag"; then has_threads=yes; fi
has_cadical=no
if command -v "$cadical" > /dev/null; then has_cadical=yes; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The command line of configuration $1 on puzzle $2 (empty: the configuration cannot run).
command_for() {
  local solve=("$bin" solve --unique --timeout "$timeout")
  local two=("${solve[@]}")
  # Every row but t2 runs on one thread (whatever the default thread rule).
  [ $has_threads = yes ] && solve+=("$threads_flag" 1) && two+=("$threads_flag" 2)
  case $1 in
    cadical-t1) [ $has_threads = yes ] && echo "${solve[*]} --backend cadical $2" ;;
    cadical-t2) [ $has_threads = yes ] && echo "${two[*]} --backend cadical $2" ;;
    cadical-on) echo "${solve[*]} --backend cadical --cage-lines on $2" ;;
    cadical-off) echo "${solve[*]} --backend cadical --cage-lines off $2" ;;
    cadical-seq) echo "${solve[*]} --backend cadical --amo sequential $2" ;;
    varisat-seq) echo "${solve[*]} --backend varisat --amo sequential $2" ;;
    varisat-on) echo "${solve[*]} --backend varisat --cage-lines on $2" ;;
    varisat-off) echo "${solve[*]} --backend varisat --cage-lines off $2" ;;
    ref-cadical) [ $has_cadical = yes ] && echo "${solve[*]} --solver $cadical $2" ;;
    ref-first) [ $has_cadical = yes ] && echo "ref-first $2" ;;
  esac
  return 0
}

# Runs one command line, appends "config puzzle seconds" to $work/times.
run_one() {
  local config=$1 puzzle=$2 line=$3 start end status=0
  if [ "$config" = ref-first ]; then
    "$bin" encode "$puzzle" > "$work/p.cnf"
    start=$(date +%s.%N)
    # CaDiCaL exits 10 (SAT) or 20 (UNSAT).
    timeout "$timeout" "$cadical" -q "$work/p.cnf" > /dev/null || status=$?
    end=$(date +%s.%N)
    [ $status -eq 10 ] || echo "$config $puzzle: cadical exit $status" >&2
  else
    start=$(date +%s.%N)
    $line > /dev/null || status=$?
    end=$(date +%s.%N)
    [ $status -eq 0 ] || echo "$config $puzzle: exit $status" >&2
  fi
  echo "$config $(basename "$puzzle" .kenken) $(echo "$end - $start" | bc)" >> "$work/times"
}

echo "binary $bin, $runs runs, ${#puzzles[@]} puzzles, $(nproc) cores"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
: > "$work/times"
active=()
for c in $configs; do
  if [ -n "$(command_for "$c" x)" ]; then active+=("$c"); else echo "skipped: $c"; fi
done
for r in $(seq 1 "$runs"); do
  for p in "${puzzles[@]}"; do
    for c in "${active[@]}"; do
      run_one "$c" "$p" "$(command_for "$c" "$p")"
    done
  done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"

# Medians per (config, puzzle), the table, totals and ratios.
awk -v configs="${active[*]}" '
  { t[$1 SUBSEP $2] = t[$1 SUBSEP $2] " " $3; seen[$2] = 1 }
  function median(s,   a, n, i, j, x) {
    n = split(s, a, " ")
    for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
  }
  END {
    nc = split(configs, c, " ")
    printf "%-28s", "puzzle (median s)"; for (i = 1; i <= nc; i++) printf " %12s", c[i]; print ""
    np = 0; for (p in seen) names[++np] = p
    for (i = 2; i <= np; i++) { x = names[i]; for (j = i - 1; j >= 1 && names[j] > x; j--) names[j + 1] = names[j]; names[j + 1] = x }
    for (k = 1; k <= np; k++) {
      printf "%-28s", names[k]
      for (i = 1; i <= nc; i++) { m = median(t[c[i] SUBSEP names[k]]); tot[c[i]] += m; printf " %12.2f", m }
      print ""
    }
    printf "%-28s", "total"; for (i = 1; i <= nc; i++) printf " %12.2f", tot[c[i]]; print ""
    ratio("cadical-t2", "cadical-t1"); ratio("cadical-off", "cadical-on"); ratio("varisat-off", "varisat-on")
    ratio("cadical-seq", "cadical-on"); ratio("varisat-seq", "varisat-on")
    ratio("cadical-t1", "ref-cadical"); ratio("cadical-on", "ref-cadical"); ratio("cadical-off", "ref-cadical")
  }
  function ratio(a, b) { if (tot[a] > 0 && tot[b] > 0) printf "%s / %s: %.3f\n", a, b, tot[a] / tot[b] }
' "$work/times"

#!/usr/bin/env bash
# Issue 40, for a machine with 16 cores: do two portfolio members of one process slow each
# other down? Eight configurations over the hard 20x20 set (`solve --unique --backend
# cadical`), side by side on disjoint pairs of physical cores (taskset), RUNS rounds (default
# 3) with the pairs rotated; prints per-puzzle medians and totals of wall time and of CPU
# time (user + system), with ratios to one thread:
#   t1, t2        BIN, one and two threads
#   same-noshare  two members in the same configuration (default) that share no clause
#                 (CAGESAT_SHARE=len=0): each does one thread's work, so wall = t1's unless
#                 the two slow each other down
#   same          the same, sharing clauses
#   procs2        two one-thread processes at once, one on each core of the pair (wall: the
#                 later's; CPU: both)
#   t2one         two threads pinned to one core (both members time-share it)
#   base-t1/t2    BASE, one and two threads
# Needs bash, coreutils, awk, lscpu and taskset (util-linux). Every answer must read
# "solved (unique)", else it is printed.
# LABELS (optional): the configurations to run, e.g. "t1 t2 same-noshare procs2"; on a
# machine with fewer pairs than configurations they run in turns (a 2-core machine: one
# at a time, on its two cores).
# Usage: benches/pairs40.sh BIN BASE [RUNS]
set -uo pipefail
cd "$(dirname "$0")/.."
bin=$1 base=$2 runs=${3:-3}
mapfile -t puzzles < <(ls benches/data/kenken-hard-20/*.kenken)
source benches/pairs.sh
echo "cpus ${cpus[*]} pairs $npairs load $(cut -d' ' -f1-3 /proc/loadavg)"
lscpu | grep -iE "model name|thread|socket|L3"
read -r -a labels <<< "${LABELS:-t1 t2 same-noshare same procs2 t2one base-t1 base-t2}"
work=$(mktemp -d)
TIMEFORMAT='%R %U %S'
one() { # label bin threads pin env... -> wall_ms cpu_ms
  local label=$1 b=$2 t=$3 pin=$4; shift 4
  local id="$work/$label.$pin.$RANDOM$RANDOM"
  { time env "$@" taskset -c "$pin" "$b" solve --unique --backend cadical --threads "$t" "$P" > "$id.out" 2>&1 ; } 2> "$id.time"
  grep -q "solved (unique)" "$id.out" || echo "NOT UNIQUE $label $P" >&2
  awk '{printf "%d %d\n", $1*1000, ($2+$3)*1000}' "$id.time"
}
job() { # index pair
  local label=${labels[$1]} pair=$2 a b r
  a=${cpus[$((2 * pair))]} b=${cpus[$((2 * pair + 1))]}
  for P in "${puzzles[@]}"; do
    n=$(basename "$P" .kenken)
    case $label in
      t1) r=$(one t1 "$bin" 1 "$a,$b");;
      t2) r=$(one t2 "$bin" 2 "$a,$b");;
      same-noshare) r=$(one sn "$bin" 2 "$a,$b" CAGESAT_CADICAL_CONFIGS=default,default CAGESAT_SHARE=len=0);;
      same) r=$(one sa "$bin" 2 "$a,$b" CAGESAT_CADICAL_CONFIGS=default,default);;
      procs2) one pa "$bin" 1 "$a" > "$work/pa.$pair" & one pb "$bin" 1 "$b" > "$work/pb.$pair"; wait
              r=$(cat "$work/pa.$pair" "$work/pb.$pair" | awk '{if ($1>w) w=$1; c+=$2} END {print w, c}');;
      t2one) r=$(one t2o "$bin" 2 "$a");;
      base-t1) r=$(one bt1 "$base" 1 "$a,$b");;
      base-t2) r=$(one bt2 "$base" 2 "$a,$b");;
    esac
    echo "$label $n $r" >> "$work/times.$label"
  done
}
deal "$runs" ${#labels[@]} job
echo "== wall"
cat "$work"/times.* | awk '{print $1, $2, $3}' | awk -v order="${labels[*]}" -f benches/medians.awk
echo "== cpu (user+sys)"
cat "$work"/times.* | awk '{print $1, $2, $4}' | awk -v order="${labels[*]}" -f benches/medians.awk
rm -rf "$work"

#!/bin/sh
# Usage: make.sh GAME OUTFILE PARAMS... (two IDs per parameter set, seed "cagesat")
set -e
game=$1; out=$2; shift 2
: > "$out"
for p in "$@"; do
  /usr/games/sgt-$game --generate 2 "$p#cagesat" >> "$out"
done

#!/bin/sh
# The generator table of encodings/generator.md: 100 generated KenKen per size (6, 9) and
# level beside 100 of Keen's (sgt-keen, Debian package sgt-puzzles) of the same level.
# Usage: benches/generator_table.sh [COUNT]   (from the repository root)
set -eu
count=${1:-100}
keen=${SGT_KEEN:-$(command -v sgt-keen || echo /usr/games/sgt-keen)}
dir=target/keen
mkdir -p "$dir"
for size in 6 9; do
  for d in e n h x u; do
    "$keen" --generate "$count" "${size}d$d" > "$dir/${size}d$d.txt"
  done
done
cargo run --release --example generator_table -- "$count" "$dir"

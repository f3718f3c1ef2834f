#!/bin/sh
# Regenerates the corpus of Simon Tatham's own puzzles at each of his levels (Debian
# sgt-puzzles 20230122, /usr/games): 20 Solo 9x9 per level t b i a e u, 20 Solo Killer 9x9 per level t b i a u and 20 Keen 6x6 per
# level e n h x u, each file the output of one command below (one game ID a line, Solo IDs
# prefixed solo:), the level in the file name. The seed makes the run repeatable. CI has no
# sgt binaries: the IDs are committed. benches/tatham_levels.sh prints the agreement table.
set -e
cd "$(dirname "$0")"
seed=levels-53
for level in t b i a e u; do
    /usr/games/sgt-solo --generate 20 "3x3d${level}#${seed}" 2>/dev/null | sed "s/^/solo:/" > "solo-3x3d${level}.txt"
done
# Killer (3x3k) at every level but Extreme, which Solo takes minutes to make.
for level in t b i a u; do
    /usr/games/sgt-solo --generate 20 "3x3kd${level}#${seed}" 2>/dev/null | sed "s/^/solo:/" > "killer-3x3kd${level}.txt"
done
for level in e n h x u; do
    /usr/games/sgt-keen --generate 20 "6d${level}#${seed}" 2>/dev/null > "keen-6d${level}.txt"
done

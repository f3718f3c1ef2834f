#!/bin/sh
# Regenerates the puzzle IDs of tests/it/techniques.rs with Debian's Tatham puzzles
# (package sgt-puzzles, /usr/games): each file is the output of one command below, one game
# ID a line (Solo IDs prefixed solo:). CI has no sgt binaries; the IDs are committed and read with Puzzle::parse.
set -e
cd "$(dirname "$0")"
for level in b i a e; do
    # cagesat reads a Solo ID with its game name in front: solo:3x3:…
    /usr/games/sgt-solo --generate 6 "3x3d${level}#techniques-39" 2>/dev/null | sed "s/^/solo:/" > "solo-3x3d${level}.txt"
done
/usr/games/sgt-keen --generate 6 "5de#techniques-39" 2>/dev/null > keen-5de.txt
/usr/games/sgt-keen --generate 6 "6dh#techniques-39" 2>/dev/null > keen-6dh.txt

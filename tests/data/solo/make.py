#!/usr/bin/env python3
"""Regenerates this corpus with Simon Tatham's Solo (Debian `sgt-puzzles`).

For each entry of PARAMS: `sgt-solo --generate 1 PARAMS` gives a game ID; the puzzle
is written as `NAME.solo` (the ID with its `solo:` prefix) and its solution, printed
by Solo itself (`sgt-solo --print 1x1 --with-solutions`, the ID on standard input),
is read back from the PostScript (the digits of page 2 drawn centred in their cells;
Killer cage sums are drawn from a corner) into `NAME.sol` (N lines of N digits).

Run from this folder: `python3 make.py` (needs /usr/games/sgt-solo; not run by tests).
"""
import re
import subprocess

SOLO = "/usr/games/sgt-solo"

# name -> Solo parameters (size, x/j/k flags, difficulty d + t b i a e u).
PARAMS = {
    "9x9-trivial": "3x3dt",
    "9x9-basic": "3x3db",
    "9x9-intermediate": "3x3di",
    "9x9-advanced": "3x3da",
    "9x9-extreme": "3x3de",
    "9x9-unreasonable": "3x3du",
    "6x6-basic": "2x3db",
    "6x6-intermediate": "2x3di",
    "12x12-basic": "3x4db",
    "4x4-trivial": "2x2dt",
    "9x9-x-basic": "3x3xdb",
    "9x9-x-advanced": "3x3xda",
    "9x9-jigsaw-basic": "9jdb",
    "9x9-jigsaw-advanced": "9jda",
    "9x9-jigsaw-x": "3x3jxdb",
    "6x6-jigsaw": "6jdb",
    "9x9-killer": "3x3kdt",
    "9x9-killer-intermediate": "3x3kdi",
    "9x9-killer-x": "3x3xkdt",
    "9x9-killer-jigsaw": "9jkdt",
    "6x6-killer": "2x3kdt",
}


def side(params):
    m = re.match(r"(\d+)(?:x(\d+))?", params)
    c = int(m.group(1))
    r = int(m.group(2)) if m.group(2) else None
    if "j" in params[m.end():]:
        return c * (r or 1)
    return c * (r if r is not None else c)


def solution(game_id, n):
    ps = subprocess.run(
        [SOLO, "--print", "1x1", "--with-solutions"],
        input=game_id + "\n", capture_output=True, text=True, check=True,
    ).stdout
    page = ps.split("%%Page: 2 2")[1]
    frame = re.search(r"newpath (\d+) (\d+) moveto\n(\d+) (\d+) lineto\n(\d+) (\d+) lineto", page)
    left, top = int(frame.group(1)), int(frame.group(2))
    right = int(frame.group(5))
    cell = (right - left) / n
    texts = re.findall(
        r"findfont (\d+) scalefont setfont\n.*\n.* (\d+) exch sub (\d+) exch moveto pop pop\n\(([0-9a-z])\)",
        page,
    )
    grid = [[0] * n for _ in range(n)]
    for _size, y, x, digit in texts:
        row = int((top - int(y)) // cell)
        col = int((int(x) - left) // cell)
        # Solo draws digits above 9 as letters: a = 10, b = 11, …
        grid[row][col] = int(digit, 36)
    assert all(all(row) for row in grid), game_id
    return "".join(" ".join(str(d) for d in row) + "\n" for row in grid)


def main():
    for name, params in PARAMS.items():
        out = subprocess.run(
            [SOLO, "--generate", "1", params], capture_output=True, text=True, check=True
        ).stdout.strip()
        n = side(params)
        with open(name + ".solo", "w") as f:
            f.write("# sgt-solo --generate 1 %s\nsolo:%s\n" % (params, out))
        with open(name + ".sol", "w") as f:
            f.write(solution(out, n))
        print(name, out[:40])


if __name__ == "__main__":
    main()

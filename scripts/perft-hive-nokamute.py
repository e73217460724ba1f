#!/usr/bin/env python3
"""Ash & Walnut perft against nokamute's (a UHP engine built apart, never a dependency) at a
given depth, from every position of tests/perft/hive.perft (the starts and the random positions
of its depth-3 lines): ours with `tables perft hive --position GS --depth D`, nokamute's with
UHP `newgame GS` / `perft D`, the two side by side on two processes. Prints one line a position
(`OK` or `DIFF`, our count, nokamute's, the GameString) as it goes, and a line per position in
the file's own format (`D COUNT GS`) to add to it. See docs/bench-hive.md, section 6.

Usage: scripts/perft-hive-nokamute.py TABLES NOKAMUTE [DEPTH] [SKIP]
  SKIP: the number of positions to pass over first (to go on after a stopped run).
"""
import concurrent.futures
import pathlib
import re
import subprocess
import sys

if len(sys.argv) < 3:
    sys.exit(__doc__)
tables, nokamute = sys.argv[1], sys.argv[2]
depth = int(sys.argv[3]) if len(sys.argv) > 3 else 5
skip = int(sys.argv[4]) if len(sys.argv) > 4 else 0
table = pathlib.Path(__file__).resolve().parent.parent / "tests" / "perft" / "hive.perft"
positions = [l.split(" ", 2)[2].strip() for l in table.read_text().splitlines()
             if l.startswith("3 ")][skip:]


def ours(gs):
    out = subprocess.run([tables, "perft", "hive", "--position", gs, "--depth", str(depth)],
                         capture_output=True, text=True).stdout
    m = re.search(rf"^perft {depth} (\d+)", out, re.M)
    return int(m.group(1)) if m else None


def theirs(gs):
    out = subprocess.run([nokamute, "uhp"], input=f"newgame {gs}\nperft {depth}\nexit\n",
                         capture_output=True, text=True).stdout
    m = re.search(rf"^\s*{depth}\s+(\d+)\s", out, re.M)
    return int(m.group(1)) if m else None


found = []
with concurrent.futures.ThreadPoolExecutor(2) as pool:
    for gs in positions:
        a, b = pool.submit(ours, gs), pool.submit(theirs, gs)
        x, y = a.result(), b.result()
        print(f"{'OK' if x is not None and x == y else 'DIFF'} {x} {y} {gs}", flush=True)
        if x is not None and x == y:
            found.append(f"{depth} {x} {gs}")
print("\n".join(found))

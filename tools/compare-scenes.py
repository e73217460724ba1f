#!/usr/bin/env python3
"""Compares two folders of scene screenshots (the same file names), pixel by pixel.

Render the scenes of scripts/test.sh twice (before and after a change, each binary run as
`carved-tables --scene NAME --lang LANG --frames N --screenshot DIR/NAME.png`), then:

    python3 tools/compare-scenes.py BEFORE_DIR AFTER_DIR

For each picture: how many pixels differ at all, and how many by more than 24 levels in any
channel, with the box around those. Scenes with animated marks, a blast or a reveal differ
between two runs of the same binary too (the frame is taken at a slightly different moment):
render the same binary twice to see that noise before reading a difference as a change.
Needs Pillow.
"""
import os
import sys

from PIL import Image, ImageChops


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    before, after = sys.argv[1], sys.argv[2]
    for name in sorted(f for f in os.listdir(before) if f.endswith(".png")):
        a_path, b_path = os.path.join(before, name), os.path.join(after, name)
        if not os.path.exists(b_path):
            print(f"{name}: missing after")
            continue
        a = Image.open(a_path).convert("RGB")
        b = Image.open(b_path).convert("RGB")
        if a.size != b.size:
            print(f"{name}: size {a.size} before, {b.size} after")
            continue
        diff = ImageChops.difference(a, b)
        any_diff = big = 0
        box = None
        px = diff.load()
        width, height = diff.size
        for y in range(height):
            for x in range(width):
                m = max(px[x, y])
                if m:
                    any_diff += 1
                if m > 24:
                    big += 1
                    box = (x, y, x, y) if box is None else (
                        min(box[0], x), min(box[1], y), max(box[2], x), max(box[3], y))
        where = f" in {box}" if box else ""
        print(f"{name}: {any_diff} px differ, {big} by more than 24 levels{where}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

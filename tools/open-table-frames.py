#!/usr/bin/env python3
"""What a player sees between a click on a table's Play and the table's first panel: starts the
game under its own virtual X display (the CPU renderer, a few frames a second), clicks the
menu's Play of one game with a real X click, and grabs the whole display every half second for
a while. Writes each grab as tSECONDS.png (from the click) and a contact sheet, sheet.png, into
DIR, and prints when the table's screen began (the game's log).

    tools/open-table-frames.py [snelab|hive|chess] [--seconds S] [--out DIR]

Needs what tools/play-clicks.py needs (Xvfb, xdotool, the debug build of carved-tables), plus
xwd (Debian's x11-apps) and Pillow. Loopback only; stops by itself.
"""

import argparse
import importlib.util
import os
import struct
import subprocess
import tempfile
import threading
import time

from PIL import Image, ImageDraw

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("play_clicks", os.path.join(HERE, "play-clicks.py"))
pc = importlib.util.module_from_spec(spec)
spec.loader.exec_module(pc)

GAMES = ["snelab", "hive", "chess"]  # the menu's cards, left to right


def xwd_to_png(data, path):
    """An XWD dump of a TrueColor 24/32-bit display, as X writes it, to PNG."""
    h = struct.unpack(">25I", data[:100])
    header, width, height, byte_order, per_line, colours = h[0], h[4], h[5], h[7], h[12], h[19]
    start = header + colours * 12
    raw = data[start:start + per_line * height]
    mode = "BGRX" if byte_order == 0 else "XRGB"
    Image.frombuffer("RGB", (width, height), raw, "raw", mode, per_line, 1).save(path)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("game", nargs="?", default="hive", choices=GAMES)
    ap.add_argument("--seconds", type=float, default=12.0)
    ap.add_argument("--out", default=None)
    args = ap.parse_args()
    out = args.out or tempfile.mkdtemp(prefix="open-table-")
    os.makedirs(out, exist_ok=True)
    w = pc.Window("open-table", out, [])
    grabs = []
    try:
        w.to_menu()
        play = w.plays()[GAMES.index(args.game)]
        stop = threading.Event()

        def grab():
            while not stop.is_set():
                t = time.time()
                dump = subprocess.run(["xwd", "-root", "-silent", "-display", w.display],
                                      capture_output=True, check=False).stdout
                if dump:
                    grabs.append((t, dump))
                stop.wait(max(0.0, 0.5 - (time.time() - t)))

        grabber = threading.Thread(target=grab)
        grabber.start()
        # The pointer rests on Play first (pc.HOVER_S), then presses and releases.
        w.click((play["x"], play["y"]))
        clicked = time.time()
        time.sleep(args.seconds)
        stop.set()
        grabber.join()
        shown = []
        for t, dump in grabs:
            at = t - clicked
            if at < -0.6:
                continue
            name = f"t{at:+05.1f}.png"
            xwd_to_png(dump, os.path.join(out, name))
            shown.append((at, name))
        cols, size = 4, (320, 180)
        rows = (len(shown) + cols - 1) // cols
        sheet = Image.new("RGB", (size[0] * cols, size[1] * max(rows, 1)), "black")
        for i, (at, name) in enumerate(shown):
            im = Image.open(os.path.join(out, name)).resize(size)
            d = ImageDraw.Draw(im)
            d.rectangle([0, 0, 64, 14], fill="black")
            d.text((2, 1), f"{at:+.1f} s", fill="yellow")
            sheet.paste(im, ((i % cols) * size[0], (i // cols) * size[1]))
        sheet.save(os.path.join(out, "sheet.png"))
        began = w.found(rf"table: {args.game}(\s|$)")
        print(f"clicked Play at {time.strftime('%H:%M:%S', time.localtime(clicked))}; "
              f"the table's screen began: {began.string.split()[0] if began else 'not seen'}")
        print(f"{len(shown)} grabs, a contact sheet in {os.path.join(out, 'sheet.png')}")
    finally:
        w.stop()


if __name__ == "__main__":
    main()

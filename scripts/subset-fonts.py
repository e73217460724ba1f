#!/usr/bin/env python3
"""Makes the game's four interface fonts in fonts/ from egui's default fonts.

egui ships Ubuntu Light (text), Hack (monospace, and arrows the text font lacks), Noto Emoji and
emoji-icon-font (symbols such as the check mark, the stopwatch and the scales), 1.4 MB in all,
compiled into the game. The game only writes Latin (English, Portuguese, Latvian), Cyrillic and a
few dozen symbols, so each font is cut to the Unicode blocks below: the same glyphs, a tenth of
the size, which matters most in the browser's .wasm.

    pip install fonttools
    python3 scripts/subset-fonts.py            # finds egui's fonts in Cargo's download cache
    python3 scripts/subset-fonts.py DIR        # or reads them from DIR

The licences ask a modified font to be renamed: each subset's name gets "derivative Carved Tables"
appended (fonts/README.md).
"""
import glob
import os
import sys

from fontTools import subset
from fontTools.ttLib import TTFont

# Blocks kept: Basic Latin to Latin Extended-B, combining marks, Greek, Cyrillic, punctuation,
# currency, letterlike symbols, arrows, mathematical operators, technical symbols, geometric
# shapes, miscellaneous symbols and dingbats.
BLOCKS = [
    (0x0020, 0x024F),
    (0x0300, 0x036F),
    (0x0370, 0x03FF),
    (0x0400, 0x04FF),
    (0x2000, 0x206F),
    (0x20A0, 0x20CF),
    (0x2100, 0x214F),
    (0x2190, 0x21FF),
    (0x2200, 0x22FF),
    (0x2300, 0x23FF),
    (0x2500, 0x25FF),
    (0x2600, 0x26FF),
    (0x2700, 0x27BF),
]
FONTS = {
    "Ubuntu-Light.ttf": "ui-text.ttf",
    "Hack-Regular.ttf": "ui-mono.ttf",
    "NotoEmoji-Regular.ttf": "ui-symbols.ttf",
    "emoji-icon-font.ttf": "ui-icons.ttf",
}
SUFFIX = " derivative Carved Tables"
# The egui release whose fonts these are.
EGUI = "0.36.2"


def egui_fonts_dir():
    """The fonts/ folder of the epaint_default_fonts crate in Cargo's download cache (the game no
    longer depends on it: `cargo fetch` once with egui's `default_fonts` feature on, or pass the
    folder)."""
    cargo_home = os.environ.get("CARGO_HOME", os.path.expanduser("~/.cargo"))
    found = sorted(
        glob.glob(os.path.join(cargo_home, "registry", "src", "*", f"epaint_default_fonts-{EGUI}", "fonts"))
    )
    if not found:
        sys.exit(f"epaint_default_fonts {EGUI} is not in Cargo's cache: pass the folder of egui's fonts")
    return found[0]


def main():
    source = sys.argv[1] if len(sys.argv) > 1 else egui_fonts_dir()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out_dir = os.path.join(root, "fonts")
    os.makedirs(out_dir, exist_ok=True)
    unicodes = [c for lo, hi in BLOCKS for c in range(lo, hi + 1)]
    for src_name, out_name in FONTS.items():
        font = TTFont(os.path.join(source, src_name), recalcTimestamp=False)
        options = subset.Options()
        # egui draws outlines itself: the hinting programs are never run, and of the layout
        # tables only the kerning is read.
        options.hinting = False
        options.layout_features = ["kern"]
        options.name_IDs = ["*"]
        options.notdef_outline = True
        options.drop_tables += ["DSIG", "TTFA", "FFTM"]
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=unicodes)
        subsetter.subset(font)
        for record in font["name"].names:
            # Family, unique id, full name, PostScript name, typographic family.
            if record.nameID in (1, 3, 4, 6, 16):
                text = record.toUnicode()
                if SUFFIX.strip() not in text:
                    suffix = SUFFIX.replace(" ", "") if record.nameID == 6 else SUFFIX
                    record.string = text + suffix
        out = os.path.join(out_dir, out_name)
        font.save(out)
        glyphs = len(font.getGlyphOrder())
        before = os.path.getsize(os.path.join(source, src_name))
        print(f"{out_name}: {glyphs} glyphs, {before} -> {os.path.getsize(out)} bytes")


if __name__ == "__main__":
    main()

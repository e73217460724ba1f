#!/usr/bin/env python3
"""Blanks the comments of the WGSL shaders compiled into the browser's .wasm.

Bevy and bevy_egui compile their WGSL shaders into the program as text (`include_str!`), with
every comment: about a third of their 0.7 MB. The page never reads the comments (Bevy's shader
preprocessor drops them before naga parses the rest), but they are downloaded. This script
finds each shader's exact text in the .wasm's data section and overwrites its comments with
spaces of the same length, so no address or length in the program changes; a run of spaces
costs a compressor next to nothing (about 57 KB less with `gzip -9`).

    web/blank-wgsl.py FILE.wasm MANIFEST_DIR...

Each MANIFEST_DIR is a dependency's source folder (build.sh passes every `bevy*` package's, from
`cargo metadata`); its `.wgsl` files are the shaders looked for. A shader not found in the .wasm
is one the build does not use. Comments: `//` to the end of the line, and `/* … */` (nested,
as WGSL allows); WGSL has no string literals, so nothing else can hold those characters. The
file is rewritten in place; run it again and it finds nothing left to blank.
"""
import os
import sys

from wasmfile import sections


def data_section(wasm):
    """The (start, end) of the data section's bytes (section 11)."""
    try:
        secs = sections(wasm)
    except ValueError:
        sys.exit("blank-wgsl.py: not a .wasm file")
    for kind, _, start, end in secs:
        if kind == 11:
            return start, end
    sys.exit("blank-wgsl.py: the .wasm has no data section")


def blanked(text):
    """The text with every comment's characters (not its line breaks) turned to spaces."""
    out = bytearray(text)
    i, n = 0, len(text)
    while i < n:
        if text.startswith(b"//", i):
            end = text.find(b"\n", i)
            end = n if end < 0 else end
            out[i:end] = b" " * (end - i)
            i = end
        elif text.startswith(b"/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith(b"/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith(b"*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            if depth:
                # An unclosed comment: leave the shader as it is.
                return bytes(text)
            for k in range(i, j):
                if out[k] not in (0x0A, 0x0D):
                    out[k] = 0x20
            i = j
        else:
            i += 1
    return bytes(out)


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    path = sys.argv[1]
    wasm = bytearray(open(path, "rb").read())
    start, end = data_section(wasm)
    shaders = set()
    for root in sys.argv[2:]:
        for folder, _, files in os.walk(root):
            for name in files:
                if name.endswith(".wgsl"):
                    shaders.add(open(os.path.join(folder, name), "rb").read())
    found = blanked_bytes = 0
    for text in sorted(shaders, key=len, reverse=True):
        plain = blanked(text)
        if plain == text:
            continue
        at = wasm.find(text, start, end)
        while at >= 0:
            wasm[at : at + len(text)] = plain
            found += 1
            blanked_bytes += sum(1 for a, b in zip(text, plain) if a != b)
            at = wasm.find(text, at + len(text), end)
    open(path, "wb").write(wasm)
    print(f"   {found} of {len(shaders)} shaders found; {blanked_bytes} bytes of comments blanked")


if __name__ == "__main__":
    main()

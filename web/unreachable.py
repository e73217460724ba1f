#!/usr/bin/env python3
"""Leaves the GLSL shader reader out of the browser's .wasm.

Bevy's shader composer (naga_oil) is built with GLSL support in the browser (bevy_shader asks for
naga_oil's default features there), so naga's GLSL parser and its preprocessor (pp_rs) are
linked in: the composer chooses the parser by the shader's language at run time, so the linker
cannot tell that the game never asks for GLSL. It never does: Bevy's shaders and the game's
(`shaders/`) are WGSL, and Bevy reads `.vert`/`.frag` files only with its `shader_format_glsl`
feature, which the game does not turn on.

This script turns each function through which other code enters that parser into a single
`unreachable` instruction; `wasm-opt` (run next by build.sh) then removes everything only those
functions reached. Should a GLSL shader ever be composed in the browser, the page stops with
"unreachable" in its console instead of reading it.

    web/unreachable.py IN.wasm CALLS.dot OUT.wasm

IN.wasm must carry a name section (wasm-bindgen's output keeps the demangled names); CALLS.dot is
`wasm-opt --print-call-graph` of IN.wasm. A function is stubbed when its own path is naga's GLSL
front end or pp_rs, something outside those calls it directly, and nothing can call it through the
function table (an indirect call could come from anywhere). It fails, and writes nothing, when
it finds no such function (the dependency changed: look again) or a caller it does not expect.
"""
import re
import sys

from wasmfile import function_names, imported_functions, leb, sections, uleb

# The only functions expected to call into the GLSL reader from outside it: the composer's
# module builder, which has the language match inlined.
EXPECTED_CALLERS = ("<naga_oil::compose::Composer>::",)


def plain(name):
    """The name without the crates' disambiguating hashes (`naga[1a2b…]::` → `naga::`)."""
    return re.sub(r"\[[0-9a-f]+\]", "", name)


def owned_by_glsl(name):
    n = plain(name).lstrip("<")
    return n.startswith(("naga::front::glsl::", "pp_rs::"))


def mentions_glsl(name):
    n = plain(name)
    return "naga::front::glsl::" in n or "pp_rs::" in n


def main(args):
    if len(args) != 3:
        sys.exit(__doc__)
    src, dot, dst = args
    b = open(src, "rb").read()
    calls, indirect = [], set()
    for line in open(dot, encoding="utf-8", errors="replace"):
        m = re.match(r'\s*"(.*)" -> "(.*)";', line)
        if m:
            calls.append((m.group(1), m.group(2)))
            continue
        m = re.match(r'\s*"(.*)" \[style="filled, rounded"', line)
        if m:
            indirect.add(m.group(1))
    stubs = set()
    for caller, callee in calls:
        if owned_by_glsl(callee) and not mentions_glsl(caller):
            if not plain(caller).startswith(EXPECTED_CALLERS):
                sys.exit(f"web/unreachable.py: unexpected caller of the GLSL reader: {plain(caller)}")
            if callee not in indirect:
                stubs.add(callee)
    if not stubs:
        sys.exit("web/unreachable.py: no entry into the GLSL reader found: has naga_oil changed?")

    secs = sections(b)
    names = function_names(b, secs, keep_hashes=True)
    by_name = {}
    for index, name in names.items():
        by_name.setdefault(name, []).append(index)
    imported = imported_functions(b, secs)
    targets = set()
    for name in stubs:
        indices = by_name.get(name, [])
        if len(indices) != 1:
            sys.exit(f"web/unreachable.py: {len(indices)} functions named {plain(name)}")
        targets.add(indices[0] - imported)

    out = bytearray()
    for kind, head, start, end in secs:
        if kind != 10:
            out += b[head:end]
            continue
        count, i = leb(b, start)
        body = bytearray(uleb(count))
        for k in range(count):
            size, j = leb(b, i)
            if k in targets:
                # No locals; `unreachable`; `end`.
                body += uleb(3) + b"\x00\x00\x0b"
            else:
                body += b[i : j + size]
            i = j + size
        out += bytes([10]) + uleb(len(body)) + body
    open(dst, "wb").write(b[:8] + out)
    for name in sorted(plain(n) for n in stubs):
        print(f"   unreachable: {name}")


if __name__ == "__main__":
    main(sys.argv[1:])

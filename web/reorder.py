#!/usr/bin/env python3
"""Orders the functions of a .wasm so that similar ones sit side by side, which makes its gzip
smaller: gzip (deflate) finds repeats only within the last 32 KiB, and a Rust program is full of
near-copies (one generic function made for many types), which the linker scatters.

    python3 web/reorder.py IN.wasm OUT.wasm

IN.wasm must carry a name section (`wasm-opt -g`). OUT.wasm is IN.wasm with its function names
replaced by sort keys (f000000, f000001, ... in the new order); `wasm-opt
--reorder-functions-by-name` then moves the functions into that order, and writing without `-g`
drops the keys. Nothing but the order changes: the functions, their code and what they call stay
the same (wasm-opt validates the module as it reads it back).

How the order is chosen: each function body is cut into overlapping 4-byte pieces, and a
MinHash signature (64 values) estimates how many pieces two bodies share. Starting from the first
function by name, the next function is always the unplaced one most like the last ones placed:
the candidates are those sharing a signature value with the last one, the 16 closest by
signature are compared exactly with the last three (shared pieces over all pieces), and the
best is taken. When no unplaced
function shares a value, the next unplaced one by name follows. Deterministic: the same input
gives the same output.

Needs numpy (web/build.sh installs it under web/.tools/py)."""
import itertools
import sys

from wasmfile import code_bodies, custom_name, function_names, imported_functions, sections, uleb

try:
    import numpy as np
except ImportError as e:
    sys.exit(f"web/reorder.py: {e}: pip install numpy")

SIGNATURE = 64  # MinHash values per body
SHINGLE = 4  # bytes per piece
CANDIDATES_PER_VALUE = 32  # candidates taken from each shared signature value
EXACT = 16  # candidates compared piece by piece
RECENT = 3  # functions placed last that a candidate is compared with


def signatures(bodies):
    """MinHash signatures of the bodies' 4-byte pieces, one row per body."""
    lens = np.array([len(x) for x in bodies], dtype=np.int64)
    starts = np.concatenate([[0], np.cumsum(lens)[:-1]])
    data = np.frombuffer(b"".join(bodies) + b"\0" * SHINGLE, dtype=np.uint8).astype(np.uint64)
    total = int(lens.sum())
    pieces = np.zeros(total, dtype=np.uint64)
    for j in range(SHINGLE):
        pieces = pieces * np.uint64(257) + data[j : j + total]
    rng = np.random.default_rng(1)
    mask = np.uint64((1 << 40) - 1)
    sig = np.zeros((len(bodies), SIGNATURE), dtype=np.int64)
    for t in range(SIGNATURE):
        a = np.uint64(rng.integers(1, 1 << 30))
        c = np.uint64(rng.integers(0, 1 << 30))
        sig[:, t] = np.minimum.reduceat((pieces * a + c) & mask, starts).astype(np.int64)
    return sig, lens


def order(bodies, names):
    n = len(bodies)
    sig, lens = signatures(bodies)
    by_name = sorted(range(n), key=lambda i: (names.get(i, ""), i))
    keys = [[(t, int(sig[i, t])) for t in range(SIGNATURE)] for i in range(n)]
    buckets = {}
    for i in range(n):
        for key in keys[i]:
            buckets.setdefault(key, {})[i] = None
    pieces_of = {}

    def pieces(i):
        p = pieces_of.get(i)
        if p is None:
            x = bodies[i]
            p = pieces_of[i] = {x[k : k + SHINGLE] for k in range(max(len(x) - SHINGLE + 1, 1))}
        return p

    placed = np.zeros(n, dtype=bool)
    out = []
    next_by_name = 0
    cur = by_name[0]
    while True:
        placed[cur] = True
        out.append(cur)
        for key in keys[cur]:
            del buckets[key][cur]
        if len(out) == n:
            return out
        cands = set()
        for key in keys[cur]:
            cands.update(itertools.islice(buckets[key], CANDIDATES_PER_VALUE))
        if cands:
            c = np.array(sorted(cands), dtype=np.int64)
            close = (sig[c] == sig[cur]).sum(1) * 1_000_000 - np.abs(lens[c] - lens[cur])
            # Against the last three placed: what gzip can still copy from is more than one body.
            a = pieces(cur).union(*(pieces(j) for j in out[-RECENT:-1]))
            best, best_share = -1, -1.0
            for j in c[np.argsort(-close, kind="stable")[:EXACT]]:
                b = pieces(int(j))
                shared = len(a & b)
                share = shared / (len(a) + len(b) - shared)
                if share > best_share:
                    best, best_share = int(j), share
            cur = best
        else:
            while placed[by_name[next_by_name]]:
                next_by_name += 1
            cur = by_name[next_by_name]


def main(args):
    if len(args) != 2:
        sys.exit(__doc__)
    src, dst = args
    try:
        with open(src, "rb") as f:
            b = f.read()
        secs = sections(b)
        imported = imported_functions(b, secs)
        bodies = code_bodies(b, secs)
        names = function_names(b, secs)
    except (OSError, ValueError, IndexError) as e:
        sys.exit(f"web/reorder.py: cannot read {src}: {e}")
    local_names = {i - imported: s for i, s in names.items() if i >= imported}
    new_order = order(bodies, local_names)
    # A name section holding only the sort keys, in place of the old one.
    entries = bytearray(uleb(len(bodies)))
    rank = {f: r for r, f in enumerate(new_order)}
    for f in range(len(bodies)):
        key = b"f%07d" % rank[f]
        entries += uleb(imported + f) + uleb(len(key)) + key
    content = uleb(4) + b"name" + bytes([1]) + uleb(len(entries)) + entries
    out = bytearray(b[:8])
    for sid, start, content_start, end in secs:
        if sid == 0 and custom_name(b, content_start)[0] == b"name":
            continue
        out += b[start:end]
    out += bytes([0]) + uleb(len(content)) + content
    with open(dst, "wb") as f:
        f.write(out)
    print(f"   {len(bodies)} functions ordered by likeness")


if __name__ == "__main__":
    main(sys.argv[1:])

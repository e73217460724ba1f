#!/usr/bin/env python3
"""What each crate costs in a .wasm that still has its function names (the `web` profile's cargo
output, before wasm-opt): reads `twiggy top --format csv` and adds up each function's bytes under
the first crate its name mentions, passing over Rust's own (core, alloc, std) so that a generic
from the standard library counts for the crate it was made for. Used by web/size.sh.

    twiggy top -n 1000000 --format csv FILE.wasm | python3 web/crates.py [N]
"""
import csv
import re
import sys
from collections import Counter

STD = {"core", "alloc", "std", "compiler_builtins", "dlmalloc", "hashbrown", "panic_abort"}
CRATE = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\[[0-9a-f]+\]::")
PLAIN = re.compile(r"(?:^|[<&*( ])([a-z_][a-z0-9_]*)::")


def crate_of(name):
    if name.startswith('"') or name.startswith("data segment") or name.startswith("custom section"):
        return name.replace('"', "")
    if name.startswith("elem[") or name.startswith("table[") or name.startswith("type["):
        return "tables and types"
    # A generic made for the game (a system, a query over its components) counts as the game's.
    if "carved_tables" in name:
        return "carved_tables"
    found = CRATE.findall(name) or PLAIN.findall(name)
    for crate in found:
        if crate not in STD:
            return crate
    return found[0] if found else "unnamed"


def main():
    top = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    sizes = Counter()
    total = 0
    for row in csv.DictReader(sys.stdin):
        size = int(row["ShallowSize"])
        sizes[crate_of(row["Name"])] += size
        total += size
    # Not shipped: the names, and the section wasm-bindgen reads and removes.
    gone = sizes.pop("function names subsection", 0)
    gone += sizes.pop("custom section '__wasm_bindgen_unstable'", 0)
    code_and_data = total - gone
    print(f"{'bytes':>10}  {'share':>6}  crate (of {code_and_data} bytes of code and data)")
    for crate, size in sizes.most_common(top):
        print(f"{size:>10}  {100 * size / code_and_data:5.1f}%  {crate}")


if __name__ == "__main__":
    main()

"""Reading a .wasm file's sections, for the browser build's scripts (`reorder.py`,
`unreachable.py`, `blank-wgsl.py`): LEB128 numbers, the sections, the imported functions, the
code bodies and the name section's function names."""
import re


def leb(b, i):
    r = s = 0
    while True:
        x = b[i]
        i += 1
        r |= (x & 0x7F) << s
        s += 7
        if x < 0x80:
            return r, i


def uleb(n):
    out = bytearray()
    while True:
        x = n & 0x7F
        n >>= 7
        if n:
            out.append(x | 0x80)
        else:
            out.append(x)
            return bytes(out)


def sections(b):
    """(id, start of the section, start of its content, end) for each section."""
    if b[:4] != b"\0asm":
        raise ValueError("not a wasm module")
    i, out = 8, []
    while i < len(b):
        sid, start = b[i], i
        n, i = leb(b, i + 1)
        out.append((sid, start, i, i + n))
        i += n
    return out


def custom_name(b, content):
    n, i = leb(b, content)
    return b[i : i + n], i + n


def imported_functions(b, secs):
    for sid, _, i, _ in secs:
        if sid != 2:
            continue
        count, i = leb(b, i)
        funcs = 0
        for _ in range(count):
            for _ in range(2):  # module and field names
                n, i = leb(b, i)
                i += n
            kind = b[i]
            i += 1
            if kind == 0:  # function: type index
                _, i = leb(b, i)
                funcs += 1
            elif kind == 1:  # table: reference type, limits
                i += 1
                flags, i = leb(b, i)
                _, i = leb(b, i)
                if flags & 1:
                    _, i = leb(b, i)
            elif kind == 2:  # memory: limits
                flags, i = leb(b, i)
                _, i = leb(b, i)
                if flags & 1:
                    _, i = leb(b, i)
            elif kind == 3:  # global: value type, mutability
                i += 2
            elif kind == 4:  # tag: attribute, type index
                _, i = leb(b, i + 1)
            else:
                raise ValueError(f"unknown import kind {kind}")
        return funcs
    return 0


def code_bodies(b, secs):
    for sid, _, i, _ in secs:
        if sid == 10:
            count, i = leb(b, i)
            out = []
            for _ in range(count):
                n, i = leb(b, i)
                out.append(b[i : i + n])
                i += n
            return out
    raise ValueError("no code section")


def function_names(b, secs, keep_hashes=False):
    for sid, _, content, end in secs:
        if sid != 0:
            continue
        name, i = custom_name(b, content)
        if name != b"name":
            continue
        names = {}
        while i < end:
            sub = b[i]
            n, i = leb(b, i + 1)
            j, i = i, i + n
            if sub == 1:
                count, j = leb(b, j)
                for _ in range(count):
                    index, j = leb(b, j)
                    n, j = leb(b, j)
                    name = b[j : j + n].decode("utf-8", "replace")
                    # Without the crates' disambiguating hashes (`naga[1a2b…]::` → `naga::`).
                    names[index] = name if keep_hashes else re.sub(r"\[[0-9a-f]{16}\]", "", name)
                    j += n
        return names
    raise ValueError("no name section (run wasm-opt with -g)")

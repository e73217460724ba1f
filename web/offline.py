#!/usr/bin/env python3
"""Writes the site's service worker (web/sw.js) into a built site with the build's list of files
and its version, the first 16 hex digits of a SHA-256 over every file's path and contents: a
build that changes any file gets a new version, and the browsers that kept the old site replace
it (and say "updated").

    python3 web/offline.py SITE_DIR TEMPLATE

The files are every file of the site but the precompressed copies (`.br`, `.gz`: the server
sends them for their file) and the service worker itself; the page also goes in as "./", the
address a player opens.
"""

import hashlib
import json
import os
import sys

SKIP_SUFFIXES = (".br", ".gz")
SELF = "sw.js"


def site_files(site):
    """The site's files, as paths relative to it with "/" between the parts, sorted."""
    found = []
    for root, dirs, names in os.walk(site):
        dirs.sort()
        for name in names:
            rel = os.path.relpath(os.path.join(root, name), site).replace(os.sep, "/")
            if rel == SELF or rel.endswith(SKIP_SUFFIXES):
                continue
            found.append(rel)
    return sorted(found)


def version(site, files):
    digest = hashlib.sha256()
    for rel in files:
        digest.update(rel.encode("utf-8") + b"\0")
        with open(os.path.join(site, rel), "rb") as f:
            digest.update(hashlib.sha256(f.read()).digest())
    return digest.hexdigest()[:16]


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: offline.py SITE_DIR TEMPLATE")
    site, template = sys.argv[1], sys.argv[2]
    files = site_files(site)
    if "index.html" not in files:
        sys.exit(f"{site} has no index.html")
    with open(template, encoding="utf-8") as f:
        text = f.read()
    if "__VERSION__" not in text or "__FILES__" not in text:
        sys.exit(f"{template} has no __VERSION__ or __FILES__ to fill in")
    v = version(site, files)
    listed = ["./"] + [f"./{rel}" for rel in files]
    text = text.replace("__VERSION__", v).replace("__FILES__", json.dumps(listed, indent=1))
    with open(os.path.join(site, SELF), "w", encoding="utf-8") as f:
        f.write(text)
    total = sum(os.path.getsize(os.path.join(site, rel)) for rel in files)
    print(f"   offline: {len(files)} files ({total / 1048576:.1f} MiB) kept by sw.js, version {v}")


if __name__ == "__main__":
    main()

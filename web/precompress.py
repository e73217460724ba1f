#!/usr/bin/env python3
"""Writes FILE.gz (gzip made by zopfli, smaller than gzip -9 and read by every browser) and
FILE.br (brotli, quality 11) beside each FILE given, for web/serve.sh and for hosts that serve
precompressed files (nginx's gzip_static and brotli_static, for instance). Prints the sizes.

    python3 web/precompress.py web/dist/carved_tables_bg.wasm

Needs the `zopfli` and `brotli` modules (web/build.sh installs them under web/.tools/py)."""
import sys

try:
    import brotli
    import zopfli.gzip
except ImportError as e:
    sys.exit(f"web/precompress.py: {e}: pip install zopfli brotli")

# Zopfli's own default. On the release .wasm it takes about 45 s on one core; 1 iteration takes
# 18 s and gives a file 0.15 % larger.
ITERATIONS = 15


def main(paths):
    if not paths:
        sys.exit(__doc__)
    for path in paths:
        try:
            with open(path, "rb") as f:
                raw = f.read()
        except OSError as e:
            sys.exit(f"web/precompress.py: cannot read {path}: {e}")
        gz = zopfli.gzip.compress(raw, numiterations=ITERATIONS)
        br = brotli.compress(raw, quality=11)
        for ext, body in ((".gz", gz), (".br", br)):
            with open(path + ext, "wb") as f:
                f.write(body)
        print(f"   {path}: raw {len(raw)}, gzip (zopfli) {len(gz)}, brotli {len(br)} bytes")


if __name__ == "__main__":
    main(sys.argv[1:])

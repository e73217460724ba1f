#!/usr/bin/env bash
# What the browser build weighs and what in it weighs most. Run after web/build.sh (the release
# build; with --dev it reads the development build instead):
#
#   web/size.sh          # sizes of web/dist's .wasm (raw, gzip -9, brotli -q 11), then the
#                        # crates and the functions that cost most
#   TOP=60 web/size.sh   # longer lists
#
# The breakdown reads the .wasm cargo wrote (target/wasm32-unknown-unknown/<profile>/), which still
# has its function names: wasm-opt drops them and shrinks everything by about a fifth, so read the
# shares rather than the bytes. twiggy is installed once under web/.tools/ (a few minutes).
set -euo pipefail
PROFILE=web
for arg in "$@"; do
    case "$arg" in
        --dev) PROFILE=web-dev ;;
        *) echo "web/size.sh: unknown option $arg (only --dev)" >&2; exit 2 ;;
    esac
done
WEB="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(dirname "$WEB")"
TOOLS="$WEB/.tools"
TOP="${TOP:-25}"
wasm="$WEB/dist/carved_tables_bg.wasm"
named="${CARGO_TARGET_DIR:-$ROOT/target}/wasm32-unknown-unknown/$PROFILE/carved-tables.wasm"
for f in "$wasm" "$named"; do
    [ -f "$f" ] || { echo "web/size.sh: $f is missing: run web/build.sh first" >&2; exit 1; }
done

TWIGGY="$TOOLS/twiggy/bin/twiggy"
if [ ! -x "$TWIGGY" ]; then
    echo "== cargo install twiggy (once)"
    cargo install twiggy --version 0.8.0 --root "$TOOLS/twiggy"
fi

raw=$(stat -c %s "$wasm")
gz=$(gzip -9 -c "$wasm" | wc -c)
br=$(python3 -c 'import sys, brotli; print(len(brotli.compress(open(sys.argv[1], "rb").read(), quality=11)))' \
    "$wasm" 2>/dev/null || echo "")
mib() { awk -v b="$1" 'BEGIN { printf "%.2f MiB", b / 1048576 }'; }
echo "== web/dist/carved_tables_bg.wasm"
echo "   raw     $raw bytes ($(mib "$raw"))"
echo "   gzip -9 $gz bytes ($(mib "$gz"))"
if [ -n "$br" ]; then
    echo "   brotli  $br bytes ($(mib "$br"), quality 11)"
else
    echo "   brotli  (pip install brotli to measure it)"
fi
if [ "$PROFILE" = web ]; then
    limit=$((5 * 1048576))
    if [ "$gz" -le "$limit" ]; then echo "   gzipped within the 5 MiB goal"
    else echo "   gzipped OVER the 5 MiB goal by $(mib $((gz - limit)))"; fi
fi

csv="$(mktemp)"
trap 'rm -f "$csv"' EXIT
"$TWIGGY" top -n 100000000 --format csv "$named" >"$csv"
echo
echo "== by crate ($PROFILE profile, before wasm-opt)"
python3 "$WEB/crates.py" "$TOP" <"$csv"
echo
echo "== the biggest items"
"$TWIGGY" top -n "$TOP" "$named" | sed -E 's/\[[0-9a-f]{16}\]//g' | cut -c1-160

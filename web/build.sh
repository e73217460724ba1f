#!/usr/bin/env bash
# Builds the browser version into web/dist/ (index.html, JS glue, .wasm, assets/, shaders/),
# installing whatever is missing first. The tools are cached under web/.tools/ (git-ignored), so
# only the first run builds them. See web/README.md.
#
#   web/build.sh            # build web/dist/ (profile `web`: small, slow to build)
#   web/build.sh --dev      # a development build (profile `web-dev`, no wasm-opt): fast to
#                           # rebuild after a change, several times larger
#   nice -n 19 web/build.sh # the same, yielding the CPU to other work
set -euo pipefail
DEV=0
for arg in "$@"; do
    case "$arg" in
        --dev) DEV=1 ;;
        *) echo "web/build.sh: unknown option $arg (only --dev)" >&2; exit 2 ;;
    esac
done

WEB="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(dirname "$WEB")"
TOOLS="$WEB/.tools"
DIST="$WEB/dist"
PROFILE=web
[ "$DEV" = 1 ] && PROFILE=web-dev
TARGET=wasm32-unknown-unknown
BINARYEN_VERSION=132.0.0
cd "$ROOT"
mkdir -p "$TOOLS"

step_start=0
step() { step_start=$(date +%s); echo "== $*"; }
took() { echo "   took $(($(date +%s) - step_start)) s"; }

# Debian's rustc-web builds the wasm32 standard library from source (rustup cannot add the
# target offline). Used for this build only; native builds keep the rustup toolchain.
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
debs=(rustc-web cargo-web rust-web-src rust-web-llvm)
missing=()
for d in "${debs[@]}"; do
    dpkg-query -W -f='${Status}' "$d" 2>/dev/null | grep -q "ok installed" || missing+=("$d")
done
if ((${#missing[@]})); then
    step "apt-get install ${missing[*]}"
    as_root apt-get update
    as_root apt-get install -y --no-install-recommends "${missing[@]}"
    took
fi
# rust-web-llvm's linker /usr/bin/rust-lld is a link to lld-<llvm version>, a package it only
# recommends.
if [ ! -e /usr/bin/rust-lld ]; then
    lld="$(basename "$(readlink /usr/bin/rust-lld)")"
    step "apt-get install $lld"
    as_root apt-get install -y --no-install-recommends "$lld"
    took
fi

# wasm-bindgen's command-line tool must be the exact version of the crate in Cargo.lock.
WB_VERSION="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)"
WB_ROOT="$TOOLS/wasm-bindgen-$WB_VERSION"
WASM_BINDGEN="$WB_ROOT/bin/wasm-bindgen"
if [ ! -x "$WASM_BINDGEN" ]; then
    step "cargo install wasm-bindgen-cli $WB_VERSION (once, about 15 minutes)"
    # Not --locked: the crate's own lock file does not build.
    cargo install wasm-bindgen-cli --version "$WB_VERSION" --root "$WB_ROOT"
    took
fi

# Debian's binaryen is too old for what rustc and wasm-bindgen emit; the npm build is current.
WASM_OPT="$TOOLS/npm/node_modules/.bin/wasm-opt"
if [ "$DEV" = 0 ] && { [ ! -x "$WASM_OPT" ] || ! grep -q "\"version\": \"$BINARYEN_VERSION\"" \
        "$TOOLS/npm/node_modules/binaryen/package.json"; }; then
    step "npm install binaryen@$BINARYEN_VERSION"
    npm install --prefix "$TOOLS/npm" --no-audit --no-fund "binaryen@$BINARYEN_VERSION"
    took
fi

# The release build trades diagnostics for size: a panic stops the game at once without
# formatting its message (`-Cpanic=immediate-abort`, so no message text or formatting code is
# kept), panic locations carry no file or line (`-Zlocation-detail=none`), and the standard
# library is built with its smaller algorithms (`optimize_for_size`). A panic in the browser then
# shows as "unreachable" in the console: reproduce it with `--dev`, which keeps the messages.
# `{:?}` of a derived Debug prints only the type's or the variant's name (`-Zfmt-debug=shallow`:
# the game never shows Debug text to a player, and the probe keeps only variant names), and the
# code uses wasm's 128-bit SIMD (`+simd128`: every browser with WebGL2 and wasm SIMD, Chrome 91,
# Firefox 89, Safari 16.4), so wasm-opt is told `--enable-simd`.
# (RUSTFLAGS also reach the standard library that -Zbuild-std compiles.)
STD_FEATURES=""
if [ "$DEV" = 0 ]; then
    export RUSTFLAGS="-Zunstable-options -Cpanic=immediate-abort -Zlocation-detail=none -Zfmt-debug=shallow -Ctarget-feature=+simd128"
    STD_FEATURES="-Zbuild-std-features=optimize_for_size"
fi
step "cargo build --profile $PROFILE --target $TARGET"
RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 /usr/bin/cargo build --profile "$PROFILE" \
    --target "$TARGET" -Zbuild-std=std,panic_abort $STD_FEATURES --bin carved-tables
took
built="${CARGO_TARGET_DIR:-$ROOT/target}/$TARGET/$PROFILE/carved-tables.wasm"

step "wasm-bindgen --target web"
rm -rf "$DIST"
mkdir -p "$DIST"
"$WASM_BINDGEN" --target web --no-typescript --out-name carved_tables --out-dir "$DIST" "$built"
took

wasm="$DIST/carved_tables_bg.wasm"
bound_size=$(stat -c %s "$wasm")

# The release build's Python helpers, installed once under web/.tools/py: numpy for
# web/reorder.py, zopfli and brotli for web/precompress.py. Without pip the build goes on
# without them (the .wasm is then neither reordered nor precompressed, and larger).
PYTOOLS="$TOOLS/py"
have_py() { PYTHONPATH="$PYTOOLS" python3 -c "import $1" 2>/dev/null; }
if [ "$DEV" = 0 ] && ! have_py "numpy, zopfli, brotli"; then
    step "pip install numpy zopfli brotli (once, into web/.tools/py)"
    python3 -m pip install --quiet --disable-pip-version-check --target "$PYTOOLS" numpy zopfli brotli \
        || echo "   (no pip: the .wasm is neither reordered nor precompressed)"
    took
fi

# wasm-opt takes minutes: its last result is kept, keyed by what it was given, by the script
# that orders the functions and by whether it could run (numpy installed).
# The features rustc's wasm32 target emits, so wasm-opt neither rejects nor lowers them.
WASM_FEATURES=(--enable-simd --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext
    --enable-mutable-globals --enable-reference-types --enable-multivalue)
OPT_CACHE="$TOOLS/wasm-opt-cache"
ORDER=plain
have_py numpy && ORDER=by-likeness
cached="$OPT_CACHE/$({ cat "$wasm" "$WEB/reorder.py" "$WEB/unreachable.py" "$WEB/wasmfile.py"; echo "$ORDER"; } |
    sha256sum | cut -c1-64).wasm"
if [ "$DEV" = 1 ]; then
    echo "== wasm-opt: skipped (development build)"
elif [ -f "$cached" ]; then
    echo "== wasm-opt -Oz: unchanged input, result reused"
    cp "$cached" "$wasm"
else
    # naga's GLSL reader is linked in but never used (web/unreachable.py): the functions that
    # enter it become `unreachable`, and wasm-opt -Oz below removes what only they reached.
    step "leave the GLSL shader reader out (web/unreachable.py)"
    "$WASM_OPT" "${WASM_FEATURES[@]}" "$wasm" --print-call-graph -o /dev/null >"$wasm.calls.dot"
    python3 "$WEB/unreachable.py" "$wasm" "$wasm.calls.dot" "$wasm.stubbed"
    mv "$wasm.stubbed" "$wasm"
    rm -f "$wasm.calls.dot"
    took
    step "wasm-opt -Oz"
    # -g keeps the function names for web/reorder.py; the last write below drops them.
    "$WASM_OPT" -Oz -g "${WASM_FEATURES[@]}" -o "$wasm.opt" "$wasm"
    took
    if [ "$ORDER" = by-likeness ]; then
        # Similar functions side by side: gzip finds repeats only within 32 KiB (web/reorder.py).
        step "order the functions by likeness (web/reorder.py)"
        PYTHONPATH="$PYTOOLS" python3 "$WEB/reorder.py" "$wasm.opt" "$wasm.keyed"
        "$WASM_OPT" "${WASM_FEATURES[@]}" --reorder-functions-by-name -o "$wasm" "$wasm.keyed"
        rm -f "$wasm.keyed"
        took
    else
        "$WASM_OPT" "${WASM_FEATURES[@]}" -o "$wasm" "$wasm.opt"
    fi
    rm -f "$wasm.opt"
    rm -rf "$OPT_CACHE"
    mkdir -p "$OPT_CACHE"
    cp "$wasm" "$cached"
fi

# The .wasm compressed ahead, for web/serve.sh and hosts that serve precompressed files: gzip made
# by zopfli (smaller than gzip -9, read by every browser) and brotli at its best quality.
if [ "$DEV" = 0 ]; then
    # The comments of Bevy's WGSL shaders, compiled into the .wasm as text, become spaces of the
    # same length (web/blank-wgsl.py): the page never reads them.
    step "blank the comments of the shaders in the .wasm (web/blank-wgsl.py)"
    mapfile -t shader_dirs < <(env -u RUSTFLAGS /usr/bin/cargo metadata --format-version 1 --filter-platform "$TARGET" |
        python3 -c 'import json, os, sys
for p in json.load(sys.stdin)["packages"]:
    if p["name"].startswith("bevy"):
        print(os.path.dirname(p["manifest_path"]))')
    python3 "$WEB/blank-wgsl.py" "$wasm" "${shader_dirs[@]}"
    took
fi

if [ "$DEV" = 0 ] && have_py "zopfli, brotli"; then
    step "precompress the .wasm (zopfli gzip, brotli 11)"
    PYTHONPATH="$PYTOOLS" python3 "$WEB/precompress.py" "$wasm"
    took
fi

cp "$WEB/index.html" "$WEB/manifest.webmanifest" "$DIST/"
cp -r "$ROOT/assets" "$ROOT/shaders" "$ROOT/fonts" "$WEB/icons" "$DIST/"
# The service worker that keeps the site for offline play (web/sw.js), given this build's
# files and a version that changes with any of them: a new build replaces the kept site.
python3 "$WEB/offline.py" "$DIST" "$WEB/sw.js"

raw=$(stat -c %s "$wasm")
gz=$(gzip -9 -c "$wasm" | wc -c)
mb() { awk -v b="$1" 'BEGIN { printf "%.1f MiB", b / 1048576 }'; }
echo "== done: $DIST"
echo "   .wasm after wasm-bindgen: $(mb "$bound_size")"
if [ "$DEV" = 1 ]; then
    echo "   .wasm (development build, not optimised): $(mb "$raw") raw, $(mb "$gz") gzipped"
else
    echo "   .wasm after wasm-opt -Oz: $(mb "$raw") raw, $(mb "$gz") gzipped (web/size.sh: brotli and what weighs most)"
fi
echo "   serve it: web/serve.sh (http://127.0.0.1:8000/)"

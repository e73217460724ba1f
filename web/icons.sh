#!/usr/bin/env bash
# Makes the web app's icons (web/icons/, named in web/manifest.webmanifest) from the game's own
# carved knight: the model viewer renders it on the table under the game's lamp (the desktop
# build, under a virtual X server with the CPU Vulkan driver, as scripts/test.sh renders its
# scenes), and the square around the piece is cut out and scaled with Pillow (installed once
# into web/.tools/py). The PNGs are committed; run this again when the knight or the look
# changes.
#   web/icons.sh [GAME_BINARY]     (default: the debug build's carved-tables)
set -euo pipefail
WEB="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(dirname "$WEB")"
cd "$ROOT"
bin="${1:-${CARGO_TARGET_DIR:-target}/debug/carved-tables}"
[ -x "$bin" ] || { echo "no game binary at $bin: cargo build --bin carved-tables first" >&2; exit 2; }
PYTOOLS="$WEB/.tools/py"
if ! PYTHONPATH="$PYTOOLS" python3 -c "import PIL" 2>/dev/null; then
    python3 -m pip install --quiet --disable-pip-version-check --target "$PYTOOLS" pillow
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# 1200×1200: the knight stands in the middle, about 220 pixels wide.
timeout 300 xvfb-run -a -s "-screen 0 1280x1200x24" "$bin" --scene model-viewer \
    --model models/chess_knight.glb --lang en --frames 10 --size 1200x1200 \
    --screenshot "$work/knight.png" >"$work/log" 2>&1 || { tail -n 20 "$work/log"; exit 1; }
PYTHONPATH="$PYTOOLS" python3 - "$work/knight.png" "$WEB/icons" <<'PY'
import sys
from PIL import Image
shot, out = sys.argv[1], sys.argv[2]
im = Image.open(shot).convert("RGB")
# The knight and its brass square; the maskable icon a wider cut, the piece inside the middle
# 80 % that every launcher's mask keeps.
tight = im.crop((440, 510, 760, 830))
wide = im.crop((400, 470, 800, 870))
for size in (192, 512):
    tight.resize((size, size), Image.LANCZOS).save(f"{out}/icon-{size}.png", optimize=True)
wide.resize((512, 512), Image.LANCZOS).save(f"{out}/icon-maskable-512.png", optimize=True)
PY
ls -l "$WEB/icons"

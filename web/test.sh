#!/usr/bin/env bash
# The browser test: serves web/dist/ on 127.0.0.1, opens it in headless Chromium (SwiftShader
# WebGL2, a fixed 1280x720 window) through playwright-core, and checks the menu, the Snēlab
# table, the console and a saved setting across a reload. Prints `N passed, N failed`.
# Build first with web/build.sh. Screenshots go to web/shots/ (or $SHOTS).
#
#   web/test.sh
set -euo pipefail

WEB="$(cd "$(dirname "$0")" && pwd)"
TOOLS="$WEB/.tools"
DIST="$WEB/dist"
SHOTS="${SHOTS:-$WEB/shots}"
PLAYWRIGHT_VERSION=1.65.1
CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"

[ -f "$DIST/carved_tables_bg.wasm" ] || { echo "no site in $DIST: run web/build.sh first" >&2; exit 2; }
if [ ! -x "$CHROMIUM" ]; then
    sudo_cmd=()
    [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
    "${sudo_cmd[@]}" apt-get install -y --no-install-recommends chromium
fi
if ! grep -qs "\"version\": \"$PLAYWRIGHT_VERSION\"" "$TOOLS/npm/node_modules/playwright-core/package.json"; then
    npm install --prefix "$TOOLS/npm" --no-audit --no-fund "playwright-core@$PLAYWRIGHT_VERSION"
fi

# A free port, then the static server, stopped when the test ends.
PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
python3 -m http.server --bind 127.0.0.1 --directory "$DIST" "$PORT" >/dev/null 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 50); do
    python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$PORT/')" 2>/dev/null && break
    sleep 0.1
done

mkdir -p "$SHOTS"
rm -f "$SHOTS"/*.png "$SHOTS/console.log"
echo "site http://127.0.0.1:$PORT/, screenshots and console log in $SHOTS"
SITE="http://127.0.0.1:$PORT" SHOTS="$SHOTS" CHROMIUM="$CHROMIUM" \
    PLAYWRIGHT="$TOOLS/npm/node_modules/playwright-core" node "$WEB/test.cjs"

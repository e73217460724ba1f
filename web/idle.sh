#!/usr/bin/env bash
# The processor time an idle table costs in the browser (issue 42): headless Chromium's
# processes, all of them, over MEASURE_MS (30 s) after SETTLE_MS (20 s), each scene drawing every
# frame (`&continuous`) and drawing only on change (what a player gets). Run it on a quiet
# machine; see web/README.md.
#   web/idle.sh [DIR]        # DIR a built site (default web/dist)
#   SCENES=hive,chess MEASURE_MS=30000 SETTLE_MS=20000 web/idle.sh
set -euo pipefail
WEB="$(cd "$(dirname "$0")" && pwd)"
DIR="${1:-$WEB/dist}"
[ -f "$DIR/carved_tables_bg.wasm" ] || { echo "no site in $DIR: run web/build.sh first" >&2; exit 2; }
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
SERVE_QUIET=1 "$WEB/serve.sh" --port "$port" "$DIR" >/dev/null 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
sleep 2
PLAYWRIGHT="$WEB/.tools/npm/node_modules/playwright-core" CHROMIUM="${CHROMIUM:-/usr/bin/chromium}" \
    SITE="http://127.0.0.1:$port" SCENES="${SCENES:-hive,chess}" \
    SETTLE_MS="${SETTLE_MS:-20000}" MEASURE_MS="${MEASURE_MS:-30000}" node "$WEB/idle.cjs"

#!/usr/bin/env bash
# The browser's frame rate at each table, for builds compared side by side:
#   web/fps.sh before=DIR after=DIR      # each DIR a built site (web/build.sh's web/dist)
#   web/fps.sh full=DIR?look=full light=DIR?look=light   # one site, two of its page flags
# SCENES (default snelab,hive,chess), ROUNDS (1), MEASURE_MS (30000). Frames under SwiftShader
# take seconds: run it on a quiet machine, and compare only builds measured in the same run.
set -euo pipefail
WEB="$(cd "$(dirname "$0")" && pwd)"
[ $# -ge 1 ] || { echo "usage: web/fps.sh NAME=SITE_DIR..." >&2; exit 2; }
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
sites=""
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
for pair in "$@"; do
    name=${pair%%=*}
    dir=${pair#*=}
    # `NAME=DIR?QUERY`: the same site with more of the page's flags (`?look=light`).
    query=""
    case "$dir" in *'?'*) query="&${dir#*\?}"; dir=${dir%%\?*} ;; esac
    [ -f "$dir/carved_tables_bg.wasm" ] || { echo "no site in $dir" >&2; exit 2; }
    port="$(free_port)"
    SERVE_QUIET=1 "$WEB/serve.sh" --port "$port" "$dir" >/dev/null 2>&1 &
    pids+=($!)
    sites="$sites${sites:+,}$name=http://127.0.0.1:$port|$query"
done
sleep 2
PLAYWRIGHT="$WEB/.tools/npm/node_modules/playwright-core" CHROMIUM="${CHROMIUM:-/usr/bin/chromium}" \
    SITES="$sites" SCENES="${SCENES:-snelab,hive,chess}" ROUNDS="${ROUNDS:-1}" \
    MEASURE_MS="${MEASURE_MS:-30000}" node "$WEB/fps.cjs"

#!/usr/bin/env bash
# The browser test: serves web/dist/ on 127.0.0.1, opens it in headless Chromium (SwiftShader
# WebGL2, a fixed 1280x720 window) through playwright-core, and checks the menu, the start-up
# times, each table played with real clicks (a Snelab capture and its payment, an Ash & Walnut
# placement and move, an Artifact Chess army and a capture attempt), a game record saved and
# verified, the autosave after a reload, a lesson of each game completed with clicks, the
# console, a saved setting across a reload, a whole game at the online table against the
# server's bot (the test builds `carved-tables-server` natively when missing and starts it on
# 127.0.0.1), and a finished online game opened in a fresh page by its link (`?replay=CODE`) as a
# replay, stepped with the bar and the keys.
# Prints `N passed, N failed`. Build first with web/build.sh. Screenshots go to web/shots/ (or
# $SHOTS). See web/README.md.
#
#   web/test.sh                 # SERVER_BIN=PATH uses that server binary instead of building one
#   DIST=DIR web/test.sh        # another build of the site than web/dist/
#   ONLY=tables web/test.sh     # only some parts (web/README.md); no game server without `online`
#                               # or `replay`
set -euo pipefail

WEB="$(cd "$(dirname "$0")" && pwd)"
TOOLS="$WEB/.tools"
DIST="${DIST:-$WEB/dist}"
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

# The online table's server (native, no Bevy), on a free port with its store in a scratch
# folder; the bot takes an empty seat after 2 s. Not started when ONLY leaves out both the online
# part and the replay part.
ROOT="$(dirname "$WEB")"
scratch="$(mktemp -d)"
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
game_server=""
GAME_ADDR=""
if [ -z "${ONLY:-}" ] || [[ ",${ONLY}," == *,online,* ]] || [[ ",${ONLY}," == *,replay,* ]]; then
    if [ -z "${SERVER_BIN:-}" ]; then
        echo "== cargo build carved-tables-server (native, release)"
        (cd "$ROOT" && cargo build --release --quiet --no-default-features --features server \
            --bin carved-tables-server)
        SERVER_BIN="${CARGO_TARGET_DIR:-$ROOT/target}/release/carved-tables-server"
    fi
    GAME_PORT="$(free_port)"
    serve_games=("$SERVER_BIN" --addr "127.0.0.1:$GAME_PORT" --db "$scratch/tables.db" --bot-after 2)
    "${serve_games[@]}" >"$scratch/server.log" 2>&1 &
    game_server=$!
    # The test kills it on purpose: no job notice from this shell.
    disown "$game_server"
    for _ in $(seq 100); do
        grep -qs "listening on" "$scratch/server.log" && break
        sleep 0.1
    done
    GAME_ADDR="$(sed -n 's/.*listening on \([0-9.:]*\).*/\1/p' "$scratch/server.log" | head -n1)"
    [ -n "$GAME_ADDR" ] || { echo "the game server did not start:"; cat "$scratch/server.log"; exit 2; }
fi

# A free port, then the static server, stopped when the test ends.
PORT="$(free_port)"
# The site through web/serve.sh, as a player hosting it would serve it (types, compression).
# It serves a copy made of links to the site's files, with a service worker of its own that the
# update part rewrites as a new release would (the build itself is not touched).
SITE_DIR="$scratch/site"
cp -rs "$(realpath "$DIST")" "$SITE_DIR"
rm "$SITE_DIR/sw.js" && cp "$DIST/sw.js" "$SITE_DIR/sw.js"
SERVE_QUIET=1 "$WEB/serve.sh" --port "$PORT" "$SITE_DIR" >/dev/null 2>&1 &
server=$!
trap 'kill "$server" ${game_server:+"$game_server"} 2>/dev/null || true; rm -rf "$scratch"' EXIT
for _ in $(seq 50); do
    python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$PORT/')" 2>/dev/null && break
    sleep 0.1
done

mkdir -p "$SHOTS"
rm -f "$SHOTS"/*.png "$SHOTS/console.log" "$SHOTS"/online-*record.txt "$SHOTS/hive-record.txt" \
    "$SHOTS/startup.txt" "$SHOTS/startup.json"
echo "site http://127.0.0.1:$PORT/, screenshots and console log in $SHOTS"
GAME_SERVER_RESTART=""
if [ -n "$game_server" ]; then
    echo "online table server ws://$GAME_ADDR/ws"
    # The test kills the game server mid-game (SIGKILL) and starts it again with this command.
    GAME_SERVER_RESTART="$(printf '%q ' "${serve_games[@]}") >>$(printf '%q' "$scratch/server.log") 2>&1"
fi
SITE="http://127.0.0.1:$PORT" SITE_DIR="$SITE_DIR" GAME_SERVER="${GAME_ADDR:+ws://$GAME_ADDR/ws}" \
    GAME_HTTP="${GAME_ADDR:+http://$GAME_ADDR}" \
    GAME_SERVER_PID="$game_server" GAME_SERVER_RESTART="$GAME_SERVER_RESTART" \
    SHOTS="$SHOTS" CHROMIUM="$CHROMIUM" \
    PLAYWRIGHT="$TOOLS/npm/node_modules/playwright-core" node "$WEB/test.cjs"

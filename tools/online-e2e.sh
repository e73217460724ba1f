#!/usr/bin/env bash
# Two game windows play one online Ash & Walnut game against each other on this machine, under
# a virtual X display with the CPU renderer (a few frames a second at most): the first opens a
# table (--online host) and plays by the engine (--autoplay, through the table's intents as a
# chosen move would), the second joins with the code the first logged and never moves, so every
# one of its turns ends on the server's clock. Loopback only; it stops by itself.
#
#   tools/online-e2e.sh [CLOCK_SECONDS] [LIMIT_SECONDS]     (defaults: 3 and 900)
#   GAME=snelab tools/online-e2e.sh ...                    (a Snēlab case instead)
#   GAME=chess tools/online-e2e.sh ...                     (Artifact Chess: both windows build,
#                                                           commit and reveal, and both play by
#                                                           the engine, so a game is minutes)
#
# Checks, from the windows' logs: the game ended in both windows; no move was refused; for
# every timeout move, the countdown the window last drew was no more than the time since that
# frame (plus 0.25 s): the clock on screen reached 0 when the server played.
set -euo pipefail
cd "$(dirname "$0")/.."
clock="${1:-3}"
game_kind="${GAME:-hive}"
limit="${2:-900}"
target="${CARGO_TARGET_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/carved-tables/target}"
game="$target/debug/carved-tables"
server="$target/debug/carved-tables-server"
for b in "$game" "$server"; do
    [ -x "$b" ] || { echo "missing $b: cargo build --bin carved-tables; cargo build --no-default-features --features server --bin carved-tables-server"; exit 2; }
done
out="$(mktemp -d)"
# The windows run under xvfb-run: stop what each started (the game, its X server), then it.
cleanup() {
    for j in $(jobs -p); do
        pkill -P "$j" 2>/dev/null || true
        kill "$j" 2>/dev/null || true
    done
    wait 2>/dev/null || true
}
trap cleanup EXIT
"$server" --addr 127.0.0.1:0 --db "$out/tables.db" --clock "$clock" --linger 600 >"$out/server.log" 2>&1 &
for _ in $(seq 100); do grep -q "listening on" "$out/server.log" && break; sleep 0.1; done
addr="$(grep -o 'listening on [0-9.:]*' "$out/server.log" | awk '{print $3}')"
url="ws://$addr/ws"
echo "server at $addr, $clock s a turn; logs in $out"
strip() { sed 's/\x1b\[[0-9;]*m//g' "$1"; }
xvfb-run -a -s "-screen 0 1280x720x24" "$game" --online host --game "$game_kind" --server "$url" --autoplay easy \
    --data-dir "$out/host" >"$out/host.log" 2>&1 &
code=""
for _ in $(seq 600); do
    code="$(strip "$out/host.log" | grep -o 'seated at table [A-Z0-9]*' | awk '{print $4}' | head -n1 || true)"
    [ -n "$code" ] && break
    sleep 0.5
done
[ -n "$code" ] || { echo "the host never got a table"; tail -n 20 "$out/host.log"; exit 1; }
echo "table $code"
join_play=()
[ "$game_kind" = chess ] && join_play=(--autoplay easy)
xvfb-run -a -s "-screen 0 1280x720x24" "$game" --online "join:$code" --game "$game_kind" --server "$url" "${join_play[@]}" \
    --data-dir "$out/join" >"$out/join.log" 2>&1 &
start=$SECONDS
while (( SECONDS - start < limit )); do
    # grep -q reads a file, not a pipe: under pipefail a pipe into grep -q can fail when grep
    # stops reading early, and a check would then pass or fail by chance.
    if grep -q "online: the game ended" <(strip "$out/host.log") && grep -q "online: the game ended" <(strip "$out/join.log"); then
        break
    fi
    sleep 2
done
failed=0
for w in host join; do
    if ! grep -q "online: the game ended" <(strip "$out/$w.log"); then
        echo "$w: the game did not end within $limit s"; failed=1
    fi
    if grep -q "online: the server refused" <(strip "$out/$w.log"); then
        echo "$w: a move was refused:"; strip "$out/$w.log" | grep "online: the server refused" | head -n 3; failed=1
    fi
done
timeouts=0
while read -r shown ago; do
    timeouts=$((timeouts + 1))
    if awk -v s="$shown" -v a="$ago" 'BEGIN { exit !(s > a + 0.25) }'; then
        echo "a timeout move came while the window showed $shown s, drawn $ago s before"; failed=1
    fi
done < <(cat "$out/join.log" "$out/host.log" | sed 's/\x1b\[[0-9;]*m//g' | grep -o 'showed [0-9.]* s left [0-9.]* s ago' | awk '{print $2, $5}')
plies="$(strip "$out/host.log" | grep -o 'ended after [0-9]* moves' | head -n1 || true)"
echo "$plies; $timeouts timeout moves checked; frames: $(strip "$out/host.log" | grep -c 'online:' || true) link lines"
if [ "$failed" -eq 0 ]; then echo "online-e2e: 1 passed, 0 failed"; else echo "online-e2e: 0 passed, 1 failed"; exit 1; fi

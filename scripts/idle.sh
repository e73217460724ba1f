#!/usr/bin/env bash
# The processor time an idle table costs (issue 42): each scene is opened in a window under
# Xvfb (the CPU renderer, lavapipe), left alone for a settling time, and the game's processor
# time (user + system, from /proc) is read over the next SECONDS seconds: once drawing every
# frame as before (`--continuous`, Bevy's update mode for games), once drawing only when
# something changes (the default since issue 42). Nothing is clicked: an idle table.
#
#   scripts/idle.sh [SCENE...]            # default: snelab hive chess
#   SECONDS_IDLE=30 SETTLE=20 BIN=path scripts/idle.sh hive
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="${BIN:-${CARGO_TARGET_DIR:-target}/debug/carved-tables}"
IDLE="${SECONDS_IDLE:-30}"
SETTLE="${SETTLE:-20}"
scenes=("$@")
[ ${#scenes[@]} -eq 0 ] && scenes=(snelab hive chess)
ticks=$(getconf CLK_TCK)
cpu_of() { awk '{print $14 + $15}' "/proc/$1/stat"; }
measure() { # scene, extra flags...
    local scene=$1; shift
    local log; log=$(mktemp)
    # A data folder of its own: a fresh game each time, and a name to find the process by.
    local data; data=$(mktemp -d)
    xvfb-run -a -s "-screen 0 1280x720x24" "$BIN" --scene "$scene" --lang en \
        --data-dir "$data" "$@" >"$log" 2>&1 &
    local runner=$!
    local pid=""
    for _ in $(seq 1 100); do
        for p in $(pgrep -f -- "--data-dir $data" || true); do
            [ "$(readlink -f "/proc/$p/exe" 2>/dev/null)" = "$(readlink -f "$BIN")" ] && pid=$p
        done
        [ -n "$pid" ] && break
        sleep 0.2
    done
    if [ -z "$pid" ]; then echo "  $scene: the game did not start (log: $log)"; kill "$runner" 2>/dev/null || true; return 1; fi
    sleep "$SETTLE"
    local a b
    a=$(cpu_of "$pid")
    sleep "$IDLE"
    b=$(cpu_of "$pid")
    kill "$pid" 2>/dev/null || true
    sleep 2
    kill -9 "$pid" 2>/dev/null || true
    wait "$runner" 2>/dev/null || true
    rm -rf "$log" "$data"
    awk -v a="$a" -v b="$b" -v t="$ticks" -v s="$IDLE" \
        'BEGIN { printf "%.1f s of processor over %d s (%.0f %% of a core)", (b-a)/t, s, 100*(b-a)/t/s }'
}
echo "Processor time of an idle table over ${IDLE} s, after ${SETTLE} s to settle ($BIN):"
for scene in "${scenes[@]}"; do
    before=$(measure "$scene" --continuous)
    after=$(measure "$scene")
    echo "  $scene: every frame: $before; on change: $after"
done

#!/usr/bin/env bash
# A rolling restart of the online tables' cluster under load (issue 44): three
# `carved-tables-server` processes on one PostgreSQL and one Redis, all started here on free
# ports of 127.0.0.1, and `tables loadtest` playing through them (each table's first player at
# process one, its second at process two; process three only takes tables over). Each process
# in turn, evenly spread over the run, is stopped as an operator would for a deployment:
# SIGTERM, then wait for it to exit by itself (it closes its connections with 1012 and gives
# its tables' leases back), and start it again on the same port.
# Afterwards the load tool checks every finished table's record against what both its clients
# heard (nothing lost, duplicated or reordered; every game verified) and every reconnection
# against the course the clients come back to, and reports how long tables were without
# their seats; this script checks in PostgreSQL that every table's actions are numbered
# 1, 2, 3, ... without a gap, that each process exited with status 0 within its stop limit,
# and reports each restart's times. It exits non-zero when any check fails. Stops by itself
# (the run's length plus at most 3 minutes), loopback only.
#
#   scripts/rolling-restart.sh [SECONDS] [TABLES] [INTERVAL] [LEASE]  (defaults: 90, 200, 1, 5)
#
# Needs PostgreSQL's and Redis's Debian packages (`scripts/setup.sh test`); builds the two
# binaries with the `cluster` feature (in CARGO_TARGET_DIR when set).
set -euo pipefail
cd "$(dirname "$0")/.."
duration="${1:-90}"
tables="${2:-200}"
interval="${3:-1}"
lease="${4:-5}"

name=rolling-restart
# The stores and three processes (scripts/cluster-lib.sh).
source scripts/cluster-lib.sh
cluster_up

"$bin/tables" loadtest --addr "127.0.0.1:${ports[0]}" --join-addr "127.0.0.1:${ports[1]}" \
    --tables "$tables" --interval "$interval" --duration "$duration" --game mixed \
    --game-moves 40 >"$work/load.txt" 2>&1 &
load=$!
pids+=($load)

now_ms() { date +%s%3N; }
status=0
restarts=()
# The load tool seats its tables first; the three restarts then fall at a quarter, a half and
# three quarters of the run (counted from here, roughly the run's start).
began=$SECONDS
for i in 0 1 2; do
    at=$(((i + 1) * duration / 4))
    while [ $((SECONDS - began)) -lt "$at" ]; do
        kill -0 "$load" 2>/dev/null || break 2
        sleep 1
    done
    t0=$(now_ms)
    kill -TERM "${procs[$i]}"
    # The process stops within its own limit (10 s for its connections) and the leases'
    # hand-back; it is killed past 30 s, and that fails the run.
    exited=""
    for _ in $(seq 300); do
        if ! kill -0 "${procs[$i]}" 2>/dev/null; then
            exited=yes
            break
        fi
        sleep 0.1
    done
    if [ -z "$exited" ]; then
        echo "rolling-restart: process $((i + 1)) did not exit within 30 s of SIGTERM" >&2
        kill -KILL "${procs[$i]}"
        status=1
    fi
    code=0
    wait "${procs[$i]}" || code=$?
    t1=$(now_ms)
    if [ "$code" != 0 ]; then
        echo "rolling-restart: process $((i + 1)) exited with status $code" >&2
        status=1
    fi
    start "$i"
    t2=$(now_ms)
    line="process $((i + 1)) at $((SECONDS - began)) s: stopped in $((t1 - t0)) ms (status $code), listening again $((t2 - t1)) ms later"
    echo "rolling-restart: $line"
    restarts+=("$line")
done

for _ in $(seq $((duration + 180))); do
    kill -0 "$load" 2>/dev/null || break
    sleep 1
done
if kill -0 "$load" 2>/dev/null; then
    echo "rolling-restart: the load run did not end; stopping it" >&2
    kill -KILL "$load"
    status=1
fi
load_status=0
wait "$load" || load_status=$?
[ "$load_status" = 0 ] || status=1
cat "$work/load.txt"
# Every table's actions numbered 1..n, none twice (the key forbids it), none missing.
gaps=$("$pgbin/psql" -h 127.0.0.1 -p "$pg_port" -U postgres -d postgres -At -c \
    "SELECT count(*) FROM (SELECT code FROM actions GROUP BY code
     HAVING MIN(seq) <> 1 OR MAX(seq) <> COUNT(*)) AS g")
stored=$("$pgbin/psql" -h 127.0.0.1 -p "$pg_port" -U postgres -d postgres -At -c \
    "SELECT count(DISTINCT code), count(*) FROM actions" | tr '|' ' ')
echo "rolling-restart: the store holds $stored (tables, actions); tables with a gap or a repeat in their actions: $gaps"
[ "$gaps" = 0 ] || status=1
for r in "${restarts[@]}"; do echo "rolling-restart: $r"; done
stopped=$(cat "$work"/server*.log | grep -c '"msg":"stopped"' || true)
takeovers=$(cat "$work"/server*.log | grep -c 'took over a table whose lease' || true)
fenced=$(cat "$work"/server*.log | grep -c 'refused a write of an older generation' || true)
failed=$(cat "$work"/server*.log | grep -c "the table's store failed" || true)
echo "rolling-restart: ${#restarts[@]} restarts of 3 processes in $duration s; 'stopped' logged $stopped times; takeovers $takeovers, writes refused by fencing $fenced, tables broken by a store error $failed"
if [ "$status" != 0 ]; then
    kept="$(mktemp -d)"
    cp "$work"/*.log "$work/load.txt" "$kept/"
    echo "rolling-restart: FAILED (the load tool's status $load_status); the logs are kept in $kept"
fi
exit "$status"

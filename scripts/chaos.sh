#!/usr/bin/env bash
# A chaos run against the online tables as a cluster (issue 44): three `carved-tables-server`
# processes on one PostgreSQL and one Redis, all started here on free ports of 127.0.0.1, and
# `tables loadtest` playing through them (each table's first player at process one, its second
# at process two; process three only takes tables over), with its clients' connections dropped
# at random (`--drops`). Meanwhile, every 4-9 s, one fault at random:
#   - kill: SIGKILL a process, start it again on the same port 2 s later;
#   - pause: SIGSTOP a process for twice its lease and a second, then SIGCONT (its tables are
#     taken over meanwhile; its late writes are refused by the store's fencing);
#   - redis: SIGKILL Redis, start it again (empty) on the same port 2 s later;
#   - postgres: stop PostgreSQL (`pg_ctl stop -m fast`), start it again on the same port 2 s
#     later.
# Afterwards the load tool checks every finished table's record against what both its clients
# heard (nothing lost, duplicated or reordered; every game verified) and every drop against the
# course the clients come back to; it exits non-zero otherwise, and so does this script.
# Stops by itself (the run's length plus at most 3 minutes), loopback only.
#
#   scripts/chaos.sh [SECONDS] [TABLES] [INTERVAL]      (defaults: 60, 200, 1)
#
# Needs PostgreSQL's and Redis's Debian packages (`scripts/setup.sh test`); builds the two
# binaries with the `cluster` feature (in CARGO_TARGET_DIR when set).
set -euo pipefail
cd "$(dirname "$0")/.."
duration="${1:-60}"
tables="${2:-200}"
interval="${3:-1}"
lease=2

name=chaos
# The stores and three processes (scripts/cluster-lib.sh).
source scripts/cluster-lib.sh
cluster_up

"$bin/tables" loadtest --addr "127.0.0.1:${ports[0]}" --join-addr "127.0.0.1:${ports[1]}" \
    --tables "$tables" --interval "$interval" --duration "$duration" --game mixed \
    --game-moves 40 --drops 0.01 >"$work/load.txt" 2>&1 &
load=$!
pids+=($load)

began=$SECONDS
faults=0
kills=0
pauses=0
restarts=0
# Faults until the last 10 s of the run (the tables then play out what is left).
while kill -0 "$load" 2>/dev/null && [ $((SECONDS - began)) -lt $((duration - 10)) ]; do
    sleep $((4 + RANDOM % 6))
    kill -0 "$load" 2>/dev/null || break
    [ $((SECONDS - began)) -lt $((duration - 10)) ] || break
    # Process one, which opens every table, twice as often as each of the others.
    r=$((RANDOM % 4))
    i=$((r < 2 ? 0 : r - 1))
    fault=$((RANDOM % 6))
    if [ "$fault" = 4 ]; then
        echo "chaos: $((SECONDS - began)) s: SIGKILL Redis, back (empty) in 2 s"
        kill -KILL "$redis_pid"
        wait "$redis_pid" 2>/dev/null || true
        sleep 2
        start_redis
        restarts=$((restarts + 1))
    elif [ "$fault" = 5 ]; then
        echo "chaos: $((SECONDS - began)) s: PostgreSQL stopped (fast shutdown), back in 2 s"
        "${as_pg[@]}" "$pgbin/pg_ctl" stop -m fast -w -D "$work/pg" >/dev/null
        sleep 2
        start_pg
        restarts=$((restarts + 1))
    elif [ "$fault" -lt 2 ]; then
        echo "chaos: $((SECONDS - began)) s: SIGKILL process $((i + 1)), back in 2 s"
        kill -KILL "${procs[$i]}"
        wait "${procs[$i]}" 2>/dev/null || true
        sleep 2
        start "$i"
        kills=$((kills + 1))
    else
        echo "chaos: $((SECONDS - began)) s: SIGSTOP process $((i + 1)) for $((2 * lease + 1)) s"
        kill -STOP "${procs[$i]}"
        sleep $((2 * lease + 1))
        kill -CONT "${procs[$i]}"
        pauses=$((pauses + 1))
    fi
    faults=$((faults + 1))
done

status=0
for _ in $(seq $((duration + 180))); do
    kill -0 "$load" 2>/dev/null || break
    sleep 1
done
if kill -0 "$load" 2>/dev/null; then
    echo "chaos: the load run did not end; stopping it" >&2
    kill -KILL "$load"
    status=1
fi
wait "$load" || status=$?
cat "$work/load.txt"
echo "chaos: $faults faults ($kills kills, $pauses pauses, $restarts restarts of Redis or PostgreSQL) against 3 processes in $duration s"
takeovers=$(cat "$work"/server*.log | grep -c 'took over a table whose lease' || true)
fenced=$(cat "$work"/server*.log | grep -c 'refused a write of an older generation' || true)
failed=$(cat "$work"/server*.log | grep -c "the table's store failed" || true)
lapsed=$(cat "$work"/server*.log | grep -c 'lease could not be renewed before its expiry' || true)
echo "chaos: lease takeovers $takeovers, writes refused by fencing $fenced, tables broken by a store error $failed, let go for a lease Redis could not renew $lapsed"
if [ "$status" != 0 ]; then
    kept="$(mktemp -d)"
    cp "$work"/*.log "$work/load.txt" "$kept/"
    echo "chaos: FAILED (the load tool's status $status); the logs are kept in $kept"
fi
exit "$status"

# Sourced by scripts/chaos.sh and scripts/rolling-restart.sh: a cluster of the online tables on
# this machine, loopback only. `cluster_up` builds the two binaries with the `cluster` feature
# (in CARGO_TARGET_DIR when set), starts one PostgreSQL and one Redis on free ports of
# 127.0.0.1 in a scratch folder (`$work`), and three `carved-tables-server` processes on them
# with the lease `$lease`. Everything it starts is in `$pids`, killed (and the folder removed)
# when the script exits. The caller sets `name` (its messages' prefix) and `lease` first.
#
# What it leaves for the caller:
#   $bin (the binaries), $work, $pg and $redis (the stores' addresses), $redis_pid,
#   $pgbin, $as_pg and $pg_port (PostgreSQL's tools, how to run them, its port),
#   ports (the three processes' ports), procs (their pids), and the functions free_port,
#   wait_port PORT, start_pg, start_redis and start I (start process I again on its port).

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

wait_port() {
    for _ in $(seq 300); do
        if (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; then
            return 0
        fi
        sleep 0.1
    done
    echo "$name: nothing listens on $1" >&2
    return 1
}

cluster_cleanup() {
    for p in "${pids[@]}"; do
        # A paused process (chaos's SIGSTOP) is woken so that the kill takes.
        kill -CONT "$p" 2>/dev/null || true
        kill -KILL "$p" 2>/dev/null || true
        wait "$p" 2>/dev/null || true
    done
    rm -rf "$work"
}

# PostgreSQL, as the `postgres` user when run as root (it refuses root); fsync off.
start_pg() {
    "${as_pg[@]}" "$pgbin/postgres" -D "$work/pg" -p "$pg_port" -k "$work/pg" \
        -c listen_addresses=127.0.0.1 -c fsync=off >>"$work/pg.log" 2>&1 &
    pids+=($!)
    for _ in $(seq 300); do
        "$pgbin/pg_isready" -h 127.0.0.1 -p "$pg_port" >/dev/null 2>&1 && break
        sleep 0.1
    done
}

start_redis() {
    redis-server --port "$redis_port" --bind 127.0.0.1 --save "" --appendonly no \
        >>"$work/redis.log" &
    redis_pid=$!
    pids+=($!)
    wait_port "$redis_port"
}

start() {
    "$bin/carved-tables-server" --addr "127.0.0.1:${ports[$1]}" --postgres "$pg" \
        --redis "$redis" --lease "$lease" >/dev/null 2>>"$work/server$1.log" &
    procs[$1]=$!
    pids+=($!)
    wait_port "${ports[$1]}"
}

cluster_up() {
    cargo build --no-default-features --features cluster --bin carved-tables-server --bin tables
    bin="${CARGO_TARGET_DIR:-target}/debug"
    work="$(mktemp -d)"
    pids=()
    trap cluster_cleanup EXIT

    pgbin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
    as_pg=()
    if [ "$(id -u)" = 0 ]; then
        chown postgres:postgres "$work"
        as_pg=(runuser -u postgres --)
    fi
    "${as_pg[@]}" "$pgbin/initdb" -A trust -U postgres --no-sync -D "$work/pg" >/dev/null
    pg_port="$(free_port)"
    start_pg
    pg="host=127.0.0.1 port=$pg_port user=postgres dbname=postgres"

    redis_port="$(free_port)"
    start_redis
    redis="redis://127.0.0.1:$redis_port/"

    ports=("$(free_port)" "$(free_port)" "$(free_port)")
    procs=(0 0 0)
    for i in 0 1 2; do start "$i"; done
}

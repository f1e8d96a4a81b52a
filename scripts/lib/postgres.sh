#!/usr/bin/env bash
# Starts a throwaway PostgreSQL (Debian's package) on loopback for tests, and stops it on exit.
#   source scripts/lib/postgres.sh; start_postgres    → exports ALMANAC_TEST_STORE=postgres://…
# The cluster lives in a temporary directory owned by the `postgres` user (the server refuses to
# run as root); it listens on 127.0.0.1 only, on a free port, with trust authentication.

postgres_bin() {
    local dir
    for dir in /usr/lib/postgresql/*/bin; do
        [ -x "$dir/initdb" ] && { echo "$dir"; return 0; }
    done
    return 1
}

install_postgres() {
    postgres_bin >/dev/null && return 0
    if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null
    postgres_bin >/dev/null
}

# as_postgres CMD ARGS…: runs a server binary as the `postgres` user when we are root.
as_postgres() {
    if [ "$(id -u)" = 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

start_postgres() {
    install_postgres || { echo "postgres: cannot install PostgreSQL" >&2; return 2; }
    local bin port
    bin=$(postgres_bin)
    PG_DIR=$(mktemp -d /tmp/almanac-pg.XXXXXX)
    chmod 755 "$PG_DIR"
    [ "$(id -u)" = 0 ] && chown postgres "$PG_DIR"
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    as_postgres "$bin/initdb" -D "$PG_DIR/data" -U postgres -A trust --no-sync >/dev/null
    as_postgres "$bin/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" -w -s \
        -o "-c listen_addresses=127.0.0.1 -p $port -k $PG_DIR -c fsync=off -c max_connections=200" start
    as_postgres "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres almanac_test
    export ALMANAC_TEST_STORE="postgres://postgres@127.0.0.1:$port/almanac_test"
    export PG_PORT=$port PG_BIN=$bin
    trap stop_postgres EXIT
    echo "postgres: $("$bin/postgres" --version) on 127.0.0.1:$port"
}

stop_postgres() {
    [ -n "${PG_DIR:-}" ] || return 0
    as_postgres "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate -s stop >/dev/null 2>&1 || true
    rm -rf "$PG_DIR"
    PG_DIR=""
}

# A fresh database on the running server; prints its store address.
fresh_database() {
    local name=$1
    as_postgres "$PG_BIN/dropdb" -h 127.0.0.1 -p "$PG_PORT" -U postgres --if-exists "$name" 2>/dev/null
    as_postgres "$PG_BIN/createdb" -h 127.0.0.1 -p "$PG_PORT" -U postgres "$name"
    echo "postgres://postgres@127.0.0.1:$PG_PORT/$name"
}

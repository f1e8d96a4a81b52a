#!/usr/bin/env bash
# The file-store-only build: with only the CommandLineTools package trait (not PostgreSQL nor HTTP), almanac-exec builds
# without postgres-nio (no PostgresNIO symbol in the binary) and `--store` exits 2 saying why.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -q --product almanac-exec --disable-default-traits --traits CommandLineTools --scratch-path .build-fileonly
bin=.build-fileonly/debug/almanac-exec
symbols=$(nm "$bin")
if grep -q PostgresNIO <<<"$symbols"; then echo "file-only build: almanac-exec still links PostgresNIO" >&2; exit 1; fi
set +e
message=$("$bin" migrate --store postgres://u@127.0.0.1/db 2>&1); status=$?
set -e
[[ $status == 2 && $message == *"without PostgreSQL support"* ]] || { echo "file-only build: --store gave $status: $message" >&2; exit 1; }
echo "file-only build: almanac-exec without postgres-nio; --store exits 2 with a message"

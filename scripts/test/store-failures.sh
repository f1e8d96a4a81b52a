#!/usr/bin/env bash
# A store that cannot be used is reported fast, in the server's (or the system's) own words, with
# exit status 2 and no password shown: `status`, `migrate`, `pending --store`, `deploy` and
# `run --store` against a closed port, a wrong password (given in the user info, as `?password=`
# and through ALMANAC_STORE), a database that does not exist, an unknown host, an address nothing
# routes to, and a server that accepts connections and never answers (with and without
# `connect_timeout=`). And SIGTERM while connecting ends each at once; and names holding controls
# or bidi overrides are shown escaped by `status` and `pending`. A real PostgreSQL (Debian's).
# Usage: scripts/test/store-failures.sh   (BIN=path/to/almanac-exec; about 25 s)
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${BIN:-.build/debug/almanac-exec}
[[ -x $BIN ]] || { echo "store-failures: $BIN not built (swift build --product almanac-exec)" >&2; exit 2; }
source scripts/lib/postgres.sh
start_postgres >/dev/null
dir=$(mktemp -d "${TMPDIR:-/tmp}/almanac-store-failures.XXXXXX")
python3 scripts/lib/make-dense-plan.py "$(( $(date +%s) + 600 ))" 2 1 "$dir/plan.json"
failures=0
fail() { echo "store-failures: $*" >&2; failures=$((failures + 1)); }

# A role that must give its password (scram), beside the trust the tests use for `postgres`.
runuser -u postgres -- "$PG_BIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -qc "CREATE ROLE pwuser LOGIN PASSWORD 'right-pw'"
sed -i "1i host all pwuser 127.0.0.1/32 scram-sha-256" "$PG_DIR/data/pg_hba.conf"
as_postgres "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -s reload
sleep 0.5
closed=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# A server that accepts and never answers: the kernel completes the handshake, nobody reads.
python3 -c '
import socket, sys, time
s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(64); print(s.getsockname()[1], flush=True); time.sleep(3600)' > "$dir/silent.port" &
silent_pid=$!
trap 'kill $silent_pid 2>/dev/null; stop_postgres' EXIT
for _ in $(seq 50); do [[ -s $dir/silent.port ]] && break; sleep 0.1; done
silent=$(cat "$dir/silent.port")

# expect NAME WORDS LIMIT_S ADDRESS -- ARGS…: exit 2 within LIMIT_S, stderr holding WORDS, no password.
expect() {
  local name=$1 words=$2 limit=$3 address=$4 start end elapsed status
  shift 5
  start=$(date +%s%N)
  set +e
  ALMANAC_STORE=$address timeout 30 "$BIN" "$@" >"$dir/out" 2>"$dir/err" </dev/null
  status=$?
  set -e
  end=$(date +%s%N)
  elapsed=$(( (end - start) / 1000000 ))
  [[ $status == 2 ]] || fail "$name: $* exited $status, not 2: $(cat "$dir/err")"
  grep -qF -- "$words" "$dir/err" || fail "$name: $* did not say '$words': $(cat "$dir/err")"
  (( elapsed <= limit * 1000 )) || fail "$name: $* took $elapsed ms (limit $limit s)"
  if grep -qE 'wrong-pw|right-pw' "$dir/out" "$dir/err"; then fail "$name: $* printed a password: $(cat "$dir/err")"; fi
  printf '  %-28s %-9s %5d ms  %s\n' "$name" "$1" "$elapsed" "$(head -c 160 "$dir/err" | tr '\n' ' ')"
}

# Each case through every command that opens the store (ALMANAC_STORE carries the address).
each() { # NAME WORDS LIMIT ADDRESS
  expect "$1" "$2" "$3" "$4" -- status
  expect "$1" "$2" "$3" "$4" -- migrate
  expect "$1" "$2" "$3" "$4" -- pending -n 3
  expect "$1" "$2" "$3" "$4" -- deploy "$dir/plan.json"
  expect "$1" "$2" "$3" "$4" -- run "$dir/plan.json" --backend spy --record "$dir/spy"
}
echo "store-failures: each command against each broken store (exit 2, within the limit, in the server's words)"
each "closed port" "connection refused (127.0.0.1:$closed)" 5 "postgres://postgres@127.0.0.1:$closed/x"
each "wrong password" 'password authentication failed for user "pwuser"' 5 "postgres://pwuser:wrong-pw@127.0.0.1:$PG_PORT/postgres"
each "wrong ?password=" 'password authentication failed for user "pwuser"' 5 "postgres://pwuser@127.0.0.1:$PG_PORT/postgres?password=wrong-pw"
each "no such database" 'database "nope" does not exist' 5 "postgres://postgres@127.0.0.1:$PG_PORT/nope"
each "unknown host" "cannot resolve host 'no-such-host.invalid'" 5 "postgres://u:wrong-pw@no-such-host.invalid/x"
each "unroutable address" "" 5 "postgres://postgres@10.255.255.1:5432/x"
# The default deadline (4 s) through two commands; every command with connect_timeout=1 below.
expect "never answers" "no answer within 4 s" 5 "postgres://u:wrong-pw@127.0.0.1:$silent/x" -- status
expect "never answers" "no answer within 4 s" 5 "postgres://u:wrong-pw@127.0.0.1:$silent/x" -- run "$dir/plan.json" --backend spy --record "$dir/spy"
each "connect_timeout=1" "no answer within 1 s" 2 "postgres://postgres@127.0.0.1:$silent/x?connect_timeout=1"
# The right password works (the role exists; its database is `postgres`).
"$BIN" status --store "postgres://pwuser:right-pw@127.0.0.1:$PG_PORT/postgres" >/dev/null 2>"$dir/err" \
  && fail "status with the right password on an unmigrated database exited 0" || true
grep -q "run \`almanac-exec migrate" "$dir/err" || fail "the right password did not reach the schema check: $(cat "$dir/err")"

echo "store-failures: SIGTERM while connecting (connect_timeout=30 on a server that never answers) ends within 2 s"
for command in "status" "migrate" "run $dir/plan.json --backend spy --record $dir/spy"; do
  # shellcheck disable=SC2086
  ALMANAC_STORE="postgres://postgres@127.0.0.1:$silent/x?connect_timeout=30" "$BIN" $command >/dev/null 2>&1 &
  pid=$!
  sleep 1
  start=$(date +%s%N)
  kill -TERM $pid
  for _ in $(seq 40); do kill -0 $pid 2>/dev/null || break; sleep 0.05; done
  if kill -0 $pid 2>/dev/null; then
    fail "$command ignored SIGTERM while connecting"
    kill -9 $pid
  fi
  wait $pid 2>/dev/null || true
  printf '  %-28s stopped %4d ms after SIGTERM\n' "${command%% *}" $(( ($(date +%s%N) - start) / 1000000 ))
done
echo "store-failures: names holding controls and bidi overrides are shown escaped by status and pending"
store=$(fresh_database hostile_names)
"$BIN" migrate --store "$store" >/dev/null
python3 - "$dir/plan.json" "$dir/hostile.json" <<'PY'
import json, sys
plan = json.load(open(sys.argv[1]))
plan["spec"]["name"] = "dense\rFAKE\u202egnp.exe\u001b[31m"
json.dump(plan, open(sys.argv[2], "w"))
PY
"$BIN" deploy "$dir/hostile.json" --store "$store" >/dev/null 2>"$dir/err" || fail "deploy of a hostile name: $(cat "$dir/err")"
for command in status pending; do
  "$BIN" "$command" --store "$store" > "$dir/$command.out" 2>"$dir/err" || fail "$command: $(cat "$dir/err")"
  python3 - "$dir/$command.out" "$command" <<'PY' || fail "$command printed a control character or a bidi override raw"
import sys
text = open(sys.argv[1], encoding="utf-8").read()
raw = [c for c in text if (ord(c) < 32 and c != "\n") or 0x7F <= ord(c) <= 0x9F or 0x202A <= ord(c) <= 0x202E or 0x2066 <= ord(c) <= 0x2069]
shown = "\\u{D}" in text and "\\u{202E}" in text and "\\u{1B}" in text
print(f"  {sys.argv[2]:<8} raw controls {len(raw)}, shown escaped: {shown}")
sys.exit(1 if raw or not shown else 0)
PY
done
(( failures == 0 )) || { echo "store-failures: $failures failures" >&2; exit 1; }
echo "store-failures: all passed"

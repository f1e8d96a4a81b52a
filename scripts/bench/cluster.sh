#!/usr/bin/env bash
# The shared PostgreSQL store under load, three executors on this machine (release build, a real
# PostgreSQL from Debian's package on loopback, spy backends):
#   burst    20,000 fires due in the same second, with 1, 2, 3 and 4 executors: fires/s from the
#            first due instant to the last fire recorded, beside pgbench's simple-update
#            transactions/s (3 clients) on the same server in the same run;
#   steady   100 fires a second for 30 s: lateness (start minus due, by the database's clock)
#            p50 / p99 / max.
# Usage: scripts/bench/cluster.sh [burst|steady]   (N for the burst size)
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release -q --product almanac-exec
BIN=$(swift build -c release --show-bin-path)/almanac-exec
source scripts/lib/postgres.sh
start_postgres >/dev/null
N=${N:-20000}
dir=$(mktemp -d "${TMPDIR:-/tmp}/almanac-cluster-bench.XXXXXX")
psql_at() { runuser -u postgres -- "$PG_BIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -d "$1" -At -c "$2"; }

run_executors() { # store plan seconds [executors]
  local pids=()
  for ((i = 1; i <= ${4:-3}; i++)); do
    "$BIN" run "$2" --store "$1" --executor-id "b$i" --backend spy --record "$dir/spy$i.jsonl" 2>"$dir/log$i" &
    pids+=($!)
  done
  sleep "$3"
  kill -TERM "${pids[@]}"; wait "${pids[@]}" || true
}

burst() {
  local store start e
  for e in 1 2 3 4; do
    store=$(fresh_database "burst$e")
    "$BIN" migrate --store "$store" >/dev/null
    start=$(( $(date +%s) + 8 ))
    python3 scripts/make-dense-plan.py "$start" 1 "$N" "$dir/burst.json" "$N"
    run_executors "$store" "$dir/burst.json" 20 "$e"
    psql_at "burst$e" "SELECT count(*) FILTER (WHERE state = 'done'), count(*),
        round((count(*) FILTER (WHERE state = 'done') / extract(epoch FROM max(finished_at) - min(due_at)))::numeric, 0),
        round(extract(epoch FROM max(finished_at) - min(due_at))::numeric, 2)
      FROM almanac_fires" | {
      IFS='|' read -r done total rate secs
      echo "burst: $done of $total fires delivered by $e executor(s) in $secs s: $rate fires/s"
      [[ $e == 3 ]] && echo "$rate" > "$dir/rate"
      true
    }
  done
  # A peer in the same run: pgbench's simple-update transactions (3 clients) — what this machine's
  # PostgreSQL does when each unit of work is its own transaction. Batching is what lets the
  # executors beat it.
  fresh_database ceiling >/dev/null
  runuser -u postgres -- "$PG_BIN/pgbench" -h 127.0.0.1 -p "$PG_PORT" -U postgres -i -s 1 -q ceiling >/dev/null 2>&1
  local tps
  tps=$(runuser -u postgres -- "$PG_BIN/pgbench" -h 127.0.0.1 -p "$PG_PORT" -U postgres -n -c 3 -j 3 -T 5 -b simple-update ceiling 2>/dev/null \
    | sed -n 's/^tps = \([0-9.]*\).*/\1/p' | head -1)
  local ours; ours=$(cat "$dir/rate")
  python3 -c "import sys; t, o = float(sys.argv[1]), float(sys.argv[2]); print(f'burst: pgbench simple-update, 3 clients, one transaction per unit: {t:.0f} tps; 3 executors deliver {o / t:.2f}x that many fires a second (claims in batches of 100)')" "$tps" "$ours"
}

steady() {
  local store start
  store=$(fresh_database steady)
  "$BIN" migrate --store "$store" >/dev/null
  start=$(( $(date +%s) + 4 ))
  python3 scripts/make-dense-plan.py "$start" 30 100 "$dir/steady.json" 100
  run_executors "$store" "$dir/steady.json" 36
  psql_at steady "SELECT count(*) FILTER (WHERE state = 'done'), count(*),
      round((1000 * percentile_cont(0.5) WITHIN GROUP (ORDER BY lateness))::numeric, 1),
      round((1000 * percentile_cont(0.99) WITHIN GROUP (ORDER BY lateness))::numeric, 1),
      round((1000 * max(lateness))::numeric, 1)
    FROM almanac_fires WHERE state = 'done'" | {
    IFS='|' read -r done total p50 p99 max
    echo "steady: 100 fires/s for 30 s, 3 executors: $done delivered; lateness p50 $p50 ms, p99 $p99 ms, max $max ms (target p99 <= 100 ms)"
  }
}

case ${1:-all} in
  burst) burst ;;
  steady) steady ;;
  all) burst; steady ;;
  *) echo "usage: scripts/bench/cluster.sh [burst|steady]" >&2; exit 64 ;;
esac

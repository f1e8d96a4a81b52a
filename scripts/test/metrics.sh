#!/usr/bin/env bash
# `--metrics ADDR` with both stores, and one executor's journal kept in the database: almanac-exec serves the Prometheus text format at GET /metrics,
# with the executor's metrics counting what happened (a 4-fire plan, exec backend). Needs PostgreSQL
# for the shared store (scripts/lib/postgres.sh starts one).
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${BIN:-.build/debug/almanac-exec}
[[ -x $BIN ]] || { echo "metrics-test: $BIN not built" >&2; exit 2; }
source scripts/lib/postgres.sh
start_postgres >/dev/null
dir=$(mktemp -d "${TMPDIR:-/tmp}/almanac-metrics.XXXXXX")
fail() { echo "metrics-test: $*" >&2; cat "$dir/log" >&2; exit 1; }

scrape() { # log-file → body of GET /metrics
  local port
  port=$(sed -n 's|.*metrics at http://[0-9.]*:\([0-9]*\)/metrics.*|\1|p' "$1" | head -1)
  [[ -n $port ]] || fail "no metrics address in the log"
  python3 -c 'import sys, urllib.request; print(urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/metrics", timeout=5).read().decode())' "$port"
}

check() { # store-name metrics-text
  local name=$1 text=$2
  grep -q '^almanac_fires_total{outcome="ok"} 4$' <<<"$text" || fail "$name: no almanac_fires_total{outcome=\"ok\"} 4 in:\n$text"
  grep -q '^almanac_fire_lateness_seconds_count 4$' <<<"$text" || fail "$name: the lateness histogram did not count 4 starts"
  grep -q '^almanac_fire_lateness_seconds_bucket{le="0.5"} [1-9]' <<<"$text" || fail "$name: no start within 0.5 s"
  grep -q '^almanac_plan_remaining_seconds ' <<<"$text" || fail "$name: no almanac_plan_remaining_seconds"
  grep -q '^# TYPE almanac_fires_total counter' <<<"$text" || fail "$name: no TYPE line"
}

# The plans start 3 s ahead: an executor that takes longer than that to start (a loaded machine, a
# store to connect to and publish in) finds its first fire past and skips it (misfire skip).
start=$(( $(date +%s) + 3 ))
scripts/lib/make-tick-plan.sh "$start" 4 "$dir/plan.json"

# The file store.
"$BIN" run "$dir/plan.json" --state "$dir/state" --metrics 127.0.0.1:0 --backend exec -- /bin/true 2>"$dir/log" &
pid=$!
sleep 8
text=$(scrape "$dir/log")
kill -TERM $pid; wait $pid || fail "file store: the daemon did not stop cleanly"
check "file store" "$text"

# The shared store: two executors, the metrics of one plus the other's claims add up to 4 fires.
store=$(fresh_database metrics)
"$BIN" migrate --store "$store" >/dev/null
start=$(( $(date +%s) + 3 ))
scripts/lib/make-tick-plan.sh "$start" 4 "$dir/plan2.json"
"$BIN" run "$dir/plan2.json" --store "$store" --metrics 127.0.0.1:0 --backend exec -- /bin/true 2>"$dir/log" &
pid=$!
sleep 8
text=$(scrape "$dir/log")
[[ -n ${SHOW:-} ]] && echo "$text"
kill -TERM $pid; wait $pid || fail "shared store: the daemon did not stop cleanly"
check "shared store" "$text"
grep -q '^almanac_claims_total 4$' <<<"$text" || fail "shared store: almanac_claims_total is not 4"
# One executor's journal in the database (--state postgres://…#NAME): killed mid-plan and restarted,
# the daemon delivers what came due while it was down (--misfire all) and nothing twice.
start=$(( $(date +%s) + 1 ))
scripts/lib/make-tick-plan.sh "$start" 9 "$dir/plan3.json"
: > "$dir/fired"
"$BIN" run "$dir/plan3.json" --state "$store#daemon" --misfire all --backend exec \
  -- /bin/sh -c 'echo "$ALMANAC_FIRE_ID" >> "$0"' "$dir/fired" 2>"$dir/log" &
pid=$!
sleep 3.2
kill -9 $pid; wait $pid 2>/dev/null || true
sleep 3
"$BIN" run "$dir/plan3.json" --state "$store#daemon" --misfire all --backend exec \
  -- /bin/sh -c 'echo "$ALMANAC_FIRE_ID" >> "$0"' "$dir/fired" 2>"$dir/log" &
pid=$!
sleep 5
kill -TERM $pid; wait $pid || fail "database journal: the daemon did not stop cleanly"
[[ $(wc -l < "$dir/fired") == 9 && $(sort -u "$dir/fired" | wc -l) == 9 ]] || fail "database journal: $(wc -l < "$dir/fired") deliveries ($(sort -u "$dir/fired" | wc -l) distinct) for 9 fires"
"$BIN" run "$dir/plan3.json" --state "$store#daemon" 2>"$dir/log" & pid=$!
sleep 1
"$BIN" run "$dir/plan3.json" --state "$store#daemon" 2>"$dir/log2" && fail "database journal: a second daemon opened a held journal"
grep -q "held by another daemon" "$dir/log2" || fail "database journal: no message for a held journal: $(cat "$dir/log2")"
kill -TERM $pid; wait $pid || true
echo "metrics-test: ok (file and shared store: fires by outcome, lateness histogram, claims, plan remaining; a journal in the database survives a restart and is held by one daemon)"

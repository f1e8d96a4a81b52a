#!/usr/bin/env bash
# The shared PostgreSQL store under load, on this machine (release build, a real PostgreSQL from
# Debian's package on loopback, spy backends), each figure the median of RUNS runs (default 3):
#   burst    20,000 fires due in the same second, 3 executors: fires/s from the due instant to the
#            last fire recorded, beside pgbench's simple-update transactions/s (3 clients, 5 s) on
#            the same server right after each run; target: 3x pgbench
#   steady   100 fires a second for 60 s, 3 executors: lateness (start minus due, by the database's
#            clock) p50 / p99 / max; target: p99 <= 50 ms
#   publish  a 1,000,000-fire plan published (`deploy`, wall time); target: <= 15 s. Then 3 executors
#            run it (100 fires/s) while `status` runs 30 times: its wall time p50; target: <= 50 ms
# Usage: scripts/bench/cluster.sh [burst|steady|publish|all]   (N for the burst size, RUNS)
# BIN=path/to/a/release/almanac-exec skips the build (delivery.sh and memory.sh build a static one).
set -euo pipefail
cd "$(dirname "$0")/../.."
if [[ -z ${BIN:-} ]]; then
  # Built as docs/executor.md says to deploy it (and as the other benchmarks build it): with the
  # Swift runtime linked in, `status` starts in about half the time of a dynamically linked binary.
  nice -n 5 swift build -c release --static-swift-stdlib --scratch-path .build-static -q --product almanac-exec
  BIN=$PWD/.build-static/release/almanac-exec
fi
source scripts/lib/postgres.sh
start_postgres >/dev/null
N=${N:-20000}
RUNS=${RUNS:-3}
dir=$(mktemp -d "${TMPDIR:-/tmp}/almanac-cluster-bench.XXXXXX")
psql_at() { runuser -u postgres -- "$PG_BIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -d "$1" -At -c "$2"; }
median() { python3 -c 'import statistics, sys; print(statistics.median(float(x) for x in sys.argv[1:]))' "$@"; }

run_executors() { # store plan seconds
  local pids=()
  for i in 1 2 3; do
    "$BIN" run "$2" --store "$1" --executor-id "b$i" --backend spy --record "$dir/spy$i.jsonl" 2>"$dir/log$i" &
    pids+=($!)
  done
  sleep "$3"
  kill -TERM "${pids[@]}"; wait "${pids[@]}" || true
}

pgbench_tps() {
  fresh_database ceiling >/dev/null
  runuser -u postgres -- "$PG_BIN/pgbench" -h 127.0.0.1 -p "$PG_PORT" -U postgres -i -s 1 -q ceiling >/dev/null 2>&1
  runuser -u postgres -- "$PG_BIN/pgbench" -h 127.0.0.1 -p "$PG_PORT" -U postgres -n -c 3 -j 3 -T 5 -b simple-update ceiling 2>/dev/null \
    | sed -n 's/^tps = \([0-9.]*\).*/\1/p' | head -1
}

burst() {
  local rates=() peers=() ratios=() store start rate tps
  for ((run = 1; run <= RUNS; run++)); do
    store=$(fresh_database burst)
    "$BIN" migrate --store "$store" >/dev/null
    start=$(( $(date +%s) + 8 ))
    python3 scripts/lib/make-dense-plan.py "$start" 1 "$N" "$dir/burst.json" "$N"
    run_executors "$store" "$dir/burst.json" 16
    IFS='|' read -r done total rate < <(psql_at burst "SELECT count(*) FILTER (WHERE state = 'done'), count(*),
        round((count(*) FILTER (WHERE state = 'done') / extract(epoch FROM max(finished_at) - min(due_at)))::numeric, 0)
      FROM almanac_fires")
    [[ $done == "$total" ]] || echo "burst: only $done of $total fires delivered" >&2
    tps=$(pgbench_tps)
    rates+=("$rate"); peers+=("$tps"); ratios+=("$(python3 -c "print(round($rate / $tps, 2))")")
    echo "burst run $run: $done fires, $rate fires/s; pgbench simple-update $tps tps; ratio ${ratios[-1]}"
  done
  echo "burst: 3 executors deliver $(median "${rates[@]}") fires/s (median of $RUNS), pgbench simple-update (3 clients) $(median "${peers[@]}") tps: $(median "${ratios[@]}")x (target 3x)"
}

steady() {
  local p50s=() p99s=() maxes=() store start
  for ((run = 1; run <= RUNS; run++)); do
    store=$(fresh_database steady)
    "$BIN" migrate --store "$store" >/dev/null
    start=$(( $(date +%s) + 4 ))
    python3 scripts/lib/make-dense-plan.py "$start" 60 100 "$dir/steady.json" 100
    run_executors "$store" "$dir/steady.json" 66
    IFS='|' read -r done p50 p99 max < <(psql_at steady "SELECT count(*),
        round((1000 * percentile_cont(0.5) WITHIN GROUP (ORDER BY lateness))::numeric, 1),
        round((1000 * percentile_cont(0.99) WITHIN GROUP (ORDER BY lateness))::numeric, 1),
        round((1000 * max(lateness))::numeric, 1)
      FROM almanac_fires WHERE state = 'done'")
    p50s+=("$p50"); p99s+=("$p99"); maxes+=("$max")
    echo "steady run $run: $done of 6000 delivered; lateness p50 $p50 ms, p99 $p99 ms, max $max ms"
  done
  echo "steady: 100 fires/s for 60 s, 3 executors: lateness p50 $(median "${p50s[@]}") ms, p99 $(median "${p99s[@]}") ms, max $(median "${maxes[@]}") ms (medians of $RUNS; target p99 <= 50 ms)"
}

publish() {
  local times=() status_p50s=() store start t0 pids
  start=$(( $(date +%s) + 90 ))
  # 100 fires a second for 10,000 s: 1,000,000 fires (100 triggers).
  python3 scripts/lib/make-dense-plan.py "$start" 10000 100 "$dir/million.json" 100
  for ((run = 1; run <= RUNS; run++)); do
    store=$(fresh_database million)
    "$BIN" migrate --store "$store" >/dev/null
    t0=$(date +%s%N)
    "$BIN" deploy "$dir/million.json" --store "$store" >/dev/null
    times+=("$(python3 -c "print(round(($(date +%s%N) - $t0) / 1e9, 2))")")
    echo "publish run $run: 1,000,000 fires published in ${times[-1]} s"
  done
  # `status` while three executors run the million-fire plan (the last run's store).
  pids=()
  for i in 1 2 3; do
    "$BIN" run "$dir/million.json" --store "$store" --executor-id "m$i" --backend spy --record "$dir/m$i.jsonl" 2>"$dir/mlog$i" &
    pids+=($!)
  done
  while (( $(date +%s) < start + 2 )); do sleep 0.5; done
  local samples=()
  for i in $(seq 30); do
    t0=$(date +%s%N)
    "$BIN" status --store "$store" >/dev/null
    samples+=("$(( ($(date +%s%N) - t0) / 1000000 ))")
    sleep 0.2
  done
  kill -TERM "${pids[@]}"; wait "${pids[@]}" || true
  echo "publish: a 1,000,000-fire plan published in $(median "${times[@]}") s (median of $RUNS; target <= 15 s)"
  echo "publish: status while 3 executors run it: p50 $(median "${samples[@]}") ms, max $(printf '%s\n' "${samples[@]}" | sort -n | tail -1) ms over 30 calls, process start included (target p50 <= 50 ms)"
}

case ${1:-all} in
  burst) burst ;;
  steady) steady ;;
  publish) publish ;;
  all) burst; steady; publish ;;
  *) echo "usage: scripts/bench/cluster.sh [burst|steady|publish|all]" >&2; exit 64 ;;
esac

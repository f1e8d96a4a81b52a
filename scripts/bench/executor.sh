#!/usr/bin/env bash
# The executor benchmark: `almanac-exec simulate` throughput over a 1,000,000-fire plan with the spy
# backend (against the floor of reading the same plan, `almanac diff PLAN PLAN`, in the same run),
# and the daemon's CPU use while it waits for a fire an hour away (it must sleep, not poll).
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --scratch-path .build-release -q --product almanac
swift build -c release --scratch-path .build-release -q --product almanac-exec
bin=.build-release/release
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT

cat > "$work/spec.yaml" <<'YAML'
version: 1
limits: {max_fires: 2000000}
triggers:
  tick: {every: 1m}
YAML
"$bin/almanac" compile "$work/spec.yaml" --from 2026-01-01 --to 2027-11-27 -o "$work/plan.json" 2>/dev/null
fires=$(grep -c '"at"' "$work/plan.json" || true)
seconds() { local s e; s=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; e=$(date +%s.%N); echo "$e - $s" | bc -l; }
read_t=$(seconds "$bin/almanac" diff "$work/plan.json" "$work/plan.json")
sim_t=$(seconds "$bin/almanac-exec" simulate "$work/plan.json" --from 2026-01-01T00:00:00Z --until 2027-11-27T00:00:00Z \
        --backend spy --record /dev/null)
printf 'simulate: %d fires in %.2f s = %.2f M fires/s; reading+diffing the plan twice takes %.2f s (simulate = %.1fx that floor)\n' \
    "$fires" "$sim_t" "$(echo "$fires / $sim_t / 1000000" | bc -l)" "$read_t" "$(echo "$sim_t / $read_t" | bc -l)"

# Idle: a plan whose only fire is an hour away; the daemon should use no CPU while it waits.
at=$(date -u -d '+1 hour' +%Y-%m-%dT%H:%M:00Z)
cat > "$work/idle.yaml" <<YAML
version: 1
triggers:
  later: {once: $at}
YAML
"$bin/almanac" compile "$work/idle.yaml" --from now --horizon 2h -o "$work/idle.json" 2>/dev/null
"$bin/almanac-exec" run "$work/idle.json" --state "$work/state" --backend stdout 2>/dev/null &
pid=$!
sleep 2
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
before=$(ticks "$pid"); sleep 10; after=$(ticks "$pid")
hz=$(getconf CLK_TCK)
printf 'idle daemon: %.2f s of CPU over 10 s waiting (%.2f%%); a poll every 10 ms would cost ~1%%\n' \
    "$(echo "($after - $before) / $hz" | bc -l)" "$(echo "($after - $before) / $hz * 10" | bc -l)"
kill -TERM "$pid"; wait "$pid" 2>/dev/null || true

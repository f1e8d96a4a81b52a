#!/usr/bin/env bash
# The journal's benchmark: N deliveries (default 10,000,000) go through a state directory, then
# `almanac-exec pending` and `run` start on it; startup time and peak RSS (/usr/bin/time -v).
#
# The deliveries are generated, not fired: 20 a second across 20 triggers, ending now, appended to
# journal.jsonl in chunks exactly as the daemon writes them; after each chunk a `run` starts on the
# directory (and compacts it, as a daemon does every 4,096 entries), so what is measured at the end is
# the state that N real deliveries leave. The first chunk's start shows the cost of an uncompacted
# journal of CHUNK entries (what every start cost before compaction, growing with history).
# Usage: scripts/bench/journal.sh [N] [CHUNK]   (BIN=path/to/almanac-exec to skip the release build)
set -euo pipefail
cd "$(dirname "$0")/../.."
N=${1:-10000000}
CHUNK=${2:-1000000}
if [[ -z ${BIN:-} ]]; then
  swift build -c release --scratch-path .build-release -q --product almanac-exec
  BIN=.build-release/release/almanac-exec
fi
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir -p "$work/state"

# A plan with one fire an hour away: the daemon starts, reconciles, compacts, waits.
now=$(date +%s)
utc() { date -u -d "@$1" +%Y-%m-%dT%H:%M:%S; }
python3 scripts/lib/make-dense-plan.py $((now + 3600)) 1 1 "$work/plan.json"

# Starts `run`, waits for its "running" line, stops it; prints "seconds-to-running peak-RSS-KiB".
run_once() {
  local log="$work/run.log" t0 t1 pid
  : > "$log"
  t0=$(date +%s.%N)
  /usr/bin/time -v -o "$work/time.txt" "$BIN" run "$work/plan.json" --state "$work/state" --backend stdout >/dev/null 2>"$log" &
  pid=$!
  until grep -q ' running ' "$log"; do sleep 0.005; done
  t1=$(date +%s.%N)
  sleep 0.3  # the first loop turn: start entry, reconcile, compaction
  # Stop the daemon (time's child); time then writes its figures and exits.
  kill -TERM $(pgrep -P "$pid") 2>/dev/null || true
  wait "$pid" || true
  echo "$(echo "$t1 - $t0" | bc -l) $(awk -F': ' '/Maximum resident/ { print $2 }' "$work/time.txt")"
}

generated=0
first=""
while (( generated < N )); do
  count=$(( N - generated < CHUNK ? N - generated : CHUNK ))
  python3 - "$work/state/journal.jsonl" "$generated" "$count" "$N" "$now" <<'PY'
import sys, time
path, done, count, total, now = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
def utc(t): return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t))
with open(path, "a") as f:
    if done == 0:
        f.write('{"event": "start", "now": "%sZ"}\n' % utc(now - total // 20 - 1))
    out = []
    for k in range(done, done + count):
        at = now - (total - k) // 20
        t = utc(at)
        out.append('{"event": "fire", "id": "t%d@%s", "trigger": "t%d", "at": "%sZ", "now": "%sZ"}\n' % (k % 20, t, k % 20, t, t))
        if len(out) == 100000:
            f.write("".join(out)); out = []
    f.write("".join(out))
PY
  generated=$(( generated + count ))
  result=$(run_once)
  [[ -z $first ]] && first="$result" && first_lines=$count
done

lines=$(( $(wc -l < "$work/state/journal.jsonl") + $(wc -l < "$work/state/snapshot.jsonl") ))
read -r first_t first_rss <<< "$first"
printf 'journal: %d deliveries written; the state directory now holds %d lines (%s)\n' "$N" "$lines" \
  "$(du -sh "$work/state" | cut -f1)"
printf '  run on an uncompacted journal of %d entries (the old steady state, growing with history): started in %.2f s, peak RSS %d MiB\n' \
  "$first_lines" "$first_t" $(( first_rss / 1024 ))
best_t=9 best_rss=0
for i in 1 2 3 4 5; do
  read -r t rss <<< "$(run_once)"
  if (( $(echo "$t < $best_t" | bc -l) )); then best_t=$t; fi
  (( rss > best_rss )) && best_rss=$rss
done
printf '  run after %d deliveries: started in %.0f ms (best of 5), peak RSS %d MiB\n' "$N" "$(echo "$best_t * 1000" | bc -l)" $(( best_rss / 1024 ))
for i in 1 2 3; do
  /usr/bin/time -v -o "$work/time.txt" "$BIN" pending --state "$work/state" >/dev/null 2>&1
  wall=$(awk '/Elapsed \(wall clock\)/ { print $NF }' "$work/time.txt")
  rss=$(awk -F': ' '/Maximum resident/ { print $2 }' "$work/time.txt")
done
printf '  pending after %d deliveries: %s s wall, peak RSS %d MiB\n' "$N" "$wall" $(( rss / 1024 ))

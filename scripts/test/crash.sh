#!/usr/bin/env bash
# Crash test of `almanac-exec run`: a plan firing every second for ~20 s, the daemon SIGKILLed at
# random moments and restarted. Afterwards, with the exec backend:
#   --misfire all : every fire appears exactly once in the commands' output;
#   --misfire skip: no fire appears twice, none missed while the daemon was down (later than the
#                   grace period) appears, and none due while it was up is lost.
# Usage: scripts/test/crash.sh [all|skip|both]   (BIN=path/to/almanac-exec to override)
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${BIN:-.build/debug/almanac-exec}
[[ -x $BIN ]] || { echo "crash-test: $BIN not built (swift build --product almanac-exec)" >&2; exit 2; }
COUNT=${COUNT:-20}
GRACE=1

now() { date +%s.%N 2>/dev/null | sed 's/N$/0/'; }
utc() { date -u -d "@$1" +%Y-%m-%dT%H:%M:%S 2>/dev/null || date -u -r "$1" +%Y-%m-%dT%H:%M:%S; }
rand_between() { awk -v lo="$1" -v hi="$2" -v seed="$RANDOM" 'BEGIN { srand(seed); printf "%.2f", lo + rand() * (hi - lo) }'; }

scenario() {
  local policy=$1 dir
  dir=$(mktemp -d "${TMPDIR:-/tmp}/almanac-crash-$policy.XXXXXX")
  local start=$(( $(date +%s) + 2 ))
  scripts/lib/make-tick-plan.sh "$start" "$COUNT" "$dir/plan.json"
  : > "$dir/out" ; : > "$dir/downtime"
  local end=$(( start + COUNT ))
  local pid
  local launched
  launch() {
    launched=$(date +%s)
    "$BIN" run "$dir/plan.json" --state "$dir/state" --misfire "$policy" --grace ${GRACE}s --backend exec \
      -- /bin/sh -c 'echo "$ALMANAC_FIRE_ID" >> "$0"' "$dir/out" 2>>"$dir/daemon.log" &
    pid=$!
  }
  launch
  while (( $(date +%s) < end - 2 )); do
    sleep "$(rand_between 1 4)"
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    local killed; killed=$(now)
    sleep "$(rand_between 0.3 3)"
    local restarted; restarted=$(now)
    echo "$killed $restarted" >> "$dir/downtime"
    launch
  done
  # Let the last restart catch up and the final fires come due, then stop cleanly. A SIGTERM
  # sent before a fresh process has blocked its signals would kill it outright (a race in the
  # test, not the daemon), so the last restart gets two seconds first.
  while (( $(date +%s) < end + 1 || $(date +%s) < launched + 2 )); do sleep 0.5; done
  kill -TERM "$pid"
  wait "$pid" || { echo "crash-test[$policy]: daemon did not stop cleanly" >&2; cat "$dir/daemon.log" >&2; return 1; }

  local expected="$dir/expected"
  for ((i = 0; i < COUNT; i++)); do echo "$((start + i)) tick@$(utc $((start + i)))"; done > "$expected"
  local dupes; dupes=$(sort "$dir/out" | uniq -d)
  if [[ -n $dupes ]]; then echo "crash-test[$policy]: fired twice: $dupes" >&2; return 1; fi
  if [[ $policy == all ]]; then
    if ! diff <(cut -d' ' -f2 "$expected") <(sort "$dir/out") >&2; then
      echo "crash-test[all]: output differs from the plan's fires (above)" >&2; return 1
    fi
  else
    # Classify each planned fire against the downtime intervals.
    awk -v grace=$GRACE '
      FNR == NR { k[++n] = $1; r[n] = $2; next }             # downtime: killed restarted
      FILENAME ~ /out$/ { seen[$1] = 1; next }
      {
        at = $1; id = $2; missed = 0; near = 0
        for (i = 1; i <= n; i++) {
          if (at > k[i] + 0.05 && at < r[i] - grace - 0.2) missed = 1
          else if (at > k[i] - 0.5 && at < r[i] + 0.5) near = 1
        }
        if (missed && (id in seen)) { print "missed while down but delivered: " id; bad = 1 }
        if (!missed && !near && !(id in seen)) { print "lost while up: " id; bad = 1 }
        if (missed) skipped++
      }
      END { print "skip: " skipped " fires missed while down were skipped" > "/dev/stderr"; exit bad }
    ' "$dir/downtime" "$dir/out" "$expected" >&2 || { echo "crash-test[skip]: failed; log in $dir" >&2; return 1; }
  fi
  echo "crash-test[$policy]: ok ($(wc -l < "$dir/out" | tr -d ' ') of $COUNT fires delivered, $(wc -l < "$dir/downtime" | tr -d ' ') kills)"
  rm -rf "$dir"
}

case ${1:-both} in
  all) scenario all ;;
  skip) scenario skip ;;
  both) scenario all; scenario skip ;;
  *) echo "usage: $0 [all|skip|both]" >&2; exit 64 ;;
esac

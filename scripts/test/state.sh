#!/usr/bin/env bash
# Process tests of the state directory with the real binary: a deleted state directory, read-only
# `pending` and `reconcile --state`, out-of-range journal numbers, and (as root, on a 64 KiB tmpfs)
# a full disk under a running daemon. About 20 s. The lock is tested in Tests/CLITests/StateLockTests.
# Usage: scripts/test/state.sh   (BIN=path/to/almanac-exec to override)
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${BIN:-.build/debug/almanac-exec}
[[ -x $BIN ]] || { echo "state-test: $BIN not built (swift build --product almanac-exec)" >&2; exit 2; }
dir=$(mktemp -d "${TMPDIR:-/tmp}/almanac-state.XXXXXX")
pids=()
mounted=""
cleanup() {
  for p in "${pids[@]}"; do kill -KILL "$p" 2>/dev/null || true; done
  [[ -n $mounted ]] && umount "$mounted" 2>/dev/null || true
  rm -rf "$dir"
}
trap cleanup EXIT
fail() { echo "state-test: $*" >&2; for f in "$dir"/*.log; do echo "--- $f" >&2; cat "$f" >&2; done; exit 1; }
wait_for() { # seconds condition...
  local limit=$(( $(date +%s) + $1 )); shift
  until "$@"; do (( $(date +%s) < limit )) || return 1; sleep 0.1; done
}
alive() { kill -0 "$1" 2>/dev/null; }
dead() { ! kill -0 "$1" 2>/dev/null; }

start=$(( $(date +%s) + 1 ))
python3 scripts/lib/make-dense-plan.py "$start" 600 4 "$dir/plan.json"

# A state directory with a journal for the cases below. (The lock — a second daemon on one state,
# a SIGKILLed holder — and the spy record across restarts are Swift tests: Tests/CLITests/StateLockTests.)
"$BIN" run "$dir/plan.json" --state "$dir/state" --backend spy --record "$dir/record" 2>"$dir/a.log" &
a=$!; pids+=("$a")
wait_for 10 test -s "$dir/state/journal.jsonl" || fail "no journal"
sleep 1.5
kill -TERM "$a"; wait "$a" || fail "the daemon did not stop cleanly"

# 1. Read-only commands: pending on a missing directory exits 2 and creates nothing; pending and
#    reconcile --state leave a torn journal untouched (pending reports the torn line).
set +e; "$BIN" pending --state "$dir/missing" >/dev/null 2>"$dir/p.log"; status=$?; set -e
[[ $status == 2 ]] || fail "pending on a missing directory exited $status"
[[ ! -e $dir/missing ]] || fail "pending created the missing directory"
printf '{"event": "fire", "id": "t0@20' >> "$dir/state/journal.jsonl"
cp "$dir/state/journal.jsonl" "$dir/journal.before"
"$BIN" pending --state "$dir/state" >/dev/null 2>"$dir/p.log" || fail "pending failed"
grep -q "torn last line" "$dir/p.log" || fail "pending did not report the torn last line"
# The plan ends within a day (min_coverage): reconcile says so and exits 1, having registered what it can.
set +e
"$BIN" reconcile "$dir/plan.json" --now "$(date -u +%Y-%m-%dT%H:%M:%SZ)" --state "$dir/state" --backend spy --record /dev/null \
  >"$dir/r.json" 2>"$dir/r.log"
status=$?
set -e
[[ $status == 0 || ( $status == 1 && $(cat "$dir/r.log") == *"the plan's window ends"* ) ]] || fail "reconcile --state failed ($status)"
grep -q '"registered"' "$dir/r.json" || fail "reconcile --state printed no registration"
cmp -s "$dir/journal.before" "$dir/state/journal.jsonl" || fail "pending or reconcile changed the journal"

# 2. A journal line out of 32-bit range is reported, not a crash, by every command.
mkdir -p "$dir/hostile"
printf '{"event": "start", "now": "2026-01-01T00:00:00Z"}\n{"event": "outcome", "id": "x", "exit": 4294967296}\n{"event": "outcome", "id": "x", "signal": -2147483649}\n' \
  > "$dir/hostile/journal.jsonl"
"$BIN" pending --state "$dir/hostile" >/dev/null 2>"$dir/h.log" || fail "pending failed on out-of-range numbers"
grep -q "journal.jsonl:2: unreadable" "$dir/h.log" && grep -q "journal.jsonl:3: unreadable" "$dir/h.log" || fail "out-of-range lines not reported"
"$BIN" run "$dir/plan.json" --state "$dir/hostile" --backend spy --record /dev/null 2>"$dir/h2.log" &
h=$!; pids+=("$h")
sleep 1.5
kill -TERM "$h"; wait "$h" || fail "run on out-of-range numbers did not run"

# 3. A deleted state directory stops the daemon (exit 2) instead of journaling into the void.
"$BIN" run "$dir/plan.json" --state "$dir/doomed" --backend spy --record "$dir/doomed.record" 2>"$dir/d.log" &
d=$!; pids+=("$d")
wait_for 5 test -s "$dir/doomed/journal.jsonl" || fail "no journal in the doomed directory"
rm -rf "$dir/doomed"
wait_for 5 dead "$d" || fail "the daemon kept running in a deleted state directory"
set +e; wait "$d"; status=$?; set -e
[[ $status == 2 ]] || fail "deleted state directory: exit $status, expected 2"
grep -q "was deleted" "$dir/d.log" || fail "no message about the deleted state directory"
[[ ! -e $dir/doomed ]] || fail "the daemon recreated the deleted directory"

# 4. A full disk (root, Linux): the daemon's journal write fails mid-line; it exits 2 naming the
#    journal and the fire, the journal ends with a whole line, and a restart delivers each fire once.
if [[ $(id -u) == 0 ]] && mkdir -p "$dir/small" && mount -t tmpfs -o size=64k tmpfs "$dir/small" 2>/dev/null; then
  mounted="$dir/small"
  "$BIN" run "$dir/plan.json" --state "$dir/small/state" --misfire all --backend spy --record "$dir/full.record" 2>"$dir/f.log" &
  f=$!; pids+=("$f")
  wait_for 5 test -s "$dir/small/state/journal.jsonl" || fail "no journal on the small disk"
  dd if=/dev/zero of="$dir/small/filler" bs=1k count=1000 2>/dev/null || true
  wait_for 60 dead "$f" || fail "the daemon did not stop on a full disk"
  set +e; wait "$f"; status=$?; set -e
  [[ $status == 2 ]] || fail "full disk: exit $status, expected 2"
  grep -q "cannot write the journal $dir/small/state/journal.jsonl for fire " "$dir/f.log" || fail "the failed write was not reported with path and fire"
  [[ $(tail -c 1 "$dir/small/state/journal.jsonl" | od -An -c | tr -d ' ') == '\n' ]] || fail "the journal does not end with a whole line"
  python3 -c 'import json,sys; [json.loads(l) for l in open(sys.argv[1])]' "$dir/small/state/journal.jsonl" || fail "a journal line is not JSON"
  rm -f "$dir/small/filler"
  "$BIN" run "$dir/plan.json" --state "$dir/small/state" --misfire all --backend spy --record "$dir/full.record" 2>"$dir/f2.log" &
  f=$!; pids+=("$f")
  sleep 2
  kill -TERM "$f"; wait "$f" || fail "the daemon did not restart after the disk was freed"
  ! grep -q "torn\|unreadable" "$dir/f2.log" || fail "the restart found a torn or unreadable line"
  dupes=$(grep '"call": "fire"' "$dir/full.record" | sed 's/.*"id": "\([^"]*\)".*/\1/' | sort | uniq -d)
  [[ -z $dupes ]] || fail "fired twice after a full disk: $dupes"
  umount "$dir/small"; mounted=""
  echo "state-test: full disk ok"
else
  echo "state-test: full-disk case skipped (needs root and tmpfs)"
fi
echo "state-test: ok"

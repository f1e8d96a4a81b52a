#!/usr/bin/env bash
# Tests the real almanac-exec binary where processes, signals and pipes matter: busy exec slots
# (no misfires, nothing lost by a crash while a fire waits, SIGTERM within a second), process groups
# at a timeout, the payload in place before a command runs, SIGPIPE, a stalled stdout reader,
# absurd --timeout values, early SIGHUP, a plan swapped through a symlink (ConfigMap layout).
# About 40 s.  Usage: scripts/test/exec-process.sh   (BIN=path/to/almanac-exec to override)
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${BIN:-.build/debug/almanac-exec}
[[ -x $BIN ]] || { echo "exec-process-test: $BIN not built (swift build --product almanac-exec)" >&2; exit 2; }
dir=$(mktemp -d "${TMPDIR:-/tmp}/almanac-exec-process.XXXXXX")
pids=()
cleanup() { for p in "${pids[@]:-}"; do [[ -n $p ]] && kill -9 "$p" 2>/dev/null || true; done; rm -rf "$dir"; }
trap cleanup EXIT
# KEEP_GOING=1 reports every failure instead of stopping at the first (to see what an old binary fails).
failures=0
fail() {
  echo "exec-process-test: FAIL: $*" >&2
  failures=$((failures + 1))
  [[ -n ${KEEP_GOING:-} ]] && return 0
  for f in "$dir"/*.log; do [[ -e $f ]] && { echo "--- $f" >&2; tail -20 "$f" >&2; }; done
  exit 1
}
now_ms() { local t; t=$(date +%s%3N 2>/dev/null); [[ $t =~ ^[0-9]+$ ]] && echo "$t" || python3 -c "import time; print(int(time.time() * 1000))"; }
# Exits 0 when `pid` ends within `seconds`; else fails.
wait_gone() { # pid seconds what
  local deadline=$(( $(now_ms) + $2 * 1000 ))
  while kill -0 "$1" 2>/dev/null; do
    (( $(now_ms) < deadline )) || { fail "$3: still running after $2 s"; kill -9 "$1" 2>/dev/null; return 0; }
    sleep 0.05
  done
}
# True while process `pid` runs: a zombie (killed, not yet reaped by init) counts as gone.
alive() { kill -0 "$1" 2>/dev/null && ! grep -q ') Z ' "/proc/$1/stat" 2>/dev/null; }
# A plan of COUNT fires one second apart from START, with a payload of SIZE bytes.
payload_plan() { # start count out size [trigger]
  scripts/lib/make-tick-plan.sh "$1" "$2" "$3" "${5:-tick}"
  python3 - "$3" "$4" <<'PY'
import sys
path, size = sys.argv[1], int(sys.argv[2])
text = open(path).read().replace('"payload": {"n": 1}', '"payload": {"text": "%s"}' % ("x" * size), 1)
open(path, "w").write(text)
PY
}

# 1. Absurd --timeout values are usage errors (64), never a crash; `none` means no limit.
scripts/lib/make-tick-plan.sh 1767225600 3 "$dir/small.json"
for value in inf infinity nan -inf 1e400 99999999999999999999 9999999999d PT9999999999H; do
  set +e; "$BIN" simulate "$dir/small.json" --from 2026-01-01T00:00:00Z --until 2026-01-01T00:00:05Z \
    --backend exec --timeout "$value" -- /bin/true >/dev/null 2>"$dir/err.log"; status=$?; set -e
  [[ $status == 64 ]] || fail "--timeout $value exited $status, expected 64"
done
"$BIN" simulate "$dir/small.json" --from 2026-01-01T00:00:00Z --until 2026-01-01T00:00:05Z \
  --backend exec --timeout none -- /bin/true 2>"$dir/err.log" || fail "--timeout none was refused"
set +e; "$BIN" simulate "$dir/small.json" --from 2026-01-01T00:00:00Z --until 2026-01-01T00:00:05Z \
  --record "$dir/rec" >/dev/null 2>"$dir/err.log"; status=$?; set -e
[[ $status == 64 ]] || fail "--record without --backend spy exited $status, expected 64"

# 2. SIGPIPE: commands that never read their input, and a reader of stdout that goes away.
scripts/lib/make-tick-plan.sh 1767225600 200 "$dir/many.json"
for i in 1 2 3; do
  set +e; "$BIN" simulate "$dir/many.json" --from 2026-01-01T00:00:00Z --until 2026-01-02T00:00:00Z \
    --backend exec --jobs 8 -- /bin/true 2>"$dir/err.log"; status=$?; set -e
  [[ $status == 0 ]] || fail "simulate --backend exec -- /bin/true exited $status (141 is SIGPIPE)"
done
grep -q '200 succeeded' "$dir/err.log" || fail "simulate did not count 200 successful commands: $(cat "$dir/err.log")"
set +e; "$BIN" simulate "$dir/many.json" --from 2026-01-01T00:00:00Z --until 2026-01-02T00:00:00Z \
  --backend exec -- /bin/sh -c 'exit 3' 2>"$dir/err.log"; status=$?; set -e
[[ $status == 1 ]] || fail "simulate with failing commands exited $status, expected 1"
grep -q '200 failed' "$dir/err.log" || fail "simulate did not count the failures: $(tail -1 "$dir/err.log")"
grep -q 'exited with status 3' "$dir/err.log" || fail "simulate did not report the failure in words"
if grep -q 'exited(' "$dir/err.log"; then fail "an enum dump in the log"; fi

# 3. A timed-out command's whole process group stops, grandchildren included.
start=$(( $(date +%s) + 1 ))
scripts/lib/make-tick-plan.sh "$start" 1 "$dir/one.json"
"$BIN" run "$dir/one.json" --backend exec --timeout 1 \
  -- /bin/sh -c 'trap "" TERM; /bin/sleep 60 & echo $! > "$0"; wait; wait' "$dir/grandchild" 2>"$dir/group.log" &
pids+=($!); daemon=$!
for _ in $(seq 100); do [[ -s $dir/grandchild ]] && break; sleep 0.1; done
[[ -s $dir/grandchild ]] || fail "the command did not start"
grandchild=$(cat "$dir/grandchild")
for _ in $(seq 90); do alive "$grandchild" || break; sleep 0.1; done
if alive "$grandchild"; then fail "the grandchild $grandchild survived the timeout"; fi
grep -q 'timed out after 1 s' "$dir/group.log" || fail "no 'timed out after 1 s' in the log"
kill -TERM "$daemon"; wait_gone "$daemon" 2 "run after SIGTERM"

# 4. Busy slots: --jobs 1, a 2 s command every second. No fire is a misfire while the daemon runs,
#    and SIGTERM ends it within a second although fires wait and a command runs.
start=$(( $(date +%s) + 1 ))
scripts/lib/make-tick-plan.sh "$start" 5 "$dir/busy.json"
"$BIN" run "$dir/busy.json" --state "$dir/busy-state" --backend exec --jobs 1 --grace 1s \
  -- /bin/sh -c 'echo "$ALMANAC_FIRE_ID" >> "$0"; sleep 2' "$dir/busy.out" 2>"$dir/busy.log" &
pids+=($!); daemon=$!
sleep 7
if grep -q '"skip"' "$dir/busy-state/journal.jsonl"; then fail "fires waiting for a slot were journaled as skipped"; fi
t0=$(now_ms); kill -TERM "$daemon"; wait_gone "$daemon" 1 "SIGTERM with busy slots"
echo "  SIGTERM with busy slots: $(( $(now_ms) - t0 )) ms"
grep -q 'late: it waited' "$dir/busy.log" || fail "the lateness of waiting fires is not logged"

# 5. A crash while fires wait for a slot loses none of them under --misfire all: a fire is journaled
#    when it starts. Each SIGKILL lands 1.3 s after a 2 s command started, while the next fire (due
#    within a second) waits for the slot and no start is under way (a kill between a journal write and its spawn is the
#    documented at-most-once window, not what this checks); restart, and every fire runs once.
start=$(( $(date +%s) + 1 ))
scripts/lib/make-tick-plan.sh "$start" 8 "$dir/crash.json"
: > "$dir/crash.out"
cmd=(/bin/sh -c 'echo "$ALMANAC_FIRE_ID" >> "$0"; sleep 2' "$dir/crash.out")
for round in 1 2 3; do
  before=$(wc -l < "$dir/crash.out")
  "$BIN" run "$dir/crash.json" --state "$dir/crash-state" --backend exec --jobs 1 --misfire all --grace 1s \
    -- "${cmd[@]}" 2>>"$dir/crash.log" &
  daemon=$!; pids+=($daemon)
  for _ in $(seq 100); do (( $(wc -l < "$dir/crash.out") > before )) && break; sleep 0.05; done
  sleep 1.3; kill -9 "$daemon"; wait "$daemon" 2>/dev/null || true
done
"$BIN" run "$dir/crash.json" --state "$dir/crash-state" --backend exec --jobs 1 --misfire all --grace 1s \
  -- "${cmd[@]}" 2>>"$dir/crash.log" &
daemon=$!; pids+=($daemon)
for _ in $(seq 300); do [[ $(sort -u "$dir/crash.out" 2>/dev/null | wc -l) -ge 8 ]] && break; sleep 0.1; done
sleep 1; kill -TERM "$daemon"; wait_gone "$daemon" 2 "run after SIGTERM"
[[ $(sort -u "$dir/crash.out" | wc -l) == 8 ]] || fail "fires lost by a crash while waiting: $(sort -u "$dir/crash.out" | wc -l) of 8 ran: $(sort -u "$dir/crash.out" | tr '\n' ' '); journal: $(grep -o '"id": "[^"]*"' "$dir/crash-state/journal.jsonl" | tr '\n' ' ')"
[[ -z $(sort "$dir/crash.out" | uniq -d) ]] || fail "a fire ran twice: $(sort "$dir/crash.out" | uniq -d)"

# 6. The payload is in place before the command runs: a command that kills the daemon at once
#    still reads all of a payload larger than a pipe's buffer.
start=$(( $(date +%s) + 3 ))
payload_plan "$start" 1 "$dir/big.json" 200000
"$BIN" run "$dir/big.json" --state "$dir/big-state" --backend exec \
  -- /bin/sh -c 'kill -9 $PPID; sleep 0.5; wc -c > "$0"' "$dir/big.out" 2>"$dir/big.log" &
daemon=$!; pids+=($daemon)
for _ in $(seq 80); do [[ -s $dir/big.out ]] && break; sleep 0.1; done
[[ $(tr -d ' ' < "$dir/big.out" 2>/dev/null) == 200013 ]] || fail "the command read $(cat "$dir/big.out" 2>/dev/null) bytes of a 200013-byte payload"

# 7. A stalled stdout reader never blocks the loop: SIGTERM still ends the daemon within a second.
start=$(( $(date +%s) + 2 ))
payload_plan "$start" 3 "$dir/stall.json" 100000
mkfifo "$dir/stall.fifo"
sleep 30 < "$dir/stall.fifo" &   # opens the FIFO and never reads it
pids+=($!)
"$BIN" run "$dir/stall.json" --backend stdout > "$dir/stall.fifo" 2>"$dir/stall.log" &
daemon=$!; pids+=($daemon)
sleep 5
grep -q 'fire tick' "$dir/stall.log" || fail "the stalled-stdout daemon delivered nothing"
t0=$(now_ms); kill -TERM "$daemon"; wait_gone "$daemon" 1 "SIGTERM with a stalled stdout reader"
echo "  SIGTERM with a stalled stdout reader: $(( $(now_ms) - t0 )) ms"

# 8. SIGHUP early in the daemon's life (while it parses its arguments, opens its state, loads the
#    plan) reloads, never kills it. Before `main` runs (the dynamic loader, tens of milliseconds on a
#    loaded machine) no process can catch a signal, so the first delay leaves room for that.
payload_plan 1767225600 2000 "$dir/large.json" 10
for delay in 0.15 0.3 0.6; do
  "$BIN" run "$dir/large.json" --backend stdout >/dev/null 2>"$dir/hup.log" &
  daemon=$!; pids+=($daemon)
  sleep "$delay"; kill -HUP "$daemon" 2>/dev/null || true
  sleep 1
  kill -0 "$daemon" 2>/dev/null || { fail "SIGHUP $delay s after start killed the daemon"; continue; }
  grep -q 'reloaded the plan' "$dir/hup.log" || fail "SIGHUP $delay s after start did not reload the plan"
  kill -TERM "$daemon"; wait_gone "$daemon" 2 "run after SIGTERM"
done

# 9. A plan swapped through a symlink, as a Kubernetes ConfigMap is updated: plan.json ->
#    ..data/plan.json, and a new ..data renamed into place.
mkdir -p "$dir/cm/..v1" "$dir/cm/..v2"
start=$(( $(date +%s) + 1 ))
scripts/lib/make-tick-plan.sh "$start" 30 "$dir/cm/..v1/plan.json" a
scripts/lib/make-tick-plan.sh "$start" 30 "$dir/cm/..v2/plan.json" b
ln -s ..v1 "$dir/cm/..data"
ln -s ..data/plan.json "$dir/cm/plan.json"
"$BIN" run "$dir/cm/plan.json" --backend exec -- /bin/sh -c 'echo "$ALMANAC_FIRE_ID" >> "$0"' "$dir/cm.out" 2>"$dir/cm.log" &
daemon=$!; pids+=($daemon)
sleep 2
ln -s ..v2 "$dir/cm/..data_tmp" && mv -T "$dir/cm/..data_tmp" "$dir/cm/..data"
sleep 2.5
grep -q 'reloaded the plan' "$dir/cm.log" || fail "a symlink swap of the plan (ConfigMap layout) was not noticed"
grep -q '^b@' "$dir/cm.out" || fail "the swapped-in plan did not fire"
kill -TERM "$daemon"; wait_gone "$daemon" 2 "run after SIGTERM"

# 10. concurrency in a real daemon: `replace` stops the running command's whole group before the
#     next starts; `forbid` skips (journaled) while the previous command runs.
start=$(( $(date +%s) + 2 ))
scripts/lib/make-tick-plan.sh "$start" 3 "$dir/replace.json" r
sed -i.bak 's/"kind": "every",/"kind": "every", "concurrency": "replace",/' "$dir/replace.json"
"$BIN" run "$dir/replace.json" --state "$dir/replace-state" --backend exec --timeout none \
  -- /bin/sh -c '/bin/sleep 60 & echo $! >> "$0"; wait' "$dir/replace.pids" 2>"$dir/replace.log" &
daemon=$!; pids+=($daemon)
sleep 5.5
[[ $(grep -c 'stopped: replaced by a newer fire' "$dir/replace.log") == 2 ]] || fail "replace did not stop two commands"
n=0; while read -r p; do alive "$p" && n=$((n + 1)); done < "$dir/replace.pids"
[[ $n == 1 ]] || fail "replace: $n grandchildren alive, expected only the last command's"
kill -TERM "$daemon"; wait_gone "$daemon" 1 "SIGTERM with a command running"
sleep 0.5   # a killed grandchild is a zombie until init reaps it
while read -r p; do if alive "$p"; then fail "a grandchild outlived the daemon's stop"; fi; done < "$dir/replace.pids"
start=$(( $(date +%s) + 2 ))
scripts/lib/make-tick-plan.sh "$start" 4 "$dir/forbid.json" f
sed -i.bak 's/"kind": "every",/"kind": "every", "concurrency": "forbid",/' "$dir/forbid.json"
"$BIN" run "$dir/forbid.json" --state "$dir/forbid-state" --backend exec -- /bin/sleep 2.5 2>"$dir/forbid.log" &
daemon=$!; pids+=($daemon)
sleep 6.5
kill -TERM "$daemon"; wait_gone "$daemon" 1 "run after SIGTERM"
[[ $(grep -c '"event": "fire"' "$dir/forbid-state/journal.jsonl") == 2 ]] || fail "forbid: expected 2 fires started"
[[ $(grep -c '"reason": "concurrency"' "$dir/forbid-state/journal.jsonl") == 2 ]] || fail "forbid: expected 2 fires skipped for concurrency"

# 11. The plan file is watched from before the first load: a plan replaced while the first one loads
#     (a long plan) is read again once the loop runs.
start=$(( $(date +%s) + 1 ))
# make-tick-plan.sh runs `date` per fire: too slow for 20,000.
python3 - "$start" 20000 "$dir/slow.json" <<'PY'
import sys, datetime
start, count, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
utc = lambda t: datetime.datetime.fromtimestamp(t, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S")
fires = ",".join('\n    {"at": "%sZ", "trigger": "a", "local": "%s+00:00", "id": "a@%s"}' % (utc(t), utc(t), utc(t))
                 for t in range(start, start + count))
open(path, "w").write('{\n  "plan": 1,\n  "spec": {"name": "ticks", "sha256": "%s"},\n' % ("0" * 64)
  + '  "window": {"from": "%sZ", "to": "%sZ"},\n' % (utc(start), utc(start + count))
  + '  "tzdata": "test",\n  "limits": {"max_pending": 64, "max_regions": 20},\n'
  + '  "triggers": {\n    "a": {"kind": "every", "priority": 0, "payload": {"n": 1}}\n  },\n'
  + '  "regions": [],\n  "fires": [' + fires + '\n  ]\n}\n')
PY
scripts/lib/make-tick-plan.sh "$(( start + 2 ))" 60 "$dir/slow-b.json" b
"$BIN" run "$dir/slow.json" --backend exec -- /bin/sh -c 'echo "$ALMANAC_FIRE_ID" >> "$0"' "$dir/slow.out" 2>"$dir/slow.log" &
daemon=$!; pids+=($daemon)
sleep 0.3
cp "$dir/slow-b.json" "$dir/slow.json.tmp" && mv "$dir/slow.json.tmp" "$dir/slow.json"
for _ in $(seq 150); do grep -q '^b@' "$dir/slow.out" 2>/dev/null && break; sleep 0.1; done
grep -q '^b@' "$dir/slow.out" 2>/dev/null || fail "a plan replaced during the first load was not read again"
kill -TERM "$daemon"; wait_gone "$daemon" 2 "run after SIGTERM"

(( failures == 0 )) || { echo "exec-process-test: $failures failures" >&2; exit 1; }
echo "exec-process-test: ok"

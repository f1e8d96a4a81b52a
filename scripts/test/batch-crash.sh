#!/usr/bin/env bash
# kill -9 aimed at the journal's group commit, at exact points of a batch, with strace's fault
# injection (the daemon runs under `strace -P JOURNAL`, which counts only the journal's system calls):
#   before-write  SIGKILL on entering the batch's write: nothing of it landed, nothing started
#                 → the restart delivers the whole batch; 0 lost
#   before-sync   SIGKILL on entering its fsync: the batch is in the file, nothing started
#                 → the batch is lost (the documented window), nothing else
#   after-ahead-sync  SIGKILL right after its fsync returned: the batch was journaled ahead of its
#                 instant (its lines' `now` is before their `at`), so the kill lands before the instant
#                 and before the first start (spy and exec) → the batch is lost, nothing else; with exec
#                 not one of its commands ran
#   after-sync    the same for a batch journaled at its instant: 300 fires a second, so each instant's
#                 first 256 are journaled ahead and the other 44 at the instant; SIGKILL after the
#                 sync of those 44 → they are lost, nothing else
#   mid-starts    SIGKILL on a write of the spy record halfway through the batch's starts
#                 → the batch's fires not started yet are lost, those started are not repeated
# Each plan has RATE fires due at each second (one batch each, journaled ahead); the daemon is restarted without
# strace under --misfire all and runs to the plan's end. A checker then requires: no fire delivered
# twice; every planned fire delivered except those lost; the lost fires are journaled, are the tail
# of the journal at the kill (the batch's last starts), and number at most one batch.
# Usage: scripts/test/batch-crash.sh   (BIN=path/to/almanac-exec; about 70 s)
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${BIN:-.build/debug/almanac-exec}
[[ -x $BIN ]] || { echo "batch-crash-test: $BIN not built (swift build --product almanac-exec)" >&2; exit 2; }
command -v strace >/dev/null || { echo "batch-crash-test: needs strace (apt-get install strace)" >&2; exit 2; }
RATE=${RATE:-50}
SECONDS_LONG=6
began=$(date +%s)

# scenario NAME BACKEND EXPECT(none|batch|ahead|part) WATCH(journal|both) INJECT [RATE]
scenario() {
  local name=$1 backend=$2 expect=$3 watch=$4 inject=$5 rate=${6:-$RATE}
  local dir start pid
  dir=$(mktemp -d "${TMPDIR:-/tmp}/almanac-batch-crash-$name-$backend.XXXXXX")
  mkdir "$dir/state"; : > "$dir/out"
  start=$(( $(date +%s) + 2 ))
  python3 scripts/lib/make-dense-plan.py "$start" "$SECONDS_LONG" "$rate" "$dir/plan.json"
  local run=("$BIN" run "$dir/plan.json" --state "$dir/state" --misfire all --grace 60s)
  if [[ $backend == spy ]]; then
    run+=(--backend spy --record "$dir/out")
  else
    run+=(--backend exec --jobs 256 -- /bin/sh -c 'echo "{\"call\": \"fire\", \"id\": \"$ALMANAC_FIRE_ID\"}" >> "$0"' "$dir/out")
  fi
  # -P: only the journal's (and the record's) calls are traced and counted by `when`; -y names
  # each descriptor's file in the trace.
  local watched=(-P "$dir/state/journal.jsonl")
  [[ $watch == both ]] && watched+=(-P "$dir/out")
  strace -f -qq -y -o "$dir/trace" -e trace=write,fsync "${watched[@]}" -e "inject=$inject" "${run[@]}" 2>>"$dir/daemon.log" &
  pid=$!
  # Not the shell's job any more, so its death by SIGKILL is not announced; the trace says how it ended.
  disown "$pid"
  local limit=$(( start + SECONDS_LONG + 10 ))
  while kill -0 "$pid" 2>/dev/null && (( $(date +%s) < limit )); do sleep 0.05; done
  if kill -0 "$pid" 2>/dev/null; then
    kill -KILL "$pid"
    echo "batch-crash-test[$name/$backend]: the injected SIGKILL never came; files in $dir" >&2
    return 1
  fi
  grep -q '^[0-9]* *+++ killed by SIGKILL +++' "$dir/trace" || {
    echo "batch-crash-test[$name/$backend]: the daemon ended, but not by SIGKILL; files in $dir" >&2; return 1; }
  cp "$dir/state/journal.jsonl" "$dir/journal-at-kill"
  [[ $backend == exec ]] && sleep 0.5  # commands already started finish writing
  cp "$dir/out" "$dir/out-at-kill"
  "${run[@]}" 2>>"$dir/daemon.log" &
  pid=$!
  while (( $(date +%s) < start + SECONDS_LONG + 1 )); do sleep 0.1; done
  sleep 0.5
  kill -TERM "$pid"
  wait "$pid" || { echo "batch-crash-test[$name/$backend]: the restarted daemon did not stop cleanly; files in $dir" >&2; return 1; }
  [[ $backend == exec ]] && sleep 0.5
  python3 - "$dir" "$name" "$backend" "$expect" <<'PY' || { echo "batch-crash-test[$name/$backend]: failed; files in $dir" >&2; return 1; }
import calendar, json, re, sys, time
directory, name, backend, expect = sys.argv[1:5]
LIMIT = 256  # Journal.batchLimit
def epoch(at): return calendar.timegm(time.strptime(at, "%Y-%m-%dT%H:%M:%SZ"))
def fires_in(path):
    return [json.loads(l)["id"] for l in open(path) if '"event": "fire"' in l]
def delivered_in(path):
    counts = {}
    for line in open(path):
        call = json.loads(line)
        if call.get("call") == "fire": counts[call["id"]] = counts.get(call["id"], 0) + 1
    return counts
plan = json.load(open(directory + "/plan.json"))
journal_lines = open(directory + "/journal-at-kill").read().splitlines()
first_start = epoch(json.loads(journal_lines[0])["now"])
journaled = fires_in(directory + "/journal-at-kill")
# The batch at the kill: the lines of the journal's last write that returned ("= N" bytes).
trace = open(directory + "/trace").read()
journal_write = r'write\(\d+<[^>]*/journal\.jsonl>, .*\) += '
writes = [int(m.group(1)) for m in re.finditer(journal_write + r'(\d+)$', trace, re.M)]
text = open(directory + "/journal-at-kill", "rb").read()
landed_last = text[len(text) - writes[-1]:].decode() if writes else ""
# A batch that did not land (killed on entering its write) is nowhere in the file.
killed_in_write = re.search(journal_write + r'\?$', trace, re.M) is not None
batch_lines = [] if killed_in_write else [json.loads(l) for l in landed_last.splitlines() if '"event": "fire"' in l]
batch = [line["id"] for line in batch_lines]
before = delivered_in(directory + "/out-at-kill")
after = delivered_in(directory + "/out")
planned = [f["id"] for f in plan["fires"] if epoch(f["at"]) >= first_start]
lost = [i for i in planned if i not in after]
problems = []
twice = [i for i, n in after.items() if n > 1]
if twice: problems.append("delivered twice: %s" % twice[:5])
if any(i not in journaled for i in lost): problems.append("lost and not journaled: %s" % [i for i in lost if i not in journaled][:5])
if lost and journaled[-len(lost):] != sorted(lost, key=journaled.index):
    problems.append("the lost fires are not the journal's tail at the kill: %s" % lost[:5])
if len(lost) > LIMIT: problems.append("%d lost, more than a batch" % len(lost))
if any(i not in batch for i in lost): problems.append("lost outside the batch at the kill: %s" % [i for i in lost if i not in batch][:5])
started_of_batch = [i for i in batch if i in before]
if expect == "none" and lost: problems.append("expected no loss, lost %d: %s" % (len(lost), lost[:5]))
if expect == "ahead":
    if any(epoch(line["now"]) >= epoch(line["at"]) for line in batch_lines):
        problems.append("the batch at the kill was not journaled ahead of its instant (now >= at)")
    expect = "batch"
if expect == "batch":
    if not batch: problems.append("the kill did not land on a batch of fires")
    if sorted(lost) != sorted(batch): problems.append("expected the batch (%d) lost, lost %d" % (len(batch), len(lost)))
    if started_of_batch: problems.append("%d fires of the batch started before the kill" % len(started_of_batch))
if expect == "part" and not (0 < len(lost) < len(batch)):
    problems.append("expected part of the batch (%d) lost, lost %d" % (len(batch), len(lost)))
for p in problems: print(p)
if problems: sys.exit(1)
print("batch-crash-test[%s/%s]: %d planned, %d delivered once, 0 twice, %d lost (the batch at the kill: %d fires, %d started before it)"
      % (name, backend, len(planned), len(planned) - len(lost), len(lost), len(batch), len(started_of_batch)))
PY
  rm -rf "$dir"
}

# Counted per thread: the loop's journal writes and syncs are the start entry (1), then one batch a
# second; its record writes are cancelAll and 64 schedules at the start, then one per fire.
scenario before-write spy none journal write:signal=KILL:when=3
scenario before-sync spy batch journal fsync:signal=KILL:when=3
scenario after-ahead-sync spy ahead journal fsync:retval=0:signal=KILL:when=3
scenario after-ahead-sync exec ahead journal fsync:retval=0:signal=KILL:when=2
# Syncs: the start (1), the first instant's 256 ahead (2), its other 44 at the instant (3).
scenario after-sync spy batch journal fsync:retval=0:signal=KILL:when=3 300
# Journal write 1, record writes 2-66, the first batch's write 67, then its fires: the 25th's write.
scenario mid-starts spy part both write:signal=KILL:when=92
echo "batch-crash-test: ok in $(( $(date +%s) - began )) s"

#!/usr/bin/env bash
# Cluster chaos test of `almanac-exec run --store postgres://…` against a real PostgreSQL (Debian's):
# three executors share a dense plan (RATE fires a second for SECONDS_); executors are SIGKILLed at
# random moments (often mid-burst, commands running), each in turn, KILLS times in all, and restarted
# under new names; the database is restarted once mid-run; and a new plan replaces the file mid-run and
# is deployed (`almanac-exec deploy`), dropping the later fires of five triggers and adding a trigger. Each command appends `FIRE_ID ATTEMPT EXECUTOR` to one
# file, then runs 0.4 s (so kills land while commands run). A checker then holds every fire against
# what ran and what the store recorded:
#   --in-doubt skip : no fire ran twice; every fire ran or is recorded `in_doubt` (its executor died
#                     after starting it: it ran at most once); nothing is lost.
#   --in-doubt retry: every fire ran; a fire ran twice only as a recorded re-run (ALMANAC_ATTEMPT 2).
#   both            : a fire the new plan dropped never ran (`cancelled`); one it added ran.
# Usage: scripts/test/cluster.sh [skip|retry|both]
#   KILLS (default 30), RATE (default 60), SECONDS_ (default 50), BIN=path/to/almanac-exec
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${BIN:-.build/debug/almanac-exec}
[[ -x $BIN ]] || { echo "cluster-test: $BIN not built (swift build --product almanac-exec)" >&2; exit 2; }
KILLS=${KILLS:-30}
RATE=${RATE:-60}
SECONDS_=${SECONDS_:-50}
source scripts/lib/postgres.sh
start_postgres >/dev/null

scenario() {
  local mode=$1 dir store
  dir=$(mktemp -d "${TMPDIR:-/tmp}/almanac-cluster-$mode.XXXXXX")
  store=$(fresh_database "cluster_$mode")
  "$BIN" migrate --store "$store" >/dev/null
  local start=$(( $(date +%s) + 3 ))
  local end=$(( start + SECONDS_ ))
  python3 scripts/lib/make-dense-plan.py "$start" "$SECONDS_" "$RATE" "$dir/plan.json"
  cp "$dir/plan.json" "$dir/plan-v1.json"
  : > "$dir/out"
  declare -A pids
  local generation=0
  launch() { # slot
    generation=$((generation + 1))
    "$BIN" run "$dir/plan.json" --store "$store" --executor-id "x$1-$generation" --lease 2s --grace 3s \
      --misfire all --in-doubt "$mode" --backend exec --jobs 8 \
      -- /bin/sh -c 'echo "$ALMANAC_FIRE_ID $ALMANAC_ATTEMPT $0" >> "$1"; sleep 0.4' "x$1-$generation" "$dir/out" \
      2>>"$dir/log.$1" &
    pids[$1]=$!
  }
  for slot in 1 2 3; do launch "$slot"; done
  local restarted=0 replanned=0 k=0
  # Kills spread over the run; the database restart at 40 %, the new plan at 60 %.
  local gap_ms=$(( (SECONDS_ - 6) * 1000 / KILLS ))
  # The database restart and the new plan happen at their moments whatever the kills do: with few
  # kills (CI's KILLS=4) the random gaps can end the kill loop before 60 % of the run.
  milestones() {
    local now; now=$(date +%s)
    if (( !restarted && now >= start + SECONDS_ * 4 / 10 )); then
      as_postgres "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m fast -w -s restart \
        -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k $PG_DIR -c fsync=off -c max_connections=200" >/dev/null
      restarted=$now
    fi
    if (( !replanned && now >= start + SECONDS_ * 6 / 10 )); then
      python3 - "$dir/plan.json" "$(( now + 4 ))" "$end" <<'PY'
import json, sys, time, os
path, cut, end = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
p = json.load(open(path))
p["spec"]["sha256"] = "1" * 64
utc = lambda t: time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t))
stamp = lambda s: int(time.mktime(time.strptime(s[:19], "%Y-%m-%dT%H:%M:%S")) - time.timezone)
p["fires"] = [f for f in p["fires"] if not (f["trigger"] in {"t0", "t1", "t2", "t3", "t4"} and stamp(f["at"]) >= cut)]
p["triggers"]["added"] = {"kind": "every", "priority": 0, "payload": {"added": True}}
p["fires"] += [{"at": utc(t) + "Z", "trigger": "added", "local": utc(t) + "+00:00", "id": "added@" + utc(t)} for t in range(cut, end)]
p["fires"].sort(key=lambda f: (f["at"], f["trigger"]))
json.dump(p, open(path + ".tmp", "w"), indent=1)
os.rename(path + ".tmp", path)
PY
      cp "$dir/plan.json" "$dir/plan-v2.json"
      # Replacing the file is not enough: executors follow the store, and a plan the spec never had
      # becomes current only when deployed (they then read their file again and run it).
      "$BIN" deploy "$dir/plan.json" --store "$store" --expect-revision 1 >/dev/null
      replanned=$now
    fi
  }
  while (( k < KILLS )); do
    sleep "$(python3 -c "import random; print(random.uniform(0.3, 1.7) * $gap_ms / 1000)")"
    milestones
    slot=$(( k % 3 + 1 ))   # each executor in turn: KILLS/3 kills each
    kill -9 "${pids[$slot]}" 2>/dev/null || true
    wait "${pids[$slot]}" 2>/dev/null || true
    sleep "0.$(( RANDOM % 9 + 1 ))"
    launch "$slot"
    k=$((k + 1))
  done
  # Let the plan run out and leases lapse (restarting the database and deploying the new plan if the
  # kills ended first), then stop gracefully.
  while (( $(date +%s) < end + 5 )); do milestones; sleep 0.5; done
  for slot in 1 2 3; do kill -TERM "${pids[$slot]}" 2>/dev/null || true; done
  wait || true
  (( restarted && replanned )) || { echo "cluster-test[$mode]: the run ended before the restart and the new plan" >&2; exit 1; }
  "$BIN" status --store "$store" --format json > "$dir/status.json"
  runuser -u postgres -- "$PG_BIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -d "cluster_$mode" -At -F ' ' \
    -c "SELECT fire_id, state, attempt, coalesce(outcome, '') FROM almanac_fires" > "$dir/fires.txt"
  python3 - "$mode" "$dir" "$KILLS" <<'PY'
import json, sys, collections
mode, d, kills = sys.argv[1], sys.argv[2], int(sys.argv[3])
v1 = [f["id"] for f in json.load(open(f"{d}/plan-v1.json"))["fires"]]
v2 = [f["id"] for f in json.load(open(f"{d}/plan-v2.json"))["fires"]]
dropped = set(v1) - set(v2)
added = set(v2) - set(v1)
planned = [i for i in v1 if i not in dropped] + sorted(added)
runs = collections.defaultdict(list)
for line in open(f"{d}/out"):
    parts = line.split()
    if len(parts) == 3: runs[parts[0]].append(int(parts[1]))
store = {}
for line in open(f"{d}/fires.txt"):
    fid, state, attempt, outcome = (line.rstrip("\n").split(" ", 3) + [""])[:4]
    store[fid] = (state, int(attempt), outcome)
problems, counts = [], collections.Counter()
for fid in dropped:
    if runs.get(fid): problems.append(f"{fid}: dropped by the new plan but ran")
    if store.get(fid, ("?",))[0] != "cancelled": problems.append(f"{fid}: dropped by the new plan but {store.get(fid, ('missing',))[0]}")
for fid in planned:
    state, attempt, outcome = store.get(fid, ("missing", 0, ""))
    ran = runs.get(fid, [])
    counts[state] += 1
    if state in ("missing", "pending", "claimed", "started", "cancelled", "skipped", "expired"):
        problems.append(f"{fid}: {state} {outcome}".rstrip())
    elif state == "done" and not ran: problems.append(f"{fid}: recorded done but never ran")
    if mode == "skip":
        if len(ran) > 1: problems.append(f"{fid}: ran {len(ran)} times {ran}")
    else:
        if state == "in_doubt": problems.append(f"{fid}: left in doubt under --in-doubt retry")
        if not ran: problems.append(f"{fid}: never ran")
        if len(ran) > 1 and sorted(ran) != list(range(1, len(ran) + 1)):
            problems.append(f"{fid}: ran {len(ran)} times with attempts {ran}")
        if len(ran) > 1 and attempt < len(ran): problems.append(f"{fid}: ran {len(ran)} times, the store says attempt {attempt}")
    counts["ran twice" if len(ran) > 1 else "ran once" if ran else "never ran"] += 1
extra = set(runs) - set(planned) - dropped
if extra: problems.append(f"{len(extra)} ids ran that no plan has")
status = json.load(open(f"{d}/status.json"))
print(f"cluster-test[{mode}]: {len(planned)} fires ({len(added)} added and {len(dropped)} dropped by the new plan), "
      f"{kills} kills, 1 database restart; " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
      + f"; {len(status['executors'])} executor runs, {sum(e['claims_lost'] for e in status['executors'])} claims lost")
for p in problems[:20]: print("  " + p)
sys.exit(1 if problems else 0)
PY
}

case ${1:-both} in
  skip) scenario skip ;;
  retry) scenario retry ;;
  both) scenario skip; scenario retry ;;
  *) echo "usage: scripts/test/cluster.sh [skip|retry|both]" >&2; exit 64 ;;
esac

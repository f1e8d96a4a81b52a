#!/usr/bin/env bash
# The shared store under the faults of issue #24, with three executors on a real PostgreSQL
# (Debian's) delivering a dense plan through the exec backend:
#   x1 connects directly, x2 too but runs under libfaketime (`faketime -f +0`), x3 through a TCP
#   proxy on loopback (scripts/lib/tcp-proxy.py).
# Faults, in a random order, each followed by time to recover:
#   KILLS postmaster SIGKILLs (not `pg_ctl restart`), the server started again 1-3 s later; during
#     one of them x1 gets SIGTERM (and is started again once the server is back);
#   the proxy frozen (SIGSTOP) for two leases, then thawed; the proxy cut (SIGKILL), started again
#     3 s later;
#   x1 frozen (SIGSTOP) for two leases, then continued.
# Then SIGTERM to each executor while it delivers. Pass (for the fires due until a few seconds before
# that stop; those due later may have run or not, but never twice):
#   --in-doubt skip : no fire ran twice; every fire ran, or is recorded `in_doubt` (its executor was
#                     cut off after starting it: it ran at most once);
#   --in-doubt retry: every fire ran; twice only as a re-run recorded with ALMANAC_ATTEMPT 2 (3…);
#   both            : every executor started a command again within one lease (+1 s) of the end of
#                     each outage it was cut off by; every SIGTERM ended its executor within 2 s.
# Usage: scripts/test/cluster-chaos.sh [skip|retry|both]
#   KILLS (default 10), RATE (fires a second, default 8), LEASE (seconds, default 3), BIN=…
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${BIN:-.build/debug/almanac-exec}
[[ -x $BIN ]] || { echo "cluster-chaos: $BIN not built (swift build --product almanac-exec)" >&2; exit 2; }
command -v faketime >/dev/null || { echo "cluster-chaos: needs faketime (apt-get install faketime)" >&2; exit 2; }
KILLS=${KILLS:-10}
RATE=${RATE:-8}
LEASE=${LEASE:-3}
source scripts/lib/postgres.sh
start_postgres >/dev/null
now() { python3 -c 'import time; print(f"{time.time():.3f}")'; }
pause() { sleep "$(python3 -c "import random, sys; print(round(random.uniform(float(sys.argv[1]), float(sys.argv[2])), 2))" "$1" "$2")"; }

scenario() {
  local mode=$1 dir store proxy_pid proxy_port
  dir=$(mktemp -d "${TMPDIR:-/tmp}/almanac-chaos-$mode.XXXXXX")
  store=$(fresh_database "chaos_$mode")
  "$BIN" migrate --store "$store" >/dev/null
  : > "$dir/out"; : > "$dir/events"; : > "$dir/sigterm"
  start_proxy() { # [port]
    python3 scripts/lib/tcp-proxy.py "${1:-0}" "$PG_PORT" > "$dir/proxy.port" &
    proxy_pid=$!
    for _ in $(seq 50); do [[ -s $dir/proxy.port ]] && break; sleep 0.05; done
    proxy_port=$(cat "$dir/proxy.port")
  }
  start_proxy
  # Longer than the faults can take (10-20 s each with the pause after it, on a loaded machine):
  # the executors are stopped a few seconds after the last fault, and only the fires due before
  # then must have run.
  local seconds=$(( (KILLS + 3) * 30 + 30 ))
  local start=$(( $(date +%s) + 4 ))
  python3 scripts/lib/make-dense-plan.py "$start" "$seconds" "$RATE" "$dir/plan.json"
  declare -A pids gen
  launch() { # slot
    gen[$1]=$(( ${gen[$1]:-0} + 1 ))
    local id="x$1-${gen[$1]}" address=$store wrap=()
    [[ $1 == 3 ]] && address="postgres://postgres@127.0.0.1:$proxy_port/chaos_$mode"
    [[ $1 == 2 ]] && wrap=(faketime -f +0)
    "${wrap[@]}" "$BIN" run "$dir/plan.json" --store "$address" --executor-id "$id" --lease "${LEASE}s" --misfire all \
      --in-doubt "$mode" --backend exec --jobs 3 \
      -- /bin/sh -c 'echo "$ALMANAC_FIRE_ID $ALMANAC_ATTEMPT $0 $(date +%s.%N)" >> "$1"; sleep 0.3' "$id" "$dir/out" \
      2>>"$dir/log.$1" &
    pids[$1]=$!
    # faketime runs the executor as its child: signals go to the executor itself.
    if [[ $1 == 2 ]]; then
      for _ in $(seq 50); do pgrep -P "${pids[2]}" >/dev/null && break; sleep 0.05; done
      pids[2]=$(pgrep -P "${pids[2]}")
    fi
  }
  terminate() { # slot → milliseconds until it ended (SIGKILL after 5 s)
    local pid=${pids[$1]} t0 ms
    t0=$(date +%s%N)
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
    ms=$(( ($(date +%s%N) - t0) / 1000000 ))
    if kill -0 "$pid" 2>/dev/null; then
      # Where it is stuck, for whoever reads the failure.
      command -v gdb >/dev/null && gdb -p "$pid" -batch -ex "thread apply all bt 30" > "$dir/stuck.x$1.txt" 2>&1
      kill -9 "$pid"; ms=99999
    fi
    wait "$pid" 2>/dev/null || true
    echo "$1 $ms" >> "$dir/sigterm"
  }
  kill_postmaster() { # [sigterm-slot]
    kill -9 "$(head -1 "$PG_DIR/data/postmaster.pid")"
    [[ -n ${1:-} ]] && { pause 0.3 0.8; terminate "$1"; }
    pause 1 3
    # The old server's processes leave on their own when the postmaster is gone; until they have,
    # a new one refuses the shared memory they hold: try again.
    local tries=0
    until as_postgres "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" -w -s \
      -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k $PG_DIR -c fsync=off -c max_connections=200" start >/dev/null 2>&1; do
      tries=$((tries + 1)); (( tries < 50 )) || { echo "cluster-chaos: the server did not start again" >&2; exit 1; }
      sleep 0.2
    done
    [[ -n ${1:-} ]] && launch "$1"
    echo "postmaster-kill $(now) 1 2 3" >> "$dir/events"
  }
  for slot in 1 2 3; do launch "$slot"; done
  while (( $(date +%s) < start + 3 )); do sleep 0.2; done
  local faults=()
  for ((k = 0; k < KILLS; k++)); do faults+=(kill); done
  faults[$((RANDOM % KILLS))]=kill-sigterm
  faults+=(freeze-proxy cut-proxy stop-executor)
  mapfile -t faults < <(printf '%s\n' "${faults[@]}" | shuf)
  for fault in "${faults[@]}"; do
    if (( $(date +%s) > start + seconds - 15 )); then
      echo "cluster-chaos: the plan ends before the fault '$fault' could be checked (make it longer)" >&2; exit 1
    fi
    case $fault in
      kill) kill_postmaster ;;
      kill-sigterm) kill_postmaster 1 ;;
      freeze-proxy)
        kill -STOP "$proxy_pid"; sleep $((2 * LEASE)); kill -CONT "$proxy_pid"
        echo "freeze-proxy $(now) 3" >> "$dir/events" ;;
      cut-proxy)
        kill -9 "$proxy_pid"; wait "$proxy_pid" 2>/dev/null || true; sleep 3; start_proxy "$proxy_port"
        echo "cut-proxy $(now) 3" >> "$dir/events" ;;
      stop-executor)
        kill -STOP "${pids[1]}"; sleep $((2 * LEASE)); kill -CONT "${pids[1]}"
        echo "stop-executor $(now) 1" >> "$dir/events" ;;
    esac
    pause $((LEASE + 2)) $((LEASE + 4))
  done
  # Each executor gets SIGTERM while it delivers (commands running); fires due up to a few
  # seconds before must all have run, the later ones may have or not (never twice).
  local cutoff; cutoff=$(( $(date +%s) - 3 ))
  for slot in 1 2 3; do terminate "$slot"; done
  kill "$proxy_pid" 2>/dev/null || true
  runuser -u postgres -- "$PG_BIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -d "chaos_$mode" -At -F ' ' \
    -c "SELECT fire_id, state, attempt, coalesce(outcome, '') FROM almanac_fires" > "$dir/fires.txt"
  python3 - "$mode" "$dir" "$LEASE" "$cutoff" <<'PY'
import calendar, collections, json, sys, time
mode, d, lease, cutoff = sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4])
fires = json.load(open(f"{d}/plan.json"))["fires"]
due = lambda f: calendar.timegm(time.strptime(f["at"], "%Y-%m-%dT%H:%M:%SZ"))
planned = [f["id"] for f in fires if due(f) < cutoff]
later = {f["id"] for f in fires if due(f) >= cutoff}
runs, starts = collections.defaultdict(list), collections.defaultdict(list)
for line in open(f"{d}/out"):
    parts = line.split()
    if len(parts) != 4: continue
    runs[parts[0]].append(int(parts[1]))
    starts[parts[2].split("-")[0][1:]].append(float(parts[3]))
store = {}
for line in open(f"{d}/fires.txt"):
    fid, state, attempt, outcome = (line.rstrip("\n").split(" ", 3) + [""])[:4]
    store[fid] = (state, int(attempt), outcome)
problems, counts = [], collections.Counter()
for fid in planned:
    state, attempt, outcome = store.get(fid, ("missing", 0, ""))
    ran = runs.get(fid, [])
    counts[state] += 1
    counts["ran twice or more" if len(ran) > 1 else "ran once" if ran else "never ran"] += 1
    if state not in ("done", "in_doubt"): problems.append(f"{fid}: {state} {outcome}".rstrip())
    elif state == "done" and not ran: problems.append(f"{fid}: recorded done but never ran")
    if mode == "skip":
        if len(ran) > 1: problems.append(f"{fid}: ran {len(ran)} times {ran}")
    else:
        if state == "in_doubt": problems.append(f"{fid}: left in doubt under --in-doubt retry")
        if not ran: problems.append(f"{fid}: never ran")
        if len(ran) > 1 and sorted(ran) != list(range(1, len(ran) + 1)):
            problems.append(f"{fid}: ran {len(ran)} times with attempts {ran}")
for fid in later:
    ran = runs.get(fid, [])
    if len(ran) > 1 and (mode == "skip" or sorted(ran) != list(range(1, len(ran) + 1))):
        problems.append(f"{fid} (due after the stop): ran {len(ran)} times {ran}")
extra = set(runs) - set(planned) - later
if extra: problems.append(f"{len(extra)} ids ran that the plan does not have")
# Every executor cut off by an outage started a command again within one lease of its end.
recoveries = []
for line in open(f"{d}/events"):
    name, end, *slots = line.split()
    for slot in slots:
        after = [t - float(end) for t in starts[slot] if t >= float(end)]
        first = min(after) if after else None
        recoveries.append(first)
        if first is None or first > lease + 1:
            problems.append(f"x{slot} after {name} at {end}: " + (f"first command {first:.1f} s later" if first is not None else "no command since"))
terms = [int(l.split()[1]) for l in open(f"{d}/sigterm")]
if any(ms > 2000 for ms in terms): problems.append(f"SIGTERM took {max(terms)} ms")
print(f"cluster-chaos[{mode}]: {len(planned)} fires due before the stop; " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
      + f"; {sum(1 for _ in open(f'{d}/events'))} outages, executors back after {max(r for r in recoveries if r is not None):.2f} s at most"
      + f"; {len(terms)} SIGTERMs, the slowest {max(terms)} ms")
for p in problems[:20]: print("  " + p)
sys.exit(1 if problems else 0)
PY
}

case ${1:-both} in
  skip) scenario skip ;;
  retry) scenario retry ;;
  both) scenario skip; scenario retry ;;
  *) echo "usage: scripts/test/cluster-chaos.sh [skip|retry|both]" >&2; exit 64 ;;
esac

#!/usr/bin/env bash
# The executor on a 1,000,800-fire plan (`every: 1m` over ~23 months, 127 MB), release build with the
# Swift runtime linked statically, in one run:
#   reconcile   wall time and peak RSS at the window's start (the most future fires to count), middle and end
#   run         startup (spawn -> first registration written) and reload (SIGHUP -> registration rewritten),
#               peak RSS of the daemon over both
#   simulate    fires/s with the spy backend to /dev/null, for the plan (SpySimulation) and for the same fires
#               under two priority levels (registrations chosen by Reconciler); and the floor of reading the plan
#               (`almanac diff PLAN PLAN`)
#   idle        the daemon's CPU while it waits for a fire an hour away (it must sleep, not poll)
# Timings are medians of ROUNDS runs (default 7; the machine may be shared), RSS the largest seen.
#   scripts/bench/executor.sh [ROUNDS]
# With OLD_EXEC=/path/to/an/older/almanac-exec, the reconcile, run and simulate rows are measured for
# it too, in the same run (e.g. a release build of the commit before a change).
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-7}
# Built as Linux servers deploy Swift: the standard library and Foundation linked statically. A
# dynamically linked almanac-exec spends about 8 ms of every start resolving Foundation's symbols.
nice -n 5 swift build -c release --static-swift-stdlib --scratch-path .build-static -q --product almanac
nice -n 5 swift build -c release --static-swift-stdlib --scratch-path .build-static -q --product almanac-exec
bin=$PWD/.build-static/release
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
# The same fires with the trigger at priority 1 and a second, fire-less trigger at 0.
sed 's/"tick": {"kind": "every", "priority": 0, "payload": {}}/"idle": {"kind": "once", "priority": 0, "payload": {}},\n    "tick": {"kind": "every", "priority": 1, "payload": {}}/' \
  "$work/plan.json" > "$work/plan-priorities.json"
grep -q '"priority": 1' "$work/plan-priorities.json" || { echo "plan-priorities.json: the header edit did not apply" >&2; exit 2; }
size=$(stat -c %s "$work/plan.json")
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

# reconcile: /usr/bin/time gives wall seconds, CPU seconds (user, system) and max RSS (KiB). On a
# shared machine the CPU time is the steadier figure.
reconcile_row() {
  local exe=$1 now=$2 label=$3 times=() cpus=() rss=0 wall user sys kib
  for ((i = 0; i < rounds; i++)); do
    read -r wall user sys kib < <( { /usr/bin/time -f '%e %U %S %M' "$exe" reconcile "$work/plan.json" \
        --now "$now" --backend spy --record /dev/null >/dev/null; } 2>&1 | tail -1)
    times+=("$wall"); cpus+=("$(echo "$user + $sys" | bc -l)"); (( kib > rss )) && rss=$kib
  done
  printf '| reconcile, now = %s | %.0f ms (CPU %.0f ms) | %.1f MiB | <= 20 ms, <= 32 MiB |\n' "$label" \
    "$(printf '%s\n' "${times[@]}" | median | awk '{print $1 * 1000}')" \
    "$(printf '%s\n' "${cpus[@]}" | median | awk '{print $1 * 1000}')" "$(echo "$rss / 1024" | bc -l)"
}

# run: a helper starts the daemon, waits for registered.json, sends SIGHUP, waits for it to be
# rewritten, reads the peak RSS (VmHWM) and stops the daemon.
cat > "$work/daemon.py" <<'PY'
import os, signal, subprocess, sys, time
bin, plan, state = sys.argv[1:4]
record = os.path.join(state, "registered.json")
def wait_for(predicate, limit=60):
    end = time.monotonic() + limit
    while not predicate():
        if time.monotonic() > end: sys.exit("timed out")
        time.sleep(0.0005)
start = time.monotonic()
daemon = subprocess.Popen([bin, "run", plan, "--state", state, "--backend", "spy", "--record", "/dev/null"],
                          stderr=subprocess.DEVNULL)
wait_for(lambda: os.path.exists(record))
startup = time.monotonic() - start
before = os.stat(record).st_ino
time.sleep(0.2)
start = time.monotonic()
daemon.send_signal(signal.SIGHUP)
wait_for(lambda: os.path.exists(record) and os.stat(record).st_ino != before)
reload = time.monotonic() - start
hwm = [l for l in open(f"/proc/{daemon.pid}/status") if l.startswith("VmHWM")][0].split()[1]
daemon.send_signal(signal.SIGTERM); daemon.wait()
print(f"{startup} {reload} {hwm}")
PY
run_rows() {
  local exe=$1 starts=() reloads=() run_rss=0 s r h
  for ((i = 0; i < rounds; i++)); do
    rm -rf "$work/state"; mkdir "$work/state"
    read -r s r h < <(python3 "$work/daemon.py" "$exe" "$work/plan.json" "$work/state")
    starts+=("$s"); reloads+=("$r"); (( h > run_rss )) && run_rss=$h
  done
  printf '| run: startup to first registration | %.0f ms | %.1f MiB | <= 100 ms, <= 64 MiB |\n' \
    "$(printf '%s\n' "${starts[@]}" | median | awk '{print $1 * 1000}')" "$(echo "$run_rss / 1024" | bc -l)"
  printf '| run: SIGHUP reload to registration | %.0f ms | (same daemon) | <= 100 ms |\n' \
    "$(printf '%s\n' "${reloads[@]}" | median | awk '{print $1 * 1000}')"
}

simulate_row() {
  local exe=$1 plan=${2:-$work/plan.json} label=${3:-"simulate, spy to /dev/null"} target=${4:-">= 2 M fires/s"}
  local times=() cpus=() rss=0 t user sys kib sim_t sim_cpu
  for ((i = 0; i < rounds; i++)); do
    read -r t user sys kib < <( { /usr/bin/time -f '%e %U %S %M' "$exe" simulate "$plan" \
        --from 2026-01-01T00:00:00Z --until 2027-11-27T00:00:00Z --backend spy --record /dev/null >/dev/null; } 2>&1 | tail -1)
    times+=("$t"); cpus+=("$(echo "$user + $sys" | bc -l)"); (( kib > rss )) && rss=$kib
  done
  sim_t=$(printf '%s\n' "${times[@]}" | median); sim_cpu=$(printf '%s\n' "${cpus[@]}" | median)
  printf '| %s | %.2f s = %.0f k fires/s (CPU %.2f s = %.0f k/s) | %.1f MiB | %s |\n' "$label" \
    "$sim_t" "$(echo "$fires / $sim_t / 1000" | bc -l)" "$sim_cpu" "$(echo "$fires / $sim_cpu / 1000" | bc -l)" \
    "$(echo "$rss / 1024" | bc -l)" "$target"
}

table() {
  local exe=$1
  printf '| what | time | peak RSS | target |\n|---|---|---|---|\n'
  reconcile_row "$exe" 2026-01-01T00:00:00Z "window start"
  reconcile_row "$exe" 2026-12-15T00:00:00Z "middle"
  reconcile_row "$exe" 2027-11-26T00:00:00Z "last day"
  run_rows "$exe"
  simulate_row "$exe"
  # Two priority levels: each registration is chosen by Reconciler, as in the loop.
  simulate_row "$exe" "$work/plan-priorities.json" "simulate, two priority levels (Reconciler chooses)" "(no target)"
}

seconds() { local s e; s=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; e=$(date +%s.%N); echo "$e - $s" | bc -l; }
printf '\nplan: %d fires, %.0f MB; %d rounds, medians\n\n' "$fires" "$(echo "$size / 1000000" | bc -l)" "$rounds"
printf 'this build (%s):\n\n' "$bin/almanac-exec"
table "$bin/almanac-exec"
printf '| (floor) almanac diff PLAN PLAN, whole reads | %.2f s | | |\n' \
  "$(seconds "$bin/almanac" diff "$work/plan.json" "$work/plan.json")"
if [[ -n ${OLD_EXEC:-} ]]; then
  printf '\nOLD_EXEC (%s):\n\n' "$OLD_EXEC"
  table "$OLD_EXEC"
fi

# Idle: a plan whose only fire is an hour away; the daemon should use no CPU while it waits.
at=$(date -u -d '+1 hour' +%Y-%m-%dT%H:%M:00Z)
cat > "$work/idle.yaml" <<YAML
version: 1
triggers:
  later: {once: $at}
YAML
"$bin/almanac" compile "$work/idle.yaml" --from now --horizon 2h -o "$work/idle.json" 2>/dev/null
"$bin/almanac-exec" run "$work/idle.json" --state "$work/idle-state" --backend stdout 2>/dev/null &
pid=$!
sleep 2
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
before=$(ticks "$pid"); sleep 10; after=$(ticks "$pid")
hz=$(getconf CLK_TCK)
printf '\nidle daemon: %.2f s of CPU over 10 s waiting (%.2f%%); a poll every 10 ms would cost ~1%%\n' \
    "$(echo "($after - $before) / $hz" | bc -l)" "$(echo "($after - $before) / $hz * 10" | bc -l)"
kill -TERM "$pid"; wait "$pid" 2>/dev/null || true

#!/usr/bin/env bash
# Tests the real almanac-exec binary: exit codes for bad plans (2) and usage (64), reload on SIGHUP
# and on plan replacement, clean stop on SIGTERM, `pending`. About 15 s.
# Usage: scripts/test/daemon.sh   (BIN=path/to/almanac-exec to override)
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${BIN:-.build/debug/almanac-exec}
[[ -x $BIN ]] || { echo "daemon-test: $BIN not built (swift build --product almanac-exec)" >&2; exit 2; }
dir=$(mktemp -d "${TMPDIR:-/tmp}/almanac-daemon.XXXXXX")
fail() { echo "daemon-test: $*" >&2; echo "--- daemon log" >&2; cat "$dir/daemon.log" >&2 2>/dev/null || true; exit 1; }
expect_status() { # expected-status command...
  local want=$1; shift
  set +e; "$@" >"$dir/stdout" 2>"$dir/stderr"; local got=$?; set -e
  [[ $got == "$want" ]] || fail "'$*' exited $got, expected $want: $(cat "$dir/stderr")"
}

# Exit codes.
echo 'not json' > "$dir/garbage.json"
expect_status 2 "$BIN" reconcile "$dir/garbage.json" --now 2026-01-01T00:00:00Z
grep -q 'not valid JSON' "$dir/stderr" || fail "no clear message for a non-JSON plan"
scripts/lib/make-tick-plan.sh 1767225600 3 "$dir/v2.json"
sed -i.bak 's/"plan": 1/"plan": 2/' "$dir/v2.json"
expect_status 2 "$BIN" simulate "$dir/v2.json" --from 2026-01-01T00:00:00Z --until 2026-01-02T00:00:00Z
grep -q 'plan format 2 is newer than this executor understands (1)' "$dir/stderr" || fail "no version message"
head -c 300 "$dir/v2.json.bak" > "$dir/truncated.json"
expect_status 2 "$BIN" run "$dir/truncated.json"
expect_status 2 "$BIN" run "$dir/missing.json"
expect_status 64 "$BIN" reconcile "$dir/v2.json.bak"
expect_status 64 "$BIN" reconcile "$dir/v2.json.bak" --now yesterday
expect_status 64 "$BIN" run "$dir/v2.json.bak" --misfire sometimes
# `exec` with no command after `--` runs each trigger's payload.command: a plan whose trigger has none
# cannot be run (exit 2, at the trigger's line), as docs/executor.md says.
expect_status 2 "$BIN" run "$dir/v2.json.bak" --backend exec
grep -q 'trigger "tick": no payload.command' "$dir/stderr" || fail "no located message for a trigger without a command"
expect_status 64 "$BIN" frobnicate

# Reload: plan A fires `a` every second; after SIGHUP, plan B fires `b`; after a replacement, `c`.
start=$(( $(date +%s) + 1 ))
scripts/lib/make-tick-plan.sh "$start" 30 "$dir/plan.json" a
"$BIN" run "$dir/plan.json" --state "$dir/state" --backend exec \
  -- /bin/sh -c 'echo "$ALMANAC_FIRE_ID" >> "$0"' "$dir/out" 2>"$dir/daemon.log" &
pid=$!
sleep 3
scripts/lib/make-tick-plan.sh "$start" 30 "$dir/plan-b.json" b
# Replaced by a rename, as `almanac compile -o` writes atomically.
cp "$dir/plan-b.json" "$dir/plan.json.tmp" && mv "$dir/plan.json.tmp" "$dir/plan.json"
sleep 2.5
grep -q '^b@' "$dir/out" || fail "replacing the plan file did not reload it"
n_before=$(grep -c 'reloaded the plan' "$dir/daemon.log")
kill -HUP "$pid"
sleep 1
n_after=$(grep -c 'reloaded the plan' "$dir/daemon.log")
(( n_after > n_before )) || fail "SIGHUP did not reload the plan"
scripts/lib/make-tick-plan.sh "$start" 30 "$dir/plan-c.json" c
cp "$dir/plan-c.json" "$dir/plan.json"      # an in-place rewrite (close after write) reloads too
sleep 2.5
grep -q '^c@' "$dir/out" || fail "rewriting the plan file in place did not reload it"
"$BIN" pending --state "$dir/state" > "$dir/pending.txt"
grep -q 'pending:' "$dir/pending.txt" || fail "pending printed no registration"
grep -q 'fired at' "$dir/pending.txt" || fail "pending printed no deliveries"
kill -TERM "$pid"
wait "$pid" || fail "the daemon did not exit 0 on SIGTERM"
grep -q 'stopped:' "$dir/daemon.log" || fail "no clean-stop message"
[[ -z $(sort "$dir/out" | uniq -d) ]] || fail "a fire was delivered twice"
# Fires of a trigger stop once its plan is replaced: no `a` after the first reload.
last_a=$(grep -n '^a@' "$dir/out" | tail -1 | cut -d: -f1)
first_b=$(grep -n '^b@' "$dir/out" | head -1 | cut -d: -f1)
(( last_a < first_b )) || fail "plan A kept firing after the reload"
echo "daemon-test: ok ($(wc -l < "$dir/out" | tr -d ' ') fires across 3 plans, reload by rename, SIGHUP and rewrite; SIGTERM clean)"
rm -rf "$dir"

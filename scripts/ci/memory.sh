#!/usr/bin/env bash
# Memory that does not follow the input: every command that reads a whole plan or window (compile
# over an existing plan and --check, test, export ics, render, diff, diff --format json of plans
# that differ in some fires and in every fire, simulate --record) runs on the
# inputs of scripts/lib/memory-inputs.sh at 1x and 10x (3 and 30 days, 4,320 and 43,200 fires), and
# fails when its peak RSS grows with them: more than GROWTH_KIB (default 3 MiB) from 1x to 10x. A
# command holding the plan grows by several times that (a 43,200-fire plan is 5.5 MB on disk).
# Debug build, as the rest of CI; about a minute. ALMANAC and EXEC choose other binaries (an older
# build, to see the check fail).
set -euo pipefail
cd "$(dirname "$0")/../.."
started=$(date +%s)
if [[ -z ${ALMANAC:-} || -z ${EXEC:-} ]]; then
  swift build -q --product almanac
  swift build -q --product almanac-exec
fi
almanac=${ALMANAC:-$(swift build --show-bin-path)/almanac}
exec=${EXEC:-$(swift build --show-bin-path)/almanac-exec}
limit=${GROWTH_KIB:-3072}
source scripts/lib/memory-inputs.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

peak() { # peak CMD...: the command's peak RSS in KiB (its exit status is its own business)
  /usr/bin/time -o "$work/time" -f '%M' "$@" >/dev/null 2>&1 || true
  tail -1 "$work/time"
}

measure() { # measure DAYS: "name kib" per command
  local days=$1 d="$work/$1"
  mkdir -p "$d"
  memory_inputs "$almanac" "$d" "$days"
  cp "$d/old.json" "$d/plan.json"
  local window=(--from 2026-01-05 --horizon "${days}d")
  local until; until=$(date -u -d "2026-01-05 + $days days" +%Y-%m-%dT00:00:00Z)
  echo "compile-over-same $(peak "$almanac" compile "$d/spec.yaml" "${window[@]}" -o "$d/plan.json")"
  echo "check-stale $(peak "$almanac" compile "$d/spec.yaml" "${window[@]}" -o "$d/new.json" --check)"
  echo "test $(peak "$almanac" test "$d/spec.yaml")"
  echo "export-ics $(peak "$almanac" export ics "$d/plan.json" -o "$d/plan.ics")"
  echo "render $(peak "$almanac" render "$d/plan.json" -o "$d/plan.svg")"
  echo "render-diff $(peak "$almanac" render "$d/new.json" "$d/old.json" -o "$d/diff.html")"
  echo "diff $(peak "$almanac" diff "$d/old.json" "$d/new.json")"
  echo "diff-json $(peak "$almanac" diff "$d/old.json" "$d/new.json" --format json)"
  echo "diff-json-all $(peak "$almanac" diff "$d/old.json" "$d/moved.json" --format json)"
  echo "simulate-record $(peak "$exec" simulate "$d/plan.json" --from 2026-01-05T00:00:00Z --until "$until" --backend spy --record "$d/record")"
  echo "record-bytes $(stat -c %s "$d/record")"
}

measure 3 > "$work/small"
measure 30 > "$work/large"
failed=0
while read -r name small && read -r _ large <&3; do
  if [[ $name == record-bytes ]]; then
    printf '  simulate --record: %d bytes a fire\n' $((large / (30 * 1440)))
    continue
  fi
  growth=$((large - small))
  verdict=ok
  if ((growth > limit)); then verdict="FOLLOWS THE INPUT"; failed=1; fi
  printf '  %-18s %6d KiB at 1x, %6d KiB at 10x: %+6d KiB  %s\n' "$name" "$small" "$large" "$growth" "$verdict"
done < "$work/small" 3< "$work/large"
echo "memory: $((failed == 0 ? 0 : 1)) ($(( $(date +%s) - started )) s; peak RSS may grow at most $limit KiB from 1x to 10x)"
exit "$failed"

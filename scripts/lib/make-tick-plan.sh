#!/usr/bin/env bash
# Writes a plan with one fire per second for COUNT seconds starting at START (epoch seconds):
#   scripts/lib/make-tick-plan.sh START COUNT OUT [TRIGGER]
# Used by scripts/test/crash.sh, which needs fires relative to the real clock (the Swift tests write
# the same form with Tests/AlmanacTestSupport/TickPlan.swift).
set -euo pipefail
start=$1 count=$2 out=$3 trigger=${4:-tick}

utc() { # epoch seconds -> YYYY-MM-DDTHH:MM:SS (GNU date, else BSD date)
  date -u -d "@$1" +%Y-%m-%dT%H:%M:%S 2>/dev/null || date -u -r "$1" +%Y-%m-%dT%H:%M:%S
}

{
  printf '{\n  "plan": 1,\n  "spec": {"name": "ticks", "sha256": "%s"},\n' "$(printf '0%.0s' {1..64})"
  printf '  "window": {"from": "%sZ", "to": "%sZ"},\n' "$(utc "$start")" "$(utc $((start + count)))"
  printf '  "tzdata": "test",\n  "limits": {"max_pending": 64, "max_regions": 20},\n'
  printf '  "triggers": {\n    "%s": {"kind": "every", "priority": 0, "payload": {"n": 1}}\n  },\n' "$trigger"
  printf '  "regions": [],\n  "fires": ['
  for ((i = 0; i < count; i++)); do
    t=$(utc $((start + i)))
    [[ $i -gt 0 ]] && printf ','
    printf '\n    {"at": "%sZ", "trigger": "%s", "local": "%s+00:00", "id": "%s@%s"}' "$t" "$trigger" "$t" "$trigger" "$t"
  done
  if [[ $count -gt 0 ]]; then printf '\n  ]\n}\n'; else printf ']\n}\n'; fi
} > "$out.tmp"
mv "$out.tmp" "$out"

# Inputs for the memory benchmark (scripts/bench/memory.sh) and its CI check (scripts/ci/memory.sh):
# a spec of 20 triggers firing every 20 minutes (1,440 fires a day), with a command payload as a
# migrated crontab has, an expectation file with an assertion of every kind, and two plans that
# differ as a review does (one trigger's zone changed: its fires move an hour; one trigger
# replaced by another; the window a day later), and a third plan in which every fire moves (each
# trigger in another zone), whose diff lists as many changes as the plans have fires.
#   source scripts/lib/memory-inputs.sh; memory_inputs ALMANAC DIR DAYS
# writes DIR/spec.yaml, DIR/spec.expect.yaml, DIR/changed.yaml, DIR/old.json (spec, DAYS days from
# 2026-01-05), DIR/new.json (changed.yaml, DAYS days from 2026-01-06) and DIR/moved.json (every
# trigger of spec.yaml in Asia/Tokyo, the window of old.json).

memory_spec() { # memory_spec ZONE-OF-t00 LAST-TRIGGER
  printf 'version: 1\nlimits: {max_fires: 10000000}\ntriggers:\n'
  local i
  for ((i = 0; i < 19; i++)); do
    printf '  t%02d: {cron: "*/20 * * * *", timezone: %s, payload: {command: "/usr/local/bin/job-%02d --target s3://bucket/nightly --verbose", title: "Job %02d"}}\n' \
      "$i" "$([[ $i == 0 ]] && echo "$1" || echo UTC)" "$i" "$i"
  done
  printf '  %s: {cron: "*/20 * * * *", timezone: UTC, payload: {command: "/usr/local/bin/job-19 --target s3://bucket/nightly --verbose", title: "Job 19"}}\n' "$2"
}

memory_inputs() {
  local almanac=$1 dir=$2 days=$3
  memory_spec UTC t19 > "$dir/spec.yaml"
  memory_spec Europe/Paris t20 > "$dir/changed.yaml"
  cat > "$dir/spec.expect.yaml" <<YAML
window: {from: 2026-01-05, horizon: ${days}d}
expect:
  - {count: $((days * 1440))}
  - {max_per_day: 1440}
  - {trigger: t01, quiet: ["10:05", "10:15"]}
  - {trigger: t02, never_on: [2026-01-04]}
  - {trigger: t03, includes: [2026-01-05T00:00, 2026-01-05T00:20]}
  - {apart: [t04, t04], by: 10m}
YAML
  "$almanac" compile "$dir/spec.yaml" --from 2026-01-05 --horizon "${days}d" -o "$dir/old.json" 2>/dev/null
  "$almanac" compile "$dir/changed.yaml" --from 2026-01-06 --horizon "${days}d" -o "$dir/new.json" 2>/dev/null
  sed 's/timezone: UTC/timezone: Asia\/Tokyo/' "$dir/spec.yaml" > "$dir/moved.yaml"
  "$almanac" compile "$dir/moved.yaml" --from 2026-01-05 --horizon "${days}d" -o "$dir/moved.json" 2>/dev/null
}

#!/usr/bin/env bash
# Determinism: every example compiles to the same bytes under different TZ, LC_ALL and runs,
# and `almanac schema` prints exactly the committed schemas.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -q
bin="$(swift build --show-bin-path)/almanac"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
count=0
for spec in examples/*.yaml; do
    case "$spec" in *.expect.yaml) continue ;; esac   # expectation files (`almanac test`), not specs
    name=$(basename "$spec" .yaml)
    i=0
    for env in "TZ=UTC LC_ALL=C" "TZ=Asia/Tokyo LC_ALL=C.UTF-8" "TZ=America/Los_Angeles LANG=fr_FR.UTF-8" "TZ=Pacific/Chatham LC_ALL=C"; do
        env $env "$bin" compile "$spec" --from 2026-11-23 --horizon 45d -o "$out/$name.$i.json" 2>/dev/null
        i=$((i + 1))
    done
    env TZ=Europe/Berlin "$bin" compile "$spec" --from 2026-11-23 --horizon 45d -o "$out/$name.again.json" 2>/dev/null
    for f in "$out/$name".*.json; do
        cmp -s "$out/$name.0.json" "$f" || { echo "non-deterministic: $spec ($f)"; diff "$out/$name.0.json" "$f" | head; exit 1; }
    done
    # Exports too: the same bytes (and the same loss report) under another zone and locale.
    for format in ics systemd k8s crontab; do
        e=0
        for env in "TZ=UTC LC_ALL=C" "TZ=Pacific/Chatham LANG=fr_FR.UTF-8"; do
            env $env "$bin" export $format "$spec" --from 2026-11-23 --horizon 7d --lossy --exec job --image img \
                > "$out/$name.$format.$e" 2>&1
            e=$((e + 1))
        done
        cmp -s "$out/$name.$format.0" "$out/$name.$format.1" \
            || { echo "non-deterministic: export $format $spec"; exit 1; }
    done
    count=$((count + 1))
done
# `almanac test` reports the same bytes whatever the zone and locale (its windows never read the clock).
for format in text junit github; do
    i=0
    for env in "TZ=UTC LC_ALL=C" "TZ=Asia/Tokyo LC_ALL=C.UTF-8" "TZ=America/Los_Angeles LANG=fr_FR.UTF-8"; do
        env $env "$bin" test Tests/CLITests/Fixtures/test/*.yaml --format "$format" > "$out/test.$format.$i" 2>&1 || true
        cmp -s "$out/test.$format.0" "$out/test.$format.$i" || { echo "non-deterministic: almanac test --format $format under $env"; exit 1; }
        i=$((i + 1))
    done
done
# `almanac render` draws the same bytes whatever the zone and locale.
for spec in examples/*.yaml; do
    case "$spec" in *.expect.yaml) continue ;; esac
    name=$(basename "$spec" .yaml)
    i=0
    for env in "TZ=UTC LC_ALL=C" "TZ=Asia/Tokyo LC_ALL=C.UTF-8" "TZ=America/Los_Angeles LANG=fr_FR.UTF-8"; do
        env $env "$bin" render "$spec" --from 2026-11-23 --horizon 45d -o "$out/$name.render.$i.html" 2>/dev/null
        cmp -s "$out/$name.render.0.html" "$out/$name.render.$i.html" || { echo "non-deterministic: almanac render $spec under $env"; exit 1; }
        i=$((i + 1))
    done
done
"$bin" schema spec | cmp -s - schemas/spec.schema.json || { echo "almanac schema spec differs from schemas/spec.schema.json (run scripts/gen/embed-schemas.py)"; exit 1; }
"$bin" schema plan | cmp -s - schemas/plan.schema.json || { echo "almanac schema plan differs from schemas/plan.schema.json (run scripts/gen/embed-schemas.py)"; exit 1; }
"$bin" schema diff | cmp -s - schemas/diff.schema.json || { echo "almanac schema diff differs from schemas/diff.schema.json (run scripts/gen/embed-schemas.py)"; exit 1; }
"$bin" schema expect | cmp -s - schemas/expect.schema.json || { echo "almanac schema expect differs from schemas/expect.schema.json (run scripts/gen/embed-schemas.py)"; exit 1; }
echo "deterministic: $count examples x 5 environments give identical plans (and renders, x 3), x 2 identical exports per format; embedded schemas match"

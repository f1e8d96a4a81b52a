#!/usr/bin/env bash
# Every shipped example passes its expectation file (examples/NAME.expect.yaml), and every example
# has one. Run from the repository root after `swift build`.
set -euo pipefail
almanac="${ALMANAC:-.build/debug/almanac}"
missing=0
for spec in examples/*.yaml; do
    case "$spec" in *.expect.yaml) continue ;; esac
    if [ ! -f "${spec%.yaml}.expect.yaml" ]; then
        echo "examples-test: $spec has no expectation file ${spec%.yaml}.expect.yaml" >&2
        missing=1
    fi
done
"$almanac" test examples/*.yaml --format "${FORMAT:-text}"
exit "$missing"

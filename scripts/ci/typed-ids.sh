#!/usr/bin/env bash
# The build-tool plugin: examples/typed-ids builds (the plugin runs `almanac generate swift` on its
# *.almanac.yaml) and its program, which uses only generated names, prints what it should.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -q --package-path examples/typed-ids
out=$(examples/typed-ids/.build/debug/reminders)
expected='blood-pressure morning-pill refill
pill 24/11: Vitamin D
blood pressure at 19:45: Log both readings
not ours: someone-else@2026-11-26T19:45:00'
if [ "$out" != "$expected" ]; then
    printf 'typed-ids printed:\n%s\nexpected:\n%s\n' "$out" "$expected" >&2
    exit 1
fi
echo "typed-ids: the plugin generated the types and the example uses them"

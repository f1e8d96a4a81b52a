#!/usr/bin/env bash
# The `almanac export` goldens, checked by the formats' own tools (icalendar + recurring-ical-events,
# kubernetes-validate, systemd-analyze, cronsim) against plans the almanac binary compiles; the
# verdict must match the committed one (Tests/AlmanacInterchangeTests/Fixtures/interchange-oracles.txt).
# A tool that is absent is skipped with a message; Python itself missing skips the whole check.
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! command -v python3 >/dev/null; then
    echo "interchange: skipped (no python3)"
    exit 0
fi
swift build -q --product almanac
python3 scripts/oracles/interchange.py --check

#!/usr/bin/env bash
# `almanac import` on small hostile files (issue #23): 20,000 events with one SUMMARY, 100,000 events,
# a series with 20,000 overrides, a timer with 10,000 OnCalendar= lines, 10,000 CronJobs, a
# 1,000,000-job crontab. Each must finish within 2 s (release; 10 s in
# the debug build CI runs) and 128 MiB (median of 3 under /usr/bin/time) or be
# refused up front (E0160), and grow linearly (a quarter-size run beside each). About 60 s.
set -euo pipefail
cd "$(dirname "$0")/../.."
started=$SECONDS
if [ ! -x /usr/bin/time ]; then
    echo "import-limits: skipped (no /usr/bin/time; apt-get install time)"
    exit 0
fi
swift build -q --product almanac
python3 scripts/bench/import-limits.py "$(swift build --show-bin-path)/almanac"
echo "import-limits: $((SECONDS - started)) s"

#!/usr/bin/env bash
# The shared PostgreSQL store with real processes and a real server: executors SIGKILLed at random
# (no fire runs twice under --in-doubt skip, none is lost under retry), the database restarted and
# the plan replaced mid-run (the short version of scripts/cluster-test.sh), and the metrics endpoint.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -q --product almanac-exec
KILLS=${KILLS:-9} RATE=${RATE:-20} SECONDS_=${SECONDS_:-30} bash scripts/cluster-test.sh both
bash scripts/metrics-test.sh

#!/usr/bin/env bash
# The shared PostgreSQL store with real processes and a real server (about 3.5 minutes):
#   stores that cannot be used fail fast in the server's words (scripts/test/store-failures.sh, ~25 s);
#   the chaos of issue #24, short: postmaster SIGKILLs, a frozen and a cut proxy, an executor frozen
#     past its lease, SIGTERM during an outage, one executor under faketime (scripts/test/cluster-chaos.sh,
#     both in-doubt policies, ~2 min);
#   executors SIGKILLed at random and a plan deployed mid-run (scripts/test/cluster.sh, short, ~30 s);
#   the metrics endpoint;
#   the store's triggers planned for the rows each statement changed (scripts/test/store-trigger-plans.sh, ~5 s).
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -q --product almanac-exec
if ! command -v faketime >/dev/null; then
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get install -y -qq faketime >/dev/null 2>&1 || { $SUDO apt-get update -qq && $SUDO apt-get install -y -qq faketime >/dev/null; }
fi
started=$(date +%s)
bash scripts/test/store-failures.sh
KILLS=${KILLS:-1} bash scripts/test/cluster-chaos.sh both
KILLS=4 RATE=10 SECONDS_=20 bash scripts/test/cluster.sh retry
bash scripts/test/metrics.sh
bash scripts/test/store-trigger-plans.sh
echo "cluster: $(( $(date +%s) - started )) s"

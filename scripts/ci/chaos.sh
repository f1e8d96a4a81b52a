#!/usr/bin/env bash
# A short chaos test (the full one is scripts/chaos-test.sh with KILLS=100): SIGKILL at random
# moments of a 20-fires-a-second plan, restarts, and every planned fire counted; SIGKILL at exact
# points of a group commit (scripts/batch-crash-test.sh, strace's fault injection); plus the state
# directory's process tests (lock, deleted directory, read-only commands, full disk). About 3 minutes.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -q --product almanac-exec
export BIN="$(swift build --show-bin-path)/almanac-exec"
bash scripts/state-test.sh
bash scripts/batch-crash-test.sh
KILLS=${KILLS:-8} bash scripts/chaos-test.sh all both
KILLS=${KILLS:-8} bash scripts/chaos-test.sh once spy
KILLS=${KILLS:-8} bash scripts/chaos-test.sh skip exec

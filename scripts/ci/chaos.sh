#!/usr/bin/env bash
# A short chaos test (the full one is scripts/test/chaos.sh with KILLS=100): SIGKILL at random
# moments of a 20-fires-a-second plan, restarts, and every planned fire counted; SIGKILL at exact
# points of a group commit (scripts/test/batch-crash.sh, strace's fault injection); plus the state
# directory's process tests (deleted directory, read-only commands, full disk). About 3 minutes.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -q --product almanac-exec
export BIN="$(swift build --show-bin-path)/almanac-exec"
bash scripts/test/state.sh
bash scripts/test/batch-crash.sh
KILLS=${KILLS:-8} bash scripts/test/chaos.sh all both
KILLS=${KILLS:-8} bash scripts/test/chaos.sh once spy
KILLS=${KILLS:-8} bash scripts/test/chaos.sh skip exec

#!/usr/bin/env bash
# The executor as a daemon, with the real binary: reload, SIGTERM and exit codes; processes, signals
# and pipes (exec slots, process groups, payload, SIGPIPE, stalled stdout, symlink swap); then the crash
# test (SIGKILL at random moments; every fire exactly once under --misfire all, none of the missed
# ones under skip).
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -q --product almanac-exec
export BIN="$(swift build --show-bin-path)/almanac-exec"
bash scripts/test/daemon.sh
bash scripts/test/exec-process.sh
bash scripts/test/crash.sh both

#!/usr/bin/env bash
# The executor with the real binary: processes, signals and pipes (exec slots, process groups,
# payload, SIGPIPE, stalled stdout, symlink swap); then the crash test (SIGKILL at random moments;
# every fire exactly once under --misfire all, none of the missed ones under skip). Reload, SIGTERM
# and exit codes of the daemon are Swift tests (Tests/CLITests/DaemonTests).
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -q --product almanac-exec
export BIN="$(swift build --show-bin-path)/almanac-exec"
bash scripts/test/exec-process.sh
bash scripts/test/crash.sh both

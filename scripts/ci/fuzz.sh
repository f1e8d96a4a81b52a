#!/usr/bin/env bash
# Fuzz smoke test: every libFuzzer target replays its committed seeds (Fuzzing/Corpus, the examples,
# the spec fixtures) and then mutates them for a short while, with a fixed seed so that a run
# repeats the same inputs. Any crash, broken invariant, timeout or memory blow-up fails CI.
# Long campaigns: scripts/tools/fuzz.sh SECONDS (docs/fuzzing.md).
set -euo pipefail
cd "$(dirname "$0")/../.."
FUZZ_SEED="${FUZZ_SEED:-1}" scripts/tools/fuzz.sh "${FUZZ_SMOKE_SECONDS:-15}"

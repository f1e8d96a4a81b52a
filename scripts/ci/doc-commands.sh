#!/usr/bin/env bash
# Every command shown in README.md and docs/ runs as shown, and prints what the page shows where it
# shows output (scripts/test/doc-commands.py); docs/migrating.md's daemon is left to migrating.sh. A few seconds.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -q
python3 scripts/test/doc-commands.py --bin "$(swift build --show-bin-path)"

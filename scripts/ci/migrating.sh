#!/usr/bin/env bash
# docs/migrating.md followed from top to bottom: its crontab (with `%`, MAILTO and CRON_TZ) written
# out, imported, checked, compiled, and run by the daemon until both jobs have run at a minute
# boundary; each command's output compared with the page, so each job is seen to have run with its
# environment and its standard input. Up to 75 s (the daemon waits for the next minute).
set -euo pipefail
cd "$(dirname "$0")/../.."
started=$SECONDS
swift build -q
python3 scripts/test/doc-commands.py --bin "$(swift build --show-bin-path)" --daemons docs/migrating.md
echo "migrating: docs/migrating.md ran end to end ($((SECONDS - started)) s)"

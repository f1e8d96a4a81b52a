#!/usr/bin/env bash
# The operations console (`almanac-exec serve`) in a real headless Chromium against a real PostgreSQL
# with two executors delivering (scripts/test/console-browser.py says what is checked). About 1.5 minutes.
# SCREENSHOTS=DIR writes the documentation's pictures (docs/images) at 1200x800 and 390x844.
set -euo pipefail
cd "$(dirname "$0")/../.."
started=$SECONDS
swift build -q --product almanac-exec
BIN=$(swift build --show-bin-path)/almanac-exec
if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  $SUDO apt-get install -y -qq chromium chromium-driver >/dev/null 2>&1 \
    || { $SUDO apt-get update -qq && $SUDO apt-get install -y -qq chromium chromium-driver >/dev/null; }
fi
python3 -c "import selenium, jsonschema" 2>/dev/null || python3 -m pip install -q selenium jsonschema
source scripts/lib/postgres.sh
start_postgres >/dev/null
store=$(fresh_database console)
"$BIN" migrate --store "$store" >/dev/null
work=$(mktemp -d "${TMPDIR:-/tmp}/almanac-console.XXXXXX")
trap 'rm -rf "$work"; stop_postgres' EXIT
shots=()
[ -n "${SCREENSHOTS:-}" ] && shots=(--screenshots "$SCREENSHOTS")
python3 scripts/test/console-browser.py "$BIN" "$store" "$PG_BIN/psql" "$work" "${shots[@]}" \
  || { for log in "$work"/*.log; do echo "--- $log"; tail -20 "$log"; done >&2; exit 1; }
echo "console: $(( SECONDS - started )) s"
